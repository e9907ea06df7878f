"""The OpenSpiel games: OpenSpiel's random simulation test with serialisation, observers of every observation
type at every node (and no hidden card in any of them), the reward modes, IS-MCTS and MCTS hands, and agreement
with OpenSpiel's own ``euchre`` on the same deals."""

from __future__ import annotations

import io
import json
import pickle
import random
import unittest
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.integration_tests import api_test
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import bowers
from bowers.cards import parse_card, to_hand
from bowers.encoding import Encoding
from bowers.game import deal_order, deal_recipients
from bowers.openspiel import GAME_NAMES, game_name
from bowers.rewards import seat_values, team_values
from tests.test_openspiel_differential import DECK, Deal

PRIVATE = pyspiel.PrivateInfoType
OBSERVATION_TYPES = [
    pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private)
    for recall in (False, True)
    for public in (False, True)
    for private in (PRIVATE.NONE, PRIVATE.SINGLE_PLAYER, PRIVATE.ALL_PLAYERS)
]

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


@pytest.mark.parametrize(
    "game_string",
    [
        "bowers_standard(reward=points)",
        "bowers_railroad_6(reward=points)",
        "bowers_railroad_6(whole_game=true,target=12,reward=win)",
        "bowers_bid(whole_game=true,target=3,reward=win)",
    ],
)
def test_reward_modes_pass_the_random_simulation(game_string: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(game_string), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "game_string", [*GAME_NAMES, "bowers_railroad_6(reward=points)", "bowers_bid(whole_game=true,reward=win)"]
)
def test_openspiel_api_checks(game_string: str) -> None:
    """OpenSpiel's own API checks on sampled states (``open_spiel/integration_tests/api_test.py``, the ones that do not
    walk the whole tree): errors for invalid players, no legal actions for the others, public and private strings."""
    checks = type(
        "Checks", (api_test.EnforceAPIOnPartialTreeBase,), {"game": pyspiel.load_game(game_string), "game_name": game_string}
    )
    result = unittest.TextTestRunner(stream=io.StringIO()).run(unittest.defaultTestLoader.loadTestsFromTestCase(checks))
    assert result.testsRun > 0 and result.wasSuccessful(), [text for _, text in result.failures + result.errors]


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


# ---------------------------------------------------------------------- observers


def observers(game: pyspiel.Game) -> list[Any]:
    """An observer of every observation type OpenSpiel defines, in ``OBSERVATION_TYPES`` order."""
    return [make_observation(game, kind) for kind in OBSERVATION_TYPES]


def play_randomly(state: pyspiel.State, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_string", [*GAME_NAMES, "bowers_railroad(whole_game=true,target=16)"])
def test_every_observer_works_at_every_node(game_string: str) -> None:
    """Initial state, every card of the deal, every decision and the end: every observer, every player."""
    game = pyspiel.load_game(game_string)
    watching = observers(game)
    state = game.new_initial_state()
    rng = random.Random(game_string)
    chance_nodes = 0
    while True:
        chance_nodes += state.is_chance_node()
        for player in range(game.num_players()):
            for observer in watching:
                observer.set_from(state, player)
                assert ((observer.tensor >= 0.0) & (observer.tensor <= 1.0)).all()
                json.loads(observer.string_from(state, player))
            json.loads(state.observation_string(player))
            json.loads(state.information_state_string(player))
            assert len(state.observation_tensor(player)) == game.observation_tensor_size()
            assert len(state.information_state_tensor(player)) == game.information_state_tensor_size()
        if state.is_terminal():
            break
        play_randomly(state, rng)
    assert chance_nodes > len(state._table.spec.rules.deck)
    hands = len(state._table.game.results)  # perfect recall: the view of every hand, the last as it ended
    assert len(json.loads(state.information_state_string(0))) == hands and (hands > 1) == ("whole_game" in game_string)


def decision_of(name: str, seed: int) -> pyspiel.State:
    """A decision state some way into the hand (after the first trick's lead where the hand gets that far)."""
    rng = random.Random(seed)
    state = pyspiel.load_game(name).new_initial_state()
    while state.is_chance_node() or (rng.random() < 0.9 and not state._table.game.hand.trick):
        following = state.clone()
        play_randomly(following, rng)
        if following.is_terminal():
            break
        state = following
    return state


@pytest.mark.parametrize("name", GAME_NAMES)
def test_observers_show_the_engines_views(name: str) -> None:
    """The default observer is the engine's observation and the encoding; public-only is anyone watching's view;
    every player's private information holds every hand."""
    game = pyspiel.load_game(name)
    encoding = Encoding(name.removeprefix("bowers_").replace("_", "-"))
    kinds = [(kind.perfect_recall, kind.public_info, kind.private_info) for kind in OBSERVATION_TYPES]
    by_kind = dict(zip(kinds, observers(game), strict=True))
    for seed in range(3):
        state = decision_of(name, seed)
        engine = state._table.game
        public = {k: v for k, v in engine.public_observation().items() if k != "options"}
        for player in range(game.num_players()):
            seen = {k: v for k, v in engine.observation(player).items() if k != "options"}
            default = by_kind[False, True, PRIVATE.SINGLE_PLAYER]
            default.set_from(state, player)
            assert (default.tensor == encoding.encode(engine.observation(player))).all()
            assert json.loads(default.string_from(state, player)) == seen
            assert json.loads(state.observation_string(player)) == seen
            assert json.loads(by_kind[False, True, PRIVATE.NONE].string_from(state, player)) == public
            everyone = json.loads(by_kind[False, True, PRIVATE.ALL_PLAYERS].string_from(state, player))
            assert [part["hand"] for part in everyone["private"]] == [engine.hand_cards(s) for s in range(game.num_players())]
            own = json.loads(by_kind[False, False, PRIVATE.SINGLE_PLAYER].string_from(state, player))
            assert own["seat"] == player and own["hand"] == engine.hand_cards(player)
            assert json.loads(state.information_state_string(player)) == [seen]
            for kind in OBSERVATION_TYPES:
                observer = by_kind[kind.perfect_recall, kind.public_info, kind.private_info]
                layout = observer.encoding
                names, private = set(observer.dict), set(layout.private_blocks) & set(layout.blocks)
                assert names & private == (set() if kind.private_info == PRIVATE.NONE else private)
                assert bool(names - private) == kind.public_info


def hidden_positions(rules: bowers.Rules, dealer: int, kind: Any, player: int) -> list[int]:
    """The positions in the deal of the cards this observer may not see from the player's seat (the turn-up is seen)."""
    recipients = deal_recipients(rules, dealer)
    turn_up = recipients.index(-1) if rules.turn_up else -1
    if kind.private_info == PRIVATE.NONE:
        allowed: set[int] = set()
    elif kind.private_info == PRIVATE.SINGLE_PLAYER:
        allowed = {player}
    else:
        allowed = set(range(rules.players))
    return [position for position, seat in enumerate(recipients) if position != turn_up and seat not in allowed]


def allowed_views(state: pyspiel.State, kind: Any, player: int) -> list[Any]:
    """Every engine view this observer may read from the player's seat."""
    seats: list[int | None] = [None]
    if kind.private_info == PRIVATE.SINGLE_PLAYER:
        seats.append(player)
    elif kind.private_info == PRIVATE.ALL_PLAYERS:
        seats.extend(range(state.num_players()))
    return [state.views(seat, recall=True) for seat in seats]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_no_observer_shows_a_hidden_card(name: str) -> None:
    """Two deals that differ only in two cards an observer may not see look the same to it, at every node where
    every view it may read is the same in both (which it is all through the deal, and until those cards show)."""
    game = pyspiel.load_game(name)
    rules = game.new_initial_state()._table.spec.rules
    watching = observers(game)
    compared = 0
    for seed in range(3):
        rng = random.Random(seed)
        dealer = rng.randrange(rules.players)
        order = list(range(len(rules.deck)))
        rng.shuffle(order)
        moves = [rng.random() for _ in range(200)]
        for kind, observer, other in zip(OBSERVATION_TYPES, watching, observers(game), strict=True):
            player = rng.randrange(rules.players)
            hidden = hidden_positions(rules, dealer, kind, player)
            if len(hidden) < 2:
                continue
            first, second = rng.sample(hidden, 2)
            swapped = order[:]
            swapped[first], swapped[second] = swapped[second], swapped[first]
            worlds = [game.new_initial_state(), game.new_initial_state()]
            steps = [[dealer, *order], [dealer, *swapped]]
            index = 0
            while not worlds[0].is_terminal():
                same = allowed_views(worlds[0], kind, player) == allowed_views(worlds[1], kind, player)
                assert same or not worlds[0].is_chance_node(), f"a view shows a hidden card during the deal ({kind})"
                if same:
                    observer.set_from(worlds[0], player)
                    other.set_from(worlds[1], player)
                    assert (observer.tensor == other.tensor).all(), f"{kind} tensor of seat {player}"
                    string = observer.string_from(worlds[0], player)
                    assert string == other.string_from(worlds[1], player), f"{kind} string of seat {player}"
                    compared += 1
                if index < len(steps[0]):
                    for world, step in zip(worlds, steps, strict=True):
                        world.apply_action(step[index])
                    index += 1
                    continue
                legal = worlds[0].legal_actions()
                action = legal[int(moves[index % len(moves)] * len(legal))]
                index += 1
                if action not in worlds[1].legal_actions() or worlds[1].current_player() != worlds[0].current_player():
                    break
                for world in worlds:
                    world.apply_action(action)
    assert compared > 100


# ---------------------------------------------------------------------- rewards


RAILROAD_6_RANGES = {"net": (-108.0, 108.0), "points": (0.0, 108.0), "win": (-0.5, 1.0)}  # 44 a hand at most; 64 to win


@pytest.mark.parametrize("reward", ["net", "points", "win"])
def test_the_game_type_follows_the_reward(reward: str) -> None:
    game = pyspiel.load_game(f"bowers_railroad_6(whole_game=true,reward={reward})")
    zero_sum = reward != "points"
    utility = pyspiel.GameType.Utility
    assert game.get_type().utility == (utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM)
    assert game.utility_sum() == (0.0 if zero_sum else None)
    assert (game.min_utility(), game.max_utility()) == RAILROAD_6_RANGES[reward]
    registered = {t.short_name: t for t in pyspiel.registered_games()}
    assert registered["bowers_railroad_6"].utility == utility.ZERO_SUM  # the default reward's


def test_win_needs_whole_games_and_unknown_rewards_are_refused() -> None:
    with pytest.raises(bowers.OptionError, match="whole games"):
        pyspiel.load_game("bowers_standard(reward=win)")
    with pytest.raises(bowers.OptionError, match="unknown reward"):
        pyspiel.load_game("bowers_standard(reward=tricks)")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_net_returns_are_the_points_less_the_opponents(name: str) -> None:
    for seed in range(3):
        moves = random_state(f"{name}(reward=points)", seed, 10_000).history()
        states = {reward: pyspiel.load_game(f"{name}(reward={reward})").new_initial_state() for reward in ("points", "net")}
        for state in states.values():
            for move in moves:
                state.apply_action(move)
            assert state.is_terminal()
        rules = states["net"]._table.spec.rules
        team_points = states["points"].returns()[: rules.teams]
        assert states["net"].returns() == seat_values(team_values("net", team_points), rules.players)
        assert sum(states["net"].returns()) == 0.0


@pytest.mark.parametrize("name", ["bowers_standard", "bowers_railroad_6"])
def test_win_pays_the_winners_at_the_end_of_the_game(name: str) -> None:
    game = pyspiel.load_game(f"{name}(whole_game=true,target=3,reward=win)")
    state = game.new_initial_state()
    rng = random.Random(name)
    while not state.is_terminal():
        assert state.returns() == [0.0] * game.num_players()
        play_randomly(state, rng)
    winner = state._table.game.winner
    teams = state._table.spec.rules.teams
    assert state.returns() == [1.0 if seat % teams == winner else -1.0 / (teams - 1) for seat in range(game.num_players())]
    assert state.rewards() == state.returns()
