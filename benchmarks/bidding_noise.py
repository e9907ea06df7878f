"""How much ``pimc``'s bidding depends on its draw of worlds, and how well its model of the others reads its bids.

Deals are bid by the default ``pimc`` on every seat (no time budget, so that the
same seed gives the same positions; each deal ends when play begins).  At every
bid, order or call with more than one legal action that the learned values
cover (the auction of ``bid``, the two rounds of ``standard``), it measures:

- **model agrees**: whether the model that ``pimc`` reads the others' bids with
  (``PimcBot.bidding_model``: the learned values) makes the bot's choice;
- **second draw agrees**: whether a second ``pimc``, the same but for its seed
  (another draw of worlds), makes the same choice;
- **points lost to the draw**: the worlds part of each choice's worth is scored
  ``--runs`` times on fresh worlds (the bot's worlds a decision each time, solved
  worlds alone, in points).  Half the runs are a reference; each choice made on
  1, 2, 4, ... of the other runs (80, 160, 320, ... worlds at the default level)
  with the learned values blended in as the bot blends them, and the learned
  values' choice alone, is priced at the reference's blended worth.  The mean
  difference from the best of them (with its 95% interval) is what choosing on
  fewer worlds costs a decision, in points.

A model of the others can read a bid no better than the bot itself repeats it:
where a second draw agrees as rarely as the model does, the rest of the
disagreement is the draw's noise, which no model of what the seat saw can
predict.

Usage::

    python benchmarks/bidding_noise.py --variant bid --deals 30 --workers 2
    python benchmarks/bidding_noise.py --variant standard --deals 200 --workers 2
"""

from __future__ import annotations

import argparse
from typing import Any

from arguments import add_deal_arguments, deal_jobs, gather, interval_text, write_json

import bowers
from bowers.bots.learned import decision_values
from bowers.bots.learned_features import FEATURE_SETS
from bowers.bots.pimc import PimcBot
from bowers.bots.view import View


def _worth(action: str, learned: dict[str, float], worlds: list[dict[str, float]], weight: float) -> float:
    """An action's blend of learned and mean worlds worth (in points), as the bot blends them."""
    return weight * learned[action] + (1 - weight) * sum(run[action] for run in worlds) / len(worlds)


def _choice(legal: list[str], learned: dict[str, float], worlds: list[dict[str, float]], weight: float) -> str:
    """The action with the best blend of learned and worlds worth."""
    return max(legal, key=lambda action: _worth(action, learned, worlds, weight))


def measure(job: dict[str, Any]) -> list[dict[str, Any]]:
    """Every measured bidding decision of one deal, as JSON-able rows."""
    game = bowers.Game(job["variant"], seed=job["seed"], **job["options"])
    settings = {"time_budget": None, **job["settings"]}
    players = game.rules.players
    bots = [PimcBot(seed=job["seed"] * players + seat, **settings) for seat in range(players)]
    variant = game.rules.variant
    if not bots[0].learned_bidding(variant):
        raise SystemExit(f"pimc does not bid by learned values in {variant}: nothing to measure")
    weight = bots[0].weight_of_learned(variant)
    model = bots[0].bidding_model(variant)
    runs, half = job["runs"], job["runs"] // 2
    rows = []
    decision = 0
    while game.hand_number == 0 and not game.is_over and game.phase != "play":
        seat = game.to_act
        assert seat is not None
        observation = game.observation(seat)
        legal = list(observation["legal_actions"])
        chosen = bots[seat].act(observation)
        if len(legal) > 1 and observation["phase"] in FEATURE_SETS:
            view = View(observation)
            learned = decision_values(view, legal)
            if learned is not None:
                base = job["seed"] * 1000 + decision
                second = PimcBot(seed=base + 500, **settings).act(observation)
                worlds = []
                for run in range(runs):
                    advice = PimcBot(seed=base + run, learned_weight=0, **settings).advise(observation)
                    worlds.append({choice.action: choice.value for choice in advice})
                reference, tried = worlds[half:], worlds[:half]
                learned_choice = max(legal, key=lambda action: learned[action])
                worth = {"learned values alone": _worth(learned_choice, learned, reference, weight)}
                for size in (2**power for power in range(half.bit_length())):  # 1, 2, 4, ... runs, up to half
                    choice = _choice(legal, learned, tried[:size], weight)
                    worth[f"{size * bots[seat].samples} worlds"] = _worth(choice, learned, reference, weight)
                rows.append(
                    {
                        "deal": job["seed"],
                        "phase": str(observation["phase"]),
                        "legal": len(legal),
                        "model_agrees": model.act(observation) == chosen,
                        "second_draw_agrees": second == chosen,
                        "worth": worth,
                    }
                )
                decision += 1
        game.apply(chosen, seat=seat)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_deal_arguments(parser, "write every measured decision to this file")
    parser.add_argument("--runs", type=int, default=8, help="draws of worlds a decision (half of them the reference)")
    arguments = parser.parse_args()
    if arguments.runs < 2:
        parser.error("--runs must be at least 2")
    rows = gather(measure, deal_jobs(arguments, runs=arguments.runs), arguments.workers)
    write_json(arguments.json, rows)
    worlds = PimcBot(seed=0, **dict(arguments.setting)).samples
    print(f"{arguments.variant}: {len(rows)} decisions in {arguments.deals} deals (seed {arguments.seed}), {worlds} worlds a run")
    if not rows:
        return
    count = len(rows)
    model = sum(row["model_agrees"] for row in rows)
    second = sum(row["second_draw_agrees"] for row in rows)
    print(f"  the model of the others makes the bot's choice: {model} of {count} ({model / count:.0%})")
    print(f"  a second draw of worlds makes the same choice:  {second} of {count} ({second / count:.0%})")
    names = list(rows[0]["worth"])
    best = max(names, key=lambda name: sum(row["worth"][name] for row in rows))
    reference = arguments.runs // 2 * worlds
    print(f"  points a decision against the choice on {best}, each choice priced on {reference} other worlds:")
    for name in names:
        differences = [row["worth"][name] - row["worth"][best] for row in rows]
        print(f"    choice on {name:<22} {interval_text(differences)}")


if __name__ == "__main__":
    main()
