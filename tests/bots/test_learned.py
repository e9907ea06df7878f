"""The learned values of decisions before play: what they read, how they are trained, and the bids they make."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import bowers
from bowers.bots.heuristic import HeuristicBot
from bowers.bots.learned import ModelBidder, decision_outcomes, decision_values
from bowers.bots.learned_features import decision_rows
from bowers.bots.learned_models import ValueModel, load_models, model_for, model_game, model_key, shipped_models
from bowers.bots.pimc import PimcBot
from bowers.bots.view import View
from tests.repository_scripts import load_script
from tests.rules.deals import deal

ROOT = Path(__file__).resolve().parents[2]
AUCTION_HANDS = [
    ["TC", "JD", "QD", "KH", "AH"],
    ["AC", "9H", "QH", "JS", "QS"],
    ["JC", "QC", "9D", "KD", "TS"],
    ["TD", "AD", "TH", "KS", "AS"],
]


def _training_module() -> ModuleType:
    """``training/bidding.py``, which is a script of the repository rather than a module of the package."""
    return load_script("training/bidding.py", "bowers_training_bidding")


def _first_decision(variant: str, seed: int, phase: str, **options: Any) -> bowers.Game:
    """A game of ``variant`` (with ``options``) played by the heuristic up to the first decision in ``phase`` with a
    choice."""
    game = bowers.Game(variant, seed=seed, **options)
    bot = ModelBidder(seed=0)
    while not (game.hand.phase_name == phase and len(game.legal_actions()) > 1):
        seat = game.to_act
        assert seat is not None
        game.apply(bot.act(game.observation(seat)), seat=seat)
    return game


def test_every_shipped_model_matches_its_features() -> None:
    models = shipped_models()
    assert models, "no learned model ships with the package"
    for key, model in models.items():
        variant, options, feature_set = model_game(key)
        assert model_key(variant, feature_set, options) == key
        phase = {"auction": "auction", "rounds": "round-1", "maker": "maker-choice", "discard": "discard"}[feature_set]
        game = _first_decision(variant, 3, phase, **options)
        view = View(game.observation(game.to_act))  # type: ignore[arg-type]
        rows = decision_rows(view, view.legal)
        assert rows is not None and rows.shape == (len(view.legal), model.features)
        assert model.info["rows"] > 100_000 and model.info["explained"] > 0.05
        assert model.outcomes is not None, f"{key} predicts only a mean: it cannot price the score"


@pytest.mark.parametrize(("variant", "phase"), [("bid", "auction"), ("standard", "round-1")])
def test_values_cover_every_legal_action_and_only_decisions_before_play(variant: str, phase: str) -> None:
    if model_for(variant, phase) is None:
        pytest.fail(f"no model for {variant} {phase}")
    game = _first_decision(variant, 5, phase)
    seat = game.to_act
    assert seat is not None
    values = decision_values(View(game.observation(seat)))
    assert values is not None and set(values) == set(game.legal_actions())
    assert all(np.isfinite(value) for value in values.values())
    played = _first_decision(variant, 5, "play")
    assert decision_values(View(played.observation(played.to_act))) is None  # type: ignore[arg-type]
    assert model_for("railroad-6", "round-1") is None


def test_the_values_read_only_what_the_seat_sees() -> None:
    # Two deals that give seat 3 the same cards but the others different ones: the same observation, the same values.
    hands = AUCTION_HANDS
    kitty = ["KC", "JH", "9C"]
    first = bowers.Game.from_deal("bid", dealer=2, hands=hands, kitty=kitty)
    second = bowers.Game.from_deal("bid", dealer=2, hands=[hands[1], hands[0], hands[2], hands[3]], kitty=kitty)
    assert first.observation(3) == second.observation(3)
    assert decision_values(View(first.observation(3))) == decision_values(View(second.observation(3)))


def _auction_example() -> bowers.Game:
    """A strong player's example: after 3♥ and partner's 4♥, seat 2 holds only J♣ and 10♠ as spades."""
    hands = AUCTION_HANDS
    game = bowers.Game.from_deal("bid", dealer=2, hands=hands, kitty=["KC", "JH", "9C"], initial_scores=[3, 0])
    for seat, action in [(3, "bid:3H"), (0, "bid:4H"), (1, "pass")]:
        game.apply(action, seat=seat)
    return game


def test_the_strong_bot_does_not_jump_over_its_partner_with_two_small_trumps() -> None:
    game = _auction_example()
    choices = [PimcBot(seed=seed, time_budget=0).act(game.observation(2)) for seed in range(3)]
    assert not any(choice.startswith("bid:5") for choice in choices), choices


def test_the_strong_bot_does_not_bid_no_trump_over_its_partners_contract() -> None:
    game = _auction_example()
    game.apply("bid:5S", seat=2)
    game.apply("pass", seat=3)
    assert game.to_act == 0
    choices = [PimcBot(seed=seed, time_budget=0).act(game.observation(0)) for seed in range(3)]
    assert "bid:5NT" not in choices, choices


def test_learned_advice_lists_every_choice_best_first_by_the_chance_of_winning() -> None:
    game = _auction_example()
    advice = PimcBot(seed=0, time_budget=0).advise(game.observation(2))
    assert {choice.action for choice in advice} == set(game.legal_actions())
    chances = [choice.win_chance for choice in advice]
    assert all(chance is not None for chance in chances)
    assert chances == sorted(chances, reverse=True)  # type: ignore[type-var]
    assert all("learned from self-play" in choice.reason and "chance of winning the game" in choice.reason for choice in advice)
    points = PimcBot(seed=0, time_budget=0, score_model="points").advise(game.observation(2))
    assert all(choice.win_chance is None for choice in points)
    assert [choice.value for choice in points] == sorted((choice.value for choice in points), reverse=True)


def test_at_nine_all_the_bot_orders_a_hand_it_passes_at_love_all() -> None:
    # The right bower and a small trump under an opponent's ace of hearts: too weak to order at 0-0; at 9-9
    # whoever makes trump is likely to win the game, so the learned chances of each result say order.
    for scores, expected in (([0, 0], "pass"), ([9, 9], "order")):
        game = deal("standard", 0, ["", "JH 9H KS QC 9D", "", ""], "AH", initial_scores=scores)
        advice = PimcBot(seed=0, time_budget=0).advise(game.observation(1))
        assert advice[0].action == expected, (scores, advice)
    assert advice[0].value < advice[1].value and "first for the game" in advice[0].reason


def _ordered_by_left(cards: str) -> bowers.Game:
    """Standard Euchre, seat 0 deals the queen of hearts and seat 1 (on its left) holding ``cards`` orders it up."""
    game = deal("standard", 0, ["", cards, "", ""], "QH")
    game.apply("order", seat=1)
    assert game.hand.phase_name == "maker-choice" and game.to_act == 1
    return game


@pytest.mark.parametrize(
    ("cards", "expected"),
    [("JH JD AH KH AS", "alone"), ("JD AH KH TH AS", "alone"), ("JH 9H AS KC QD", "partner"), ("AH KH TH AC 9S", "partner")],
)
def test_the_maker_goes_alone_by_the_learned_values_with_a_hand_that_marches(cards: str, expected: str) -> None:
    game = _ordered_by_left(cards)
    view = View(game.observation(1))
    values = decision_values(view)
    assert values is not None and set(values) == {"partner", "alone"}
    assert max(values, key=values.__getitem__) == expected, values
    advice = PimcBot(seed=0, time_budget=0, bidding="learned").advise(game.observation(1))
    assert advice[0].action == expected and "learned from self-play" in advice[0].reason
    assert ModelBidder(seed=0).act(game.observation(1)) == expected


def test_by_default_partner_or_alone_is_scored_on_worlds_and_the_model_of_the_others_leaves_it_to_the_heuristic() -> None:
    # Two bowers, the nine of trump and an off ace, having ordered an ace into the opponents' hands: the learned
    # values call it a near tie for a loner, the solved worlds keep partner by a wide margin.
    game = bowers.Game("standard", seed=5)
    for action in ("pass", "pass", "order"):
        game.apply(action)
    observation = game.observation(2)
    assert observation["phase"] == "maker-choice" and sorted(observation["hand"]) == ["9D", "AH", "JD", "JH", "JS"]
    advice = PimcBot(seed=0, time_budget=0).advise(observation)
    assert advice[0].action == "partner" and "learned from self-play" not in advice[0].reason
    rounds_only = ModelBidder(seed=0, feature_sets=frozenset({"rounds"}))
    assert rounds_only.act(observation) == HeuristicBot(seed=0).act(observation)
    assert rounds_only.name == "model-bidder"  # it names itself, not the heuristic it falls back on


def test_a_dealer_who_orders_is_measured_with_the_turn_up_and_without_its_discard() -> None:
    game = deal("standard", 0, ["JD AH KH 9C 9S", "", "", ""], "JH")
    for seat in (1, 2, 3):
        game.apply("pass", seat=seat)
    game.apply("order", seat=0)
    assert game.hand.phase_name == "maker-choice"
    rows = decision_rows(View(game.observation(0)), ["partner", "alone"])
    assert rows is not None
    trumps, right_bower = rows[0][4], rows[0][5]  # after the kind: expected tricks, trump length, the top trumps
    assert trumps == pytest.approx(4 / 5) and right_bower == 1.0


def _dealer_to_discard() -> bowers.Game:
    """Seat 1 orders the ace of hearts up to dealer 0, who holds J♥ 10♥ K♣ 9♣ 9♠ and must lay one card away."""
    game = deal("standard", 0, ["JH TH KC 9C 9S", "", "", ""], "AH")
    game.apply("order", seat=1)
    game.apply("partner", seat=1)
    assert game.hand.phase_name == "discard"
    return game


def test_a_discard_is_measured_by_the_hand_it_keeps_and_the_cards_it_lays_away() -> None:
    view = View(_dealer_to_discard().observation(0))
    actions = ["discard:9S", "discard:JH", "discard:KC"]
    rows = decision_rows(view, actions)
    assert rows is not None and rows.shape == (3, 27)
    void_spades, right_bower, king = rows
    # The hand kept (expected tricks, trump length, the top trumps...): laying away the right bower keeps two trumps.
    assert void_spades[1] == pytest.approx(3 / 5) and right_bower[1] == pytest.approx(2 / 5)
    assert void_spades[2] == 1.0 and right_bower[2] == 0.0 and void_spades[0] > right_bower[0]
    # The cards laid away: trumps among them, the best trump's rank, side aces and kings, voids made, the heuristic's.
    trumps, top, aces, kings, voids, favourite = 12, 13, 14, 15, 16, 17
    assert right_bower[trumps] == 1.0 and right_bower[top] == 1.0 and void_spades[trumps] == 0.0
    assert king[kings] == 1.0 and void_spades[kings] == 0.0 and not rows[:, aces].any()
    assert void_spades[voids] == pytest.approx(1 / 3) and king[voids] == 0.0
    assert void_spades[favourite] == 1.0 and right_bower[favourite] == king[favourite] == 0.0
    # The context: the seat deals (last of four places), an opponent made trump, with partner, at no contract level.
    assert void_spades[18:22].tolist() == [0.0, 0.0, 0.0, 1.0]
    assert void_spades[22:].tolist() == [0.0, 0.0, 1.0, 0.0, 0.0]


def test_the_dealers_discard_is_learned_but_scored_on_worlds_by_default() -> None:
    observation = _dealer_to_discard().observation(0)
    assert model_for("standard", "discard") is not None
    default = PimcBot(seed=0, time_budget=0, samples=8).advise(observation)
    assert default and not any("learned" in choice.reason for choice in default)
    learned = PimcBot(seed=0, time_budget=0, samples=8, bidding="learned").advise(observation)
    assert {choice.action for choice in learned} == set(observation["legal_actions"])
    assert all("as learned from self-play" in choice.reason for choice in learned)
    assert learned[0].action == "discard:9S"  # the void in spades, keeping every trump and the king of clubs
    rounds_only = ModelBidder(seed=0, feature_sets=frozenset({"rounds"}))
    assert rounds_only.act(observation) == HeuristicBot(seed=0).act(observation)


def test_a_file_of_models_can_switch_one_decisions_model_off(tmp_path: Path) -> None:
    path = tmp_path / "no-discard.json"
    path.write_text('{"standard/discard": null}')
    models = load_models(str(path))
    assert "standard/discard" not in models and models["standard/rounds"] is model_for("standard", "round-1")
    observation = _dealer_to_discard().observation(0)
    advice = PimcBot(seed=0, time_budget=0, samples=8, bidding="learned", models=str(path)).advise(observation)
    assert advice and not any("learned" in choice.reason for choice in advice)


def test_a_shipped_model_gives_each_result_a_chance_whose_mean_is_its_value() -> None:
    game = _first_decision("standard", 3, "round-1")
    view = View(game.observation(game.to_act))  # type: ignore[arg-type]
    results = decision_outcomes(view, view.legal)
    assert results is not None
    nets, chances = results
    values = decision_values(view, view.legal)
    assert values is not None and set(chances) == set(view.legal)
    for action, distribution in chances.items():
        assert distribution.sum() == pytest.approx(1.0) and (distribution >= 0).all()
        assert float(distribution @ nets) == pytest.approx(values[action])


def test_the_earlier_bidding_by_solved_worlds_stays_available() -> None:
    game = _auction_example()
    advice = PimcBot(seed=0, time_budget=0, bidding="worlds", samples=4).advise(game.observation(2))
    assert advice and not any("learned" in choice.reason for choice in advice)
    with pytest.raises(bowers.OptionError, match="bidding"):
        PimcBot(bidding="guess")


@pytest.mark.parametrize("variant", ["bid", "standard", "bid-railroad", "ultimate"])
def test_the_model_bidder_plays_whole_games_legally(variant: str) -> None:
    game = bowers.Game(variant, seed=2, target=5 if variant in ("bid", "standard") else 20)
    bots = [ModelBidder(seed=seat) for seat in range(game.rules.players)]
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)), seat=seat)


def test_training_fits_a_known_function_and_reports_calibration() -> None:
    training = _training_module()
    rng = np.random.default_rng(0)
    rows = rng.normal(size=(6000, 4))
    values = 2.0 * rows[:, 0] - np.maximum(rows[:, 1], 0.0) + 0.1 * rng.normal(size=6000)
    held = np.arange(6000) % 10 == 0
    model, figures = training.train(rows, values, held, seed=1, epochs=40)
    assert figures["explained"] > 0.95
    predicted = [bin_[0] for bin_ in figures["calibration"]]
    realised = [bin_[1] for bin_ in figures["calibration"]]
    assert max(abs(p - r) for p, r in zip(predicted, realised, strict=True)) < 0.2
    assert len(model["layers"]) == 3 and model["features"] == 4


def test_training_the_chances_of_each_result_recovers_them() -> None:
    training = _training_module()
    rng = np.random.default_rng(2)
    rows = rng.normal(size=(8000, 3))
    # The result is +2 with chance 0.8 where the first feature is positive, else 0.2; -1 otherwise.
    chance = np.where(rows[:, 0] > 0, 0.8, 0.2)
    values = np.where(rng.random(8000) < chance, 2.0, -1.0)
    held = np.arange(8000) % 10 == 0
    model, figures = training.train(rows, values, held, seed=1, epochs=30, outcomes=np.array([-1.0, 2.0]))
    assert model["outcomes"] == [-1.0, 2.0]
    fitted = ValueModel(model)
    probe = np.array([[2.0, 0.0, 0.0], [-2.0, 0.0, 0.0]])
    distribution = fitted.distribution(probe)
    assert distribution is not None
    assert distribution[0, 1] == pytest.approx(0.8, abs=0.06) and distribution[1, 1] == pytest.approx(0.2, abs=0.06)
    assert fitted.predict(probe) == pytest.approx(distribution @ np.array([-1.0, 2.0]))
    assert figures["explained"] > 0.2


def test_generation_tries_every_choice_and_records_real_points() -> None:
    training = _training_module()
    data = training.generate(("bid", 4, 0, 3, "heuristic", "auction", ()))
    assert data["rows"] and len(data["rows"]) == len(data["values"]) == len(data["deals"])
    assert set(data["deals"]) <= {0, 1, 2}
    assert all(value in (-2.0, -1.0, 0.0, 1.0, 2.0) for value in data["values"])


def test_generation_with_searching_players_tries_every_choice_and_plays_the_cards_by_search() -> None:
    training = _training_module()
    data = training.generate(("standard", 4, 0, 2, "pimc", "rounds", ()))
    assert data["rows"] and len(data["rows"]) == len(data["values"]) == len(data["deals"])
    assert all(value in (-4.0, -2.0, -1.0, 0.0, 1.0, 2.0, 4.0) for value in data["values"])
    player = training.SearchingPlayer(seed=3)
    game = _first_decision("standard", 5, "round-1")
    assert player.act(game.observation(game.to_act)) == ModelBidder(seed=0, feature_sets=frozenset({"rounds"})).act(
        game.observation(game.to_act)
    )
    while game.hand.phase_name != "play":
        seat = game.to_act
        assert seat is not None
        game.apply(HeuristicBot(seed=0).act(game.observation(seat)), seat=seat)
    seat = game.to_act
    assert seat is not None
    assert player.act(game.observation(seat)) in game.legal_actions()


def test_training_can_start_from_a_stored_model_and_keeps_its_input_scaling() -> None:
    training = _training_module()
    rng = np.random.default_rng(3)
    rows = rng.normal(size=(3000, 3))
    values = np.where(rng.random(3000) < np.where(rows[:, 0] > 0, 0.8, 0.2), 2.0, -1.0)
    held = np.arange(3000) % 10 == 0
    outcomes = np.array([-1.0, 2.0])
    first, _ = training.train(rows, values, held, seed=1, epochs=20, outcomes=outcomes)
    # New play-outs where the first feature matters less: the refit starts where the first model ended.
    shifted = np.where(rng.random(3000) < np.where(rows[:, 0] > 0, 0.6, 0.4), 2.0, -1.0)
    refit, _ = training.train(rows * 3.0, shifted, held, seed=1, epochs=20, outcomes=outcomes, start=first)
    assert refit["mean"] == first["mean"] and refit["scale"] == first["scale"]
    refitted = ValueModel(refit).distribution(np.array([[6.0, 0.0, 0.0]]))
    earlier = ValueModel(first).distribution(np.array([[2.0, 0.0, 0.0]]))
    assert refitted is not None and earlier is not None and refitted[0, 1] < earlier[0, 1]
    with pytest.raises(SystemExit, match="other inputs or outcomes"):
        training.train(rows[:, :2], values, held, seed=1, epochs=1, outcomes=outcomes, start=first)
    # Play-outs that never showed one of the starting model's results still refit to all of them.
    assert training.outcomes_to_predict(np.array([2.0]), first).tolist() == [-1.0, 2.0]
    assert training.outcomes_to_predict(np.array([-1.0, 1.0]), first).tolist() == [-1.0, 1.0]


def test_the_training_command_trains_on_kept_rows_with_the_hidden_layers_asked_for(tmp_path: Path) -> None:
    training = _training_module()
    data = training.generate(("bid", 4, 0, 10, "heuristic", "auction", ()))
    kept = tmp_path / "data"
    kept.mkdir()
    arrays = {name: np.asarray(values) for name, values in data.items()}
    np.savez_compressed(kept / "bid-auction-4-10-heuristic.npz", **arrays)
    output = tmp_path / "models.json"
    arguments = ["--variant", "bid", "--deals", "10", "--seed", "4", "--data", str(kept), "--reuse"]
    assert training.main([*arguments, "--output", str(output), "--hidden", "16,8,4"]) == 0
    stored = json.loads(output.read_text())["bid/auction"]
    assert [len(layer["bias"]) for layer in stored["layers"]] == [16, 8, 4, len(stored["outcomes"])]
    assert stored["info"]["hidden"] == [16, 8, 4] and stored["info"]["rows"] == len(data["values"])
    assert ValueModel(stored).predict(np.asarray(data["rows"][:3])).shape == (3,)
    for wrong in ("64,x", "0,8", ""):
        with pytest.raises(SystemExit):
            training.main([*arguments, "--output", str(output), "--hidden", wrong])


def test_a_model_trained_with_stick_the_dealer_is_read_only_in_games_played_so(tmp_path: Path) -> None:
    assert model_key("standard", "rounds", {"stick_the_dealer": False, "deck": 24}) == "standard/rounds"
    assert model_key("standard", "rounds", {"stick_the_dealer": True}) == "standard+stick_the_dealer/rounds"
    assert model_key("standard", "rounds", {"deck": 32, "stick_the_dealer": True}) == "standard+deck=32+stick_the_dealer/rounds"
    assert model_key("bid", "auction", {"target": 15}) == "bid/auction"  # the score is priced apart
    both = ("standard", {"deck": 32, "stick_the_dealer": True}, "rounds")
    assert model_game("standard+deck=32+stick_the_dealer/rounds") == both
    # A copy of the shipped ordering model, every result's sign turned round, stored as stick the dealer's model.
    stored = json.loads((ROOT / "src" / "bowers" / "bots" / "data" / "decision_models.json").read_text())
    rounds = stored["standard/rounds"]
    rounds["outcomes"] = [-value for value in rounds["outcomes"]]
    path = tmp_path / "models.json"
    path.write_text(json.dumps({"standard+stick_the_dealer/rounds": rounds}))
    models = load_models(str(path))
    hands = ["", "JH 9H KS QC 9D", "", ""]
    plain = View(deal("standard", 0, hands, "AH").observation(1))
    stuck = View(deal("standard", 0, hands, "AH", stick_the_dealer=True).observation(1))
    shipped = decision_values(plain, ["pass", "order"])
    assert shipped is not None
    assert decision_values(plain, ["pass", "order"], models) == shipped  # the game without the option: the variant's
    assert decision_values(stuck, ["pass", "order"]) == shipped  # no model of stick the dealer: the variant's stands
    turned = decision_values(stuck, ["pass", "order"], models)
    assert turned is not None and turned == pytest.approx({action: -value for action, value in shipped.items()})
    assert model_for("standard", "round-2", models, {"stick_the_dealer": True}) is models["standard+stick_the_dealer/rounds"]
    # pimc reads it too: by the turned-round values it orders in the game with the option, and passes without it.
    bot = PimcBot(seed=0, time_budget=0, learned_weight=1, models=str(path))
    assert bot.advise(stuck.observation)[0].action == "order" and bot.advise(plain.observation)[0].action == "pass"


def test_the_training_command_trains_a_model_for_the_options_it_is_given(tmp_path: Path) -> None:
    training = _training_module()
    output = tmp_path / "models.json"
    arguments = ["--variant", "standard", "--deals", "6", "--seed", "4", "--workers", "1", "--data", str(tmp_path)]
    assert training.main([*arguments, "--option", "stick_the_dealer=true", "--output", str(output), "--hidden", "8"]) == 0
    stored = json.loads(output.read_text())
    assert list(stored) == ["standard+stick_the_dealer/rounds"]
    assert stored["standard+stick_the_dealer/rounds"]["info"]["options"] == {"stick_the_dealer": True}
    with pytest.raises(SystemExit, match="no option 'stick'"):
        training.main([*arguments, "--option", "stick=true", "--output", str(output)])


def test_auto_bidding_uses_the_learned_values_only_where_they_were_measured_to_help() -> None:
    default = PimcBot(seed=0, time_budget=0)
    assert default.learned_bidding("standard") and default.learned_bidding("bid")
    assert not default.learned_bidding("bid-railroad") and not default.learned_bidding("railroad")
    assert PimcBot(seed=0, time_budget=0, bidding="learned").learned_bidding("bid-railroad")
    assert not PimcBot(seed=0, time_budget=0, bidding="worlds").learned_bidding("standard")
    game = _first_decision("bid-railroad", 3, "auction")
    observation = game.observation(game.to_act)  # type: ignore[arg-type]
    assert not any("learned" in choice.reason for choice in PimcBot(seed=0, time_budget=0, samples=2).advise(observation))
    forced = PimcBot(seed=0, time_budget=0, bidding="learned").advise(observation)
    assert forced and all("learned from self-play" in choice.reason for choice in forced)


def test_a_learned_choices_value_and_reason_show_the_same_number() -> None:
    # Many first bids of standard: the value shown and the points in the reason are one number, rounded once.
    for seed in range(40):
        game = bowers.Game("standard", seed=seed)
        for advice in PimcBot(seed=0, samples=8, time_budget=0).advise(game.observation(game.to_act)):
            assert f"scores {advice.value:+.2f} points" in advice.reason, (seed, advice)


def test_in_standard_ordering_is_worth_half_the_learned_values_and_half_the_solved_worlds() -> None:
    game = deal("standard", 0, ["", "JH 9H KS QC 9D", "", ""], "AH")
    observation = game.observation(1)
    learned = {choice.action: choice for choice in PimcBot(seed=0, time_budget=0, learned_weight=1).advise(observation)}
    worlds = {choice.action: choice for choice in PimcBot(seed=0, time_budget=0, learned_weight=0).advise(observation)}
    blended = PimcBot(seed=0, time_budget=0).advise(observation)  # the default in standard: half and half, on the same worlds
    assert {choice.action for choice in blended} == set(learned) == set(worlds) == {"pass", "order"}
    assert all("solved worlds" not in choice.reason for choice in learned.values())
    for choice in blended:
        assert "as learned from self-play" in choice.reason and "on solved worlds" in choice.reason
        expected = (learned[choice.action].value + worlds[choice.action].value) / 2
        assert choice.value == pytest.approx(expected, abs=0.002)
        halfway = (learned[choice.action].win_chance + worlds[choice.action].win_chance) / 2  # type: ignore[operator]
        assert choice.win_chance == pytest.approx(halfway, abs=0.0002)
    assert [choice.win_chance for choice in blended] == sorted((choice.win_chance for choice in blended), reverse=True)  # type: ignore[type-var]
    # The auction of bid is worth half and half too; bid-railroad's (with bidding="learned") the learned values alone.
    default = PimcBot(seed=0, time_budget=0)
    assert default.weight_of_learned("bid") == 0.5 and default.weight_of_learned("standard") == 0.5
    assert default.weight_of_learned("bid-railroad") == 1.0


@pytest.mark.parametrize("weight", [-0.1, 1.5, "half", True])
def test_a_learned_weight_outside_zero_to_one_is_refused_with_what_is_allowed(weight: object) -> None:
    with pytest.raises(bowers.OptionError, match="'learned_weight' must be a number from 0 to 1"):
        PimcBot(seed=0, time_budget=0, learned_weight=weight)


def test_a_file_of_models_takes_the_place_of_the_shipped_one_it_names(tmp_path: Path) -> None:
    # A copy of the shipped ordering model with every result's sign turned round: each value is negated.
    stored = json.loads((ROOT / "src" / "bowers" / "bots" / "data" / "decision_models.json").read_text())
    rounds = stored["standard/rounds"]
    rounds["outcomes"] = [-value for value in rounds["outcomes"]]
    path = tmp_path / "models.json"
    path.write_text(json.dumps({"standard/rounds": rounds}))
    game = deal("standard", 0, ["", "JH 9H KS QC 9D", "", ""], "AH")
    view = View(game.observation(1))
    shipped = decision_values(view, ["pass", "order"])
    assert shipped is not None
    models = load_models(str(path))
    changed = decision_values(view, ["pass", "order"], models)
    assert changed is not None and changed == pytest.approx({action: -value for action, value in shipped.items()})
    assert models["bid/auction"] is model_for("bid", "auction")  # the shipped ones stand for the rest
    default = PimcBot(seed=0, time_budget=0, learned_weight=1).advise(game.observation(1))
    refitted = PimcBot(seed=0, time_budget=0, learned_weight=1, models=str(path)).advise(game.observation(1))
    assert default[0].action == "pass" and refitted[0].action == "order"
    bidder = ModelBidder(seed=0, models=models)
    assert bidder.act(game.observation(1)) == "order" and ModelBidder(seed=0).act(game.observation(1)) == "pass"


@pytest.mark.parametrize("contents", [None, "not json", '{"standard/rounds": {"features": 3}}', "[1, 2]"])
def test_a_missing_or_malformed_file_of_models_is_refused_naming_it(tmp_path: Path, contents: str | None) -> None:
    path = tmp_path / "models.json"
    if contents is not None:
        path.write_text(contents)
    with pytest.raises(bowers.OptionError, match=r"setting 'models': .*models\.json.* is not a readable file of learned models"):
        PimcBot(seed=0, time_budget=0, models=str(path))
    with pytest.raises(bowers.OptionError, match="setting 'models' must be the path of a file"):
        PimcBot(seed=0, time_budget=0, models=3)
