"""Fuzz: random games through the websocket API; no message to a seat or spectator names a card it may not see.

What a seat may see is worked out here from the engine's full state, not
from the observation code under test: the cards it has held, the turn-up,
every card played, and cards a rule shows to everyone (an exposed Jambone
hand, a Jamboree, returned twos and threes).  Spectators see only the public
ones.  Cards never leave that set, so every message is checked against it.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from bowers.cards import CARD_NAMES
from bowers.game import Game, replay
from bowers.server import create_app
from tests.server.conftest import new_table, receive_state

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][CDHS]|JK|RJ|LJ)(?![A-Za-z0-9])")
SKIPPED_KEYS = {"table", "type"}


def cards_in(value: Any, deck: set[str]) -> set[str]:
    """Every card of the deck named anywhere in a message (keys that hold ids are skipped)."""
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key not in SKIPPED_KEYS:
                found |= cards_in(item, deck)
    elif isinstance(value, list):
        for item in value:
            found |= cards_in(item, deck)
    elif isinstance(value, str):
        found |= {card for card in CARD.findall(value) if card in deck}
    return found


def where(value: Any, cards: set[str], path: str = "") -> list[str]:
    """The paths in a message at which any of ``cards`` appears (for a readable failure)."""
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in where(item, cards, f"{path}.{key}")]
    if isinstance(value, list):
        return [p for index, item in enumerate(value) for p in where(item, cards, f"{path}[{index}]")]
    return [f"{path}={value}"] if isinstance(value, str) and set(CARD.findall(value)) & cards else []


def public_cards(game: Game) -> set[str]:
    """Cards the rules show to every seat right now, from the engine's full state."""
    hand = game.hand
    shown: set[str] = set()
    if hand.turn_up >= 0:
        shown.add(CARD_NAMES[hand.turn_up])
    for _, card in hand.trick:
        shown.add(CARD_NAMES[card])
    for _, name in (pair for deal in game.record()["deals"] for pair in deal["actions"]):
        if name.startswith(("play:", "twos-threes:")):
            shown |= set(name.split(":")[1].split(","))
    if hand.jambone and hand.maker >= 0:
        shown |= set(game.hand_cards(hand.maker))
    if hand.jamboree and hand.tables is not None:
        shown |= {CARD_NAMES[c] for c in hand.tables.trump_order[:5]}
    for cards in hand.returned.values():
        shown |= {CARD_NAMES[c] for c in cards}
    return shown


def expected_action(actor: int, action: str, viewer: int | None, receiver: int | None) -> str:
    """An action as RULES.md "Hidden information" lets ``viewer`` see it: a discard is its maker's alone,
    a card passed in a loner exchange its giver's and receiver's; everything else is announced to all."""
    keyword, _, cards = action.partition(":")
    if keyword == "discard" and viewer != actor:
        return "discard:" + ",".join("??" for _ in cards.split(","))
    if keyword == "give" and viewer not in (actor, receiver):
        return "give:??"
    return action


def shown_actions(game: Game, actions: list[list[Any]], viewer: int | None) -> list[list[Any]]:
    """A hand's actions as ``viewer`` may see them (a loner exchange is between partners: seats a team apart)."""
    players, teams = game.rules.players, game.rules.teams
    return [[actor, expected_action(actor, action, viewer, (actor + teams) % players)] for actor, action in actions]


_REPLAYED_TRICKS: dict[str, tuple[list[list[list[Any]]], list[int]]] = {}  # by the hand's record (ids are reused)


def replayed_tricks(game: Game, number: int) -> tuple[list[list[list[Any]]], list[int]]:
    """Finished hand ``number``'s tricks, each card with the seat that held it, and who took each trick: its
    actions replayed one by one, watching the hands and the trick counts (in a Jambone an opponent chooses the
    exposed hand's card, so the seat that acted is not the card's owner)."""
    record = game.record()
    key = json.dumps([record["variant"], record["options"], record["deals"][: number + 1]])
    if key not in _REPLAYED_TRICKS:
        earlier = {field: value for field, value in record.items() if field != "scores"}
        earlier["deals"] = [*record["deals"][:number], {**record["deals"][number], "actions": [], "result": None}]
        replayed = replay(earlier)
        players = replayed.rules.players
        active = players - len(replayed.observation(0)["sitting_out"])
        plays: list[list[Any]] = []
        winners = []
        for seat, action in record["deals"][number]["actions"]:
            before = list(replayed.hand.tricks_won)
            if action.startswith("play:"):
                card = action.split(":")[1]
                owner = next(held for held in range(players) if card in replayed.hand_cards(held))
                plays.append([owner, card])
            if len(plays) == 1:  # who sits out is known once the hand is under way
                active = players - len(replayed.observation(0)["sitting_out"])
            replayed.apply(action, seat=seat)
            if replayed.hand_number != number:  # the hand ended: the last trick went to the seat the result adds to
                after = record["deals"][number]["result"]["tricks"]
            else:
                after = list(replayed.hand.tricks_won)
            winners += [player for player, (was, now) in enumerate(zip(before, after, strict=True)) if now > was]
        tricks = [plays[start : start + active] for start in range(0, len(plays), active)]
        _REPLAYED_TRICKS[key] = (tricks, winners)
    return _REPLAYED_TRICKS[key]


def expected_previous_hand(game: Game, viewer: int | None) -> dict[str, Any] | None:
    """The last finished hand's summary as ``viewer`` may see it, worked out from the record."""
    finished = [deal for deal in game.record()["deals"] if deal["result"] is not None]
    if not finished:
        return None
    deal = finished[-1]
    tricks, winners = replayed_tricks(game, len(finished) - 1)
    team_tricks = [0] * game.rules.teams
    for winner in winners:
        team_tricks[game.rules.team_of(winner)] += 1
    ended = game.hand_over_view(None, len(finished) - 1)  # the contract's facts, public once the hand is over
    return {
        "hand_number": len(finished) - 1,
        "dealer": deal["dealer"],
        "actions": shown_actions(game, deal["actions"], viewer),
        "tricks": tricks,
        "trick_leaders": [trick[0][0] for trick in tricks],
        "trick_winners": winners,
        "team_tricks": team_tricks,
        "tricks_needed": ended["tricks_needed"],
        "trump_made": ended["trump_made"],
        "result": deal["result"],
    }


def play_and_check(client: TestClient, variant: str, seed: int, **options: Any) -> int:
    """One random game with a person's socket in every seat and a spectator; returns the actions checked."""
    table = new_table(client, variant, seed=seed, **options)
    room = client.app.state.bowers.lobby.rooms[table["table"]]  # type: ignore[attr-defined]
    game: Game = room.game
    players = game.rules.players
    deck = {CARD_NAMES[c] for c in game.rules.deck}
    rng = random.Random(seed)
    tokens = [seat["token"] for seat in table["seats"]]
    sockets = [client.websocket_connect("/ws") for _ in range(players + 1)]
    connections = [socket.__enter__() for socket in sockets]
    try:
        for seat, connection in enumerate(connections):
            token = table["seats"][seat]["token"] if seat < players else None
            connection.send_json({"type": "join", "table": table["table"], "token": token})
        seen: list[set[str]] = [set() for _ in range(players + 1)]
        actions = 0
        while True:
            # The server applies an action before it sends any state with it, so the game is settled here.
            states = [receive_state(connection, actions) for connection in connections]
            public = public_cards(game)
            for viewer in range(players + 1):
                seen[viewer] |= public
                if viewer < players:
                    seen[viewer] |= set(game.hand_cards(viewer))
            for viewer, state in enumerate(states):
                leaked = cards_in(state, deck) - seen[viewer]
                who = f"seat {viewer}" if viewer < players else "the spectator"
                assert not leaked, f"{variant} seed {seed}: {who} was sent {sorted(leaked)} at {where(state, leaked)}"
                if viewer < players:
                    assert state["observation"]["hand"] == game.hand_cards(viewer)
                else:
                    assert state["seat"] is None and state["observation"]["hand"] == []
                    assert state["observation"]["legal_actions"] == []
                text = json.dumps(state)
                assert not any(token in text for token in tokens), "an invite token was sent to a browser"
                seat_or_none = viewer if viewer < players else None
                assert state["previous_hand"] == expected_previous_hand(game, seat_or_none), f"{variant}: {who}"
                deals_so_far = [deal["actions"] for deal in game.record()["deals"] if deal["actions"]]
                last = shown_actions(game, deals_so_far[-1], seat_or_none)[-1] if deals_so_far else None
                assert state["last_action"] == last, f"{variant}: {who}"
            if game.is_over:
                return actions
            to_act = game.to_act
            assert to_act is not None
            legal = states[to_act]["observation"]["legal_actions"]
            assert legal == game.legal_actions()
            if rng.random() < 0.05:  # now and then, an out-of-turn or illegal try that must change nothing
                wrong = (to_act + 1) % players
                connections[wrong].send_json({"type": "act", "action": rng.choice(legal), "expect": actions})
                assert connections[wrong].receive_json()["type"] == "error"
            connections[to_act].send_json({"type": "act", "action": rng.choice(legal), "expect": actions})
            actions += 1
    finally:
        for socket in sockets:
            socket.__exit__(None, None, None)


@pytest.fixture
def client(database_path: Path) -> Iterator[TestClient]:
    """An app whose sockets may send as fast as the test plays (the rate limit has its own test)."""
    with TestClient(
        create_app(database_path, pool="thread", workers=1, messages_per_second=1e6, message_burst=10**6)
    ) as test_client:
        yield test_client


CASES = [
    ("standard", {"target": 6}),
    ("standard", {"deck": 25, "stick_the_dealer": True, "target": 6}),
    ("standard", {"defend_alone": True, "alone_lead": "maker-left", "deck": 32, "target": 6}),
    ("two-hand", {}),
    ("british", {"defend_alone": True, "target": 6}),
    ("railroad", {"target": 20}),
    ("railroad", {"target": 20, "draw": True, "reneges": True}),
    ("railroad-6", {"target": 20}),
    ("ultimate", {"target": 12}),
    ("bid", {}),
    ("bid", {"reneges": True}),
]


@pytest.mark.parametrize(("variant", "options"), CASES, ids=[f"{v}-{i}" for i, (v, _) in enumerate(CASES)])
def test_no_message_names_a_card_its_receiver_may_not_see(client: TestClient, variant: str, options: dict[str, Any]) -> None:
    checked = 0
    for seed in range(2):
        checked += play_and_check(client, variant, 1000 + seed, **options)
    assert checked > 40


def test_the_checker_catches_a_leak() -> None:
    deck = {"9C", "TC", "JS"}
    assert cards_in({"observation": {"hand": ["9C"], "history": [[1, "discard:JS"]]}, "table": "JS"}, deck) == {"9C", "JS"}
    assert cards_in({"history": [[1, "discard:??"]], "x": "bid:3S"}, deck) == set()
