"""Playing strength of bowers' bots, measured in duplicate matches.

Comparisons (``--comparisons``, default all):

* ``heuristic-random`` and ``pimc-heuristic``: in every variant chosen with
  ``--variants``, with the variants' default options;
* ``pimc-earlier``: in every variant chosen, the current ``pimc`` against
  the earlier one (``bidding=worlds``: every decision before play scored on
  solved worlds, the heuristic as the model of the other seats;
  ``score_model=points``: points plus the target for deciding the game;
  ``level=2``: 20 worlds a decision, the default of the time),
  the baseline that the learned bidding and the win-probability tables are
  measured against;
* ``pimc-baseline`` and ``heuristic-baseline``: in every variant chosen, the
  current bot against itself as first released (``version=1``, the settings in
  ``BASELINE_SETTINGS`` of ``bowers.bots.pimc_config`` and
  ``bowers.bots.heuristic``: its decisions are locked by
  tests/bots/test_baseline.py, so the comparison can be repeated);
  ``pimc-baseline-games``: the same for ``pimc``, in ``--games`` whole games
  (duplicate), the share of games won with its interval;
* ``modelbidder-heuristic``: the heuristic bot bidding by the learned values
  (``bowers.bots.learned.ModelBidder``) against the plain heuristic, in every
  variant chosen (a fast check of the learned bidding alone);
* ``pimc-bidding-heuristic`` and ``pimc-play-heuristic``: the same, with a
  first side that uses ``pimc`` only before play (ordering, calling, going
  alone, discards, bids) or only in play, and ``heuristic`` for the rest
  (``benchmarks/peers/split.py``): which of the two classes of decision makes
  ``pimc``'s result in a variant;
* ``euchre-cli-random`` and ``heuristic-euchre-cli``: ``standard`` under
  euchre-cli's rules (no stick the dealer, no going alone for either side),
  against the computer player of the ``euchre-cli`` package
  (``benchmarks/peers/euchre_cli.py``);
* ``ismcts-random`` and ``pimc-ismcts``: ``standard`` under the options on
  which bowers and OpenSpiel's ``euchre`` agree, against OpenSpiel's C++
  information-set MCTS (``benchmarks/peers/openspiel_ismcts.py``).  For
  ``pimc-ismcts`` the pimc bot gets a ``time_budget`` per decision no larger
  than the search's own median time per decision, measured first on
  ``--calibration-deals`` deals against the random bot (or given with
  ``--pimc-budget``).

Each comparison is a ``bowers.match.play_match`` run; it prints the first
side's net points per deal (the mean over the deal's passes of its points
minus the other side's: points per hand) with the 95% interval, whether the
interval excludes zero, games won, the Elo difference, the median thinking
time per decision of each side, and hands per second.

Usage::

    python benchmarks/strength.py [--variants standard,ultimate] [--comparisons heuristic-random]
        [--deals 200] [--search-deals 40] [--games 20] [--seed 1] [--workers 2] [--json out.json]

``--deals`` is for comparisons between fast players; ``--search-deals`` for
those with a searching player (pimc, the OpenSpiel search).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from functools import partial
from typing import Any

from arguments import setting
from peers.rules import bowers_bot_without
from peers.split import split_bot

from bowers.bots import heuristic, pimc_config
from bowers.bots.learned import ModelBidder
from bowers.match import MatchResult, Side, play_games, play_match
from bowers.variants import variant, variants

EUCHRE_CLI_OPTIONS = {"deck": 24, "stick_the_dealer": False}
EARLIER_PIMC = {"bidding": "worlds", "score_model": "points", "level": 2}
COMPARISONS = (
    "heuristic-random",
    "pimc-heuristic",
    "pimc-earlier",
    "pimc-baseline",
    "heuristic-baseline",
    "pimc-baseline-games",
    "modelbidder-heuristic",
    "pimc-bidding-heuristic",
    "pimc-play-heuristic",
    "euchre-cli-random",
    "heuristic-euchre-cli",
    "ismcts-random",
    "pimc-ismcts",
)


def without_alone(bot: str, **settings: Any) -> Side:
    """A bowers bot that may not go alone (euchre-cli's rules)."""
    return Side(bot, settings, partial(bowers_bot_without, ("alone",), bot))


def describe(result: MatchResult, comparison: str) -> dict[str, Any]:
    """The figures of one comparison, JSON-able."""
    first, second = result.sides[0], result.sides[1]
    elo = result.elo[0]
    return {
        "comparison": comparison,
        "variant": result.variant,
        "options": result.options,
        "sides": [first.bot, second.bot],
        "settings": [dict(first.settings), dict(second.settings)],
        "deals": result.deals,
        "hands": result.hands,
        "games": first.share is not None,
        "share_won": None if first.share is None else first.share.mean,
        "share_ci95": None if first.share is None else [first.share.low, first.share.high],
        "net_points_per_deal": first.net_points.mean,
        "ci95": [first.net_points.low, first.net_points.high],
        "significant": first.net_points.significant,
        "games_won": [first.games_won, second.games_won],
        "elo": elo.difference,
        "elo_ci95": [elo.low, elo.high],
        "median_ms_per_decision": [
            None if side.median_seconds_per_decision is None else 1000 * side.median_seconds_per_decision
            for side in (first, second)
        ],
        "mean_ms_per_decision": [
            None if side.seconds_per_decision is None else 1000 * side.seconds_per_decision for side in (first, second)
        ],
        "hands_per_second": result.hands_per_second,
        "seconds": result.seconds,
        "workers": result.workers,
    }


def _signed(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:+.{digits}f}"


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _elo(figures: dict[str, Any]) -> str:
    if figures["elo"] is not None:
        return _signed(figures["elo"], 0)
    low, high = figures["elo_ci95"]
    if low is not None and high is None:
        return f"above {_signed(low, 0)}"
    if high is not None and low is None:
        return f"below {_signed(high, 0)}"
    return "-"


def line(figures: dict[str, Any]) -> str:
    """One comparison in one line."""
    low, high = figures["ci95"]
    verdict = "significant" if figures["significant"] else "NOT significant"
    won = "-".join(str(n) for n in figures["games_won"])
    if figures["games"]:
        share_low, share_high = figures["share_ci95"]
        return (
            f"{figures['comparison']:<22} {figures['variant']:<11} {figures['deals']:>5} games  "
            f"share won {figures['share_won']:.3f} [{_share(share_low)}, {_share(share_high)}] {verdict:<15}  "
            f"games {won:<7} net points a hand {_signed(figures['net_points_per_deal'])} [{_signed(low)}, {_signed(high)}]"
        )
    first_ms, second_ms = figures["median_ms_per_decision"]
    return (
        f"{figures['comparison']:<22} {figures['variant']:<11} {figures['deals']:>5} deals  "
        f"{_signed(figures['net_points_per_deal'])} [{_signed(low)}, {_signed(high)}] {verdict:<15}  "
        f"games {won:<7} Elo {_elo(figures)}  "
        f"median ms/decision {_ms(first_ms)} vs {_ms(second_ms)}  {figures['hands_per_second']:.1f} hands/s"
    )


def run(arguments: argparse.Namespace) -> list[dict[str, Any]]:
    """Play every chosen comparison, printing each line as it finishes."""
    chosen = arguments.comparisons
    pimc_settings = dict(arguments.pimc_setting)
    results: list[dict[str, Any]] = []

    def play(comparison: str, variant_name: str, players: list[str | Side], deals: int, options: dict[str, Any]) -> None:
        result = play_match(variant_name, players, deals=deals, seed=arguments.seed, workers=arguments.workers, options=options)
        figures = describe(result, comparison)
        results.append(figures)
        print(line(figures), flush=True)

    for variant_name in arguments.variants:
        teams = variant(variant_name).teams
        if "heuristic-random" in chosen:
            play("heuristic-random", variant_name, ["heuristic"] + ["random"] * (teams - 1), arguments.deals, {})
        if "pimc-heuristic" in chosen:
            players: list[str | Side] = [Side("pimc", pimc_settings)] + ["heuristic"] * (teams - 1)
            play("pimc-heuristic", variant_name, players, arguments.search_deals, {})
        if "pimc-earlier" in chosen:
            earlier = [Side("pimc", {**pimc_settings, **EARLIER_PIMC})] * (teams - 1)
            play("pimc-earlier", variant_name, [Side("pimc", pimc_settings), *earlier], arguments.search_deals, {})
        if "pimc-baseline" in chosen:
            baseline = [Side("pimc", {**pimc_settings, **pimc_config.BASELINE_SETTINGS})] * (teams - 1)
            play("pimc-baseline", variant_name, [Side("pimc", pimc_settings), *baseline], arguments.search_deals, {})
        if "heuristic-baseline" in chosen:
            first_release = [Side("heuristic", heuristic.BASELINE_SETTINGS)] * (teams - 1)
            play("heuristic-baseline", variant_name, ["heuristic", *first_release], arguments.deals, {})
        if "pimc-baseline-games" in chosen:
            baseline = [Side("pimc", {**pimc_settings, **pimc_config.BASELINE_SETTINGS})] * (teams - 1)
            sides = [Side("pimc", pimc_settings), *baseline]
            result = play_games(variant_name, sides, games=arguments.games, seed=arguments.seed, workers=arguments.workers)
            figures = describe(result, "pimc-baseline-games")
            results.append(figures)
            print(line(figures), flush=True)
        if "modelbidder-heuristic" in chosen:
            learned = Side("model-bidder", {}, ModelBidder)
            play("modelbidder-heuristic", variant_name, [learned] + ["heuristic"] * (teams - 1), arguments.deals, {})
        for comparison, bidding, card_play in (
            ("pimc-bidding-heuristic", "pimc", "heuristic"),
            ("pimc-play-heuristic", "heuristic", "pimc"),
        ):
            if comparison in chosen:
                split = Side(f"{bidding}-bidding+{card_play}-play", pimc_settings, partial(split_bot, bidding, card_play))
                play(comparison, variant_name, [split] + ["heuristic"] * (teams - 1), arguments.search_deals, {})
    # Each peer is imported only when a comparison needs it, so that one installed alone is enough.
    if {"euchre-cli-random", "heuristic-euchre-cli"} & set(chosen):
        from peers.euchre_cli import euchre_cli_computer

        euchre_cli = Side("euchre-cli", factory=euchre_cli_computer)
        if "euchre-cli-random" in chosen:
            play("euchre-cli-random", "standard", [euchre_cli, without_alone("random")], arguments.deals, EUCHRE_CLI_OPTIONS)
        if "heuristic-euchre-cli" in chosen:
            sides = [without_alone("heuristic"), euchre_cli]
            play("heuristic-euchre-cli", "standard", sides, arguments.deals, EUCHRE_CLI_OPTIONS)
    if {"ismcts-random", "pimc-ismcts"} & set(chosen):
        from peers.openspiel_ismcts import OPENSPIEL_OPTIONS, openspiel_ismcts

        ismcts = Side("openspiel-ismcts", {"simulations": arguments.simulations}, openspiel_ismcts)
        if "ismcts-random" in chosen:
            play("ismcts-random", "standard", [ismcts, "random"], arguments.search_deals, OPENSPIEL_OPTIONS)
        if "pimc-ismcts" in chosen:
            budget = arguments.pimc_budget
            if budget is None:
                calibration = play_match(
                    "standard",
                    [ismcts, "random"],
                    deals=arguments.calibration_deals,
                    seed=arguments.seed + 1,
                    workers=1,
                    options=OPENSPIEL_OPTIONS,
                )
                budget = calibration.sides[0].median_seconds_per_decision
                assert budget is not None
                print(
                    f"calibration: openspiel-ismcts at {arguments.simulations} simulations takes a median "
                    f"{1000 * budget:.1f} ms per decision ({calibration.sides[0].decisions} decisions, one core); "
                    "pimc's time_budget is set to that",
                    flush=True,
                )
            pimc = Side("pimc", {**pimc_settings, "time_budget": budget})
            play("pimc-ismcts", "standard", [pimc, ismcts], arguments.search_deals, OPENSPIEL_OPTIONS)
    return results


def _names(text: str, allowed: tuple[str, ...] | list[str], what: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in allowed]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown {what} {', '.join(unknown) or text!r}; choose from {', '.join(allowed)}")
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", type=lambda t: _names(t, variants(), "variant"), default=variants())
    parser.add_argument("--comparisons", type=lambda t: _names(t, COMPARISONS, "comparison"), default=list(COMPARISONS))
    parser.add_argument("--deals", type=int, default=200, help="deals for comparisons between fast players")
    parser.add_argument("--search-deals", type=int, default=40, help="deals for comparisons with pimc or the OpenSpiel search")
    parser.add_argument("--games", type=int, default=20, help="whole games for pimc-baseline-games (each played twice)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    parser.add_argument("--simulations", type=int, default=1000, help="simulations per decision of the OpenSpiel search")
    parser.add_argument("--calibration-deals", type=int, default=10, help="deals to time the OpenSpiel search on")
    parser.add_argument("--pimc-budget", type=float, default=None, help="pimc's seconds per decision against the search")
    parser.add_argument("--pimc-setting", type=setting, action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--json", metavar="FILE", help="also write every figure to FILE as JSON")
    arguments = parser.parse_args()
    started = time.perf_counter()
    results = run(arguments)
    print(f"total {time.perf_counter() - started:.0f} s", flush=True)
    if arguments.json:
        with open(arguments.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=2)
    sys.exit(0)


if __name__ == "__main__":
    main()
