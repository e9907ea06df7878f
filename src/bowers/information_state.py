"""Every seat's information-state tensor and the legal-action mask, kept current from the engine's state.

``InformationStateWriter`` is the fast path of ``bowers.encoding.InformationStateEncoding``: where ``encode``
builds one seat's tensor from the observation dict, the writer follows the hand in progress action by action
and sets only the values each action changes, in arrays the caller reads (``InformationStateEncoding.writer``
makes them).  It is compiled with the engine; its output equals ``encode(game.observation(seat))`` for every
seat and ``mask(game.observation(game.to_act))`` (tests/rl/test_perfect_recall.py compares them).  It reads the
engine's state, and writes into each seat's tensor only what that seat may see.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bowers.actions import CLAIM_RENEGE, DISCARD, DISCARD_KITTY, GIVE, PLAY, PLAY_JOKER, TWOS_THREES
from bowers.hand import DISCARD_PHASE, OVER, PLAY_PHASE, Hand
from bowers.variants import AUCTION, Rules

if TYPE_CHECKING:
    from bowers.game import Game


class InformationStateWriter:
    """Keeps ``tensors`` (one row per seat) and ``mask`` (the seat to act's legal actions) current with a game.

    Built by ``InformationStateEncoding.writer()``, which gives it the layout as numbers and the buffers to write:
    ``update(game)`` after each action (or after any change, a new game of the same rules included) brings both
    up to date.
    """

    def __init__(
        self,
        rules: Rules,
        layout: dict[str, int],
        marks: list[tuple[int, ...]],
        hidden_marks: list[tuple[int, ...]],
        card_sets: list[tuple[int, ...]],
        card_index: list[int],
        arrays: tuple[object, object],
        views: tuple[Any, Any],
        refill: Callable[[], None],
    ) -> None:
        self.rules = rules
        self.players = layout["players"]
        self.teams = layout["teams"]
        self.size = layout["size"]
        self.deck = layout["deck"]
        self.width = layout["width"]
        self.actor_column = layout["actor_column"]
        self.slots = layout["slots"]
        self.hand_start = layout["hand"]
        self.held_start = layout["held"]
        self.from_kitty_start = layout["from_kitty"]
        self.auction = rules.bidding == AUCTION
        self.turn_up_start = layout["turn_up"]
        self.dealer_start = layout["dealer"]
        self.actions_start = layout["actions"]
        self.discarded_start = layout["discarded"]
        self.exchanged_start = layout["exchanged"]
        self.twos_threes_start = layout["twos_threes"]
        self.exposed_start = layout["exposed"]
        self.jamboree_start = layout["jamboree"]
        self.played_start = layout["played"]
        self.leaders_start = layout["leaders"]
        self.joker_led_start = layout["joker_led"]
        self.claimed_start = layout["claimed_after"]
        self.claim_width = layout["claim_width"]
        self.trump_start = layout["trump"]
        self.maker_start = layout["maker"]
        self.to_act_start = layout["to_act"]
        self.phase_start = layout["phase"]
        self.scores_start = layout["scores"]
        self.target_scale = float(layout["target_scale"])
        self.target = 1.0  # the game's target, read when a hand starts
        self.target_start = layout["target"]
        self.marks = marks  # by action id: the columns of its row in the actions block (as its taker sees it)
        self.hidden_marks = hidden_marks  # by action id: the columns as a seat that did not see its card sees it
        self.card_sets = card_sets  # by action id: the deck indices of the cards it names
        self.card_index = card_index  # by card: its deck index
        self.tensors, self.mask = arrays  # for the caller: every seat's tensor (a row each) and the mask
        self.out: Any = views[0]  # the same memory as flat buffers, cheaper to write one value at a time
        self.mask_out: Any = views[1]
        self.refill = refill  # zeroes every tensor at once
        self.hand: Hand | None = None
        self.done = 0
        self.plays = 0
        self.slot = 0
        self.gives = 0
        self.leaders = 0
        self.jamboree_shown = False
        self.returners = 0  # seats that have returned twos and threes this hand (each took three from the kitty)
        self.kitty_taken = False  # an auction's declarer has taken the kitty
        self.discards: list[int] = []
        self.hand_bits: list[int] = []
        self.held_bits: list[int] = []
        self.exposed_bits = 0
        self.written: list[int] = []  # trump, maker, to_act, phase: the column (or seat) each shows, -1 for none
        self.legal: list[int] = []

    def update(self, game: Game) -> None:
        """Bring every seat's tensor and the mask up to date with ``game`` (its hand in progress)."""
        hand = game.hand
        history = hand.history
        if hand is not self.hand or len(history) < self.done:
            self._start(game, hand)
        players = self.players
        out = self.out
        space_kinds = hand.space.kinds
        space_cards = hand.space.cards
        space_suits = hand.space.suits
        done = self.done
        while done < len(history):
            actor = history[done]
            action = history[done + 1]
            done += 2
            kind = space_kinds[action]
            if kind in (PLAY, PLAY_JOKER):
                self._play(hand, space_cards[action], space_suits[action] if kind == PLAY_JOKER else -1)
            else:
                self._setup_action(hand, actor, action, kind)
        self.done = done
        leaders = hand.trick_leaders
        count = len(leaders)
        if hand.phase == OVER:  # a hand that ended in a trick (a renege claim) shows no leader for the next one
            count = min(count, hand.tricks_played + (1 if hand.trick_cards else 0))
        while self.leaders != count:
            shown = self.leaders < count
            number = self.leaders if shown else self.leaders - 1
            row = self.leaders_start + number * players
            leader = leaders[number]
            for seat in range(players):
                out[seat * self.size + row + (leader - seat) % players] = 1.0 if shown else 0.0
            self.leaders = number + 1 if shown else number
        if self.auction and not self.kitty_taken and hand.maker >= 0 and hand.phase >= DISCARD_PHASE:
            self.kitty_taken = True
            self._take(hand.maker, hand.kitty)
        self._sync_cards(hand)
        over = game.is_over
        self._show(0, hand.trump, False)
        self._show(1, hand.maker, True)
        to_act = hand.to_act
        self._show(2, -1 if over or to_act is None else to_act, True)
        self._show(3, OVER if over else hand.phase, False)
        if over:
            self._write_scores(game)
        mask = self.mask_out
        for action in self.legal:
            mask[action] = 0
        self.legal = [] if over else hand.legal_ids()
        for action in self.legal:
            mask[action] = 1

    def _start(self, game: Game, hand: Hand) -> None:
        """Zero every tensor and write what a hand shows from its deal: the dealer, the turn-up, the scores."""
        if game.rules is not self.rules and game.rules != self.rules:
            raise ValueError(f"this writer follows {self.rules.variant} games with {self.rules.json_options()}, not this game")
        self.refill()
        for action in self.legal:
            self.mask_out[action] = 0
        self.legal = []
        players = self.players
        self.hand = hand
        self.done = self.plays = self.slot = self.gives = self.leaders = 0
        self.jamboree_shown = False
        self.returners = 0
        self.kitty_taken = False
        self.discards = [0] * players
        self.hand_bits = [0] * players
        self.held_bits = [0] * players
        self.exposed_bits = 0
        self.written = [-1, -1, -1, -1]
        out = self.out
        self.target = float(game.rules.target)
        target = min(1.0, self.target / self.target_scale)
        for seat in range(players):
            base = seat * self.size
            out[base + self.dealer_start + (hand.dealer - seat) % players] = 1.0
            if self.turn_up_start >= 0 and hand.turn_up >= 0:
                out[base + self.turn_up_start + self.card_index[hand.turn_up]] = 1.0
            out[base + self.target_start] = target
        self._write_scores(game)

    def _write_scores(self, game: Game) -> None:
        scores = game.scores
        out = self.out
        teams = self.teams
        for seat in range(self.players):
            base = seat * self.size + self.scores_start
            for team in range(teams):
                value = scores[(seat + team) % teams] / self.target
                out[base + team] = 0.0 if value < 0.0 else (1.0 if value > 1.0 else value)

    def _play(self, hand: Hand, card: int, named_suit: int) -> None:
        """A card played: in every seat's ``played`` block, credited to the seat whose hand it came from."""
        players = self.players
        active = hand.active_count
        trick = self.plays // active
        owner = hand.trick_leaders[trick]
        for _ in range(self.plays % active):
            owner = hand.next_active[owner]
        index = self.card_index[card]
        out = self.out
        row = self.played_start + trick * players * self.deck + index
        for seat in range(players):
            out[seat * self.size + row + ((owner - seat) % players) * self.deck] = 1.0
            if named_suit >= 0:
                out[seat * self.size + self.joker_led_start + trick * 4 + named_suit] = 1.0
        self._hold(owner, index)
        self.plays += 1

    def _hold(self, seat: int, index: int) -> None:
        bit = 1 << index
        if not self.held_bits[seat] & bit:
            self.held_bits[seat] |= bit
            self.out[seat * self.size + self.held_start + index] = 1.0

    def _setup_action(self, hand: Hand, actor: int, action: int, kind: int) -> None:
        """An action other than a play: a row of every seat's ``actions`` block, and the cards it named to those who saw them."""
        players = self.players
        if self.slot == self.slots:
            raise ValueError(f"a hand holds more than {self.slots} actions besides plays")
        out = self.out
        row = self.actions_start + self.slot * self.width
        self.slot += 1
        cards = self.card_sets[action]
        receiver = -1
        if kind == GIVE:
            receiver = hand.exchanges[self.gives][1]
        for seat in range(players):
            base = seat * self.size
            saw = True
            if kind in (DISCARD, DISCARD_KITTY):
                saw = seat == actor
            elif kind == GIVE:
                saw = seat in (actor, receiver)
            for mark in self.marks[action] if saw else self.hidden_marks[action]:
                out[base + row + mark] = 1.0
            out[base + row + self.actor_column + (actor - seat) % players] = 1.0
            if kind == CLAIM_RENEGE:
                out[base + self.claimed_start + ((actor - seat) % players) * self.claim_width + self.plays] = 1.0
            elif kind == TWOS_THREES:
                for index in cards:
                    out[base + self.twos_threes_start + ((actor - seat) % players) * self.deck + index] = 1.0
            elif kind == GIVE and saw:
                out[base + self.exchanged_start + self.gives * self.deck + cards[0]] = 1.0
        if kind in (DISCARD, DISCARD_KITTY):
            row = self.discarded_start + self.discards[actor] * self.deck
            for index in cards:
                out[actor * self.size + row + index] = 1.0
                self._hold(actor, index)
            self.discards[actor] += 1
        elif kind == GIVE:
            self._hold(actor, cards[0])
            self.gives += 1
        elif kind == TWOS_THREES:
            for index in cards:
                self._hold(actor, index)
            bottom = len(hand.kitty) - 3 * self.returners
            self._take(actor, hand.kitty[bottom - 3 : bottom])
            self.returners += 1

    def _take(self, seat: int, cards: list[int]) -> None:
        """Cards ``seat`` took from the kitty, unseen by the others: its ``from_kitty`` block."""
        base = seat * self.size + self.from_kitty_start
        for card in cards:
            self.out[base + self.card_index[card]] = 1.0

    def _sync_cards(self, hand: Hand) -> None:
        """Each seat's ``hand`` and ``held`` blocks from its cards now; the shown Jambone hand and Jamboree."""
        out = self.out
        index_of = self.card_index
        players = self.players
        for seat in range(players):
            now = hand.hands[seat]
            changed = now ^ self.hand_bits[seat]
            if changed:
                self.hand_bits[seat] = now
                base = seat * self.size
                while changed:
                    low = changed & -changed
                    card = low.bit_length() - 1
                    changed ^= low
                    index = index_of[card]
                    out[base + self.hand_start + index] = 1.0 if now & low else 0.0
                    if now & low:
                        self._hold(seat, index)
        if self.exposed_start >= 0:
            shown = hand.hands[hand.maker] if hand.jambone and hand.phase >= PLAY_PHASE else 0
            changed = shown ^ self.exposed_bits
            self.exposed_bits = shown
            while changed:
                low = changed & -changed
                changed ^= low
                index = index_of[low.bit_length() - 1]
                for seat in range(players):
                    out[seat * self.size + self.exposed_start + index] = 1.0 if shown & low else 0.0
        if self.jamboree_start >= 0 and hand.jamboree and not self.jamboree_shown:
            self.jamboree_shown = True
            for who in hand.jamboree:
                for seat in range(players):
                    out[seat * self.size + self.jamboree_start + (who - seat) % players] = 1.0

    def _show(self, block: int, value: int, relative: bool) -> None:
        """A one-hot block that shows the current trump, maker, seat to act or phase (-1: none), in every tensor."""
        written = self.written[block]
        if written == value:
            return
        self.written[block] = value
        start = (self.trump_start, self.maker_start, self.to_act_start, self.phase_start)[block]
        out = self.out
        players = self.players
        for seat in range(players):
            base = seat * self.size + start
            if written >= 0:
                out[base + ((written - seat) % players if relative else written)] = 0.0
            if value >= 0:
                out[base + ((value - seat) % players if relative else value)] = 1.0
