"""Differential test: bowers ``standard`` against OpenSpiel's ``euchre``.

Both engines play the same random deals with the same random choices, and at
every decision the seat to act and the set of legal actions must agree (in the
bowers notation); at the end the points (and tricks, maker, alone) must agree.

OpenSpiel (``open_spiel/games/euchre/euchre.cc``) differs from the bowers rules
in three known ways, which are mapped here and nowhere else:

* its dealer picks up and discards right after a round-1 order, *before* the
  maker's alone/partner decision (bowers: the decision first, then the discard);
* it forbids discarding the turn-up (bowers allows it), so bowers' discard set is
  OpenSpiel's plus the turn-up, and the random discard is drawn from OpenSpiel's;
* its dealer picks up and discards even when sitting out as the partner of a lone
  maker (bowers: the turn-up is not picked up and there is no discard step).

Seats: OpenSpiel players 0-3 (N, E, S, W) are clockwise, as bowers seats are,
and the left of player p is p + 1 in both, so seat s is OpenSpiel player s.
OpenSpiel's chance actions deal the dealer first (action = seat), then 20 cards
one at a time to dealer, dealer + 1, ... round and round, then the up-card; its
card id is ``rank * 4 + suit`` with ranks 9 T J Q K A and suits C D H S.
Its actions: 0-23 cards (discard or play), 24 pass, 25-28 trump C D H S (an
order in round 1, a call in round 2), 29 alone, 30 partner.
"""

from __future__ import annotations

import random
from functools import cache

import pyspiel
import pytest

import bowers

RANKS = "9TJQKA"
SUITS = "CDHS"
DECK = [rank + suit for rank in RANKS for suit in SUITS]  # index = OpenSpiel card id
PASS, ALONE, PARTNER = 24, 29, 30
FIRST_TRUMP_ACTION = 25
PHASE = pyspiel.euchre.Phase

DEALS = 500  # per stick_the_dealer setting
PASS_BIASES = (0.5, 0.5, 0.8, 0.95)  # chance of passing when passing is legal, drawn per deal


def card_id(name: str) -> int:
    """OpenSpiel card id of a card in bowers notation."""
    return RANKS.index(name[0]) * 4 + SUITS.index(name[1])


@cache
def openspiel_game(stick_the_dealer: bool) -> pyspiel.Game:
    return pyspiel.load_game("euchre", {"stick_the_dealer": stick_the_dealer, "allow_lone_defender": False})


@cache
def bowers_actions(stick_the_dealer: bool) -> list[str]:
    return bowers.action_space("standard", stick_the_dealer=stick_the_dealer)


def to_common(state: pyspiel.State, action: int) -> str:
    """An OpenSpiel euchre action in the bowers notation, read in the state it is legal in."""
    if action == PASS:
        return "pass"
    if action == ALONE:
        return "alone"
    if action == PARTNER:
        return "partner"
    if FIRST_TRUMP_ACTION <= action < FIRST_TRUMP_ACTION + 4:
        # Round 1 offers only the turn-up's suit: that is an order.
        return "order" if state.num_passes() < 4 else f"call:{SUITS[action - FIRST_TRUMP_ACTION]}"
    if state.current_phase() == PHASE.DISCARD:
        return f"discard:{DECK[action]}"
    return f"play:{DECK[action]}"


def openspiel_hand(state: pyspiel.State, seat: int) -> list[str]:
    return sorted(DECK[card] for card, holder in enumerate(state.card_holder()) if holder == seat)


class Deal:
    """One random deal played in both engines with the same choices."""

    def __init__(self, seed: int, stick_the_dealer: bool) -> None:
        self.seed = seed
        self.stick = stick_the_dealer
        self.rng = random.Random(seed)
        deck = DECK[:]
        self.rng.shuffle(deck)
        self.dealer = self.rng.randrange(4)
        self.hands = [deck[5 * seat : 5 * seat + 5] for seat in range(4)]
        self.kitty = deck[20:]
        self.turn_up = self.kitty[0]
        self.pass_bias = self.rng.choice(PASS_BIASES)
        self.log: list[str] = []
        self.game = bowers.Game.from_deal(
            "standard", dealer=self.dealer, hands=self.hands, kitty=self.kitty, stick_the_dealer=stick_the_dealer
        )
        self.state = openspiel_game(stick_the_dealer).new_initial_state()
        self.state.apply_action(self.dealer)
        for i in range(20):
            seat = (self.dealer + i) % 4
            self.state.apply_action(card_id(self.hands[seat][i // 4]))
        self.state.apply_action(card_id(self.turn_up))

    def where(self) -> str:
        return (
            f"seed={self.seed} stick_the_dealer={self.stick} dealer={self.dealer} hands={self.hands} kitty={self.kitty}"
            f"\nactions so far: {' '.join(self.log) or '(none)'}"
        )

    def check(self, ok: bool, what: str) -> None:
        if not ok:
            pytest.fail(f"{what}\n{self.where()}", pytrace=False)

    def check_seat(self) -> int:
        seat = self.state.current_player()
        self.check(self.game.to_act == seat, f"seat to act: bowers {self.game.to_act}, OpenSpiel {seat}")
        return seat

    def check_hands(self) -> None:
        active = self.state.active_players()
        for seat in range(4):
            if active[seat]:
                ours, theirs = sorted(self.game.hand_cards(seat)), openspiel_hand(self.state, seat)
                self.check(ours == theirs, f"hand of seat {seat}: bowers {ours}, OpenSpiel {theirs}")

    def bowers_legal(self) -> list[str]:
        legal = self.game.legal_actions()
        self.check(len(set(legal)) == len(legal), f"bowers lists an action twice: {legal}")
        by_id = [bowers_actions(self.stick)[i] for i in self.game.legal_action_ids()]
        self.check(by_id == legal, f"bowers legal_action_ids() name {by_id}, legal_actions() {legal}")
        return legal

    def openspiel_legal(self) -> list[str]:
        return [to_common(self.state, action) for action in self.state.legal_actions()]

    def apply(self, seat: int, action: str) -> None:
        """Apply an action in the bowers notation to both engines."""
        self.log.append(f"{seat}:{action}")
        openspiel_action = self._openspiel_id(action)
        self.game.apply(action)
        self.state.apply_action(openspiel_action)

    def _openspiel_id(self, action: str) -> int:
        for candidate in self.state.legal_actions():
            if to_common(self.state, candidate) == action:
                return candidate
        raise AssertionError(f"{action} is not legal in OpenSpiel\n{self.where()}")

    def choose(self, legal: list[str]) -> str:
        others = [action for action in legal if action != "pass"]
        if "pass" in legal and (not others or self.rng.random() < self.pass_bias):
            return "pass"
        return self.rng.choice(others)

    def play(self) -> None:
        self.check_hands()
        while not self.state.is_terminal():
            if self.state.current_phase() == PHASE.DISCARD:
                self.alone_then_discard()
                continue
            seat = self.check_seat()
            ours, theirs = self.bowers_legal(), self.openspiel_legal()
            self.check(sorted(ours) == sorted(theirs), f"legal actions of seat {seat}: bowers {ours}, OpenSpiel {theirs}")
            self.apply(seat, self.choose(ours))
            if self.state.current_phase() == PHASE.PLAY and not self.state.is_terminal():
                self.check_hands()
        self.check_end()

    def alone_then_discard(self) -> None:
        """After a round-1 order: bowers asks the maker alone/partner, then the dealer discards; OpenSpiel the reverse."""
        maker, dealer = self.state.declarer(), self.state.dealer()
        self.check(self.game.to_act == maker, f"after the order bowers asks seat {self.game.to_act}, expected the maker {maker}")
        ours = self.bowers_legal()
        self.check(sorted(ours) == ["alone", "partner"], f"maker's options after the order: bowers {ours}")
        choice = self.rng.choice(ours)
        self.log.append(f"{maker}:{choice}")
        self.game.apply(choice)

        self.check(self.state.current_player() == dealer, f"OpenSpiel discard by {self.state.current_player()}, dealer {dealer}")
        theirs = self.openspiel_legal()
        self.check(f"discard:{self.turn_up}" not in theirs, f"OpenSpiel offers the turn-up as a discard: {theirs}")
        discard = self.rng.choice(theirs)
        if choice == "alone" and dealer == (maker + 2) % 4:
            # The dealer sits out: bowers skips the pick-up and the discard; OpenSpiel still makes the dealer discard.
            self.check(
                self.game.to_act != dealer, f"bowers asks the sitting-out dealer {dealer} to act: {self.game.legal_actions()}"
            )
            self.log.append(f"({dealer}:{discard} in OpenSpiel only)")
            self.state.apply_action(self._openspiel_id(discard))
        else:
            self.check(self.game.to_act == dealer, f"bowers asks seat {self.game.to_act} to discard, dealer {dealer}")
            ours = self.bowers_legal()
            expected = sorted([*theirs, f"discard:{self.turn_up}"])
            self.check(sorted(ours) == expected, f"dealer's discards: bowers {ours}, OpenSpiel {theirs} + the turn-up")
            self.apply(dealer, discard)
        self.check(
            self.state.current_phase() == PHASE.GO_ALONE and self.state.current_player() == maker,
            f"OpenSpiel is not at the maker's alone decision: {self.state.current_phase()}",
        )
        self.state.apply_action(ALONE if choice == "alone" else PARTNER)
        if not self.state.is_terminal():
            self.check_hands()

    def check_end(self) -> None:
        results = self.game.results
        self.check(len(results) == 1, f"OpenSpiel's hand is over, bowers has {len(results)} results")
        result = results[0]
        returns = self.state.returns()
        self.check(returns[0] == returns[2] and returns[1] == returns[3], f"OpenSpiel returns {returns}")
        expected_points = [max(0, int(returns[team])) for team in range(2)]
        self.check(list(result["points"]) == expected_points, f"points: bowers {result['points']}, OpenSpiel returns {returns}")
        misdeal = self.state.num_passes() == 8
        self.check(bool(result["misdeal"]) == misdeal, f"misdeal: bowers {result['misdeal']}, OpenSpiel {misdeal}")
        if misdeal:
            return
        self.check(
            result["maker"] == self.state.declarer(), f"maker: bowers {result['maker']}, OpenSpiel {self.state.declarer()}"
        )
        trump = SUITS[self.state.trump_suit()]
        self.check(result["trump"] == trump, f"trump: bowers {result['trump']}, OpenSpiel {trump}")
        alone = bool(self.state.declarer_go_alone())
        self.check(bool(result["alone"]) == alone, f"alone: bowers {result['alone']}, OpenSpiel {alone}")
        tricks = [0] * 4
        for trick in self.state.tricks():
            tricks[trick.winner()] += 1
        self.check(list(result["tricks"]) == tricks, f"tricks per seat: bowers {result['tricks']}, OpenSpiel {tricks}")


@pytest.mark.parametrize("stick_the_dealer", [True, False], ids=["stick", "no-stick"])
def test_same_deals_same_choices_agree(stick_the_dealer: bool) -> None:
    base = 1000 if stick_the_dealer else 2000
    for seed in range(base, base + DEALS):
        Deal(seed, stick_the_dealer).play()


def test_openspiel_parameters_are_the_ones_mapped() -> None:
    parameters = pyspiel.load_game("euchre").get_parameters()
    assert set(parameters) == {"allow_lone_defender", "stick_the_dealer"}
    assert openspiel_game(False).num_distinct_actions() == 31
