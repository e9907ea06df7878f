"""Is the bot's choice before play right?  Replay each one on the true deal with another choice, and compare.

A bot (``pimc`` at its defaults unless ``--setting`` says otherwise) plays every
seat of single hands up to the first card.  At each of its decisions before
play (ordering, calling, bidding, going alone, discards, ...) the script asks
for another choice: the one another bot would make (``--against-bot``), or a
fixed action such as ``pass`` where it is legal (``--against-action``).  Where
the two differ, the hand is replayed from that point twice, once with each
choice, on the same cards, with the bot (fresh seeds, the same for both
replays) playing every seat to the end.  The difference in net points for the
deciding seat's team is what the bot's choice gained over the other on that
deal.

Unlike ``forced_choice.py`` (one fixed hand, random other cards, the first
decision only), this takes every decision as it arises in the bot's own play,
with the cards the other seats really hold, so the other seats' earlier
choices are consistent with their hands.  Grouped by phase, the kinds of the
two choices and, in an auction, the bid standing over (the partner's or an
opponent's), it shows where the bot's choices gain and where they lose, each
with a 95% Student t interval over the decisions.

With ``--margins`` the bot also values both choices at each disagreement
(``advise``, on worlds of its own) and a second table groups the decisions by
that margin: does a choice the bot rates only a little better really score
more, or would a bonus for the other choice (a nudge towards going alone, say)
gain?  It answers that on the true deals, without a match.

Usage::

    python benchmarks/disagreements.py --variant bid --deals 200 --against-bot heuristic --workers 2
    python benchmarks/disagreements.py --variant bid --deals 200 --against-action pass --phase auction
    python benchmarks/disagreements.py --against-action alone --phase maker-choice --deals 300 --margins
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from arguments import add_deal_arguments, deal_jobs, gather, interval_text, setting, write_json

import bowers
from bowers.bots import create
from bowers.facts import net as side_net

PLAY_PREFIX = "play:"
MARGINS = (0.1, 0.2, 0.3, 0.5, 1.0)  # the bot's margins in points, below which its choice is counted in a group


def kind(action: str) -> str:
    """An action's kind for grouping: ``bid:4`` for any bid of four in a suit, a no-trump bid as it is (``bid:5NT``
    in bid, ``bid:7NT`` in bid-railroad), ``discard``, ``pass``, ``call``..."""
    name, _, rest = action.partition(":")
    if name == "bid" and rest:
        return f"bid:{rest}" if rest.endswith("NT") else f"bid:{rest[0]}"
    return name


def context(observation: Mapping[str, Any], seat: int, rules: Any) -> str:
    """What an auction decision is made over: ``opening``, or the level of the partner's or an opponent's bid."""
    if observation.get("phase") != "auction":
        return ""
    contract = observation.get("contract")
    holder = observation.get("high_bidder")
    if not contract or holder is None:
        return "opening"
    whose = "partner's" if rules.team_of(holder) == rules.team_of(seat) else "opponent's"
    return f"over {whose} {str(contract)[0]}"


def _net(game: bowers.Game, hand_index: int, seat: int) -> float:
    """The net points of ``seat``'s team in the hand numbered ``hand_index``: its points minus the others' mean."""
    return float(side_net(game.results[hand_index]["points"], game.rules.team_of(seat)))


def _finish(game: bowers.Game, players: Sequence[Any]) -> None:
    """Play the hand in progress to its end."""
    hands_before = len(game.results)
    while len(game.results) == hands_before:
        acting = game.to_act
        assert acting is not None
        game.apply(players[acting].act(game.observation(acting)), seat=acting)


def _replay(job: dict[str, Any], history: Sequence[str], choice: str, seat: int) -> float:
    """The net points for ``seat``'s team when ``choice`` is made after ``history`` and the bot plays on."""
    game = bowers.Game(job["variant"], seed=job["seed"], **job["options"])
    for action in history:
        game.apply(action)
    game.apply(choice, seat=seat)
    players = [create(job["bot"], seed=job["seed"] * 16 + 8 + s, **job["settings"]) for s in range(game.rules.players)]
    _finish(game, players)
    return _net(game, 0, seat)


def _margin(player: Any, observation: Mapping[str, Any], choice: str, alternative: str) -> float | None:
    """How many expected points the bot rates its choice above the other (its own advice, fresh worlds)."""
    values = {advice.action: advice.value for advice in player.advise(observation, include=[choice, alternative])}
    if choice not in values or alternative not in values:
        return None
    return values[choice] - values[alternative]


def _deal(job: dict[str, Any]) -> list[dict[str, Any]]:
    """Every disagreement before play on one deal, each with what both choices scored."""
    game = bowers.Game(job["variant"], seed=job["seed"], **job["options"])
    rules = game.rules
    players = [create(job["bot"], seed=job["seed"] * 16 + s, **job["settings"]) for s in range(rules.players)]
    other = create(job["against_bot"], seed=job["seed"], **job["against_settings"]) if job["against_bot"] else None
    # The margins come from a bot of their own, so that asking for them leaves the deal's play as it was.
    valuer = create(job["bot"], seed=job["seed"] * 16 + 12, **job["settings"]) if job["margins"] else None
    history: list[str] = []
    found: list[dict[str, Any]] = []
    while not game.results:
        legal = game.legal_actions()
        if any(action.startswith(PLAY_PREFIX) for action in legal):
            break
        seat = game.to_act
        assert seat is not None
        observation = game.observation(seat)
        choice = players[seat].act(observation)
        alternative = other.act(observation) if other is not None else job["against_action"]
        phase = str(observation.get("phase"))
        wanted = job["phase"] is None or phase == job["phase"]
        if wanted and len(legal) > 1 and alternative != choice and alternative in legal:
            margin = _margin(valuer, observation, choice, alternative) if valuer is not None else None
            found.append(
                {
                    "margin": margin,
                    "seed": job["seed"],
                    "seat": seat,
                    "phase": phase,
                    "context": context(observation, seat, rules),
                    "hand": observation.get("hand"),
                    "history": list(history),
                    "choice": choice,
                    "alternative": alternative,
                }
            )
        game.apply(choice, seat=seat)
        history.append(choice)
    for row in found:
        row["choice_net"] = _replay(job, row["history"], row["choice"], row["seat"])
        row["alternative_net"] = _replay(job, row["history"], row["alternative"], row["seat"])
    return found


def report(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Lines of the table: the bot's choice minus the other, over all decisions and by group, largest groups first."""
    groups: dict[tuple[str, str, str, str], list[float]] = defaultdict(list)
    every: list[float] = []
    for row in rows:
        gain = row["choice_net"] - row["alternative_net"]
        every.append(gain)
        groups[(row["phase"], row["context"], kind(row["choice"]), kind(row["alternative"]))].append(gain)
    lines = ["| phase | over | bot's choice | other choice | decisions | bot's choice minus the other [95%] |"]
    lines.append("| --- | --- | --- | --- | --- | --- |")
    if every:
        lines.append(f"| all | | | | {len(every)} | {interval_text(every)} |")
    for key, gains in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])):
        phase, over, choice, alternative = key
        lines.append(f"| {phase} | {over} | {choice} | {alternative} | {len(gains)} | {interval_text(gains)} |")
    return lines


def margin_report(rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """Lines of a table: the decisions the bot rated at most so much better than the other, and what they scored.

    Each line is what a bonus of that many points for the other choice would have changed: the decisions it
    would flip, and the other choice's gain over the bot's on them (negative: the bonus would cost).
    """
    rated = [row for row in rows if row.get("margin") is not None]
    lines = ["| the bot's margin below | decisions | the other choice minus the bot's [95%] | in all, points |"]
    lines.append("| --- | --- | --- | --- |")
    for limit in MARGINS:
        gains = [row["alternative_net"] - row["choice_net"] for row in rated if row["margin"] < limit]
        text = interval_text(gains) if gains else "-"
        lines.append(f"| {limit:g} | {len(gains)} | {text} | {sum(gains):+g} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_deal_arguments(parser, "write every decision compared to this file", bot=True)
    against = parser.add_mutually_exclusive_group(required=True)
    against.add_argument("--against-bot", help="compare with this bot's choice (for example heuristic)")
    against.add_argument("--against-action", help="compare with this action where it is legal (for example pass)")
    parser.add_argument("--against-setting", action="append", default=[], type=setting, help="a setting of --against-bot")
    parser.add_argument("--phase", help="only decisions of this phase (auction, round-1, round-2, discard, ...)")
    parser.add_argument(
        "--margins", action="store_true", help="also group the decisions by how much better the bot rates its choice"
    )
    arguments = parser.parse_args()
    jobs = deal_jobs(
        arguments,
        bot=arguments.bot,
        against_bot=arguments.against_bot,
        against_settings=dict(arguments.against_setting),
        against_action=arguments.against_action,
        phase=arguments.phase,
        margins=arguments.margins,
    )
    rows = gather(_deal, jobs, arguments.workers)
    other = arguments.against_bot or arguments.against_action
    print(f"{arguments.variant}: {arguments.deals} deals, {arguments.bot} in every seat, its choices before play against {other}")
    print("\n".join(report(rows)))
    if arguments.margins:
        print()
        print("\n".join(margin_report(rows)))
    write_json(arguments.json, rows)


if __name__ == "__main__":
    main()
