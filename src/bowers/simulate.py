"""Play many whole games with random legal actions and summarise what happened.

Each game is played through the engine's fast integer path
(``step_id``, one call per decision) on the compiled engine where it is
installed (``bowers.engine_kind()``), so the figures double as a speed
measure (hands per second); every statistic comes from the games' ``results`` so it shows how
often the rules' events (loners, Jambones, misdeals, ...) occur.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from bowers import engine_kind
from bowers.facts import RATES, HandFacts, Rate, contract_levels, decided, hand_facts, named_rate
from bowers.game import Game
from bowers.seeds import derived_seeds
from bowers.variants import AUCTION, Rules, as_rules


def game_seeds(seed: int, index: int) -> tuple[int, int]:
    """The deal seed and the action seed of game ``index`` in a run started from ``seed``.

    Both come from a hash of (seed, index) (``bowers.seeds``), so game ``i`` is the same whatever
    the number of games, and deals and random choices are independent streams.

    >>> game_seeds(7, 0) == game_seeds(7, 0) != game_seeds(7, 1)
    True
    """
    deal, actions = derived_seeds("bowers-simulate", seed, index, count=2)
    return deal, actions


def _rate(name: str) -> Rate:
    """The rate of ``bowers.facts`` a figure's name stands for."""
    rate = named_rate(name)
    assert rate is not None, name
    return rate


def play_random_game(
    variant: str | Rules, deal_seed: int, action_seed: int, options: Mapping[str, Any] | None = None
) -> tuple[Game, int]:
    """Play one game to its end choosing uniformly among legal action ids; the game and its number of actions.

    ``variant`` is a variant's name or its ``Rules`` (then ``options``, if any, change them).
    """
    game = Game(variant, seed=deal_seed, **dict(options or {}))
    choice = random.Random(action_seed).choice
    step = game.step_id
    ids = game.legal_action_ids()
    actions = 0
    while ids:  # empty once the game is over
        ids = step(choice(ids))
        actions += 1
    return game, actions


def random_record(hands: int, variant: str | Rules = "standard", seed: int = 1) -> dict[str, Any]:
    """The record of ``hands`` hands of random legal play: a game whose target is far away, stopped there (long
    records, to try readers, uploads and the server's paging on)."""
    game = Game(variant, seed=seed, target=100_000)
    choice = random.Random(seed).choice
    while game.hand_number < hands:
        game.step_id(choice(game.legal_action_ids()))
    record = game.record()
    record["deals"] = record["deals"][:hands]
    del record["scores"]
    return record


# The one event ``simulate`` reports that is not a figure of ``bowers stats``: lone defences, which succeed when
# the makers are euchred.  Its loners are the study's (Jambones, played alone, among them).
LONE_DEFENCES_WON = Rate(
    "lone defences that euchred the makers", decided(RATES["defended_alone"].success), RATES["euchred"].success
)


class _Event:
    """How often something happened (the hands ``happened`` counts) and, of those the tricks decided, how often the
    side that attempted it succeeded (``succeeded`` counts them): two rates of ``bowers.facts``."""

    def __init__(self, happened: Rate, succeeded: Rate) -> None:
        self.happened, self.succeeded = happened, succeeded
        self.counts = [0, 0, 0]  # happened, decided, succeeded

    def add(self, hand: HandFacts) -> None:
        """Count one hand."""
        _, happened = self.happened.counts(hand)
        decided, succeeded = self.succeeded.counts(hand)
        self.counts[0] += happened
        self.counts[1] += decided
        self.counts[2] += succeeded

    @property
    def success_rate(self) -> float | None:
        """The share of the decided ones that succeeded (None when nothing was decided)."""
        return self.counts[2] / self.counts[1] if self.counts[1] else None

    def summary(self) -> dict[str, Any]:
        """JSON-able count, successes and success rate (None when nothing was decided)."""
        return {"count": self.counts[0], "succeeded": self.counts[2], "success_rate": self.success_rate}


class _Tally:
    """Running totals over the results of many games."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.hands = 0
        self.points = 0
        self.makers = _Event(RATES["trump_made"], RATES["makers_made"])
        self.loners = _Event(RATES["loners"], RATES["loners_made"])
        self.lone_defences = _Event(RATES["defended_alone"], LONE_DEFENCES_WON)
        self.jambones = _Event(RATES["jambone"], RATES["jambone_made"])
        self.contracts = {
            level: _Event(_rate(f"contract_{level}"), _rate(f"contract_{level}_made")) for level in contract_levels(rules)
        }
        # Only the events the rules allow are counted (and reported): the others never happen.
        optional = [(self.loners, rules.can_go_alone), (self.lone_defences, rules.defend_alone), (self.jambones, rules.jambone)]
        self.events = [self.makers, *(event for event, allowed in optional if allowed)]
        if rules.bidding == AUCTION:
            self.events += self.contracts.values()
        self.jamborees = 0
        self.misdeals = 0
        self.twos_threes = 0
        self.reneges = 0
        self.wins = [0] * rules.teams

    def add_game(self, winner: int | None, results: Iterable[Mapping[str, Any]]) -> None:
        """Add a finished game's winner and its per-hand results."""
        if winner is not None:
            self.wins[winner] += 1
        for result in results:
            self.add_hand(hand_facts(self.rules, result))

    def add_hand(self, hand: HandFacts) -> None:
        """Add one hand's facts."""
        self.hands += 1
        self.points += sum(hand.points)
        if hand.misdeal:
            self.misdeals += 1
            return
        if hand.renege:
            self.reneges += 1
        for event in self.events:
            event.add(hand)
        self.jamborees += len(hand.jamboree)
        self.twos_threes += len(hand.twos_threes)

    def summary(self) -> dict[str, Any]:
        """The variant-independent figures, plus the events this variant's rules allow."""
        rules = self.rules
        out: dict[str, Any] = {
            "hands": self.hands,
            "maker_success_rate": self.makers.success_rate,
            "average_points_per_hand": self.points / self.hands if self.hands else None,
            "wins": list(self.wins),
            "misdeals": self.misdeals,
        }
        if rules.can_go_alone:
            out["loners"] = self.loners.summary()
        if rules.defend_alone:
            out["lone_defences"] = self.lone_defences.summary()
        if rules.jambone:
            out["jambones"] = self.jambones.summary()
        if rules.jamboree:
            out["jamborees"] = self.jamborees
        if rules.twos_threes:
            out["twos_threes"] = self.twos_threes
        if rules.bidding == AUCTION:
            out["contracts"] = {level: event.summary() for level, event in self.contracts.items()}
        if rules.reneges:
            out["reneges"] = self.reneges
        return out


def simulate(
    variant: str | Rules,
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` random games of ``variant`` and return a JSON-able summary.

    Game ``i`` is dealt from, and plays with, seeds derived from ``(seed, i)``
    (``game_seeds``), so a run is reproducible. ``variant`` is a name or ``Rules``;
    ``options`` are the variant's options, read once into its rules
    (strings such as ``"true"`` are accepted, as on the command line);
    a bad variant or option raises ``bowers.errors.OptionError`` before any
    game is played. ``progress``, if given, is called after each game with the
    number of games finished so far.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    rules = as_rules(variant, **dict(options or {}))
    first_deal, first_actions = game_seeds(seed, 0)
    start = time.perf_counter()
    game, actions = play_random_game(rules, first_deal, first_actions)
    tally = _Tally(rules)
    tally.add_game(game.winner, game.results)
    if progress is not None:
        progress(1)
    for index in range(1, games):
        game, played = play_random_game(rules, *game_seeds(seed, index))
        actions += played
        tally.add_game(game.winner, game.results)
        if progress is not None:
            progress(index + 1)
    seconds = time.perf_counter() - start
    summary: dict[str, Any] = {
        "variant": rules.variant,
        "options": game.options,  # every option, as JSON writes them
        "seed": seed,
        "games": games,
        "hands": tally.hands,
        "seconds": seconds,
        "games_per_second": games / seconds if seconds > 0 else None,
        "hands_per_second": tally.hands / seconds if seconds > 0 else None,
        "engine": engine_kind(),
        "actions": actions,
        "hands_per_game": tally.hands / games,
    }
    summary.update(tally.summary())
    return summary
