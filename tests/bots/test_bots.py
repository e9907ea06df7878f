"""Every bot plays every variant legally, is deterministic by seed, and sees nothing but its observation."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import bowers
from bowers.bots import Advice, advise, create, names
from bowers.bots.sampler import Sampler
from bowers.errors import OptionError

VARIANTS = bowers.variants()
# Short targets keep whole games quick; the rules of play do not change with the target.
SHORT_TARGET = {
    "standard": 5,
    "two-hand": 5,
    "british": 5,
    "railroad": 16,
    "railroad-6": 16,
    "ultimate": 10,
    "bid": 5,
    "bid-railroad": 16,
}


def play_game(
    variant: str, bot_names: list[str], seed: int, settings: dict[str, dict[str, Any]] | None = None, **options: Any
) -> bowers.Game:
    """A whole game between the named bots (one name per team, cycling), every action checked by the engine."""
    game = bowers.Game(variant, seed=seed, **options)
    rules = game.rules
    bots = []
    for seat in range(rules.players):
        name = bot_names[rules.team_of(seat) % len(bot_names)]
        bots.append(create(name, seed=seed * 10 + seat, **(settings or {}).get(name, {})))
    steps = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        observation = json.loads(json.dumps(game.observation(seat)))
        action = bots[seat].act(observation)
        assert action in observation["legal_actions"]
        game.apply(action, seat=seat)
        steps += 1
        assert steps < 20_000
    return game


def test_registry_lists_the_bots() -> None:
    assert {"random", "heuristic", "pimc"} <= set(names())


@pytest.mark.parametrize(("name", "allowed"), [("random", "no settings"), ("heuristic", "call_margin"), ("pimc", "level")])
def test_unknown_setting_names_the_allowed_ones(name: str, allowed: str) -> None:
    with pytest.raises(OptionError) as raised:
        create(name, seed=1, speed=3)
    assert "speed" in str(raised.value)
    assert allowed in str(raised.value)


@pytest.mark.parametrize("name", ["random", "heuristic", "pimc"])
def test_a_saved_game_whose_bots_carry_the_games_options_still_loads_and_plays(name: str) -> None:
    # Games saved before bots read the options from what they see gave every bot seat an ``options`` setting.
    from bowers.table import Seat, Table

    game = bowers.Game("standard", seed=4, stick_the_dealer=True, deck=32)
    settings: dict[str, Any] = {"samples": 2, "time_budget": 0} if name == "pimc" else {}
    seats = [Seat(name, dict(settings), f"{name} {seat}") for seat in range(4)]
    record = json.loads(json.dumps(Table(game, seats, bot_seed=1).game.record()))
    for seat in record["metadata"]["table"]["seats"]:  # as such a game was saved
        seat["settings"]["options"] = {"stick_the_dealer": True, "deck": 32}
    table = Table.from_record(record)
    assert [dict(seat.settings) for seat in table.seats] == [settings] * 4
    for played in range(1, 7):
        table.play_bot()
        assert len(table.game.record()["deals"][0]["actions"]) == played


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("level", 7),
        ("level", "3"),
        ("samples", 0),
        ("time_budget", -1),
        ("time_budget", "soon"),
        ("evaluator", "magic"),
        ("exact_tricks", 0),
        ("bidding", "guess"),
        ("score_model", "elo"),
        ("learned_weight", 2),
        ("models", ""),
    ],
)
def test_pimc_refuses_bad_setting_values(setting: str, value: object) -> None:
    with pytest.raises(OptionError, match=setting):
        create("pimc", **{setting: value})


@pytest.mark.parametrize("variant", VARIANTS)
def test_heuristic_plays_whole_games_legally_and_beats_random(variant: str) -> None:
    wins = 0
    for seed in range(4):
        teams = bowers.make_rules(variant).teams
        game = play_game(variant, ["heuristic"] + ["random"] * (teams - 1), seed, target=SHORT_TARGET[variant])
        assert game.winner is not None
        wins += game.winner == 0
    assert wins >= 3


@pytest.mark.parametrize("variant", VARIANTS)
def test_pimc_plays_a_whole_game_legally(variant: str) -> None:
    pimc = {"samples": 1, "time_budget": 0}
    game = play_game(variant, ["pimc", "heuristic"], 1, {"pimc": pimc}, target=SHORT_TARGET[variant] // 2 or 1)
    assert game.winner is not None


@pytest.mark.parametrize("name", ["random", "heuristic", "pimc"])
@pytest.mark.parametrize("variant", ["standard", "railroad", "bid"])
def test_same_seed_same_game(name: str, variant: str) -> None:
    settings = {"pimc": {"samples": 2, "time_budget": 0}}
    first = play_game(variant, [name], 5, settings, target=2)
    second = play_game(variant, [name], 5, settings, target=2)
    assert first.record() == second.record()


def _positions(variant: str, seed: int, count: int) -> list[tuple[bowers.Game, int]]:
    """Positions from a heuristic game: (game copy, seat to act), several per hand."""
    return _positions_with(variant, seed, count)


def _positions_with(variant: str, seed: int, count: int, **options: Any) -> list[tuple[bowers.Game, int]]:
    """Positions from a heuristic game with these options: (game copy, seat to act)."""
    game = bowers.Game(variant, seed=seed, **options)
    bots = [create("heuristic", seed=s) for s in range(game.rules.players)]
    rng = random.Random(seed)
    out = []
    while len(out) < count and not game.is_over:
        seat = game.to_act
        assert seat is not None
        if len(game.legal_actions()) > 1 and rng.random() < 0.35:
            out.append((game.copy(), seat))
        game.apply(bots[seat].act(game.observation(seat)), seat=seat)
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_bots_choose_the_same_whatever_the_hidden_cards(variant: str) -> None:
    # Two worlds that differ only in cards the seat cannot see give it the same observation, hence the same choice.
    for game, seat in _positions(variant, 2, 4):
        observation = game.observation(seat)
        sampler = Sampler(observation)
        rng = random.Random(7)
        worlds = [sampler.sample(rng) for _ in range(6)]
        hidden = {tuple(w.hand.hands[s] for s in range(game.rules.players) if s != seat) for w in worlds}
        views = [w.observation(seat) for w in worlds]
        for view in views:
            assert view["hand"] == observation["hand"] and view["history"] == observation["history"]
        for name, settings in (("heuristic", {}), ("pimc", {"samples": 2, "time_budget": 0}), ("random", {})):
            choices = {create(name, seed=4, **settings).act(view) for view in views[:2]}
            assert len(choices) == 1, (name, choices)
        if len(hidden) == 1:
            continue  # nothing hidden was left to vary (late in a hand)


@pytest.mark.parametrize("variant", VARIANTS)
def test_bots_work_on_a_json_round_trip(variant: str) -> None:
    for game, seat in _positions(variant, 3, 4):
        observation = game.observation(seat)
        copy = json.loads(json.dumps(observation))
        for name, settings in (("heuristic", {}), ("pimc", {"samples": 2, "time_budget": 0})):
            assert create(name, seed=1, **settings).act(copy) == create(name, seed=1, **settings).act(observation)


def test_advise_lists_every_choice_best_first_with_reasons() -> None:
    game = bowers.Game("standard", seed=11)
    seat = game.to_act
    assert seat is not None
    advice = advise(game.observation(seat), samples=4, bidding="worlds", time_budget=0)
    assert {a.action for a in advice} == set(game.legal_actions())
    assert all(isinstance(a, Advice) and isinstance(a.value, float) and "tricks on average" in a.reason for a in advice)
    # The same observation, the same advice.
    assert advise(game.observation(seat), samples=4, bidding="worlds", time_budget=0) == advice
    learned = advise(game.observation(seat), time_budget=0)  # by default the bidding is valued by the learned model
    assert {a.action for a in learned} == set(game.legal_actions())
    assert all("learned from self-play" in a.reason for a in learned)


def test_bots_refuse_an_observation_with_no_turn() -> None:
    game = bowers.Game("standard", seed=1)
    idle = next(s for s in range(4) if s != game.to_act)
    for name in ("random", "heuristic", "pimc"):
        with pytest.raises(ValueError, match="no legal actions"):
            create(name, seed=1).act(game.observation(idle))


@pytest.mark.parametrize("variant", ["standard", "railroad"])
def test_bots_never_renege_when_the_rules_allow_it(variant: str) -> None:
    # With the reneges option every card is a legal play; the bots still follow suit, so no claim ever succeeds.
    game = play_game(variant, ["heuristic", "pimc"], 4, {"pimc": {"samples": 1, "time_budget": 0}}, target=4, reneges=True)
    assert not any(result["renege"] for result in game.results)


@pytest.mark.parametrize(("deck", "expected"), [(32, 32), (25, 25)])
def test_the_rules_a_bot_plays_by_are_those_its_observation_names(deck: int, expected: int) -> None:
    # Bots are told nothing but what they see: the observation names the variant and every option.
    from bowers.bots.view import View, rules_of

    for game, seat in _positions_with("standard", 6, 3, deck=deck, stick_the_dealer=True):
        observation = json.loads(json.dumps(game.observation(seat)))
        view = View(observation)
        assert view.rules == game.rules and len(view.rules.deck) == expected
        assert rules_of(observation) is view.rules  # read once for a variant and its options


def test_advice_is_best_first_and_the_bot_still_credits_its_rule_players_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint lists the best choice first; the bot itself may play the heuristic's choice within ``PRIOR``."""
    from bowers.bots import advise, pimc
    from bowers.bots.heuristic import HeuristicBot
    from bowers.bots.pimc import PimcBot

    monkeypatch.setattr(pimc, "PRIOR", 5.0)

    overruled = 0
    for seed in range(12):
        game = bowers.Game("standard", seed=seed)
        seat = game.to_act
        assert seat is not None
        observation = game.observation(seat)
        settings: dict[str, Any] = {"samples": 4, "seed": seed, "bidding": "worlds", "score_model": "points", "time_budget": 0}
        advice = advise(observation, **settings)
        values = [choice.value for choice in advice]
        assert values == sorted(values, reverse=True), advice  # with the points model, best first is most points first
        assert all("rule player" not in choice.reason for choice in advice)
        favourite = HeuristicBot(seed=0).act(observation)
        chosen = PimcBot(**settings).act(observation)
        assert chosen == favourite  # five points of credit: the heuristic's choice is always played
        overruled += advice[0].action != favourite
    assert overruled > 0  # and the hint still shows when the samples favour another choice


def test_each_hint_says_who_makes_trump_in_its_own_words() -> None:
    """Passing and ordering up read differently: ordering makes trump; passing may leave it to the opponents."""
    from bowers.bots import advise

    game = bowers.Game("standard", seed=5)
    game.apply("pass")
    observation = game.observation(game.to_act)
    advice = {choice.action: choice.reason for choice in advise(observation, level=2, bidding="worlds", time_budget=0)}
    assert advice["order"].startswith("your side makes trump and takes")
    assert advice["pass"].startswith("the opponents make trump") or "of deals and makes its contract" in advice["pass"]
    assert advice["pass"] != advice["order"]
    assert "makes the contract" not in " ".join(advice.values())
    auction = bowers.Game("bid", seed=5)
    reasons = [choice.reason for choice in advise(auction.observation(auction.to_act), level=2, bidding="worlds", time_budget=0)]
    assert any("wins the bid" in reason for reason in reasons) and not any("makes trump" in reason for reason in reasons)


@pytest.mark.parametrize("variant", ["standard", "railroad-6", "bid"])
def test_the_view_reads_every_trick_with_its_cards_owners_and_the_suit_led(variant: str) -> None:
    from bowers.bots.view import View
    from bowers.cards import to_hand

    rng = random.Random(variant)
    game = bowers.Game(variant, seed=3)
    while not (game.hand.tricks_played >= 2 and game.hand.trick):
        if game.hand_number > 0 or game.is_over:
            game = bowers.Game(variant, seed=rng.randrange(1000))
        game.apply(rng.choice(game.legal_actions()))
    seat = game.to_act
    view = View(json.loads(json.dumps(game.observation(seat))))
    tricks = view.tricks_led()
    assert [cards for _, cards in tricks] == [*game.hand.played, game.hand.trick]
    assert [led for led, _ in tricks] == [*game.hand.suits_led, game.hand.led]
    for owner in range(game.rules.players):
        assert view.played_by[owner] == to_hand(card for _, cards in tricks for player, card in cards if player == owner)
