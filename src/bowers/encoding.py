"""A seat's observation as a fixed-size float32 tensor, and the legal actions as a mask: shared by every RL adapter.

``Encoding(variant, **options)`` fixes the layout for one variant with its
options: a list of named blocks (``blocks``), each a slice of the tensor.
``encode(observation)`` reads nothing but ``Game.observation(seat)`` (or its
JSON round-trip), so a tensor never holds more than that seat may see.  Seats
are relative to the observer (block index 0 is the observer, 1 its left, ...)
and teams likewise (0 is the observer's team), so one policy serves every seat.
Every value lies in [0, 1].  The layout is documented in ``docs/rl.md``.

``InformationStateEncoding`` is the perfect-recall tensor of the same view
(every action of the hand in order, each card by trick), with the same API,
``information_state_key`` the matching string, and its ``writer()`` the fast
path that keeps every seat's tensor current from the engine's state.

>>> encoding = Encoding("standard")
>>> game = __import__("bowers").Game("standard", seed=7)
>>> tensor = encoding.encode(game.observation(game.to_act))
>>> tensor.shape == (encoding.size,), tensor.dtype.name
(True, 'float32')
>>> encoding.mask(game.observation(game.to_act)).nonzero()[0].tolist() == game.legal_action_ids()
True
"""

from __future__ import annotations

import json
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
    HIDDEN,
    JAMBONE,
    NO_TRUMP,
    ORDER,
    ORDER_SUIT,
    PARTNER,
    PASS,
    PLAY,
    PLAY_JOKER,
    TWOS_THREES,
    contract_level,
    space_for,
)
from bowers.cards import CARD_NAMES, SUIT_LETTERS
from bowers.hand import PHASE_NAMES
from bowers.information_state import InformationStateWriter
from bowers.variants import AUCTION, KITTY_DISCARD_TOGETHER, Rules, make_rules

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


class _Layout:
    """What every tensor layout shares: the rules, the action space and mask, and the named blocks."""

    def __init__(self, variant: str | Rules, **options: Any) -> None:
        rules = variant if isinstance(variant, Rules) and not options else make_rules(_variant_name(variant), **options)
        self.rules: Rules = rules
        self.space = space_for(rules)
        self.action_names: tuple[str, ...] = tuple(self.space.names)
        self.action_index: dict[str, int] = {name: i for i, name in enumerate(self.action_names)}
        self.num_actions = len(self.action_names)
        self.players = rules.players
        self.teams = rules.teams
        self.deck: tuple[int, ...] = tuple(rules.deck)
        self.deck_size = len(self.deck)
        self.card_index: dict[str, int] = {CARD_NAMES[card]: i for i, card in enumerate(self.deck)}
        self.blocks: dict[str, Block] = {}
        self.size = 0

    def _add(self, name: str, shape: tuple[int, ...], meaning: str) -> None:
        block = Block(name, self.size, shape, meaning)
        self.blocks[name] = block
        self.size = block.stop

    def _encode_shown(self, observation: Mapping[str, Any], seat: int, ones: list[int]) -> None:
        """The cards a rule shows everyone, where the layout has their blocks: twos and threes returned (by relative
        seat), a Jambone hand laid face up, and the seats that showed a Jamboree."""
        blocks, card_index, deck, players = self.blocks, self.card_index, self.deck_size, self.players
        if "twos_threes" in blocks:
            start = blocks["twos_threes"].start
            for seat_text, cards in (observation.get("twos_threes") or {}).items():
                row = start + ((int(seat_text) - seat) % players) * deck
                ones.extend(row + card_index[name] for name in cards)
        if "exposed" in blocks:
            start = blocks["exposed"].start
            for cards in (observation.get("exposed") or {}).values():
                ones.extend(start + card_index[name] for name in cards)
        if "jamboree" in blocks:
            start = blocks["jamboree"].start
            ones.extend(start + (int(shown) - seat) % players for shown in observation.get("jamboree") or {})

    def describe(self) -> list[tuple[str, int, int, tuple[int, ...], str]]:
        """Every block as ``(name, start, stop, shape, meaning)``, in tensor order (for documentation and debugging)."""
        return [(b.name, b.start, b.stop, b.shape, b.meaning) for b in self.blocks.values()]

    def view(self, tensor: np.ndarray, name: str) -> np.ndarray:
        """The named block of a tensor, reshaped to the block's shape (a view, not a copy)."""
        block = self.blocks[name]
        return tensor[block.start : block.stop].reshape(block.shape)

    def mask(self, observation: Mapping[str, Any]) -> np.ndarray:
        """The int8 mask of the legal actions of the observing seat (all zero when it is not to act)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        legal = observation.get("legal_actions") or ()
        if legal:
            index = self.action_index
            mask[[index[name] for name in legal]] = 1
        return mask


def _variant_name(variant: str | Rules) -> str:
    """The variant's name, for rules given with further options."""
    return variant.variant if isinstance(variant, Rules) else variant


class Encoding(_Layout):
    """The tensor layout, action space and mask of one variant with its options (build once, reuse for every step)."""

    # The blocks that show what only this seat may see (its cards, its discards, the cards it passed or received).
    private_blocks: tuple[str, ...] = ("hand", "given", "received", "discarded")

    def __init__(self, variant: str | Rules, **options: Any) -> None:
        super().__init__(variant, **options)
        rules = self.rules
        space = self.space
        self.call_ids = [i for i, kind in enumerate(space.kinds) if kind in CALL_KINDS]
        call_column = {action: column for column, action in enumerate(self.call_ids)}
        self._add_blocks(rules)
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
        self._encode_shown(observation, seat, ones)
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


# ---------------------------------------------------------------------- the information-state tensor

STRAINS: Final = ("C", "D", "H", "S", "NT")  # the bid strains, in the trump columns' order
_SUIT_COLUMN: Final = {"C": 0, "D": 1, "H": 2, "S": 3}
_PLAY_PREFIX: Final = "play:"
_JOKER_LEAD_PREFIX: Final = "play:JK:"


def action_slots(rules: Rules) -> int:
    """The most actions other than plays one hand of these rules can hold (the ``actions`` block's rows)."""
    players = rules.players
    slots = players if rules.twos_threes else 0  # each seat passes or returns its twos and threes once
    if rules.bidding == AUCTION:
        slots += space_for(rules).bid_count + players  # each bid tops the last; a seat that passes is out
    else:
        slots += 2 * players  # two rounds; a joker call or a pickup choice ends the bidding early
    if rules.can_go_alone:
        slots += 1  # partner, alone or jambone
    if rules.defend_alone:
        slots += players - players // rules.teams  # each opponent of a lone maker is asked once
    slots += _gives(rules)
    slots += _discard_slots(rules)
    if rules.reneges:
        slots += players  # each seat claims a renege or passes the review once
    return slots


def _gives(rules: Rules) -> int:
    """The most loner-exchange cards passed in one hand: two for the lone maker, two more for a lone defender."""
    if not rules.loner_exchange:
        return 0
    return 4 if rules.defend_alone else 2


def _discard_slots(rules: Rules) -> int:
    """The most discard actions of one seat in a hand: the kitty one card at a time, or one action."""
    if rules.bidding == AUCTION and rules.kitty_discard != KITTY_DISCARD_TOGETHER:
        return rules.kitty_size
    return 1


def information_state_key(observation: Mapping[str, Any]) -> str:
    """Everything the observing seat has seen of the hand in progress, with the scores, as one canonical string.

    Two observations share the key exactly when the seat cannot tell their hands apart from what it was shown
    (its cards, the turn-up, every action as it saw it, the cards made public) and the scores are the same.
    """
    seen = {
        name: observation.get(name)
        for name in (
            "variant",
            "options",
            "seat",
            "dealer",
            "scores",
            "turn_up",
            "hand",
            "from_kitty",
            "history",
            "exposed",
            "jamboree",
        )
    }
    return json.dumps(seen, sort_keys=True, separators=(",", ":"))


class InformationStateEncoding(_Layout):
    """A perfect-recall tensor of one seat's view of the hand in progress: two different views never share it.

    Where ``Encoding`` summarises (who made which call, every card played by seat), this one keeps the order of
    every action of the hand, each card played by trick and seat, and the cards this seat gave, received and
    discarded, so that each history a seat can tell apart has its own tensor (for Deep CFR, NFSP and the like).
    It reads nothing but the observation.
    """

    # The blocks that show what only this seat (or, for a passed card, the two seats of the pass) may see.
    private_blocks: tuple[str, ...] = ("hand", "held", "from_kitty", "discarded", "exchanged")

    def __init__(self, variant: str | Rules, **options: Any) -> None:
        super().__init__(variant, **options)
        rules = self.rules
        space = self.space
        kinds = set(space.kinds)
        columns = ["pass"]
        for kind, names in (
            (ORDER, ["order"]),
            (ORDER_SUIT, [f"order:{suit}" for suit in _SUIT_COLUMN]),
            (CALL, [f"call:{suit}" for suit in _SUIT_COLUMN]),
            (DECLINE, ["decline"]),
            (PARTNER, ["partner"]),
            (ALONE, ["alone"]),
            (JAMBONE, ["jambone"]),
            (DEFEND_ALONE, ["defend-alone"]),
            (TWOS_THREES, ["twos-threes"]),
        ):
            if kind in kinds:
                columns.extend(names)
        levels = sorted({space.levels[i] for i in range(len(space)) if space.kinds[i] == BID})
        if levels:
            columns.append("bid")
            columns.extend(f"level:{level}" for level in levels)
            columns.extend(f"strain:{strain}" for strain in STRAINS)
        if kinds & {DISCARD, DISCARD_KITTY}:
            columns.append("discard")
        if GIVE in kinds:
            columns.append("give")
        if kinds & {DISCARD, DISCARD_KITTY, GIVE}:
            columns.append("hidden")
        if CLAIM_RENEGE in kinds:
            columns.append("claim-renege")
        self.action_columns: tuple[str, ...] = tuple(columns)
        self.slots = action_slots(rules)
        self.discard_slots = _discard_slots(rules)
        self.gives = _gives(rules)
        self.tricks = rules.hand_size
        self.joker_leads = PLAY_JOKER in kinds
        self._add_blocks(rules)
        # What each action text other than a play means: its columns in a slot, its kind, and its cards (deck indices).
        column = {name: i for i, name in enumerate(columns)}
        deck_index = {card: i for i, card in enumerate(self.deck)}
        self._meaning: dict[str, tuple[tuple[int, ...], int, tuple[int, ...]]] = {}
        for action in range(len(space)):
            decoded = space.decode(action)
            if decoded.kind in (PLAY, PLAY_JOKER):
                continue
            cards = tuple(deck_index[card] for card in decoded.cards)
            marks: tuple[int, ...]
            if decoded.kind == BID:
                strain = STRAINS[decoded.suit] if decoded.suit == NO_TRUMP else SUIT_LETTERS[decoded.suit]
                marks = (column["bid"], column[f"level:{decoded.level}"], column[f"strain:{strain}"])
            elif decoded.kind in (DISCARD, DISCARD_KITTY):
                marks = (column["discard"],)
            elif decoded.kind in (GIVE, TWOS_THREES):
                marks = (column[decoded.keyword],)
            else:
                marks = (column[decoded.name],)
            self._meaning[decoded.name] = (marks, decoded.kind, cards)
        hidden_texts = {
            f"discard:{HIDDEN}": DISCARD,
            "discard:" + ",".join([HIDDEN] * rules.kitty_size): DISCARD_KITTY,
            f"give:{HIDDEN}": GIVE,
        }
        for text, kind in hidden_texts.items():
            if kind in kinds:
                keyword = "give" if kind == GIVE else "discard"
                self._meaning[text] = ((column[keyword], column["hidden"]), kind, ())
        self._phase_column = {name: i for i, name in enumerate(PHASE_NAMES)}

    def _add_blocks(self, rules: Rules) -> None:
        players, deck, tricks = self.players, self.deck_size, self.tricks
        self._add("hand", (deck,), "the cards this seat holds")
        self._add(
            "held",
            (deck,),
            "every card this seat has held this hand: its hand, and the cards it played, discarded, gave or returned",
        )
        if rules.twos_threes or rules.bidding == AUCTION:
            self._add(
                "from_kitty",
                (deck,),
                "the cards this seat took from the kitty unseen by others (twos and threes replaced, a declarer's kitty)",
            )
        if rules.turn_up:
            self._add("turn_up", (deck,), "the turned-up card")
        self._add("dealer", (players,), "the dealer, by relative seat")
        width = len(self.action_columns) + players
        self._add(
            "actions",
            (self.slots, width),
            "every action of the hand but the plays, in order: its kind ("
            + ", ".join(self.action_columns)
            + ") then the relative seat that took it",
        )
        if rules.turn_up or rules.bidding == AUCTION:
            self._add("discarded", (self.discard_slots, deck), "the cards of this seat's discard actions, in order")
        if self.gives:
            self._add("exchanged", (self.gives, deck), "the card of each loner-exchange pass this seat gave or received")
        if rules.twos_threes:
            self._add("twos_threes", (players, deck), "twos and threes returned, by relative seat")
        if rules.jambone:
            self._add("exposed", (deck,), "the Jambone hand's cards, shown once play starts")
        if rules.jamboree:
            self._add("jamboree", (players,), "the relative seats that showed a Jamboree")
        self._add("played", (tricks, players, deck), "every card played: trick by relative seat whose hand it came from")
        self._add("leaders", (tricks, players), "the leader of each trick, by relative seat")
        if self.joker_leads:
            self._add("joker_led", (tricks, 4), "the suit named when the Joker led the trick (C, D, H, S)")
        if rules.reneges:
            self._add(
                "claimed_after",
                (players, tricks * players + 1),
                "a relative seat's renege claim: how many cards had been played when it claimed",
            )
        self._add("trump", (5,), "trump: clubs, diamonds, hearts, spades, no-trump (all zero while undecided)")
        self._add("maker", (players,), "the maker (the auction's declarer), by relative seat")
        self._add("to_act", (players,), "the seat to act, by relative seat")
        self._add("phase", (len(PHASE_NAMES),), "the phase: " + ", ".join(PHASE_NAMES))
        self._add("scores", (self.teams,), "each relative team's score divided by the target (capped at 1)")
        self._add("target", (1,), f"the target divided by {TARGET_SCALE:g} (capped at 1)")

    def writer(self) -> InformationStateWriter:
        """The fast path: every seat's tensor (``writer.tensors[seat]``) and the mask (``writer.mask``), kept current
        by ``writer.update(game)`` from the engine's state, one action's changes at a time (the same values as
        ``encode`` and ``mask`` of each observation)."""
        blocks = self.blocks
        layout = {name: block.start for name, block in blocks.items()}
        for name in (
            "from_kitty",
            "turn_up",
            "discarded",
            "exchanged",
            "twos_threes",
            "exposed",
            "jamboree",
            "joker_led",
            "claimed_after",
        ):
            layout.setdefault(name, -1)
        layout.update(
            players=self.players,
            teams=self.teams,
            size=self.size,
            deck=self.deck_size,
            width=len(self.action_columns) + self.players,
            actor_column=len(self.action_columns),
            slots=self.slots,
            claim_width=self.tricks * self.players + 1,
            target_scale=int(TARGET_SCALE),
        )
        names = self.action_names
        marks = [self._meaning[name][0] if name in self._meaning else () for name in names]
        hidden = {DISCARD: f"discard:{HIDDEN}", DISCARD_KITTY: "discard:" + ",".join([HIDDEN] * self.rules.kitty_size)}
        hidden[GIVE] = f"give:{HIDDEN}"
        kinds = self.space.kinds
        hidden_marks = [self._meaning[hidden[kind]][0] if kind in hidden else marks[i] for i, kind in enumerate(kinds)]
        card_sets = [self._meaning[name][2] if name in self._meaning else () for name in names]
        card_index = [-1] * (max(self.deck) + 1)
        for index, card in enumerate(self.deck):
            card_index[card] = index
        tensors = np.zeros((self.players, self.size), dtype=np.float32)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        views = (tensors.data.cast("B").cast("f"), mask.data)
        return InformationStateWriter(
            self.rules, layout, marks, hidden_marks, card_sets, card_index, (tensors, mask), views, lambda: tensors.fill(0.0)
        )

    def encode(self, observation: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The float32 tensor of one seat's view of the hand in progress (written into ``out`` when given)."""
        tensor = np.zeros(self.size, dtype=np.float32) if out is None else out
        if out is not None:
            tensor.fill(0.0)
        blocks = self.blocks
        players, deck = self.players, self.deck_size
        seat: int = observation["seat"]
        card_index = self.card_index
        ones: list[int] = []

        def relative(other: int) -> int:
            return (other - seat) % players

        held = {card_index[name] for name in observation["hand"]}
        ones.extend(blocks["hand"].start + card for card in held)
        if "from_kitty" in blocks:
            taken = [card_index[name] for name in observation.get("from_kitty") or ()]
            ones.extend(blocks["from_kitty"].start + card for card in taken)
            held.update(taken)
        if "turn_up" in blocks and observation.get("turn_up"):
            ones.append(blocks["turn_up"].start + card_index[observation["turn_up"]])
        dealer = observation.get("dealer")
        if dealer is not None:  # None before OpenSpiel's chance move draws the first dealer
            ones.append(blocks["dealer"].start + relative(dealer))
        held |= self._encode_actions(observation, seat, ones)
        self._encode_shown(observation, seat, ones)
        played, leaders = blocks["played"].start, blocks["leaders"].start
        tricks = [*(observation.get("tricks") or ()), observation["trick"]]
        for number, trick in enumerate(tricks):
            row = played + number * players * deck
            for who, card in trick:  # the seat whose hand the card came from (in a Jambone, not its chooser)
                index = card_index[card]
                ones.append(row + relative(who) * deck + index)
                if who == seat:
                    held.add(index)
        for number, leader in enumerate(observation.get("trick_leaders") or ()):
            ones.append(leaders + number * players + relative(leader))
        ones.extend(blocks["held"].start + card for card in held)
        trump = observation.get("trump")
        if trump:
            ones.append(blocks["trump"].start + TRUMP_COLUMNS[trump])
        for name in ("maker", "to_act"):
            who = observation.get(name)
            if who is not None:
                ones.append(blocks[name].start + relative(who))
        phase = self._phase_column.get(observation["phase"])
        if phase is not None:  # "deal" (cards still being dealt, in OpenSpiel) has no column
            ones.append(blocks["phase"].start + phase)
        tensor[ones] = 1.0
        team_order = [(seat + i) % self.teams for i in range(self.teams)]
        target = float(observation["target"])
        scores = np.asarray(observation["scores"], dtype=np.float32)[team_order] / target
        tensor[blocks["scores"].start : blocks["scores"].stop] = np.clip(scores, 0.0, 1.0)
        tensor[blocks["target"].start] = min(1.0, target / TARGET_SCALE)
        return tensor

    def _encode_actions(self, observation: Mapping[str, Any], seat: int, ones: list[int]) -> set[int]:
        """The actions block, this seat's discards and passed cards, Joker leads and renege claims, from the history.

        Returns the cards this seat discarded, gave or returned (the ``held`` block adds them to its hand and plays).
        """
        blocks = self.blocks
        players = self.players
        width = len(self.action_columns) + players
        actions = blocks["actions"].start
        actor_column = len(self.action_columns)
        discarded = blocks.get("discarded")
        exchanged = blocks.get("exchanged")
        joker_led = blocks.get("joker_led")
        claimed = blocks.get("claimed_after")
        active = players - len(observation.get("sitting_out") or ())
        meaning = self._meaning
        own: set[int] = set()
        slot = discards = gives = plays = 0
        for actor, text in observation["history"]:
            if text.startswith(_PLAY_PREFIX):
                if joker_led is not None and text.startswith(_JOKER_LEAD_PREFIX):
                    ones.append(joker_led.start + (plays // active) * 4 + _SUIT_COLUMN[text[len(_JOKER_LEAD_PREFIX) :]])
                plays += 1
                continue
            if slot == self.slots:
                raise ValueError(f"a {self.rules.variant} hand holds more than {self.slots} actions besides plays")
            marks, kind, cards = meaning[text]
            row = actions + slot * width
            slot += 1
            ones.extend(row + mark for mark in marks)
            ones.append(row + actor_column + (actor - seat) % players)
            if kind in (DISCARD, DISCARD_KITTY):
                if cards and actor == seat and discarded is not None:
                    ones.extend(discarded.start + discards * self.deck_size + card for card in cards)
                    discards += 1
                    own.update(cards)
            elif kind == GIVE:
                if cards and exchanged is not None:
                    ones.append(exchanged.start + gives * self.deck_size + cards[0])
                    if actor == seat:
                        own.add(cards[0])
                gives += 1
            elif kind == TWOS_THREES and actor == seat:
                own.update(cards)
            elif kind == CLAIM_RENEGE and claimed is not None:
                ones.append(claimed.start + ((actor - seat) % players) * (self.tricks * players + 1) + plays)
        return own
