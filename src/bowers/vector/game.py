"""Many games stepped at once with array operations: ``VectorGame``.

Every lane is one game of the same variant and options.  The state of all lanes lives in numpy arrays (hands as bit
sets over deck positions, one entry per lane and seat), and a step applies each lane's action with a masked update
per phase: no Python loop runs over lanes except the shuffle of a new deal, which runs in C.  The rules come from
``Rules`` and the per-trump tables of ``bowers.tables``; the observation is the tensor of ``bowers.encoding`` and the
rewards those of ``bowers.rewards``, so a lane agrees with the scalar engine exactly (tests/vector checks it).
"""

from __future__ import annotations

import secrets
from typing import Any, Final, NamedTuple

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
    KIND_COUNT,
    ORDER,
    ORDER_SUIT,
    PARTNER,
    PASS,
    PLAY,
    PLAY_JOKER,
    TWOS_THREES,
    space_for,
)
from bowers.cards import JOKER
from bowers.encoding import PASS_SCALE, TARGET_SCALE, TURN_UP_STATES, Encoding
from bowers.errors import IllegalAction, OptionError, Refusal
from bowers.game import Game
from bowers.hand import (
    AUCTION_PHASE,
    DEFEND,
    DISCARD_PHASE,
    EXCHANGE,
    JAMBOREE_BONUS,
    JOKER_CALL,
    MAKER_CHOICE,
    OVER,
    PHASE_NAMES,
    PICKUP_CHOICE,
    PLAY_PHASE,
    REVIEW,
    ROUND_ONE,
    ROUND_TWO,
    TWOS_THREES_PHASE,
)
from bowers.rewards import check_reward
from bowers.tables import NO_TRUMP, trump_tables
from bowers.variants import AUCTION, JOKER_DEALER_NAMES, JOKER_NO_TRUMP, TWO_HAND, make_rules
from bowers.vector.deal import MAX_LANES, Dealer, episode_seed

SUPPORTED: Final = ("standard", "british", "two-hand", "railroad", "railroad-6", "ultimate", "bid", "bid-railroad")
"""The variants ``VectorGame`` plays: every variant bowers has; a variant added later raises ``OptionError`` until it is here."""

FACE_UP, TAKEN, TURNED_DOWN = (TURN_UP_STATES.index(state) for state in ("face-up", "taken", "turned-down"))


class VectorStep(NamedTuple):
    """What ``reset`` and ``step`` return, one row per lane (unpack it as a tuple).

    ``observation`` (lanes, size) float32 is the tensor of the seat to act (None when not observed); ``mask``
    (lanes, actions) bool its legal actions; ``to_act`` (lanes,) that seat; ``reward`` (lanes, seats) float32 what
    the step paid each seat; ``done`` (lanes,) bool whether the step ended the lane's episode (the lane has already
    started its next one: ``observation``, ``mask`` and ``to_act`` are the new episode's).
    """

    observation: np.ndarray | None
    mask: np.ndarray
    to_act: np.ndarray
    reward: np.ndarray
    done: np.ndarray


def _unpack(sets: np.ndarray, width: int) -> np.ndarray:
    """The low ``width`` bits of uint64 bit sets as bools: shape ``sets.shape + (width,)``, bit 0 first."""
    size = (width + 7) // 8
    data = np.ascontiguousarray(sets, dtype=np.uint64).view(np.uint8).reshape(*sets.shape, 8)[..., :size]
    return np.unpackbits(data, axis=-1, bitorder="little")[..., :width].view(np.bool_)


_NEVER: Final = 1 << 40  # the time of a renege that did not happen


def random_actions(mask: np.ndarray, generator: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action id per row of a (lanes, actions) mask, for random play and benchmarks."""
    counts = mask.sum(axis=1)
    pick = (generator.random(len(mask)) * counts).astype(np.int64)
    return (mask.cumsum(axis=1, dtype=np.int16) > pick[:, None]).argmax(axis=1)


_HISTORY: Final = 64  # the actions a lane's episode may record


class _Field(NamedTuple):
    """One array of the lanes' state: its name, its columns per lane (``""``: none, ``"players"``, ``"teams"``,
    ``"kitty"``, ``"history"``, ``"exchange"``), its dtype and its start value (a number, or ``"players"`` or
    ``"kitty_size"`` for the rules' count)."""

    name: str
    columns: str
    dtype: type
    start: int | str = 0


# The state a game keeps across its hands, or that each phase sets before it is read: filled once by ``reset``.
_GAME_FIELDS: Final = (
    _Field("episode", "", np.int64),
    _Field("hand_number", "", np.int64),
    _Field("scores", "teams", np.int64),
    _Field("dealer", "", np.int64),
    _Field("hands", "players", np.uint64),
    _Field("kitty", "kitty", np.int64),
    _Field("turn_up", "", np.int64, -1),
    _Field("up_state", "", np.int64),
    _Field("phase", "", np.int64),
    _Field("to_act", "", np.int64),
    _Field("defend_queue", "players", np.int64),
    _Field("exchange_queue", "exchange", np.int64),  # (giver, receiver) of a loner exchange
    _Field("points", "teams", np.int64),
    _Field("history", "history", np.int16),
    _Field("history_length", "", np.int64),
    _Field("review_next", "", np.int64),  # the next seat, from the dealer's left, asked in the review
    _Field("final_scores", "teams", np.int64),
    _Field("final_points", "teams", np.int64),
    _Field("final_tricks", "players", np.int64),
    _Field("final_history", "history", np.int16),
    _Field("final_length", "", np.int64, -1),  # -1: no episode finished yet
)

# The state of one hand: every new hand starts each lane's from these values (``_start_hand``).
_HAND_FIELDS: Final = (
    _Field("kitty_bottom", "", np.int64, "kitty_size"),  # the kitty's cards below this position are still there
    _Field("twos_next", "", np.int64),  # how many seats were asked for twos and threes
    _Field("returned", "players", np.uint64),
    _Field("claimed", "", np.int64),  # bit set of the seats that claimed a renege
    _Field("renege_at", "players", np.int64, _NEVER),  # when each seat first reneged
    _Field("auction_out", "", np.int64),
    _Field("jambone", "", np.bool_),
    _Field("chooser", "", np.int64, -1),  # the seat that chooses the Jambone hand's cards
    _Field("exchange_next", "", np.int64),
    _Field("exchange_count", "", np.int64),
    _Field("pending_sit_out", "", np.int64),
    _Field("given", "players", np.uint64),
    _Field("received", "players", np.uint64),
    _Field("jamboree", "", np.int64),  # bit set of the seats that showed one
    _Field("joker_leads", "", np.bool_),
    _Field("high_bidder", "", np.int64, -1),
    _Field("contract_level", "", np.int64),
    _Field("bid_index", "", np.int64, -1),
    _Field("bid_suit", "", np.int64, -1),
    _Field("turn", "", np.int64, -1),
    _Field("passes", "", np.int64),
    _Field("maker", "", np.int64, -1),
    _Field("trump", "", np.int64, -1),
    _Field("alone", "", np.bool_),
    _Field("lone_defender", "", np.int64, -1),
    _Field("sitting_out", "", np.int64),
    _Field("defend_next", "", np.int64),
    _Field("defend_count", "", np.int64),
    _Field("pickup", "", np.bool_),
    _Field("discarded", "players", np.uint64),
    _Field("pass_count", "players", np.int64),
    _Field("calls", "players", np.uint64),
    _Field("played", "players", np.uint64),
    _Field("trick_card", "players", np.int64, -1),
    _Field("trick_size", "", np.int64),
    _Field("led", "", np.int64, -1),
    _Field("best", "", np.int64),
    _Field("winner", "", np.int64, -1),
    _Field("leader", "", np.int64, -1),
    _Field("tricks_won", "players", np.int64),
    _Field("tricks_played", "", np.int64),
    _Field("active_count", "", np.int64, "players"),
)


class VectorGame:
    """``n`` games of one variant stepped together by action ids, each lane the scalar game its seed names.

    ``whole_game=False`` (default): an episode is one hand; ``True``: a game to the target.  ``reward`` is a mode of
    ``bowers.rewards`` (``net``, ``points``, ``win``).  ``observations=False`` makes ``step`` build no tensor by
    default (masks are always built).  Options are the variant's (``stick_the_dealer=True``...).  See docs/vector.md.
    """

    # The lanes' state, one array per field of ``_GAME_FIELDS`` and ``_HAND_FIELDS`` (made by ``_reset_all``).
    episode: np.ndarray
    hand_number: np.ndarray
    scores: np.ndarray
    dealer: np.ndarray
    hands: np.ndarray
    kitty: np.ndarray
    turn_up: np.ndarray
    up_state: np.ndarray
    phase: np.ndarray
    to_act: np.ndarray
    defend_queue: np.ndarray
    exchange_queue: np.ndarray
    points: np.ndarray
    history: np.ndarray
    history_length: np.ndarray
    review_next: np.ndarray
    final_scores: np.ndarray
    final_points: np.ndarray
    final_tricks: np.ndarray
    final_history: np.ndarray
    final_length: np.ndarray
    kitty_bottom: np.ndarray
    twos_next: np.ndarray
    returned: np.ndarray
    claimed: np.ndarray
    renege_at: np.ndarray
    auction_out: np.ndarray
    jambone: np.ndarray
    chooser: np.ndarray
    exchange_next: np.ndarray
    exchange_count: np.ndarray
    pending_sit_out: np.ndarray
    given: np.ndarray
    received: np.ndarray
    jamboree: np.ndarray
    joker_leads: np.ndarray
    high_bidder: np.ndarray
    contract_level: np.ndarray
    bid_index: np.ndarray
    bid_suit: np.ndarray
    turn: np.ndarray
    passes: np.ndarray
    maker: np.ndarray
    trump: np.ndarray
    alone: np.ndarray
    lone_defender: np.ndarray
    sitting_out: np.ndarray
    defend_next: np.ndarray
    defend_count: np.ndarray
    pickup: np.ndarray
    discarded: np.ndarray
    pass_count: np.ndarray
    calls: np.ndarray
    played: np.ndarray
    trick_card: np.ndarray
    trick_size: np.ndarray
    led: np.ndarray
    best: np.ndarray
    winner: np.ndarray
    leader: np.ndarray
    tricks_won: np.ndarray
    tricks_played: np.ndarray
    active_count: np.ndarray

    def __init__(
        self,
        variant: str = "standard",
        n: int = 1,
        seed: int | None = None,
        *,
        whole_game: bool = False,
        reward: str = "net",
        observations: bool = True,
        **options: Any,
    ) -> None:
        rules = make_rules(variant, **options)
        if rules.variant not in SUPPORTED:
            raise OptionError(f"VectorGame plays {', '.join(SUPPORTED)}; not {rules.variant}", "variant", SUPPORTED)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n < MAX_LANES:
            raise OptionError(f"n must be a whole number of lanes 1..{MAX_LANES - 1}, not {n!r}", "n", "1..2**24-1")
        if not isinstance(whole_game, bool):
            raise OptionError(f"whole_game must be True or False, not {whole_game!r}", "whole_game", "True, False")
        if seed is None:
            seed = secrets.randbits(63)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise OptionError(f"seed must be a whole number of at least 0, not {seed!r}", "seed", "0 or more")
        self.variant: str = rules.variant
        self.options: dict[str, Any] = dict(options)
        self.rules = rules
        self.n = n
        self.seed = seed
        self.whole_game = whole_game
        self.reward_mode = check_reward(reward, whole_game)
        self.observations = observations
        self.encoding = Encoding(rules.variant, **options)
        self._dealer = Dealer(rules)
        self._build_tables()
        self._rows = np.arange(n)
        self._reset_all()

    # ------------------------------------------------------------------ tables

    def _build_tables(self) -> None:
        rules = self.rules
        space = space_for(rules)
        deck = rules.deck
        size = len(deck)
        self.players = rules.players
        self.teams = rules.teams
        self.deck_size = size
        self.num_actions = len(space)
        first = space.first_id
        self._id = {kind: first[kind] for kind in range(KIND_COUNT)}  # the first id of each kind of action, -1: none
        assert [space.play_id[card] for card in deck] == list(range(first[PLAY], first[PLAY] + size))
        if first[DISCARD] >= 0:
            assert [space.discard_id[card] for card in deck] == list(range(first[DISCARD], first[DISCARD] + size))
        self._bid_count = space.bid_count
        self._bid_level = np.array(space.levels, dtype=np.int64)
        self._bid_suit = np.array(space.suits, dtype=np.int64)
        self._bit = np.left_shift(np.uint64(1), np.arange(size, dtype=np.uint64))
        # The cards of each kitty discard (``discard:C,C,C``), as bit sets, in id order.
        position = {card: d for d, card in enumerate(deck)}
        groups = [space.card_sets[i] for i in range(len(space)) if space.kinds[i] == DISCARD_KITTY]
        self._kitty_sets = np.array([sum(1 << position[card] for card in group) for group in groups], dtype=np.uint64)
        # The cards of each return of twos and threes (``twos-threes:C,C,C``), as bit sets, in id order.
        low = [space.card_sets[i] for i in range(len(space)) if space.kinds[i] == TWOS_THREES]
        self._twos_sets = np.array([sum(1 << position[card] for card in group) for group in low], dtype=np.uint64)
        # The cards each discard action removes from the hand (zero for the other actions).
        self._discard_bits = np.zeros(len(space), dtype=np.uint64)
        if first[DISCARD] >= 0:
            self._discard_bits[first[DISCARD] : first[DISCARD] + size] = self._bit
        if groups:
            self._discard_bits[first[DISCARD_KITTY] : first[DISCARD_KITTY] + len(groups)] = self._kitty_sets
        self._suit = np.array([card // 13 if card < 52 else -1 for card in deck], dtype=np.int64)
        # Per trump (C, D, H, S, no-trump): effective suit and trick power of each deck position, and suit masks.
        self._effective = np.zeros((5, size), dtype=np.int64)
        self._power = np.zeros((5, 4, size), dtype=np.int64)
        self._suit_mask = np.zeros((5, 5), dtype=np.uint64)
        self._top_trumps = np.zeros(5, dtype=np.uint64)  # the five highest trumps (a Jamboree), where there are five
        self._joker = deck.index(JOKER) if JOKER in deck else -1  # its deck position, for the no-trump Joker lead
        self._joker_bit = np.uint64(1 << self._joker) if self._joker >= 0 else np.uint64(0)
        self._joker_leads = rules.joker_turn_up == JOKER_NO_TRUMP and self._joker >= 0
        for trump in range(5):
            tables = trump_tables(deck, rules.trump_jokers, rules.left_above_right, trump)
            for d, card in enumerate(deck):
                self._effective[trump, d] = tables.effective_suit[card]
                for led in range(4):
                    self._power[trump, led, d] = tables.power[led][card]
                self._suit_mask[trump, tables.effective_suit[card]] |= self._bit[d]
            if tables.top_trumps:
                self._top_trumps[trump] = sum(self._bit[deck.index(card)] for card in tables.trump_order[:5])
        call_ids = self.encoding.call_ids
        self._call_column = np.full(self.num_actions, -1, dtype=np.int64)
        self._call_column[call_ids] = np.arange(len(call_ids))
        self._call_bit = np.zeros(self.num_actions, dtype=np.uint64)
        self._call_bit[call_ids] = np.left_shift(np.uint64(1), np.arange(len(call_ids), dtype=np.uint64))
        self._call_count = len(call_ids)
        self._relative = (np.arange(self.players)[:, None] + np.arange(self.players)[None, :]) % self.players
        self._relative_team = (np.arange(self.players)[:, None] + np.arange(self.teams)[None, :]) % self.teams
        self._partner = (np.arange(self.players) + self.players // 2) % self.players
        self._seat_team = np.arange(self.players) % self.teams
        self._lane_seats = np.arange(self.n)[:, None] * self.players  # flat index of each lane's seat 0
        self._lane_teams = np.arange(self.n)[:, None] * self.teams
        self._observation_tables()
        # The opponents of each seat from its left, the order in which they may defend alone.
        players, teams = self.players, self.teams
        defenders = [[(s + i) % players for i in range(1, players) if (s + i) % teams != s % teams] for s in range(players)]
        self._defenders = np.array(defenders, dtype=np.int64)
        # _next_table[out * players + seat]: the first seat to the left of ``seat`` not in the bit set ``out``.
        following = [
            next(((seat + i) % players for i in range(1, players + 1) if not out >> ((seat + i) % players) & 1), -1)
            for out in range(1 << players)
            for seat in range(players)
        ]
        self._next_table = np.array(following, dtype=np.int64)

    def _observation_tables(self) -> None:
        """Look-up tables of the tensor's values, each computed as ``Encoding.encode`` computes it."""
        rules, players = self.rules, self.players
        # _place[observer * (players + 1) + 1 + seat]: the seat's place relative to the observer; -1 for no seat.
        places = [[-1] + [(who - observer) % players for who in range(players)] for observer in range(players)]
        self._place = np.array(places, dtype=np.int64).reshape(-1)
        # The calls block of each set of a seat's calls (unpacked at each step instead where there are many calls).
        calls = np.arange(1 << min(self._call_count, 16), dtype=np.uint64)
        self._call_values = _unpack(calls, self._call_count).astype(np.float32) if self._call_count <= 16 else None
        self._level_values = np.minimum(1.0, np.arange(16) / rules.hand_size).astype(np.float32)
        self._pass_values = np.minimum(1.0, np.arange(64) / PASS_SCALE).astype(np.float32)
        self._trick_values = np.arange(64, dtype=np.float32) / np.float32(rules.hand_size)
        self._size_values = np.arange(65, dtype=np.float32) / np.float32(rules.hand_size + rules.kitty_size)
        # _sitting_values[sitting_out * players + observer]: the sitting-out block (relative seats) of a bit set.
        sitting = [
            [(out >> ((observer + i) % players)) & 1 for i in range(players)]
            for out in range(1 << players)
            for observer in range(players)
        ]
        self._sitting_values = np.array(sitting, dtype=np.float32)

    # ------------------------------------------------------------------ episodes and deals

    def _reset_all(self) -> None:
        """Every lane's state arrays, each filled with its start value, then each lane's first episode."""
        widths = {
            "": (),
            "players": (self.players,),
            "teams": (self.teams,),
            "kitty": (self.rules.kitty_size,),
            "history": (_HISTORY,),
            "exchange": (2, 2),
        }
        counts = {"kitty_size": self.rules.kitty_size, "players": self.players}
        for field in _GAME_FIELDS + _HAND_FIELDS:
            start = counts[field.start] if isinstance(field.start, str) else field.start
            setattr(self, field.name, np.full((self.n, *widths[field.columns]), start, dtype=field.dtype))
        self._hand_starts = [
            (field.name, counts[field.start] if isinstance(field.start, str) else field.start) for field in _HAND_FIELDS
        ]
        self._new_episodes(self._rows)

    def _new_episodes(self, lanes: np.ndarray) -> None:
        """Start each lane's next episode (``episode`` already counts it): a new game, its scores and first deal."""
        self.hand_number[lanes] = 0
        self.scores[lanes] = self.rules.initial_scores
        self.history_length[lanes] = 0
        dealers, hands, kitty = self._dealer.first_deal(self._seeds(lanes))
        self.dealer[lanes] = dealers
        self._start_hand(lanes, hands, kitty)

    def _seeds(self, lanes: np.ndarray) -> list[int]:
        return [episode_seed(self.seed, lane, k) for lane, k in zip(lanes.tolist(), self.episode[lanes].tolist(), strict=True)]

    def _deal(self, lanes: np.ndarray) -> None:
        """Deal each lane's hand ``hand_number`` by ``dealer`` (a game's later hands) and start it."""
        hands, kitty = self._dealer.deal(self._seeds(lanes), self.hand_number[lanes].tolist(), self.dealer[lanes])
        self._start_hand(lanes, hands, kitty)

    def _start_hand(self, lanes: np.ndarray, hands: np.ndarray, kitty: np.ndarray) -> None:
        """A new hand of these dealt cards in each lane: every field of the hand reset, then its first phase."""
        self.hands[lanes] = hands
        self.kitty[lanes] = kitty
        if self.rules.turn_up:
            self.turn_up[lanes] = kitty[:, 0]
            self.up_state[lanes] = FACE_UP
        for name, start in self._hand_starts:
            getattr(self, name)[lanes] = start
        if self.rules.twos_threes:
            self._next_twos_threes(lanes)
        else:
            self._start_bidding(lanes)

    def _next_twos_threes(self, lanes: np.ndarray) -> None:
        """Each seat from the dealer's left may return three twos and threes for the kitty's bottom cards."""
        asking = (self.twos_next[lanes] < self.players) & (self.kitty_bottom[lanes] - 1 >= 3)
        asked = lanes[asking]
        self.phase[asked] = TWOS_THREES_PHASE
        self.to_act[asked] = (self.dealer[asked] + 1 + self.twos_next[asked]) % self.players
        self.twos_next[asked] += 1
        self._start_bidding(lanes[~asking])

    def _start_bidding(self, lanes: np.ndarray) -> None:
        dealer = self.dealer[lanes]
        self.passes[lanes] = 0
        if self.rules.turn_up:
            joker_call = (self._suit[self.turn_up[lanes]] < 0) & (self.rules.joker_turn_up == JOKER_DEALER_NAMES)
            self.phase[lanes] = np.where(joker_call, JOKER_CALL, ROUND_ONE)
            self.to_act[lanes] = np.where(joker_call, dealer, (dealer + 1) % self.players)
        else:
            self.phase[lanes] = AUCTION_PHASE
            self.to_act[lanes] = (dealer + 1) % self.players

    def _twos_threes(self, lanes: np.ndarray, actions: np.ndarray) -> None:
        returning = actions != self._id[PASS]
        givers, actions = lanes[returning], actions[returning]
        seat = self.to_act[givers]
        group = self._twos_sets[actions - self._id[TWOS_THREES]]
        bottom = self.kitty_bottom[givers]
        taken = np.take_along_axis(self.kitty[givers], bottom[:, None] - 3 + np.arange(3), axis=1)
        self.hands[givers, seat] = (self.hands[givers, seat] & ~group) | self._bit[taken].sum(axis=1, dtype=np.uint64)
        self.kitty_bottom[givers] = bottom - 3
        self.returned[givers, seat] = group
        self._next_twos_threes(lanes)

    # ------------------------------------------------------------------ the public doors

    def reset(self, seed: int | None = None, observe: bool | None = None, out: np.ndarray | None = None) -> VectorStep:
        """Start every lane at its first episode again (of ``seed`` when given): the first decision of each."""
        self._check_out(out)
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
                raise OptionError(f"seed must be a whole number of at least 0, not {seed!r}", "seed", "0 or more")
            self.seed = seed
        self._reset_all()
        zero = np.zeros((self.n, self.players), dtype=np.float32)
        return self._view(zero, np.zeros(self.n, dtype=np.bool_), observe, out)

    def step(self, actions: Any, observe: bool | None = None, out: np.ndarray | None = None) -> VectorStep:
        """Apply one action id per lane (each legal for its lane's seat to act) and return what follows.

        An action that is not legal raises ``IllegalAction`` naming the first such lane, and changes nothing.
        ``observe`` overrides the constructor's ``observations`` for this step; ``out``, a C-contiguous float32 array
        of shape (lanes, size) such as a slice of a rollout buffer, receives the tensor (which is then returned as
        ``observation``) instead of a new array.
        """
        self._check_out(out)
        actions = np.asarray(actions)
        if actions.shape != (self.n,) or actions.dtype.kind not in "iu":
            raise IllegalAction(None, "actions", f"actions must be {self.n} integer action ids", Refusal.NOT_AN_ID)
        actions = actions.astype(np.int64, copy=False)
        mask = self._mask
        inside = (actions >= 0) & (actions < self.num_actions)
        legal = inside & mask[self._rows, np.where(inside, actions, 0)]
        if not legal.all():
            lane = int(np.flatnonzero(~legal)[0])
            action = int(actions[lane])
            name = self.encoding.action_names[action] if 0 <= action < self.num_actions else str(action)
            reason = f"not legal in lane {lane}"
            raise IllegalAction(int(self.to_act[lane]), name, reason, Refusal.NOT_LEGAL, {"lane": lane})
        self._record(actions)
        self._apply(actions)
        reward, done = self._finish_hands()
        return self._view(reward, done, observe, out)

    def _check_out(self, out: np.ndarray | None) -> None:
        shape = (self.n, self.encoding.size)
        if out is not None and not (
            isinstance(out, np.ndarray) and out.dtype == np.float32 and out.shape == shape and out.flags.c_contiguous
        ):
            raise OptionError(f"out must be a C-contiguous float32 array of shape {shape}", "out", f"float32 {shape}")

    @property
    def mask(self) -> np.ndarray:
        """The legal actions of every lane's seat to act, (lanes, actions) bool (read-only view)."""
        view = self._mask.view()
        view.flags.writeable = False
        return view

    def episode_seed(self, lane: int) -> int:
        """The scalar game seed of lane ``lane``'s current episode."""
        return episode_seed(self.seed, lane, int(self.episode[lane]))

    def game(self, lane: int) -> Game:
        """The scalar game of lane ``lane``'s current episode, rebuilt by replaying its seed and action ids."""
        return self._replay(self.episode_seed(lane), self.history[lane, : self.history_length[lane]])

    def finished_game(self, lane: int) -> Game | None:
        """The scalar game of lane ``lane``'s last finished episode (None before one has finished)."""
        length = int(self.final_length[lane])
        if length < 0:
            return None
        seed = episode_seed(self.seed, lane, int(self.episode[lane]) - 1)
        return self._replay(seed, self.final_history[lane, :length])

    def _replay(self, seed: int, actions: np.ndarray) -> Game:
        game = Game(self.variant, seed=seed, **self.options)
        for action in actions.tolist():
            game.step_id(action)
        return game

    # ------------------------------------------------------------------ applying actions

    def _record(self, actions: np.ndarray) -> None:
        length = self.history_length
        if int(length.max()) >= self.history.shape[1]:
            grown = np.zeros((self.n, 2 * self.history.shape[1]), dtype=np.int16)
            grown[:, : self.history.shape[1]] = self.history
            self.history = grown
        self.history.reshape(-1)[self._rows * self.history.shape[1] + length] = actions
        self.history_length = length + 1
        # Flat indices of (lane, seat to act): cheaper than indexing with two arrays.
        seat = self._lane_seats[:, 0] + self.to_act
        self.pass_count.reshape(-1)[seat] += actions == self._id[PASS]
        calls = self.calls.reshape(-1)
        calls[seat] |= self._call_bit[actions]

    def _apply(self, actions: np.ndarray) -> None:
        handlers = (
            (PLAY_PHASE, self._play),
            (ROUND_ONE, self._round_one),
            (ROUND_TWO, self._round_two),
            (JOKER_CALL, self._joker_call),
            (AUCTION_PHASE, self._auction),
            (MAKER_CHOICE, self._maker_choice),
            (DEFEND, self._defend),
            (DISCARD_PHASE, self._discard),
            (PICKUP_CHOICE, self._pickup_choice),
            (EXCHANGE, self._exchange),
            (TWOS_THREES_PHASE, self._twos_threes),
            (REVIEW, self._review),
        )
        groups = self._lanes_by_phase()
        chosen = [(groups[number], handler) for number, handler in handlers]
        for lanes, handler in chosen:
            if lanes.size:
                handler(lanes, actions[lanes])

    def _lanes_by_phase(self) -> list[np.ndarray]:
        """The lanes in each phase (indexed by phase number), each in ascending order: one sort for all phases."""
        order = np.argsort(self.phase, kind="stable")
        bounds = np.bincount(self.phase, minlength=len(PHASE_NAMES)).cumsum().tolist()
        return [order[start:stop] for start, stop in zip([0, *bounds[:-1]], bounds, strict=True)]

    def _round_one(self, lanes: np.ndarray, actions: np.ndarray) -> None:
        seat = self.to_act[lanes]
        passing = actions == self._id[PASS]
        if passing.any():
            passed = lanes[passing]
            count = self.passes[passed] + 1
            turned = count == self.players
            self.passes[passed] = np.where(turned, 0, count)
            self.phase[passed[turned]] = ROUND_TWO
            self.up_state[passed[turned]] = TURNED_DOWN
            self.to_act[passed] = (seat[passing] + 1) % self.players
        ordering = ~passing
        if ordering.any():
            ordered, seat = lanes[ordering], seat[ordering]
            suit = self._suit[self.turn_up[ordered]]
            # A turned-up Joker: no-trump (Railroad), or the orderer names trump (Ultimate's order:S).
            trump = np.where(suit < 0, NO_TRUMP, suit)
            if self._id[ORDER_SUIT] >= 0:
                named = actions[ordering] - self._id[ORDER_SUIT]
                trump = np.where(named >= 0, named, trump)
            if self.rules.bidding == TWO_HAND:
                choice = seat != self.dealer[ordered]
                chooser = ordered[choice]
                self.maker[chooser] = seat[choice]
                self.trump[chooser] = trump[choice]
                self.phase[chooser] = PICKUP_CHOICE
                self.to_act[chooser] = self.dealer[chooser]
                ordered, seat, trump = ordered[~choice], seat[~choice], trump[~choice]
            self._trump_fixed(ordered, seat, trump, pickup=True)

    def _round_two(self, lanes: np.ndarray, actions: np.ndarray) -> None:
        seat = self.to_act[lanes]
        passing = actions == self._id[PASS]
        if passing.any():
            passed = lanes[passing]
            count = self.passes[passed] + 1
            self.passes[passed] = count
            misdeal = passed[count == self.players]
            self.phase[misdeal] = OVER
            self.points[misdeal] = 0
            self.to_act[passed] = (seat[passing] + 1) % self.players
        calling = ~passing
        if calling.any():
            self._trump_fixed(lanes[calling], seat[calling], actions[calling] - self._id[CALL], pickup=False)

    def _auction(self, lanes: np.ndarray, actions: np.ndarray) -> None:
        seat = self.to_act[lanes]
        passing = actions == self._id[PASS]
        self.auction_out[lanes[passing]] |= 1 << seat[passing]
        bidding = lanes[~passing]
        bids = actions[~passing]
        self.high_bidder[bidding] = seat[~passing]
        self.contract_level[bidding] = self._bid_level[bids]
        self.bid_suit[bidding] = self._bid_suit[bids]
        self.bid_index[bidding] = bids - self._id[BID]
        out = self.auction_out[lanes]
        high = self.high_bidder[lanes]
        no_trump = ~passing & (self._bid_suit[actions] == NO_TRUMP)
        nobody = out == (1 << self.players) - 1
        won = no_trump | ((high >= 0) & (out | (1 << np.maximum(high, 0)) == (1 << self.players) - 1))
        misdeal = lanes[nobody & ~no_trump]
        self.phase[misdeal] = OVER
        self.points[misdeal] = 0
        winners = lanes[won]
        self._trump_fixed(winners, self.high_bidder[winners], self.bid_suit[winners], pickup=True)
        going = ~(won | nobody)
        self.to_act[lanes[going]] = self._next_active(seat[going], out[going])

    def _joker_call(self, lanes: np.ndarray, actions: np.ndarray) -> None:
        self._trump_fixed(lanes, self.to_act[lanes], actions - self._id[CALL], pickup=True)

    def _trump_fixed(self, lanes: np.ndarray, seat: np.ndarray, trump: np.ndarray, pickup: bool) -> None:
        self.maker[lanes] = seat
        self.trump[lanes] = trump
        self.pickup[lanes] = pickup
        if self.rules.can_go_alone:
            self.phase[lanes] = MAKER_CHOICE
            self.to_act[lanes] = seat
        else:
            self._advance(lanes)

    def _maker_choice(self, lanes: np.ndarray, actions: np.ndarray) -> None:
        alone = lanes[actions != self._id[PARTNER]]
        if alone.size:
            maker = self.maker[alone]
            self.alone[alone] = True
            jambone = alone[actions[actions != self._id[PARTNER]] == self._id[JAMBONE]]
            self.jambone[jambone] = True
            self.chooser[jambone] = (self.maker[jambone] + 1) % self.players
            self._partner_out(alone, maker)
            if self.rules.defend_alone:
                lone = alone[actions[actions != self._id[PARTNER]] == self._id[ALONE]]
                defenders = self._defenders[self.maker[lone]]
                self.defend_queue[lone, : defenders.shape[1]] = defenders
                self.defend_count[lone] = defenders.shape[1]
                self.defend_next[lone] = 0
        self._advance(lanes)

    def _partner_out(self, lanes: np.ndarray, seat: np.ndarray) -> None:
        """The partner of a seat playing alone sits out: at once, or after the loner exchange where there is one."""
        partner = self._partner[seat]
        if self.rules.loner_exchange:
            self.exchange_queue[lanes, 0, 0] = seat
            self.exchange_queue[lanes, 0, 1] = partner
            self.exchange_queue[lanes, 1, 0] = partner
            self.exchange_queue[lanes, 1, 1] = seat
            self.exchange_next[lanes] = 0
            self.exchange_count[lanes] = 2
            self.pending_sit_out[lanes] |= 1 << partner
        else:
            self.sitting_out[lanes] |= 1 << partner

    def _exchange(self, lanes: np.ndarray, actions: np.ndarray) -> None:
        step = self.exchange_next[lanes]
        giver = self.exchange_queue[lanes, step, 0]
        receiver = self.exchange_queue[lanes, step, 1]
        bit = self._bit[actions - self._id[GIVE]]
        self.hands[lanes, giver] &= ~bit
        self.hands[lanes, receiver] |= bit
        self.given[lanes, giver] |= bit
        self.received[lanes, receiver] |= bit
        self.exchange_next[lanes] = step + 1
        self._advance(lanes)

    def _defend(self, lanes: np.ndarray, actions: np.ndarray) -> None:
        self.defend_next[lanes] += 1
        defending = lanes[actions == self._id[DEFEND_ALONE]]
        if defending.size:
            seat = self.to_act[defending]
            self.lone_defender[defending] = seat
            self.defend_count[defending] = self.defend_next[defending]
            self._partner_out(defending, seat)
        self._advance(lanes)

    def _advance(self, lanes: np.ndarray) -> None:
        """After trump is fixed: the next card of a loner exchange, the next seat to defend alone, the pick-up, or play."""
        exchanging = self.exchange_next[lanes] < self.exchange_count[lanes]
        giving = lanes[exchanging]
        self.phase[giving] = EXCHANGE
        self.to_act[giving] = self.exchange_queue[giving, self.exchange_next[giving], 0]
        lanes = lanes[~exchanging]
        self.sitting_out[lanes] |= self.pending_sit_out[lanes]
        self.pending_sit_out[lanes] = 0
        waiting = self.defend_next[lanes] < self.defend_count[lanes]
        defending = lanes[waiting]
        self.phase[defending] = DEFEND
        self.to_act[defending] = self.defend_queue[defending, self.defend_next[defending]]
        lanes = lanes[~waiting]
        if self.rules.bidding == AUCTION:  # the declarer takes the kitty
            maker = self.maker[lanes]
            self.hands[lanes, maker] |= self._bit[self.kitty[lanes]].sum(axis=1, dtype=np.uint64)
            self.pickup[lanes] = False
            self.phase[lanes] = DISCARD_PHASE
            self.to_act[lanes] = maker
            return
        pickup = self.pickup[lanes]
        self.pickup[lanes] = False
        dealer = self.dealer[lanes]
        taking = pickup & ((self.sitting_out[lanes] >> dealer) & 1 == 0)
        takers = lanes[taking]
        self.hands[takers, dealer[taking]] |= self._bit[self.turn_up[takers]]
        self.up_state[takers] = TAKEN
        self.phase[takers] = DISCARD_PHASE
        self.to_act[takers] = dealer[taking]
        self._start_play(lanes[~taking])

    def _discard(self, lanes: np.ndarray, actions: np.ndarray) -> None:
        seat = self.to_act[lanes]
        bit = self._discard_bits[actions]
        self.hands[lanes, seat] &= ~bit
        self.discarded[lanes, seat] |= bit
        # A kitty discarded one card at a time: the declarer discards until the hand is back to its size.
        more = np.bitwise_count(self.hands[lanes, seat]) > self.rules.hand_size
        self._start_play(lanes[~more])

    def _pickup_choice(self, lanes: np.ndarray, actions: np.ndarray) -> None:
        taking = actions != self._id[DECLINE]
        takers = lanes[taking]
        seat = self.to_act[takers]
        bit = self._bit[actions[taking] - self._id[DISCARD]]
        self.hands[takers, seat] = (self.hands[takers, seat] | self._bit[self.turn_up[takers]]) & ~bit
        self.discarded[takers, seat] |= bit
        self.up_state[takers] = TAKEN
        self._advance(lanes)

    def _next_active(self, seat: np.ndarray, sitting_out: np.ndarray) -> np.ndarray:
        """The first seat to the left of ``seat`` that does not sit out (the auction: that has not passed)."""
        return np.take(self._next_table, sitting_out * self.players + seat)

    def _start_play(self, lanes: np.ndarray) -> None:
        if not lanes.size:
            return
        sitting_out = self.sitting_out[lanes]
        maker_left = self.alone[lanes] & (self.rules.alone_lead == "maker-left")
        start = np.where(maker_left, self.maker[lanes], self.dealer[lanes])
        leader = self.maker[lanes] if self.rules.bidding == AUCTION else self._next_active(start, sitting_out)
        self.active_count[lanes] = self.players - np.bitwise_count(sitting_out)
        self.phase[lanes] = PLAY_PHASE
        self.leader[lanes] = leader
        self.turn[lanes] = leader
        self.to_act[lanes] = self._chooser_for(lanes, leader)
        trump = self.trump[lanes]
        if self.rules.jamboree:
            top = self._top_trumps[trump]
            held = self.hands[lanes]
            showing = ((held & top[:, None]) == top[:, None]) & (top[:, None] != 0) & (trump[:, None] != NO_TRUMP)
            showing &= ((sitting_out[:, None] >> np.arange(self.players)) & 1) == 0
            self.jamboree[lanes] = (showing << np.arange(self.players)).sum(axis=1)
        self.joker_leads[lanes] = (trump == NO_TRUMP) & self._joker_leads

    def _chooser_for(self, lanes: np.ndarray, seat: np.ndarray) -> np.ndarray:
        """The seat that acts for ``seat``: the Jambone hand's cards are chosen by the maker's left-hand opponent."""
        if not self.rules.jambone:
            return seat
        return np.where(self.jambone[lanes] & (seat == self.maker[lanes]), self.chooser[lanes], seat)

    def _play(self, lanes: np.ndarray, actions: np.ndarray) -> None:
        if self.rules.reneges:  # a renege claimed during play: a right claim ends the hand, a wrong one changes turns
            claiming = actions == self._id[CLAIM_RENEGE]
            self._claim(lanes[claiming])
            lanes, actions = lanes[~claiming], actions[~claiming]
        card = actions - self._id[PLAY]
        named = np.full(lanes.size, -1)  # the suit a no-trump Joker names as it leads (``play:JK:S``)
        if self._id[PLAY_JOKER] >= 0:
            named = np.where(actions >= self._id[PLAY_JOKER], actions - self._id[PLAY_JOKER], -1)
            card = np.where(named >= 0, self._joker, card)
        seat = self.turn[lanes]
        place = lanes * self.players + seat  # flat index of (lane, seat) in the per-seat arrays
        bit = self._bit[card]
        if self.rules.reneges:  # a seat that does not follow suit while it could has reneged (first renege kept)
            led_mask = self._suit_mask[self.trump[lanes], np.maximum(self.led[lanes], 0)]
            held = self.hands[lanes, seat]
            reneging = (self.trick_size[lanes] > 0) & (bit & led_mask == 0) & (held & led_mask != 0)
            at = self.tricks_played[lanes] * self.players + self.trick_size[lanes]
            first = self.renege_at[lanes[reneging], seat[reneging]]
            self.renege_at[lanes[reneging], seat[reneging]] = np.minimum(first, at[reneging])
        hands, played = self.hands.reshape(-1), self.played.reshape(-1)
        hands[place] ^= bit
        played[place] |= bit
        self.trick_card.reshape(-1)[place] = card
        trump = self.trump[lanes]
        size = self.trick_size[lanes]
        leading = size == 0
        led = np.where(leading, np.where(named >= 0, named, self._effective[trump, card]), self.led[lanes])
        power = self._power[trump, led, card]
        better = leading | (power > self.best[lanes])
        best = np.where(better, power, self.best[lanes])
        winner = np.where(better, seat, self.winner[lanes])
        size = size + 1
        done = size == self.active_count[lanes]
        # A trick goes on: the next seat in play.
        going = ~done
        following = self._next_active(seat[going], self.sitting_out[lanes[going]])
        on = lanes[going]
        self.led[on] = led[going]
        self.best[on] = best[going]
        self.winner[on] = winner[going]
        self.trick_size[on] = size[going]
        self.turn[on] = following
        self.to_act[on] = self._chooser_for(on, following)
        # A trick is over: its winner leads the next, or the hand is scored.
        ended = lanes[done]
        if not ended.size:
            return
        taker = winner[done]
        self.tricks_won[ended, taker] += 1
        self.tricks_played[ended] += 1
        self.trick_card[ended] = -1
        self.trick_size[ended] = 0
        self.led[ended] = -1
        self.winner[ended] = taker
        more = self.tricks_played[ended] < self.rules.hand_size
        next_trick = ended[more]
        self.leader[next_trick] = taker[more]
        self.turn[next_trick] = taker[more]
        self.to_act[next_trick] = self._chooser_for(next_trick, taker[more])
        if self.rules.reneges:  # every seat in play may still claim a renege, from the dealer's left
            self.review_next[ended[~more]] = 0
            self._next_review(ended[~more])
        else:
            self._score(ended[~more])

    def _next_review(self, lanes: np.ndarray) -> None:
        """The next seat from the dealer's left, in play and with no claim made, asked to claim a renege; else score."""
        for _ in range(self.players):
            position = self.review_next[lanes]
            seat = (self.dealer[lanes] + 1 + position) % self.players
            passed = (position < self.players) & (((self.sitting_out[lanes] | self.claimed[lanes]) >> seat) & 1 == 1)
            self.review_next[lanes[passed]] += 1
        position = self.review_next[lanes]
        asking = position < self.players
        asked = lanes[asking]
        self.phase[asked] = REVIEW
        self.to_act[asked] = (self.dealer[asked] + 1 + position[asking]) % self.players
        self.review_next[asked] += 1
        self._score(lanes[~asking])

    def _review(self, lanes: np.ndarray, actions: np.ndarray) -> None:
        claiming = actions == self._id[CLAIM_RENEGE]
        right = self._claim(lanes[claiming])
        self._next_review(np.concatenate([lanes[~claiming], lanes[claiming][~right]]))

    def _claim(self, lanes: np.ndarray) -> np.ndarray:
        """Renege claims by each lane's seat to act; a right one (an opponent reneged) ends the hand with the penalty.

        Returns which claims were right.  The reneger is the opponent who reneged first; every team but its own scores.
        """
        seat = self.to_act[lanes]
        self.claimed[lanes] |= 1 << seat
        opponents = self._seat_team[None, :] != self._seat_team[seat][:, None]
        renege_at = np.where(opponents, self.renege_at[lanes], _NEVER)
        right = renege_at.min(axis=1) < _NEVER
        ended = lanes[right]
        reneger_team = self._seat_team[renege_at[right].argmin(axis=1)]
        alone = self.alone[ended] | (self.lone_defender[ended] >= 0)
        penalty = np.where(alone, self.rules.renege_penalty_alone, self.rules.renege_penalty)
        teams = np.arange(self.teams)[None, :]
        self.points[ended] = np.where(teams == reneger_team[:, None], 0, penalty[:, None])
        self.phase[ended] = OVER
        self.turn[ended] = -1
        return right

    def _score(self, lanes: np.ndarray) -> None:
        """The points of each finished hand, by the variant's scoring (``bowers.hand.hand_points``), Jamborees added."""
        rules, teams = self.rules, self.teams
        tricks = self.tricks_won[lanes]
        team_tricks = np.zeros((lanes.size, teams), dtype=np.int64)
        for seat in range(self.players):
            team_tricks[:, seat % teams] += tricks[:, seat]
        maker_team = self.maker[lanes] % teams
        makers = np.arange(teams)[None, :] == maker_team[:, None]
        taken = team_tricks[np.arange(lanes.size), maker_team]
        alone, jambone, lone_defence = self.alone[lanes], self.jambone[lanes], self.lone_defender[lanes] >= 0
        needed = self.contract_level[lanes] if rules.bidding == AUCTION else np.full(lanes.size, rules.tricks_to_make)
        made = (taken >= np.where(jambone, rules.hand_size, needed))[:, None]
        if rules.scoring == "ultimate":  # 5 points, 7 for a march (14 alone), 7 for a euchre
            made_points = np.where(taken == rules.hand_size, np.where(alone, 14, 7), 5)[:, None]
            points = np.where(makers, np.where(made, made_points, 0), np.where(made, 0, 7))
        elif rules.scoring == "railroad":
            per_trick = np.where(lone_defence, 3, np.where(alone, 2, 1))[:, None]
            made_points = np.where(makers, (np.where(alone, 2, 1) * taken)[:, None], 0)
            points = np.where(made, made_points, np.where(makers, 0, per_trick * team_tricks))
            points = np.where(jambone[:, None], np.where(made == makers, 28, 0), points)
        else:  # standard, two-hand and bid: 1 point, 2 for a march (4 alone), 2 for a euchre (4 against a lone defender)
            march = np.where(alone & (rules.scoring != "bid"), 4, 2)[:, None]
            euchred = np.where(lone_defence & (rules.scoring != "bid"), 4, 2)[:, None]
            made_points = np.where(taken[:, None] == rules.hand_size, march, 1)
            points = np.where(makers, np.where(made, made_points, 0), np.where(made, 0, euchred))
        jamboree = self.jamboree[lanes]
        for seat in range(self.players):
            points[:, seat % teams] += JAMBOREE_BONUS * ((jamboree >> seat) & 1)
        self.points[lanes] = points
        self.phase[lanes] = OVER
        self.turn[lanes] = -1

    # ------------------------------------------------------------------ ends of hands and episodes

    def _finish_hands(self) -> tuple[np.ndarray, np.ndarray]:
        """Score the hands that ended, pay the rewards, deal on or start new episodes; returns (reward, done)."""
        reward = np.zeros((self.n, self.players), dtype=np.float32)
        done = np.zeros(self.n, dtype=np.bool_)
        ended = np.flatnonzero(self.phase == OVER)
        if not ended.size:
            return reward, done
        points = self.points[ended]
        scores = self.scores[ended] + points
        self.scores[ended] = scores
        values = self._team_values(points)
        if self.whole_game:
            top = scores.max(axis=1)
            alone_at_top = (scores == top[:, None]).sum(axis=1) == 1
            over = (top >= self.rules.target) & alone_at_top
            if self.reward_mode == "win":
                winner = scores.argmax(axis=1)
                won = np.where(np.arange(self.teams)[None, :] == winner[:, None], 1.0, -1.0 / (self.teams - 1))
                values = values + np.where(over[:, None], won, 0.0)
        else:
            over = np.ones(ended.size, dtype=np.bool_)
        reward[ended] = values[:, self._seat_team]
        going_on = ended[~over]
        if going_on.size:
            self.hand_number[going_on] += 1
            self.dealer[going_on] = (self.dealer[going_on] + 1) % self.players
            self._deal(going_on)
        finished = ended[over]
        if finished.size:
            done[finished] = True
            self.final_scores[finished] = self.scores[finished]
            self.final_points[finished] = self.points[finished]
            self.final_tricks[finished] = self.tricks_won[finished]
            if self.final_history.shape[1] != self.history.shape[1]:
                grown = np.zeros(self.history.shape, dtype=np.int16)
                grown[:, : self.final_history.shape[1]] = self.final_history
                self.final_history = grown
            self.final_history[finished] = self.history[finished]
            self.final_length[finished] = self.history_length[finished]
            self.episode[finished] += 1
            self._new_episodes(finished)
        return reward, done

    def _team_values(self, points: np.ndarray) -> np.ndarray:
        """``bowers.rewards.team_values`` of each row of team points."""
        if self.reward_mode == "points":
            return points.astype(np.float64)
        if self.reward_mode == "win":
            return np.zeros(points.shape, dtype=np.float64)
        total = points.sum(axis=1, keepdims=True)
        return points - (total - points) / (self.teams - 1)

    # ------------------------------------------------------------------ masks and observations

    def _view(self, reward: np.ndarray, done: np.ndarray, observe: bool | None, out: np.ndarray | None) -> VectorStep:
        self._mask = self._legal()
        wanted = out is not None or (self.observations if observe is None else observe)
        observation = self._observe(out) if wanted else None
        return VectorStep(observation, self.mask, self.to_act.copy(), reward, done)

    def _legal(self) -> np.ndarray:
        mask = np.zeros((self.n, self.num_actions), dtype=np.bool_)
        ids = self._id
        groups = self._lanes_by_phase()
        size = self.deck_size
        lanes = groups[PLAY_PHASE]
        if lanes.size:
            held = np.take(self.hands, lanes * self.players + self.turn[lanes])
            led = self.led[lanes]
            follow = held & self._suit_mask[self.trump[lanes], np.maximum(led, 0)]
            must_follow = (led >= 0) & (follow != 0)
            if self.rules.reneges:  # any card may be played, but the Jambone hand (face up) follows suit
                must_follow &= self.jambone[lanes] & (self.turn[lanes] == self.maker[lanes])
                unclaimed = (self.claimed[lanes] >> self.turn[lanes]) & 1 == 0
                mask[lanes, ids[CLAIM_RENEGE]] = unclaimed & (self.to_act[lanes] == self.turn[lanes])
            playable = np.where(must_follow, follow, held)
            if self._joker_leads:  # a no-trump Joker leads with a suit named: play:JK:S instead of play:JK
                naming = self.joker_leads[lanes] & (led < 0) & (held & self._joker_bit != 0)
                playable = np.where(naming, playable & ~self._joker_bit, playable)
                mask[lanes, ids[PLAY_JOKER] : ids[PLAY_JOKER] + 4] = naming[:, None]
            mask[lanes, ids[PLAY] : ids[PLAY] + size] = _unpack(playable, size)
        lanes = groups[ROUND_ONE]
        mask[lanes, ids[PASS]] = True
        if ids[ORDER_SUIT] >= 0:  # a turned-up Joker: the orderer names the suit
            naming = self._suit[self.turn_up[lanes]] < 0
            mask[lanes, ids[ORDER]] = ~naming
            mask[lanes, ids[ORDER_SUIT] : ids[ORDER_SUIT] + 4] = naming[:, None]
        else:
            mask[lanes, ids[ORDER]] = True
        lanes = groups[TWOS_THREES_PHASE]
        if lanes.size:
            mask[lanes, ids[PASS]] = True
            held = self.hands[lanes, self.to_act[lanes]]
            fits = (self._twos_sets[None, :] & ~held[:, None]) == 0
            mask[lanes, ids[TWOS_THREES] : ids[TWOS_THREES] + len(self._twos_sets)] = fits
        lanes = groups[ROUND_TWO]
        if lanes.size:
            stuck = (self.to_act[lanes] == self.dealer[lanes]) & self.rules.stick_the_dealer
            mask[lanes, ids[PASS]] = ~stuck
            mask[lanes, ids[CALL] : ids[CALL] + 4] = np.arange(4)[None, :] != self._suit[self.turn_up[lanes]][:, None]
        lanes = groups[JOKER_CALL]
        mask[lanes, ids[CALL] : ids[CALL] + 4] = True
        lanes = groups[MAKER_CHOICE]
        mask[lanes, ids[PARTNER]] = True
        mask[lanes, ids[ALONE]] = True
        if ids[JAMBONE] >= 0:
            mask[lanes, ids[JAMBONE]] = True
        lanes = groups[EXCHANGE]
        if lanes.size:
            mask[lanes, ids[GIVE] : ids[GIVE] + size] = _unpack(self.hands[lanes, self.to_act[lanes]], size)
        lanes = groups[REVIEW]
        mask[lanes, ids[PASS]] = True
        mask[lanes, ids[CLAIM_RENEGE]] = True
        lanes = groups[DEFEND]
        mask[lanes, ids[PASS]] = True
        mask[lanes, ids[DEFEND_ALONE]] = True
        lanes = groups[AUCTION_PHASE]
        if lanes.size:
            mask[lanes, ids[PASS]] = True
            higher = np.arange(self._bid_count)[None, :] > self.bid_index[lanes][:, None]
            mask[lanes, ids[BID] : ids[BID] + self._bid_count] = higher
        lanes = groups[DISCARD_PHASE]
        if lanes.size and ids[DISCARD_KITTY] >= 0:
            held = self.hands[lanes, self.to_act[lanes]]
            fits = (self._kitty_sets[None, :] & ~held[:, None]) == 0
            mask[lanes, ids[DISCARD_KITTY] : ids[DISCARD_KITTY] + len(self._kitty_sets)] = fits
        elif lanes.size:
            held = self.hands[lanes, self.to_act[lanes]]
            if not self.rules.discard_turn_up:
                keep = np.where(self.up_state[lanes] == TAKEN, self._bit[self.turn_up[lanes]], np.uint64(0))
                held = held & ~keep
            mask[lanes, ids[DISCARD] : ids[DISCARD] + size] = _unpack(held, size)
        lanes = groups[PICKUP_CHOICE]
        if lanes.size:
            held = self.hands[lanes, self.to_act[lanes]]
            if self.rules.discard_turn_up:
                held = held | self._bit[self.turn_up[lanes]]
            mask[lanes, ids[DISCARD] : ids[DISCARD] + size] = _unpack(held, size)
            mask[lanes, ids[DECLINE]] = True
        return mask

    def _observe(self, out: np.ndarray | None = None) -> np.ndarray:
        """The encoding's tensor of every lane's seat to act (``Encoding.encode`` of its observation), in ``out``
        when given (else a new array)."""
        blocks = self.encoding.blocks
        n, players, size = self.n, self.players, self.deck_size
        width = self.encoding.size
        seat = self.to_act
        # Per-seat state seen from the seat to act: flat indices of (lane, absolute seat at each relative place).
        relative = np.take(self._relative, seat, axis=0)
        seats = self._lane_seats + relative
        if out is None:
            tensor = np.zeros((n, width), dtype=np.float32)
        else:
            tensor = out
            tensor.fill(0.0)
        base = self._rows * width
        ones = [base + blocks["to_act"].start, base + blocks["phase"].start + self.phase]  # flat indices of ones
        seat_places = seat * (players + 1) + 1  # + a seat (or -1 for none): the index of its place in _place

        def span(name: str) -> np.ndarray:
            block = blocks[name]
            return tensor[:, block.start : block.stop]

        def one_hot(name: str, column: np.ndarray) -> None:
            present = np.flatnonzero(column >= 0)
            ones.append(base[present] + blocks[name].start + column[present])

        def seat_hot(name: str, who: np.ndarray) -> None:
            one_hot(name, np.take(self._place, seat_places + who))

        # Every bit-set block in one look-up: the seat's hand and discards, then the cards each seat played.
        own = self._rows * players + seat
        sets = [np.take(self.hands, own)[:, None]]
        if "discarded" in blocks:
            sets.append(np.take(self.discarded, own)[:, None])
        sets.append(np.take(self.played, seats))
        cards = _unpack(np.concatenate(sets, axis=1), size)
        span("hand")[:] = cards[:, 0]
        if "discarded" in blocks and blocks["discarded"].stop == blocks["played"].start:  # one copy for both
            tensor[:, blocks["discarded"].start : blocks["played"].stop] = cards[:, 1:].reshape(n, -1)
        else:
            if "discarded" in blocks:
                span("discarded")[:] = cards[:, 1]
            span("played")[:] = cards[:, -players:].reshape(n, -1)
        calls = np.take(self.calls, seats)
        if self._call_values is None:
            span("calls")[:] = _unpack(calls, self._call_count).reshape(n, -1)
        else:
            span("calls")[:] = np.take(self._call_values, calls, axis=0).reshape(n, -1)
        span("passes")[:] = np.take(self._pass_values, np.take(self.pass_count, seats))
        span("alone")[:, 0] = self.alone
        span("tricks_won")[:] = np.take(self._trick_values, np.take(self.tricks_won, seats))
        span("hand_sizes")[:] = np.take(self._size_values, np.bitwise_count(np.take(self.hands, seats)))
        span("sitting_out")[:] = np.take(self._sitting_values, self.sitting_out * players + seat, axis=0)
        target = self.rules.target
        scores = np.take(self.scores, self._lane_teams + np.take(self._relative_team, seat, axis=0))
        span("scores")[:] = np.clip(scores.astype(np.float32) / np.float32(target), 0.0, 1.0)
        span("target")[:] = min(1.0, target / TARGET_SCALE)
        if "turn_up" in blocks:  # every hand of these variants turns a card up
            ones.append(base + blocks["turn_up"].start + self.turn_up)
            ones.append(base + blocks["turn_up_state"].start + self.up_state)
        one_hot("trump", self.trump)
        seat_hot("maker", self.maker)
        if "lone_defender" in blocks:
            seat_hot("lone_defender", self.lone_defender)
        if "jambone" in blocks:
            span("jambone")[:, 0] = self.jambone
            showing = self.jambone & (self.phase >= PLAY_PHASE)
            exposed = np.where(showing, np.take(self.hands, self._rows * players + np.maximum(self.maker, 0)), 0)
            span("exposed")[:] = _unpack(exposed, size)
            span("playing_for")[:, 0] = self.jambone & (self.turn == self.maker)
        if "jamboree" in blocks:
            span("jamboree")[:] = np.take(self._sitting_values, self.jamboree * players + seat, axis=0)
        if "twos_threes" in blocks:
            span("twos_threes")[:] = _unpack(np.take(self.returned, seats), size).reshape(n, -1)
        if "given" in blocks:
            span("given")[:] = _unpack(np.take(self.given, own), size)
            span("received")[:] = _unpack(np.take(self.received, own), size)
        if "high_bidder" in blocks:
            seat_hot("high_bidder", self.high_bidder)
            span("contract_level")[:, 0] = np.take(self._level_values, self.contract_level)
        trick = np.take(self.trick_card, seats)
        lane, where = np.nonzero(trick >= 0)
        ones.append(base[lane] + blocks["trick"].start + where * size + trick[lane, where])
        seat_hot("leader", self.leader)
        ones.append(base + blocks["dealer"].start + np.take(self._place, seat_places + self.dealer))
        seat_hot("turn", self.turn)
        tensor.reshape(-1)[np.concatenate(ones)] = 1.0
        return tensor

    def phase_names(self) -> list[str]:
        """The phase of each lane's hand, as the engine names it (``round-1``, ``play``...)."""
        return [PHASE_NAMES[phase] for phase in self.phase.tolist()]
