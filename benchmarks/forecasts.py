"""Are the strong bot's values before play calibrated?  Its forecast of each choice it makes against the result.

``pimc`` (at its defaults unless ``--setting`` says otherwise) plays every seat
of single hands.  At each of its decisions before play with more than one
choice, a second bot with the same settings (so that asking leaves the play
as it was) values the choice made, in expected net points of the hand for the
seat's team, as ``advise`` shows it; the hand is then played out, and the
forecast is set beside the points the team really scored.  Grouped by phase
and choice, a forecast well above the result says the bot overrates that kind
of choice, and one well below, that it underrates it: solved worlds, whose
defenders see every card, undervalue loners a little, for example.

Usage::

    python benchmarks/forecasts.py --variant standard --deals 500 --workers 2
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from arguments import add_deal_arguments, deal_jobs, gather, interval_text, write_json
from disagreements import PLAY_PREFIX, kind

import bowers
from bowers.bots.pimc import PimcBot
from bowers.facts import net as side_net


def _deal(job: dict[str, Any]) -> list[dict[str, Any]]:
    """The forecast and the result of every decision before play of one deal."""
    game = bowers.Game(job["variant"], seed=job["seed"], **job["options"])
    rules = game.rules
    players = [PimcBot(seed=job["seed"] * 16 + s, **job["settings"]) for s in range(rules.players)]
    valuer = PimcBot(seed=job["seed"] * 16 + 12, **job["settings"])
    rows: list[dict[str, Any]] = []
    while not game.results:
        seat = game.to_act
        assert seat is not None
        observation = game.observation(seat)
        legal = game.legal_actions()
        choice = players[seat].act(observation)
        if len(legal) > 1 and not any(action.startswith(PLAY_PREFIX) for action in legal):
            values = {advice.action: advice.value for advice in valuer.advise(observation, include=[choice])}
            if choice in values:
                rows.append({"seed": job["seed"], "seat": seat, "phase": observation["phase"], "choice": choice,
                             "forecast": values[choice]})  # fmt: skip
        game.apply(choice, seat=seat)
    points = game.results[0]["points"]
    for row in rows:
        row["result"] = float(side_net(points, rules.team_of(row["seat"])))
    return rows


def report(rows: Sequence[dict[str, Any]]) -> list[str]:
    """The table: by phase and kind of choice, the mean forecast and the mean result with its interval."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[(row["phase"], kind(row["choice"]))].append(row)
    lines = ["| phase | choice | decisions | forecast (mean net points) | result [95%] | result minus forecast [95%] |"]
    lines.append("| --- | --- | --- | --- | --- | --- |")
    for (phase, choice), group in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])):
        forecast = sum(row["forecast"] for row in group) / len(group)
        result = interval_text([row["result"] for row in group])
        error = interval_text([row["result"] - row["forecast"] for row in group])
        lines.append(f"| {phase} | {choice} | {len(group)} | {forecast:+.3f} | {result} | {error} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_deal_arguments(parser, "write every forecast and result to this file")
    arguments = parser.parse_args()
    rows = gather(_deal, deal_jobs(arguments), arguments.workers)
    print(f"{arguments.variant}: {arguments.deals} deals, pimc in every seat, its forecasts before play against the results")
    print("\n".join(report(rows)))
    write_json(arguments.json, rows)


if __name__ == "__main__":
    main()
