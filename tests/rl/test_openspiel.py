"""The OpenSpiel games: OpenSpiel's random simulation test with serialisation, IS-MCTS and MCTS hands, and
agreement with OpenSpiel's own ``euchre`` on the same deals."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import bowers
from bowers.cards import parse_card, to_hand
from bowers.game import deal_order
from bowers.openspiel import GAME_NAMES, game_name
from tests.test_openspiel_differential import DECK, Deal

SIMULATIONS = 8  # per IS-MCTS / MCTS decision: enough to exercise the search, small enough to play hands quickly


@pytest.mark.parametrize("name", GAME_NAMES)
def test_random_simulation_with_serialisation(name: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "game_string",
    [
        "bowers_standard(whole_game=true,target=4)",
        "bowers_railroad(deck=24,whole_game=true,target=12)",
        "bowers_two_hand(deck=32)",
    ],
)
def test_options_and_whole_games(game_string: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(game_string), num_sims=2, serialize=True, verbose=False)


def test_every_variant_is_registered_under_its_name() -> None:
    assert [game_name(variant) for variant in bowers.variants()] == GAME_NAMES
    assert game_name("railroad-6") == "bowers_railroad_6"
    assert pyspiel.load_game("bowers_railroad(deck=24)").num_distinct_actions() == len(bowers.action_space("railroad", deck=24))


def test_bad_parameters_raise() -> None:
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("bowers_standard(colour=red)")
    with pytest.raises(bowers.OptionError):
        pyspiel.load_game("bowers_standard(deck=7)")


def random_state(name: str, seed: int, moves: int) -> pyspiel.State:
    rng = random.Random(seed)
    state = pyspiel.load_game(name).new_initial_state()
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def decision_state(name: str, seed: int) -> pyspiel.State:
    """A state at a random player decision of the first hand: the deal done, then a few random actions."""
    rng = random.Random(seed)
    state = pyspiel.load_game(name).new_initial_state()
    decisions = rng.randrange(1, 25)
    while True:
        if state.is_chance_node():
            state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
            continue
        if decisions == 0:
            return state
        following = state.clone()
        following.apply_action(rng.choice(following.legal_actions()))
        if following.is_terminal():
            return state  # the hand's last decision: stay before it
        state, decisions = following, decisions - 1


@pytest.mark.parametrize("name", GAME_NAMES)
def test_resampled_states_look_the_same_to_the_player(name: str) -> None:
    for seed in range(4):
        state = decision_state(name, seed)
        assert not state.is_terminal() and not state.is_chance_node()
        player = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        for _ in range(3):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.information_state_tensor(player) == state.information_state_tensor(player)
            assert world.legal_actions() == state.legal_actions()


def test_pickle_and_clone_keep_the_state() -> None:
    state = random_state("bowers_railroad", 3, 45)
    for copy in (pickle.loads(pickle.dumps(state)), state.clone()):
        assert copy.history() == state.history() and str(copy) == str(state)
        assert copy.information_state_string(1) == state.information_state_string(1)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_ismcts_and_mcts_play_whole_hands(name: str) -> None:
    """OpenSpiel's Python IS-MCTS (resampling hidden cards) against its MCTS, one whole hand."""
    game = pyspiel.load_game(name)
    generator = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(1, random_state=generator)
    searchers = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, SIMULATIONS, random_state=generator),
        mcts.MCTSBot(game, 2.0, SIMULATIONS, evaluator, random_state=generator),
    ]
    state = game.new_initial_state()
    rng = random.Random(7)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
            continue
        action = searchers[state.current_player() % 2].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == 0.0  # the default reward, net, is zero-sum
    assert game.min_utility() <= min(state.returns()) <= max(state.returns()) <= game.max_utility()


class AdapterGame:
    """The parts of ``bowers.Game`` the differential test reads, served by the registered OpenSpiel game."""

    def __init__(self, dealer: int, hands: list[list[str]], kitty: list[str], stick_the_dealer: bool) -> None:
        game = pyspiel.load_game("bowers_standard", {"stick_the_dealer": stick_the_dealer, "defend_alone": False})
        self.state = game.new_initial_state()
        self.state.apply_action(dealer)
        rules = bowers.make_rules("standard")
        index = {card: i for i, card in enumerate(rules.deck)}
        held = [to_hand(parse_card(name) for name in seat_cards) for seat_cards in hands]
        for card in deal_order(rules, dealer, held, [parse_card(name) for name in kitty]):  # the engine's order of dealing
            self.state.apply_action(index[card])

    @property
    def to_act(self) -> int | None:
        return None if self.state.is_terminal() else self.state.current_player()

    def legal_actions(self) -> list[str]:
        return [self.state.action_to_string(action) for action in self.state.legal_actions()]

    def legal_action_ids(self) -> list[int]:
        return self.state.legal_actions()

    def apply(self, action: str) -> None:
        for candidate in self.state.legal_actions():
            if self.state.action_to_string(candidate) == action:
                self.state.apply_action(candidate)
                return
        raise AssertionError(f"{action} is not legal in the adapter")

    def _game(self) -> bowers.Game:
        return self.state._table.game

    def hand_cards(self, seat: int) -> list[str]:
        return self._game().hand_cards(seat)

    @property
    def results(self) -> list[dict[str, object]]:
        return list(self._game().results[:1])


class AdapterDeal(Deal):
    """The differential test's deal, with bowers reached through the registered OpenSpiel game."""

    def __init__(self, seed: int, stick_the_dealer: bool) -> None:
        super().__init__(seed, stick_the_dealer)
        self.game = AdapterGame(self.dealer, self.hands, self.kitty, stick_the_dealer)  # type: ignore[assignment]

    def check_end(self) -> None:
        """The differential test's checks, then the returns: with the default reward (net) OpenSpiel's own."""
        super().check_end()
        ours, theirs = self.game.state.returns(), self.state.returns()  # type: ignore[attr-defined]
        self.check(ours == theirs, f"returns: bowers_standard {ours}, OpenSpiel euchre {theirs}")


@pytest.mark.parametrize("stick_the_dealer", [True, False], ids=["stick", "no-stick"])
def test_standard_agrees_with_openspiel_euchre_through_the_adapter(stick_the_dealer: bool) -> None:
    assert len(DECK) == 24
    for seed in range(3000, 3060):
        AdapterDeal(seed, stick_the_dealer).play()


@pytest.mark.parametrize("name", ["bowers_standard", "bowers_railroad", "bowers_bid", "bowers_ultimate"])
def test_chance_deals_the_deck_as_the_engine_deals_it(name: str) -> None:
    """The cards dealt one by one go where the engine deals a deck in that order, hand after hand."""
    state = pyspiel.load_game(f"{name}(whole_game=true)").new_initial_state()
    rng = random.Random(name)
    rules = state._table.spec.rules
    for _ in range(2):
        while not state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        if state._table.dealer < 0:
            state.apply_action(rng.randrange(rules.players))
        dealer = state._table.dealer
        order = list(rules.deck)
        rng.shuffle(order)
        for card in order:
            state.apply_action(rules.deck.index(card))
        game = state._table.game
        hands, kitty = bowers.game.deal_from_order(rules, dealer, order)
        assert list(game.hand.dealt_hands) == hands and game.hand.kitty_as_dealt == kitty and game.dealer == dealer
