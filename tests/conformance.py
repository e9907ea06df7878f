"""Invariant checks shared by the conformance, golden and property tests.

Each function inspects a ``Game`` with full information and raises
``AssertionError`` naming what broke.
"""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import bowers
from bowers.cards import CARD_NAMES, cards_of, parse_card
from bowers.errors import IllegalAction, NotationError
from bowers.game import Game
from bowers.variants import variant

CARD_TOKEN = re.compile(r"\b([2-9TJQKA][CDHS]|JK|RJ|LJ)\b")


def option_combinations(name: str, strength: int = 3) -> list[dict[str, Any]]:
    """Combinations of a variant's enumerated options (choices and switches) covering every ``strength``-way interaction.

    Every choice of any ``strength`` options' values appears together in at least one combination (a
    covering array, built greedily from the full product, the defaults first), so the suite meets each
    interaction of up to three options without playing every one of the hundreds of combinations.
    Options not enumerated keep their defaults.
    """
    enumerated = [o for o in variant(name).options if o.kind in ("choice", "bool")]
    names = [o.name for o in enumerated]
    values = []
    for option in enumerated:
        allowed = option.choices if option.kind == "choice" and option.choices else (False, True)
        values.append(sorted(allowed, key=lambda value, default=option.default: value != default))
    product = list(itertools.product(*values))
    width = min(strength, len(enumerated))

    def interactions(combo: tuple[Any, ...]) -> set[tuple[tuple[int, Any], ...]]:
        return {tuple((i, combo[i]) for i in indices) for indices in itertools.combinations(range(len(combo)), width)}

    uncovered: set[tuple[tuple[int, Any], ...]] = set()
    for combo in product:
        uncovered |= interactions(combo)
    chosen = [product[0]]  # every option at its default
    uncovered -= interactions(product[0])
    while uncovered:
        best = max(product, key=lambda combo: len(interactions(combo) & uncovered))
        chosen.append(best)
        uncovered -= interactions(best)
    return [dict(zip(names, combo, strict=True)) for combo in chosen]


def card_locations(game: Game) -> list[int]:
    """Every card of the deal wherever it is now: hands, tricks, discards, returned cards, the kitty not taken."""
    hand = game.hand
    cards: list[int] = []
    for held in hand.hands:
        cards.extend(cards_of(held))
    cards.extend(card for _, card in hand.trick)
    for trick in hand.played:
        cards.extend(card for _, card in trick)
    cards.extend(hand.discarded)
    for returned in hand.returned.values():
        cards.extend(returned)
    kitty = list(hand.kitty[: hand.kitty_bottom])
    if hand.turn_up_state == "taken":
        kitty.remove(hand.turn_up)
    if game.rules.bidding == "auction" and hand.phase >= 9:  # the declarer took the kitty
        kitty = []
    cards.extend(kitty)
    return cards


def check_cards_conserved(game: Game) -> None:
    """No card is lost, duplicated or foreign to the deck."""
    cards = card_locations(game)
    assert sorted(cards) == sorted(game.rules.deck), (
        f"cards not conserved in phase {game.phase}: "
        f"missing {[CARD_NAMES[c] for c in set(game.rules.deck) - set(cards)]}, "
        f"extra {[CARD_NAMES[c] for c in cards if cards.count(c) > 1 or c not in game.rules.deck]}"
    )


def check_action_sets(game: Game) -> None:
    """Each legal action applies; every other action of the space is refused and changes nothing."""
    legal = set(game.legal_action_ids())
    assert game.legal_actions() == [game.space.names[i] for i in sorted(legal)], "legal_actions not in id order"
    before = game.record()
    seat = game.to_act
    for action_id, name in enumerate(game.space.names):
        if action_id in legal:
            trial = game.copy()
            assert trial.apply(name, seat=seat) == name
            continue
        try:
            game.apply(name)
        except (IllegalAction, NotationError) as error:
            assert str(error), "an error without a message"
        else:
            raise AssertionError(f"{name!r} was accepted in phase {game.phase} but is not legal")
    if seat is not None and game.rules.players > 1 and legal:
        other = (seat + 1) % game.rules.players
        name = game.space.names[min(legal)]
        try:
            game.apply(name, seat=other)
        except IllegalAction:
            pass
        else:
            raise AssertionError("an action from the wrong seat was accepted")
    assert game.record() == before, "a refused action changed the state"


def visible_cards(game: Game, seat: int) -> set[str]:
    """Cards ``seat`` may see now: its hand, cards played, the turn-up, public cards, and its own discards and passes."""
    hand = game.hand
    allowed = {CARD_NAMES[c] for c in cards_of(hand.hands[seat])}
    if hand.turn_up >= 0:
        allowed.add(CARD_NAMES[hand.turn_up])
    for trick in [*hand.played, hand.trick]:
        allowed.update(CARD_NAMES[c] for _, c in trick)
    for returned in hand.returned.values():
        allowed.update(CARD_NAMES[c] for c in returned)
    if hand.jambone:
        allowed.update(CARD_NAMES[c] for c in cards_of(hand.hands[hand.maker]))
    if hand.jamboree and hand.tables is not None:
        allowed.update(CARD_NAMES[c] for c in hand.tables.trump_order[:5])
    for actor, action in hand.actions:
        name = game.space.names[action]
        if name.startswith("discard:") and actor == seat:
            allowed.update(name.split(":")[1].split(","))
    for giver, receiver, card in hand.exchanges:
        if seat in (giver, receiver):
            allowed.add(CARD_NAMES[card])
    return allowed


def check_observations(game: Game) -> None:
    """No observation holds a card its seat may not see, and only the seat to act gets legal actions."""
    for seat in range(game.rules.players):
        observation = game.observation(seat)
        text = json.dumps({k: v for k, v in observation.items() if k not in ("contract", "legal_actions")})
        text = re.sub(r"bid:\w+", "", text)
        shown = set(CARD_TOKEN.findall(text))
        leaked = shown - visible_cards(game, seat)
        assert not leaked, f"seat {seat} sees hidden cards {sorted(leaked)} in phase {game.phase}"
        if seat != game.to_act:
            assert observation["legal_actions"] == []
        else:
            assert observation["legal_actions"] == game.legal_actions()
        for held in observation["hand"]:
            parse_card(held)


def check_scores(game: Game) -> None:
    """Scores are the initial scores plus every hand's points, and each hand's points follow its tricks."""
    totals = list(game.rules.initial_scores)
    for result in game.results:
        assert len(result["points"]) == game.rules.teams
        for team, points in enumerate(result["points"]):
            totals[team] += points
        if result["misdeal"]:
            assert result["points"] == [0] * game.rules.teams and sum(result["tricks"]) == 0
        elif result["renege"] is None:
            assert sum(result["tricks"]) == game.rules.hand_size
    assert totals == game.scores


def check_replay(game: Game) -> None:
    """The record replays to the same record."""
    record = game.record()
    json.dumps(record)
    assert bowers.replay(json.loads(json.dumps(record))).record() == record
