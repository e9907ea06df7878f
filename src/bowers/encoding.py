"""A seat's observation as a fixed-size float32 tensor, and the legal actions as a mask: shared by every RL adapter.

``Encoding(variant, **options)`` fixes the layout for one variant with its
options: a list of named blocks (``blocks``), each a slice of the tensor.
``encode(observation)`` reads nothing but ``Game.observation(seat)`` (or its
JSON round-trip), so a tensor never holds more than that seat may see.  Seats
are relative to the observer (block index 0 is the observer, 1 its left, ...)
and teams likewise (0 is the observer's team), so one policy serves every seat.
Every value lies in [0, 1].  The layout is documented in ``docs/rl.md``.

>>> encoding = Encoding("standard")
>>> game = __import__("bowers").Game("standard", seed=7)
>>> tensor = encoding.encode(game.observation(game.to_act))
>>> tensor.shape == (encoding.size,), tensor.dtype.name
(True, 'float32')
>>> encoding.mask(game.observation(game.to_act)).nonzero()[0].tolist() == game.legal_action_ids()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from bowers.actions import (
    ALONE,
    BID,
    CALL,
    CLAIM_RENEGE,
    DECLINE,
    DEFEND_ALONE,
    DISCARD,
    DISCARD_KITTY,
    GIVE,
    JAMBONE,
    ORDER,
    ORDER_SUIT,
    PARTNER,
    PASS,
    contract_level,
    space_for,
)
from bowers.cards import CARD_NAMES
from bowers.hand import PHASE_NAMES
from bowers.variants import AUCTION, Rules, make_rules

# Action kinds that are announcements: one column each in the ``calls`` block (passes are counted apart).
CALL_KINDS: Final = frozenset({ORDER, ORDER_SUIT, CALL, DECLINE, PARTNER, ALONE, JAMBONE, DEFEND_ALONE, BID, CLAIM_RENEGE})
TRUMP_COLUMNS: Final = {"C": 0, "D": 1, "H": 2, "S": 3, "NT": 4}
TURN_UP_STATES: Final = ("face-up", "taken", "turned-down")
PASS_SCALE: Final = 4.0  # a seat's passes in a hand are divided by this (at most 3 in any variant)
TARGET_SCALE: Final = 100.0  # the target is divided by this (and capped at 1)

# What an action text in a history means to the encoder.
_PASS, _CALL, _OWN_DISCARD, _GIVE = range(4)


@dataclass(frozen=True)
class Block:
    """One named part of the tensor: ``size`` values from ``start``, read as ``shape``."""

    name: str
    start: int
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        """How many values the block holds."""
        size = 1
        for length in self.shape:
            size *= length
        return size

    @property
    def stop(self) -> int:
        """The index after the block's last value."""
        return self.start + self.size


class Encoding:
    """The tensor layout, action space and mask of one variant with its options (build once, reuse for every step)."""

    def __init__(self, variant: str, **options: Any) -> None:
        rules = make_rules(variant, **options)
        self.rules: Rules = rules
        space = space_for(rules)
        self.action_names: tuple[str, ...] = tuple(space.names)
        self.action_index: dict[str, int] = {name: i for i, name in enumerate(self.action_names)}
        self.num_actions = len(self.action_names)
        self.players = rules.players
        self.teams = rules.teams
        self.deck: tuple[int, ...] = tuple(rules.deck)
        self.deck_size = len(self.deck)
        self.card_index: dict[str, int] = {CARD_NAMES[card]: i for i, card in enumerate(self.deck)}
        self.call_ids = [i for i, kind in enumerate(space.kinds) if kind in CALL_KINDS]
        call_column = {action: column for column, action in enumerate(self.call_ids)}
        self.blocks: dict[str, Block] = {}
        self._add_blocks(rules)
        self.size = sum(block.size for block in self.blocks.values())
        # Each action text a history may hold, read once from the action space: (meaning, argument).
        self._meaning: dict[str, tuple[int, tuple[int, ...]]] = {}
        deck_index = {card: i for i, card in enumerate(self.deck)}
        for action in range(len(space)):
            decoded = space.decode(action)
            cards = tuple(deck_index[card] for card in decoded.cards)
            if decoded.kind == PASS:
                self._meaning[decoded.name] = (_PASS, ())
            elif decoded.kind in CALL_KINDS:
                self._meaning[decoded.name] = (_CALL, (call_column[action],))
            elif decoded.kind in (DISCARD, DISCARD_KITTY):
                self._meaning[decoded.name] = (_OWN_DISCARD, cards)
            elif decoded.kind == GIVE:
                self._meaning[decoded.name] = (_GIVE, cards)
            # Plays are read from the observation's tricks, with the seat each card came from; twos and threes
            # from its ``twos_threes``.
        self._phase_column = {name: i for i, name in enumerate(PHASE_NAMES)}

    # ------------------------------------------------------------------ layout

    def _add(self, name: str, shape: tuple[int, ...], meaning: str) -> None:
        start = sum(block.size for block in self.blocks.values())
        self.blocks[name] = Block(name, start, shape, meaning)

    def _add_blocks(self, rules: Rules) -> None:
        players, teams, deck = self.players, self.teams, self.deck_size
        self._add("hand", (deck,), "the cards this seat holds")
        if rules.turn_up:
            self._add("turn_up", (deck,), "the turned-up card")
            self._add("turn_up_state", (3,), "the turn-up is face up, taken by the dealer, or turned down")
        self._add("trump", (5,), "trump: clubs, diamonds, hearts, spades, no-trump (all zero while undecided)")
        self._add("maker", (players,), "the maker (the auction's declarer), by relative seat")
        self._add("alone", (1,), "the maker plays alone")
        if rules.defend_alone:
            self._add("lone_defender", (players,), "the seat defending alone, by relative seat")
        if rules.bidding == AUCTION:
            self._add("high_bidder", (players,), "the seat holding the standing or winning bid, by relative seat")
            self._add("contract_level", (1,), "tricks of the standing or winning bid, divided by the tricks in a hand")
        self._add("passes", (players,), f"passes made this hand by each relative seat, divided by {PASS_SCALE:g}")
        self._add("calls", (players, len(self.call_ids)), "announcements made this hand: relative seat by call action")
        if rules.jambone:
            self._add("jambone", (1,), "the maker called a Jambone")
            self._add("exposed", (deck,), "the Jambone hand's cards, shown once play starts")
        if rules.jamboree:
            self._add("jamboree", (players,), "the relative seats that showed a Jamboree")
        if rules.twos_threes:
            self._add("twos_threes", (players, deck), "twos and threes returned, by relative seat")
        if rules.loner_exchange:
            self._add("given", (deck,), "cards this seat gave in a loner exchange")
            self._add("received", (deck,), "cards this seat received in a loner exchange")
        if rules.turn_up or rules.bidding == AUCTION:
            self._add("discarded", (deck,), "cards this seat discarded")
        self._add("played", (players, deck), "cards played this hand, by the relative seat whose hand they came from")
        self._add("trick", (players, deck), "the trick in progress: the card each relative seat played to it")
        self._add("leader", (players,), "the leader of the trick in progress, by relative seat")
        self._add("tricks_won", (players,), "tricks won by each relative seat, divided by the tricks in a hand")
        self._add("hand_sizes", (players,), "cards held by each relative seat, divided by the most a seat can hold")
        self._add("sitting_out", (players,), "relative seats sitting out this hand")
        self._add("dealer", (players,), "the dealer, by relative seat")
        self._add("to_act", (players,), "the seat to act, by relative seat")
        self._add("turn", (players,), "the seat whose card is to be played, by relative seat")
        self._add("playing_for", (1,), "this seat is choosing the card of the Jambone hand")
        self._add("scores", (teams,), "each relative team's score divided by the target (capped at 1)")
        self._add("target", (1,), f"the target divided by {TARGET_SCALE:g} (capped at 1)")
        self._add("phase", (len(PHASE_NAMES),), "the phase: " + ", ".join(PHASE_NAMES))

    def describe(self) -> list[tuple[str, int, int, tuple[int, ...], str]]:
        """Every block as ``(name, start, stop, shape, meaning)``, in tensor order (for documentation and debugging)."""
        return [(b.name, b.start, b.stop, b.shape, b.meaning) for b in self.blocks.values()]

    def view(self, tensor: np.ndarray, name: str) -> np.ndarray:
        """The named block of a tensor, reshaped to the block's shape (a view, not a copy)."""
        block = self.blocks[name]
        return tensor[block.start : block.stop].reshape(block.shape)

    # ------------------------------------------------------------------ encoding

    def encode(self, observation: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The float32 tensor of one seat's observation (written into ``out`` when given)."""
        tensor = np.zeros(self.size, dtype=np.float32) if out is None else out
        if out is not None:
            tensor.fill(0.0)
        blocks = self.blocks
        players = self.players
        seat: int = observation["seat"]
        card_index = self.card_index
        ones: list[int] = []  # indices set to 1
        values: dict[int, float] = {}  # indices set to other values

        def relative(other: int) -> int:
            return (other - seat) % players

        start = blocks["hand"].start
        ones.extend(start + card_index[name] for name in observation["hand"])
        if "turn_up" in blocks and observation.get("turn_up"):
            ones.append(blocks["turn_up"].start + card_index[observation["turn_up"]])
            state = observation.get("turn_up_state")
            if state in TURN_UP_STATES:
                ones.append(blocks["turn_up_state"].start + TURN_UP_STATES.index(state))
        trump = observation.get("trump")
        if trump:
            ones.append(blocks["trump"].start + TRUMP_COLUMNS[trump])
        for name, key in (("maker", "maker"), ("lone_defender", "lone_defender"), ("high_bidder", "high_bidder")):
            who = observation.get(key)
            if who is not None and name in blocks:
                ones.append(blocks[name].start + relative(who))
        for name in ("alone", "jambone"):
            if observation.get(name) and name in blocks:
                ones.append(blocks[name].start)
        level = contract_level(observation.get("contract"))
        if level and "contract_level" in blocks:
            values[blocks["contract_level"].start] = min(1.0, level / self.rules.hand_size)
        self._encode_history(observation, seat, ones, values)
        if "exposed" in blocks:
            start = blocks["exposed"].start
            for cards in (observation.get("exposed") or {}).values():
                ones.extend(start + card_index[name] for name in cards)
        if "jamboree" in blocks:
            ones.extend(blocks["jamboree"].start + relative(int(s)) for s in observation.get("jamboree") or {})
        if "twos_threes" in blocks:
            start, deck = blocks["twos_threes"].start, self.deck_size
            for seat_text, cards in (observation.get("twos_threes") or {}).items():
                row = start + relative(int(seat_text)) * deck
                ones.extend(row + card_index[name] for name in cards)
        start, deck = blocks["trick"].start, self.deck_size
        ones.extend(start + relative(who) * deck + card_index[card] for who, card in observation["trick"])
        for name in ("leader", "dealer", "to_act", "turn"):
            who = observation.get(name)
            if who is not None:
                ones.append(blocks[name].start + relative(who))
        ones.extend(blocks["sitting_out"].start + relative(s) for s in observation.get("sitting_out") or ())
        if observation.get("playing_for") is not None:
            ones.append(blocks["playing_for"].start)
        phase = self._phase_column.get(observation["phase"])
        if phase is not None:  # "deal" (cards still being dealt, in OpenSpiel) has no column
            ones.append(blocks["phase"].start + phase)
        tensor[ones] = 1.0
        if values:
            tensor[list(values)] = list(values.values())
        self._write_counts(tensor, observation, seat)
        return tensor

    def _write_counts(self, tensor: np.ndarray, observation: Mapping[str, Any], seat: int) -> None:
        """The per-seat and per-team numbers: tricks, hand sizes, scores and target, scaled into [0, 1]."""
        blocks = self.blocks
        order = [(seat + i) % self.players for i in range(self.players)]
        rules = self.rules
        tricks = np.asarray(observation["tricks_won"], dtype=np.float32)[order]
        tensor[blocks["tricks_won"].start : blocks["tricks_won"].stop] = tricks / rules.hand_size
        sizes = np.asarray(observation["hand_sizes"], dtype=np.float32)[order]
        tensor[blocks["hand_sizes"].start : blocks["hand_sizes"].stop] = sizes / (rules.hand_size + rules.kitty_size)
        team_order = [(seat + i) % self.teams for i in range(self.teams)]
        target = float(observation["target"])
        scores = np.asarray(observation["scores"], dtype=np.float32)[team_order] / target
        tensor[blocks["scores"].start : blocks["scores"].stop] = np.clip(scores, 0.0, 1.0)
        tensor[blocks["target"].start] = min(1.0, target / TARGET_SCALE)

    def _encode_history(self, observation: Mapping[str, Any], seat: int, ones: list[int], values: dict[int, float]) -> None:
        """Passes, announcements, own discards and exchanges, and every card played with the seat it came from."""
        blocks = self.blocks
        players, deck = self.players, self.deck_size
        meaning = self._meaning
        calls = blocks["calls"]
        call_columns = len(self.call_ids)
        passes = [0] * players
        given = blocks.get("given")
        received = blocks.get("received")
        discarded = blocks.get("discarded")
        for actor, text in observation["history"]:
            what = meaning.get(text)
            if what is None:
                continue  # a play (read from the tricks), a masked card (``discard:??``), twos and threes
            kind, argument = what
            if kind == _PASS:
                passes[actor] += 1
            elif kind == _CALL:
                ones.append(calls.start + ((actor - seat) % players) * call_columns + argument[0])
            elif kind == _OWN_DISCARD and discarded is not None and actor == seat:
                ones.extend(discarded.start + card for card in argument)
            elif kind == _GIVE and given is not None and received is not None:
                ones.append((given if actor == seat else received).start + argument[0])
        start = blocks["passes"].start
        for who, count in enumerate(passes):
            if count:
                values[start + (who - seat) % players] = min(1.0, count / PASS_SCALE)
        start = blocks["played"].start
        card_index = self.card_index
        for trick in (*(observation.get("tricks") or ()), observation["trick"]):
            for who, card in trick:  # the seat whose hand the card came from (in a Jambone, not its chooser)
                ones.append(start + ((who - seat) % players) * deck + card_index[card])

    # ------------------------------------------------------------------ actions

    def mask(self, observation: Mapping[str, Any]) -> np.ndarray:
        """The int8 mask of the legal actions of the observing seat (all zero when it is not to act)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        legal = observation.get("legal_actions") or ()
        if legal:
            index = self.action_index
            mask[[index[name] for name in legal]] = 1
        return mask
