"""OpenSpiel's C++ information-set MCTS (``pyspiel.ISMCTSBot``) playing bowers ``standard`` through OpenSpiel's ``euchre``.

At each decision the adapter mirrors the bowers hand into an OpenSpiel state
(the deal, then the actions so far) and asks the bot.  Matches against it use
the options on which the two engines agree (``OPENSPIEL_OPTIONS``: 24 cards,
no stick the dealer, no lone defender; see tests/test_openspiel_differential.py).

OpenSpiel needs a full state, so the match gives this adapter the deal
(``see_deal``); the search itself sees it only through OpenSpiel's
``ResampleFromInfostate``, which keeps every card held by the player to act
and every card already out of a hand, and reshuffles the other unplayed
cards among the other players.  It never gives a buried card (the kitty, the
dealer's discard) to an opponent, so it knows a little more than it should.

Where the two engines order things differently the mirror fills in:

* after a round-1 order OpenSpiel has the dealer discard *before* the maker
  says alone or partner (bowers: after).  When the dealer is the maker the
  adapter chooses its discard first, with the search, and keeps it for the
  bowers discard step; otherwise, and wherever the discard is hidden from
  the player to act or has not happened yet, the mirror uses a stand-in: a
  card of the dealer's chosen at random among those it has not played;
* OpenSpiel's dealer discards even when sitting out (bowers: no pick-up); the
  stand-in is used there too;
* OpenSpiel never lets the dealer discard the turn-up (bowers does); the
  search's discards are always legal in bowers.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, ClassVar

import pyspiel

OPENSPIEL_OPTIONS = {"deck": 24, "stick_the_dealer": False, "defend_alone": False}
RANKS = "9TJQKA"
SUITS = "CDHS"
PASS, ALONE, PARTNER = 24, 29, 30
FIRST_TRUMP_ACTION = 25
RETRIES = 2


def card_id(name: str) -> int:
    """OpenSpiel's id of a card in bowers notation: rank * 4 + suit."""
    return RANKS.index(name[0]) * 4 + SUITS.index(name[1])


def card_name(card: int) -> str:
    """The bowers notation of an OpenSpiel card id."""
    return RANKS[card // 4] + SUITS[card % 4]


def effective_suit(name: str, trump: str) -> str:
    """The suit a card follows when ``trump`` is trump: the left bower (the other Jack of its colour) is trump."""
    if name[0] == "J" and name[1] != trump and (name[1] in "CS") == (trump in "CS"):
        return trump
    return name[1]


def _voids(history: Sequence[Sequence[Any]], seat: int, trump: str) -> list[str]:
    """The suits that ``seat`` failed to follow in the plays of ``history``, in order."""
    voids: list[str] = []
    trick: list[str] = []
    players = 4
    for actor, action in history:
        if action == "alone":
            players = 3
        if not action.startswith("play:"):
            continue
        card = action[5:]
        if trick and actor == seat and effective_suit(card, trump) != effective_suit(trick[0], trump):
            voids.append(effective_suit(trick[0], trump))
        trick.append(card)
        if len(trick) == players:
            trick = []
    return voids


@cache
def euchre_game() -> pyspiel.Game:
    """OpenSpiel's euchre with the rules of ``OPENSPIEL_OPTIONS``."""
    return pyspiel.load_game("euchre", {"stick_the_dealer": False, "allow_lone_defender": False})


class OpenSpielISMCTS:
    """``pyspiel.ISMCTSBot`` with random-rollout evaluation, as a bowers bot for ``standard``."""

    name = "openspiel-ismcts"
    failures: ClassVar[list[str]] = []  # searches that OpenSpiel abandoned (and were run again), in this process

    def __init__(
        self,
        seed: int | None = None,
        simulations: int = 1000,
        uct_c: float = 2.0,
        rollouts: int = 1,
        final_policy: str = "max_visit_count",
    ) -> None:
        seed = (seed or 0) % (2**31)
        policy = getattr(pyspiel.ISMCTSFinalPolicyType, final_policy.upper())
        self._rng = random.Random(seed)
        self._bot = pyspiel.ISMCTSBot(
            seed,
            pyspiel.RandomRolloutEvaluator(rollouts, seed),
            uct_c,
            simulations,
            -1,  # resample a world for every simulation
            policy,
            False,
            False,
        )
        self._deal: Mapping[str, Any] | None = None
        self._seat = -1
        self._own_discard: int | None = None

    def see_deal(self, deal: Mapping[str, Any], seat: int) -> None:
        """The hand's dealt cards (``dealer``, ``hands``, ``kitty``), which OpenSpiel's state is built from."""
        self._deal = deal
        self._seat = seat
        self._own_discard = None

    # ------------------------------------------------------------------ the mirror

    def _dealt_state(self) -> pyspiel.State:
        assert self._deal is not None, "the match gives this adapter the deal first (see_deal)"
        dealer, hands = self._deal["dealer"], self._deal["hands"]
        state = euchre_game().new_initial_state()
        state.apply_action(dealer)
        for index in range(20):
            seat = (dealer + index) % 4
            state.apply_action(card_id(hands[seat][index // 4]))
        state.apply_action(card_id(self._turn_up()))
        return state

    def _turn_up(self) -> str:
        assert self._deal is not None
        return str(self._deal["kitty"][0])

    def _stand_in_discard(self, state: pyspiel.State, history: Sequence[Sequence[Any]]) -> int:
        """A dealer's card for OpenSpiel's discard step, consistent with how the dealer plays in ``history``.

        A card of a suit the dealer later fails to follow must be the discard; otherwise any card the
        dealer does not play is chosen at random.
        """
        dealer = state.current_player()
        trump = self._turn_up()[1]
        played = [card_id(action[5:]) for seat, action in history if seat == dealer and action.startswith("play:")]
        candidates = [card for card in state.legal_actions() if card not in played]
        for void_suit in _voids(history, dealer, trump):
            shown = [card for card in candidates if effective_suit(card_name(card), trump) == void_suit]
            if shown:
                return shown[0]
        return self._rng.choice(candidates or list(state.legal_actions()))

    def _mirror(self, history: Sequence[Sequence[Any]], stop_at_discard: bool = False) -> pyspiel.State:
        """The OpenSpiel state after ``history`` (bowers actions as the player to act sees them).

        With ``stop_at_discard``, stop at OpenSpiel's discard step after a round-1 order.
        """
        state = self._dealt_state()
        index = 0
        while index < len(history):
            action = history[index][1]
            index += 1
            if action == "pass":
                state.apply_action(PASS)
            elif action == "order" or action.startswith("call:"):
                suit = self._turn_up()[1] if action == "order" else action[5:]
                state.apply_action(FIRST_TRUMP_ACTION + SUITS.index(suit))
                if action == "order":
                    if stop_at_discard:
                        return state
                    # OpenSpiel: the dealer discards now, then the maker says alone or partner.
                    choice = history[index][1] if index < len(history) else None
                    discard = history[index + 1][1] if index + 1 < len(history) else None
                    if discard is not None and discard.startswith("discard:") and "??" not in discard:
                        state.apply_action(card_id(discard[8:]))
                    elif self._own_discard is not None and state.current_player() == self._seat:
                        state.apply_action(self._own_discard)
                    else:
                        state.apply_action(self._stand_in_discard(state, history))
                    if choice is None:
                        return state
                    state.apply_action(ALONE if choice == "alone" else PARTNER)
                    index += 1
                    if discard is not None and discard.startswith("discard:"):
                        index += 1
            elif action in ("alone", "partner"):
                state.apply_action(ALONE if action == "alone" else PARTNER)
            elif action.startswith("play:"):
                state.apply_action(card_id(action[5:]))
            else:
                raise ValueError(f"no OpenSpiel mirror for {action!r}")
        return state

    # ------------------------------------------------------------------ choosing

    def _search(self, state: pyspiel.State) -> int:
        """The search's choice.

        OpenSpiel's resampler fails a check when the mirror cannot match the bowers hand (a dealer who
        discarded the turn-up, which OpenSpiel forbids, and later shows out of trump); the search is then
        run again, and after repeated failures a random legal action is played, with a warning.
        """
        for _ in range(RETRIES):
            try:
                return int(self._bot.step(state))
            except pyspiel.SpielError as error:
                OpenSpielISMCTS.failures.append(str(error))
        sys.stderr.write(f"openspiel-ismcts: the search failed {RETRIES} times; a random legal action is played\n")
        return int(self._rng.choice(state.legal_actions()))

    def act(self, observation: Mapping[str, Any]) -> str:
        legal = list(observation["legal_actions"])
        if len(legal) == 1:
            return str(legal[0])
        history = [list(pair) for pair in observation["history"]]
        phase = observation["phase"]
        if phase == "discard":
            if self._own_discard is None:
                self._own_discard = self._search(self._mirror(history, stop_at_discard=True))
            return "discard:" + card_name(self._own_discard)
        if phase == "maker-choice" and history[-1][1] == "order" and observation["dealer"] == self._seat:
            # The dealer made it in round 1: OpenSpiel asks for its discard first.
            self._own_discard = self._search(self._mirror(history, stop_at_discard=True))
        state = self._mirror(history)
        if state.current_player() != self._seat:
            raise ValueError(f"the OpenSpiel mirror has player {state.current_player()} to act, not seat {self._seat}")
        action = self._search(state)
        if action == PASS:
            return "pass"
        if action == ALONE:
            return "alone"
        if action == PARTNER:
            return "partner"
        if FIRST_TRUMP_ACTION <= action < FIRST_TRUMP_ACTION + 4:
            return "order" if "order" in legal else f"call:{SUITS[action - FIRST_TRUMP_ACTION]}"
        return "play:" + card_name(action)


def openspiel_ismcts(seed: int | None = None, **settings: Any) -> OpenSpielISMCTS:
    """Factory for ``bowers.match.Side``: settings ``simulations``, ``uct_c``, ``rollouts``, ``final_policy``."""
    return OpenSpielISMCTS(seed=seed, **settings)
