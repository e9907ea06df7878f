"""Shared pieces of the variant rules tests: compact deals, scripted actions, refusals and what each seat may see."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import bowers
from bowers.cards import CARD_NAMES, parse_card

CARD = re.compile(r"(?<![A-Z0-9])(?:[2-9TJQKA][CDHS]|JK|RJ|LJ)(?![A-Z0-9])")
SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}


def game_of(variant: str, dealer: int, hands: list[str], kitty: str, **options: Any) -> bowers.Game:
    """A game whose first hand deals exactly these cards (space-separated per seat; the kitty's first card is the turn-up)."""
    return bowers.Game.from_deal(variant, dealer=dealer, hands=[h.split() for h in hands], kitty=kitty.split(), seed=1, **options)


def act(game: bowers.Game, script: str) -> list[str]:
    """Apply ``seat:action`` steps (``seat:CARD`` plays CARD), each checked against the seat to act."""
    done = []
    for step in script.split():
        seat, action = step.split(":", 1)
        if CARD.fullmatch(action):
            action = f"play:{action}"
        done.append(game.apply(action, seat=int(seat)))
    return done


def trick(game: bowers.Game, script: str) -> int:
    """Play one whole trick by script and return the seat that won it."""
    number = game.hand_number
    before = list(game.hand.tricks_won)
    act(game, script)
    after = game.results[number]["tricks"] if game.hand_number != number else game.hand.tricks_won
    winners = [seat for seat, (old, new) in enumerate(zip(before, after, strict=True)) if new == old + 1]
    assert len(winners) == 1 and sum(after) == sum(before) + 1, "the script did not complete exactly one trick"
    return winners[0]


def finish_hand(game: bowers.Game) -> dict[str, Any]:
    """Play the hand in progress to its end with the first legal action each time; returns its result."""
    number = game.hand_number
    while game.hand_number == number and not game.is_over:
        game.apply(game.legal_actions()[0])
    return game.results[number]


def result_of(game: bowers.Game, number: int = 0) -> dict[str, Any]:
    """The result of a finished hand."""
    assert len(game.results) > number, "the hand is not over"
    return game.results[number]


def snapshot(game: bowers.Game) -> tuple[Any, ...]:
    """Everything a refused action must leave as it was."""
    return (game.record(), [game.observation(s) for s in range(game.rules.players)], game.legal_actions(), game.to_act)


def refuse(game: bowers.Game, action: str, seat: int | None = None) -> bowers.IllegalAction:
    """Assert that ``action`` raises ``IllegalAction`` and changes nothing; returns the error."""
    before = snapshot(game)
    with pytest.raises(bowers.IllegalAction) as caught:
        game.apply(action, seat=seat)
    assert snapshot(game) == before
    assert caught.value.reason
    return caught.value


def names(cards: str) -> list[str]:
    """Canonical names of space-separated cards, in deck order."""
    return [CARD_NAMES[c] for c in sorted(parse_card(t) for t in cards.split())]


def top_five(trump: str, jokers: tuple[str, ...] = ("JK",)) -> list[str]:
    """The five highest trumps of a suit in a Joker deck: Jokers, right bower, left bower, A, K."""
    return [*jokers, f"J{trump}", f"J{SAME_COLOUR[trump]}", f"A{trump}", f"K{trump}"][:5]


def visible_cards(value: Any) -> set[str]:
    """Every card named anywhere in an observation (keys and values); a bid such as ``bid:7S`` names no card."""
    found: set[str] = set()
    if isinstance(value, str):
        if not value.startswith("bid:"):
            found.update(CARD.findall(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "contract":  # a contract such as 7S names tricks and a suit, not a card
                found |= visible_cards(key) | visible_cards(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= visible_cards(item)
    return found


def secret_cards(game: bowers.Game, viewer: int) -> set[str]:
    """The cards ``viewer`` may not see now, worked out from the full record (specification section 1, hidden information)."""
    deal = game.record()["deals"][game.hand_number]
    hand = game.hand
    n = game.rules.players
    held = {s: set(game.hand_cards(s)) for s in range(n)}
    played: set[str] = set()
    discarded: dict[int, set[str]] = {s: set() for s in range(n)}
    given_by_viewer: set[str] = set()
    for seat, action in deal["actions"]:
        keyword, _, rest = action.partition(":")
        if keyword == "play":
            played.add(rest.split(":")[0])
        elif keyword == "discard":
            discarded[seat].update(rest.split(","))
        elif keyword == "give" and seat == viewer:
            given_by_viewer.add(rest)
    kitty = list(deal["kitty"])
    public: set[str] = set(played)
    if game.rules.turn_up:
        public.add(kitty[0])
    if hand.jamboree and game.trump not in (None, "NT"):
        jokers = tuple(CARD_NAMES[c] for c in game.rules.trump_jokers)
        public.update(top_five(game.trump, jokers))
    if hand.jambone and game.phase in ("play", "renege-review"):
        public.update(held[hand.maker])
    secret: set[str] = set()
    for seat in range(n):
        if seat != viewer:
            secret |= held[seat] | discarded[seat]
    secret |= set(kitty) - held[viewer] - discarded[viewer]
    return secret - public - given_by_viewer - held[viewer]


def assert_no_secret_shown(game: bowers.Game) -> None:
    """No seat's observation names a card that it may not see; its own hand is exactly its cards."""
    for seat in range(game.rules.players):
        observation = game.observation(seat)
        assert observation["hand"] == game.hand_cards(seat)
        leaked = visible_cards(observation) & secret_cards(game, seat)
        assert not leaked, f"seat {seat} sees {sorted(leaked)} in phase {game.phase}"


def random_hands_keep_secrets(variant: str, seeds: range, hands: int = 2, **options: Any) -> int:
    """Play random legal actions for a few hands of several games, checking every observation after every action."""
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        game = bowers.Game(variant, seed=seed, **options)
        assert_no_secret_shown(game)
        while game.hand_number < hands and not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            assert_no_secret_shown(game)
            checked += 1
    return checked


def effective_suit(card: str, trump: str) -> str:
    """The suit a card belongs to once trump is fixed (specification section 1); ``NT`` has no bowers."""
    if trump == "NT":
        return card[1] if card not in ("JK", "RJ", "LJ") else "NT"
    if card in ("JK", "RJ", "LJ") or card == f"J{SAME_COLOUR[trump]}":
        return trump
    return card[1]


def first_trick(variant: str, trump: str, cards: list[str], **options: Any) -> bowers.Game:
    """A 4-player game of ``variant`` whose first trick is ``cards``, played by seats 0, 1, 2, 3 in turn.

    Seat 3 deals and seat 0 leads: it names ``trump`` in the second round (after everyone passes any
    twos and threes and the first round) or, in ``bid``, bids it and discards the kitty it took.  Every
    other seat holds no card of the suit led but the one it plays, so every play is legal.
    """
    rules = bowers.make_rules(variant, **options)
    every = [CARD_NAMES[c] for c in rules.deck]
    led = effective_suit(cards[0], trump)
    rest = [c for c in every if c not in cards]
    turn_up = []
    if rules.turn_up:
        turn_up = [next(c for c in rest if c[1] not in (trump, led) and c[0] not in "J23" and effective_suit(c, trump) == c[1])]
        rest.remove(turn_up[0])
    same = [c for c in rest if effective_suit(c, trump) == led]
    other = [c for c in rest if effective_suit(c, trump) != led]
    seats = [[card] for card in cards]
    while len(seats[0]) < rules.hand_size and same:
        seats[0].append(same.pop(0))
    for seat in (1, 2, 3, 0):
        while len(seats[seat]) < rules.hand_size:
            seats[seat].append(other.pop(0))
    pile = turn_up + same + other
    assert len(pile) == rules.kitty_size, "too many cards of the suit led to place"
    game = bowers.Game.from_deal(variant, dealer=3, hands=seats, kitty=pile, seed=1, **options)
    if rules.bidding == "auction":
        game.apply("bid:5NT" if trump == "NT" else f"bid:3{trump}", seat=0)
        for seat in (1, 2, 3):
            if game.phase == "auction":
                game.apply("pass", seat=seat)
        game.apply("discard:" + ",".join(pile), seat=0)
    else:
        while game.phase == "twos-threes":
            game.apply("pass")
        for seat in (0, 1, 2, 3):
            game.apply("pass", seat=seat)
        game.apply(f"call:{trump}", seat=0)
        if game.phase == "maker-choice":
            game.apply("partner", seat=0)
    assert game.phase == "play" and game.to_act == 0
    for card in cards:
        game.apply(f"play:{card}")
    return game


def first_trick_winner(variant: str, trump: str, cards: list[str], **options: Any) -> str:
    """The card that wins the first trick built by ``first_trick``."""
    game = first_trick(variant, trump, cards, **options)
    won = game.hand.tricks_won
    assert sum(won) == 1
    return cards[won.index(1)]


DRAW_RANKS = "789TJQKA"
# Boundaries between places (b means between place b and place b + 1) whose order matters in the draw for
# partners: who deals first (the lowest) and where one team ends and the next begins.
DRAW_BOUNDARIES_THAT_MATTER = {4: {0, 1}, 6: {0, 1, 3}}
SEAT_OF_PLACE = {4: [0, 2, 1, 3], 6: [0, 3, 1, 4, 2, 5]}


def draw_places(rounds: list[list[list[Any]]]) -> tuple[list[list[int]], list[tuple[list[int], bool]]]:
    """Read a recorded draw for partners (specification section 5): the players from lowest to highest, and every redraw.

    Players are grouped by place; a group of several is a tie that no redraw settled.  Each redraw is
    listed with its players and whether their tie mattered (spanned a boundary that matters).
    """
    remaining = [list(r) for r in rounds[1:]]
    players = [p for p, _ in rounds[0]]
    n = len(players)
    redraws: list[tuple[list[int], bool]] = []

    def settle(draw: list[list[Any]], first_place: int) -> list[list[int]]:
        by_rank: dict[int, list[int]] = {}
        for player, card in draw:
            assert card != "JK"
            by_rank.setdefault(DRAW_RANKS.index(card[0]), []).append(player)
        groups: list[list[int]] = []
        place = first_place
        for rank in sorted(by_rank):
            tied = sorted(by_rank[rank])
            if len(tied) > 1:
                matters = any(place <= b < place + len(tied) - 1 for b in DRAW_BOUNDARIES_THAT_MATTER[n])
                again = next((r for r in remaining if sorted(p for p, _ in r) == tied), None)
                if again is not None:
                    remaining.remove(again)
                    redraws.append((tied, matters))
                    groups.extend(settle(again, place))
                else:
                    groups.append(tied)
            else:
                groups.append(tied)
            place += len(tied)
        return groups

    groups = settle(rounds[0], 0)
    assert not remaining, f"draw rounds that settle no tie: {remaining}"
    return groups, redraws


def check_seating_follows_draw(variant: str, seed: int) -> None:
    """The seating and first dealer of a game with ``draw`` on agree with its recorded draw (specification section 5)."""
    game = bowers.Game(variant, seed=seed, draw=True)
    n = game.rules.players
    record = game.record()
    assert record["seating"] == game.seating
    assert sorted(game.seating) == list(range(n))
    assert game.dealer == 0
    drawn = [card for draw in record["draw"] for _, card in draw]
    assert len(set(drawn)) == len(drawn)
    assert set(drawn) <= set(names(" ".join(r + s for s in "CDHS" for r in "789TJQKA")))
    assert sorted(p for p, _ in record["draw"][0]) == list(range(n))
    groups, _ = draw_places(record["draw"])
    place = 0
    for group in groups:
        seats = [SEAT_OF_PLACE[n][place + i] for i in range(len(group))]
        assert sorted(game.seating[seat] for seat in seats) == group
        # A tie left unsettled may only be between partners, never for the deal.
        assert len(group) == 1 or ({seat % (n // 2) for seat in seats} == {seats[0] % (n // 2)} and place > 0)
        place += len(group)
