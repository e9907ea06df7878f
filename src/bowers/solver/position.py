"""The solver's compact position: hands as bit sets over a rank-ordered deck, the trick so far, who plays for whom.

The search never sees a ``Game``.  ``Position.from_hand`` is the one function
that reads the engine; everything after it works on this value alone, in the
pure-Python reference search and in the compiled one.

Cards are renumbered per trump ("compact" indices): the deck is grouped by
effective suit (clubs, diamonds, hearts, spades, then the no-trump Joker's
own group) and ordered within a group from the highest card down, so a hand
is a bit set whose suits are contiguous runs and "higher in its suit" is
"lower index".  Two cards of one hand with no live card between them are
equivalent, and positions that differ only in which cards are gone share a
transposition-table entry.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bowers.actions import PLAY_JOKER, canonical_action, space_for
from bowers.cards import JOKER, SUIT_LETTERS, hand_names
from bowers.errors import IllegalAction
from bowers.tables import NO_TRUMP, TrumpTables, trump_tables
from bowers.variants import JOKER_NO_TRUMP, Rules

if TYPE_CHECKING:
    from bowers.game import Game
    from bowers.hand import Hand

GROUPS = 5  # four suits and the no-trump Joker's group
MAX_SEATS = 6
NO_NAMED_SUIT = -1


class CompactTables:
    """One trump's tables renumbered so that each effective suit is a run of bits, highest card first."""

    __slots__ = ("blob", "byte_tables", "card_of", "group_mask", "group_of", "index_of", "joker", "power")

    def __init__(self, tables: TrumpTables) -> None:
        effective = tables.effective_suit
        deck = [card for card in range(len(effective)) if effective[card] >= 0]
        order: list[int] = []
        for group in range(GROUPS):
            members = [card for card in deck if effective[card] == group]
            row = tables.power[group] if group < 4 else None
            members.sort(key=lambda card: -(row[card] if row is not None else 0))
            order.extend(members)
        if len(order) > 64:
            raise ValueError("the solver handles decks of at most 64 cards")
        self.card_of: tuple[int, ...] = tuple(order)
        index_of = [-1] * len(effective)
        for index, card in enumerate(order):
            index_of[card] = index
        self.index_of: tuple[int, ...] = tuple(index_of)
        self.group_of: tuple[int, ...] = tuple(effective[card] for card in order) + (GROUPS,) * (64 - len(order))
        self.power: tuple[tuple[int, ...], ...] = tuple(
            tuple(tables.power[led][card] for card in order) + (0,) * (64 - len(order)) for led in range(4)
        )
        masks = [0] * GROUPS
        for index, card in enumerate(order):
            masks[effective[card]] |= 1 << index
        self.group_mask: tuple[int, ...] = tuple(masks)
        self.joker: int = index_of[JOKER] if len(index_of) > JOKER else -1
        self.blob: bytes = struct.pack(
            "<256H64B5Q", *(p for row in self.power for p in row), *self.group_of, *self.group_mask
        )

        # For each byte of an engine bit set, the compact bits of each of its 256 values.
        byte_tables = []
        for byte in range(7):
            row = [0] * 256
            for value in range(1, 256):
                low = value & -value
                card = 8 * byte + low.bit_length() - 1
                single = 1 << index_of[card] if card < len(index_of) and index_of[card] >= 0 else 0
                row[value] = row[value ^ low] | single
            byte_tables.append(tuple(row))
        self.byte_tables: tuple[tuple[int, ...], ...] = tuple(byte_tables)

    def to_compact(self, hand: int) -> int:
        """A bit set of engine cards as a bit set of compact indices (cards outside the deck are dropped)."""
        b0, b1, b2, b3, b4, b5, b6 = self.byte_tables
        return (
            b0[hand & 255]
            | b1[hand >> 8 & 255]
            | b2[hand >> 16 & 255]
            | b3[hand >> 24 & 255]
            | b4[hand >> 32 & 255]
            | b5[hand >> 40 & 255]
            | b6[hand >> 48 & 255]
        )

    def to_cards(self, compact: int) -> int:
        """A bit set of compact indices as a bit set of engine cards."""
        card_of = self.card_of
        out = 0
        while compact:
            low = compact & -compact
            out |= 1 << card_of[low.bit_length() - 1]
            compact ^= low
        return out


_COMPACT: dict[int, tuple[TrumpTables, CompactTables]] = {}
_PLAY_IDS: dict[int, tuple[Rules, Sequence[int], int]] = {}


def _play_ids(rules: Rules) -> tuple[Sequence[int], int]:
    """The play id of each card and the first ``play:JK:S`` id (-1 if none) of a rules value (cached)."""
    entry = _PLAY_IDS.get(id(rules))
    if entry is None or entry[0] is not rules:
        space = space_for(rules)
        if len(_PLAY_IDS) > 256:
            _PLAY_IDS.clear()
        entry = _PLAY_IDS[id(rules)] = (rules, space.play_id, space.first_id[PLAY_JOKER])
    return entry[1], entry[2]


def compact_tables(tables: TrumpTables) -> CompactTables:
    """The (cached) compact form of a trump's tables."""
    entry = _COMPACT.get(id(tables))
    if entry is None or entry[0] is not tables:
        if len(_COMPACT) > 512:
            _COMPACT.clear()
        entry = _COMPACT[id(tables)] = (tables, CompactTables(tables))
    return entry[1]


class Position:
    """A full-information position in the play of one hand, in the solver's compact form.

    Values are tricks taken from here on (the trick in progress included) by
    ``team``: the seats whose bit is set in ``max_credit``.  The seats whose
    plays that team chooses are in ``max_controls`` (a Jambone hand's play is
    chosen by the opponent at ``jambone_chooser``), and every other play is
    chosen against it.
    """

    __slots__ = (
        "active_count",
        "best",
        "compact",
        "hands",
        "joker_lead_id",
        "joker_leads",
        "led",
        "max_controls",
        "max_credit",
        "next_seat",
        "play_id",
        "players",
        "sitting_out",
        "team",
        "trick",
        "trick_seats",
        "tricks_left",
        "turn",
        "winner",
    )

    def __init__(self) -> None:
        self.compact: CompactTables
        self.players = 0
        self.hands: list[int] = []  # compact bit sets, one per seat
        self.next_seat: tuple[int, ...] = ()
        self.active_count = 0
        self.sitting_out = 0  # bit set of seats that sit this hand out
        self.max_controls = 0
        self.max_credit = 0
        self.team = 0
        self.turn = 0
        self.trick: list[int] = []  # compact cards of the trick so far, in play order
        self.trick_seats: list[int] = []
        self.led = -1
        self.best = 0
        self.winner = -1
        self.tricks_left = 0
        self.joker_leads = False
        self.play_id: Sequence[int] = ()
        self.joker_lead_id = -1

    # ------------------------------------------------------------------ building

    @classmethod
    def from_game(cls, game: Game, team: int | None = None) -> Position:
        """The position of a game in its play phase; ``team`` defaults to the team of ``game.to_act``."""
        if game.is_over:
            raise IllegalAction(None, "solve", "the game is over; there is no play to analyse")
        return cls.from_hand(game.hand, team)

    @classmethod
    def from_hand(cls, hand: Hand, team: int | None = None) -> Position:
        """The position of an engine ``Hand`` in its play phase (the one place the solver reads the engine)."""
        to_act = hand.to_act
        if to_act is None or hand.phase_name != "play":
            raise IllegalAction(
                to_act,
                "solve",
                f"the hand is in the {hand.phase_name} step; the solver analyses the play of the cards only",
            )
        tables = hand.tables
        assert tables is not None
        rules = hand.rules
        return _build(
            rules=rules,
            tables=tables,
            hands=hand.hands,
            next_seat=hand.next_active,
            sitting_out=hand.sitting_out,
            trick=hand.trick,
            led=hand.led,
            turn=hand.turn,
            to_act=to_act,
            jambone_seat=hand.jambone_seat,
            jambone_chooser=hand.jambone_chooser,
            joker_leads=hand.joker_leads,
            team=team,
        )

    @classmethod
    def from_parts(
        cls,
        rules: Rules,
        trump: int,
        hands: Sequence[int],
        turn: int,
        trick: Sequence[tuple[int, int]] = (),
        led: int = -1,
        sitting_out: int = 0,
        jambone_seat: int = -1,
        jambone_chooser: int = -1,
        team: int | None = None,
    ) -> Position:
        """A position from explicit parts, for sampled worlds: no ``Game`` needed.

        ``trump`` is a suit 0-3 or 4 for no-trump; ``hands`` are engine bit sets
        per seat (the cards still held); ``trick`` is ``(seat, card)`` pairs so
        far; ``led`` the suit led (needed only when the no-trump Joker led with a
        named suit); ``sitting_out`` a bit set of seats; ``turn`` the seat whose
        card is played next.  ``team`` defaults to the team of the seat that
        chooses that card.
        """
        n = rules.players
        tables = trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, trump)
        next_seat = []
        for seat in range(n):
            following = (seat + 1) % n
            while (sitting_out >> following) & 1:
                following = (following + 1) % n
            next_seat.append(following)
        if trick and led < 0:
            led = tables.effective_suit[trick[0][1]]
        to_act = jambone_chooser if turn == jambone_seat and jambone_seat >= 0 else turn
        joker_leads = trump == NO_TRUMP and rules.joker_turn_up == JOKER_NO_TRUMP and JOKER in rules.deck
        return _build(
            rules=rules,
            tables=tables,
            hands=hands,
            next_seat=next_seat,
            sitting_out=sitting_out,
            trick=trick,
            led=led if trick else -1,
            turn=turn,
            to_act=to_act,
            jambone_seat=jambone_seat,
            jambone_chooser=jambone_chooser,
            joker_leads=joker_leads,
            team=team,
        )

    def copy(self) -> Position:
        """An independent copy."""
        other = Position.__new__(Position)
        for name in Position.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.trick = self.trick[:]
        other.trick_seats = self.trick_seats[:]
        return other

    def with_hands(self, hands: Sequence[int]) -> Position:
        """A copy holding other cards (engine bit sets per seat): one sampled world of the same position.

        A seat that sits out holds nothing, whatever is given for it.
        """
        other = self.copy()
        to_compact = self.compact.to_compact
        out = self.sitting_out
        other.hands = [0 if (out >> seat) & 1 else to_compact(hand) for seat, hand in enumerate(hands)]
        return other

    # ------------------------------------------------------------------ moves

    def moves(self) -> list[tuple[int, int]]:
        """Legal moves as ``(compact card, named suit)`` pairs, in action-id order.

        The named suit is -1 except for a no-trump Joker led with a suit.
        """
        playable = self.hands[self.turn]
        if self.trick:
            follow = playable & self.compact.group_mask[self.led]
            if follow:
                playable = follow
        card_of = self.compact.card_of
        cards = []
        while playable:
            low = playable & -playable
            cards.append(low.bit_length() - 1)
            playable ^= low
        cards.sort(key=card_of.__getitem__)
        joker = self.compact.joker
        if not self.trick and self.joker_leads and joker in cards:
            cards.remove(joker)
            return [(card, NO_NAMED_SUIT) for card in cards] + [(joker, suit) for suit in range(4)]
        return [(card, NO_NAMED_SUIT) for card in cards]

    @property
    def actions(self) -> list[int]:
        """Action ids of the legal plays, ascending (as ``Game.legal_action_ids`` less ``claim-renege``)."""
        return [self.action_id(move) for move in self.moves()]

    def action_id(self, move: tuple[int, int]) -> int:
        """The action id of a move."""
        card, suit = move
        if suit >= 0:
            return self.joker_lead_id + suit
        return self.play_id[self.compact.card_of[card]]

    def action_names(self) -> list[str]:
        """Canonical strings of the legal plays, in action-id order."""
        return [move_name(self, move) for move in self.moves()]

    def move_of(self, action: int | str) -> tuple[int, int]:
        """The legal move of an action id or action string, or ``IllegalAction``."""
        for move in self.moves():
            if action == self.action_id(move) or (isinstance(action, str) and _same_action(action, move_name(self, move))):
                return move
        raise IllegalAction(self.to_act, str(action), f"not a legal play here; legal: {', '.join(self.action_names())}")

    @property
    def to_act(self) -> int:
        """The seat whose card is played next (the Jambone hand's seat when it plays)."""
        return self.turn

    def maximising(self) -> bool:
        """True when the team counted chooses the next play."""
        return bool((self.max_controls >> self.turn) & 1)

    def after(self, action: int | str | tuple[int, int]) -> Position:
        """The position after one legal play (an action id, action string or move pair)."""
        move = action if isinstance(action, tuple) else self.move_of(action)
        other = self.copy()
        other.play(move)
        return other

    def play(self, move: tuple[int, int]) -> int:
        """Play a move in place (unchecked); returns 1 when it completes a trick won by the team counted, else 0."""
        card, named = move
        seat = self.turn
        self.hands[seat] &= ~(1 << card)
        power = self.compact.power
        if not self.trick:
            led = named if named >= 0 else self.compact.group_of[card]
            self.led = led
            self.best = power[led][card]
            self.winner = seat
        else:
            strength = power[self.led][card]
            if strength > self.best:
                self.best = strength
                self.winner = seat
        self.trick.append(card)
        self.trick_seats.append(seat)
        if len(self.trick) < self.active_count:
            self.turn = self.next_seat[seat]
            return 0
        winner = self.winner
        self.trick = []
        self.trick_seats = []
        self.led = -1
        self.best = 0
        self.winner = -1
        self.turn = winner
        self.tricks_left -= 1
        return (self.max_credit >> winner) & 1

    def __repr__(self) -> str:
        hands = [_compact_names(self, hand) for hand in self.hands]
        trick = " ".join(_compact_names(self, 1 << card)[0] for card in self.trick)
        return f"<Position turn={self.turn} team={self.team} tricks_left={self.tricks_left} trick=[{trick}] hands={hands}>"


def _build(
    *,
    rules: Rules,
    tables: TrumpTables,
    hands: Sequence[int],
    next_seat: Sequence[int],
    sitting_out: int,
    trick: Sequence[tuple[int, int]],
    led: int,
    turn: int,
    to_act: int,
    jambone_seat: int,
    jambone_chooser: int,
    joker_leads: bool,
    team: int | None,
) -> Position:
    """Assemble a position from engine values."""
    entry = _COMPACT.get(id(tables))
    compact = entry[1] if entry is not None and entry[0] is tables else compact_tables(tables)
    teams = rules.teams
    n = rules.players
    if team is None:
        team = to_act % teams
    position = Position.__new__(Position)
    position.compact = compact
    position.players = n
    to_compact = compact.to_compact
    position.hands = [to_compact(hands[seat]) for seat in range(n)]
    if sitting_out:
        position.hands = [0 if (sitting_out >> seat) & 1 else hand for seat, hand in enumerate(position.hands)]
    position.next_seat = tuple(next_seat)
    position.active_count = n - sitting_out.bit_count()
    position.sitting_out = sitting_out
    credit = _TEAM_SEATS[teams][n][team]
    controls = credit
    if jambone_seat >= 0:
        controls &= ~(1 << jambone_seat)
        if jambone_chooser % teams == team:
            controls |= 1 << jambone_seat
    position.max_controls = controls
    position.max_credit = credit
    position.team = team
    position.turn = turn
    position.trick = []
    position.trick_seats = []
    position.led = -1
    position.best = 0
    position.winner = -1
    if trick:
        power = compact.power
        position.led = led
        for seat, card in trick:
            index = compact.index_of[card]
            strength = power[led][index]
            if position.winner < 0 or strength > position.best:
                position.best = strength
                position.winner = seat
            position.trick.append(index)
            position.trick_seats.append(seat)
    position.tricks_left = position.hands[turn].bit_count()
    position.joker_leads = bool(joker_leads) and compact.joker >= 0
    position.play_id, position.joker_lead_id = _play_ids(rules)
    return position


# _TEAM_SEATS[teams][players][team]: the bit set of that team's seats.
_TEAM_SEATS = [
    [[sum(1 << seat for seat in range(players) if teams and seat % teams == team) for team in range(max(teams, 1))]
     for players in range(MAX_SEATS + 1)]
    for teams in range(MAX_SEATS + 1)
]


def _compact_names(position: Position, compact: int) -> list[str]:
    return hand_names(position.compact.to_cards(compact))


def move_name(position: Position, move: tuple[int, int]) -> str:
    """The canonical action string of a move."""
    card, suit = move
    if suit >= 0:
        return f"play:JK:{SUIT_LETTERS[suit]}"
    return "play:" + _compact_names(position, 1 << card)[0]


def _same_action(text: str, name: str) -> bool:
    """True when ``text`` names the action ``name`` (any case, any card notation)."""
    try:
        return canonical_action(text) == name
    except ValueError:
        return False


def describe(position: Position) -> dict[str, Any]:
    """A JSON-able description of a position, for messages and tests."""
    return {
        "turn": position.turn,
        "team": position.team,
        "tricks_left": position.tricks_left,
        "hands": [_compact_names(position, hand) for hand in position.hands],
        "trick": [_compact_names(position, 1 << card)[0] for card in position.trick],
    }


__all__ = ["CompactTables", "Position", "compact_tables", "describe", "move_name"]
