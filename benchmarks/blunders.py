"""Clear errors in the bots' card play: every play decision of self-play hands, checked on exactly solved worlds.

A bot (``--bot``, ``pimc`` at its defaults unless ``--setting`` says
otherwise, with ``time_budget=0`` so that the seed fixes every choice) plays
every seat of single hands (``--hands`` a variant; hand k is
``bowers.Game(variant, seed=seed * 100003 + k)``, its first hand).  At each
of its play decisions with more than one legal play (a card, or the suit a
led Joker names) the seat's own observation is sampled into ``--worlds``
worlds, as ``pimc`` samples them (``bowers.bots.sampler``, the other seats'
bids explained by pimc's model of them), and every legal play is solved
exactly in each world, to the end of the hand however many tricks are left,
and scored by the variant's scoring: the net points of the deciding seat's
team (a march, a euchre, a loner's bonus and a contract's threshold count,
not just tricks) and its tricks.  A decision is flagged when:

* ``dominated``: another legal play is never worse in points in any world
  and better in some;
* ``kept-trick``: the seat plays last to a trick the opponents are winning,
  does not take it, and had a card that takes it at no cost: never worse in
  points nor in tricks in any world, better in one of them in some;
* ``overtook``: the seat plays last to a trick its partner is winning and
  beats the partner's card, where a card that does not beat it is never
  worse in points nor in tricks and better in one of them in some world.

A decision flagged on those worlds is judged again on ``--confirm`` fresh
ones, and a flag is kept only when both find it: on a few worlds a play
better in one of them is often a near tie that more worlds show the other
way.  A kept flag is judged a third time on ``--verify`` fresh worlds
(1,000 by default): where the played card proves better in one of them (or
no longer worse), it was a judgement between plays that rare worlds decide,
not a dominated card, and it is listed apart as a judgement, with its
worlds each way and the points it lost on average (a card worse in 1 world
of 100 and better in 1 of 1,000 loses points, but is no clear error).  A
flag the third look finds again is judged a last time on ``--settle`` fresh
worlds (4,000 by default), with the same rule: a play worse in a few worlds
of 1,000 is sometimes better in a rarer one still, which only many worlds
show (only the few flags left come this far, so the last look costs
little).  A clear error is a flagged decision that loses points in some world on every
look (every ``dominated`` one; a ``kept-trick`` or ``overtook`` play that
loses only tricks is a slip, listed apart).  Each clear error is decided
again by ``--reseed`` fresh bots (10 by default), each with its own seed
and no memory of the hand: how many repeat the card played and how many
choose the better one tells a bias of the bot (most repeat it) from a draw
of worlds that happened to miss the rare ones telling the cards apart (few
do).  Each flag gives the worlds where the
played card is worse and its mean loss in points.  The scan judges plays
on ``pimc``'s model of the game (its sampler, exact solves) but not by its
search: ``pimc`` scores a sample of its own (version 2 solves every world
from the first trick, except a rare world past its node limit, played out by
the heuristic to seven tricks first; version 1 plays out Ultimate's first
tricks so) and keeps the heuristic's choice unless another is clearly better
on that sample (by a tenth of a point in standard Euchre; docs/bots.md gives
the credit in each variant), so a play worse in a few worlds of many may
still be its choice.

Per variant it prints the hands, the decisions scanned, the clear errors per
100 hands, the hands with a clear error per 100 hands with their 95% Wilson
interval, the target, and each flagged decision with what replays it: the
deal's seed, the deal number, the seat, the action's index in the hand's
history, the position, the card played and the better one.  ``--json``
writes every flagged decision with the history before it.

Usage::

    python benchmarks/blunders.py --bot heuristic --hands 20
    python benchmarks/blunders.py --hands 8 --variants standard,bid --workers 2 --json flagged.json
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from arguments import setting, write_json
from selfplay import PLAY, play_decisions

import bowers
from bowers.bots import create
from bowers.bots.outcomes import Tally
from bowers.bots.pimc import BIDDING_TRIES, RARE_CALL_FACTOR, PimcBot
from bowers.bots.sampler import Sampler
from bowers.match.parallel import play_all
from bowers.match.statistics import wilson_interval

VARIANTS = ("standard", "railroad", "ultimate", "bid", "bid-railroad", "two-hand")
WORLDS = 32  # worlds sampled a decision
CONFIRM = 128  # worlds a decision flagged on the first ones is judged on again
VERIFY = 1000  # worlds a flag kept on the second look is judged on a third time (a judgement where it does not hold)
SETTLE = 4000  # worlds a flag found again on the third look is judged on a last time, the same way
RESEEDS = 10  # fresh bots that decide each clear error again
# What each bot should reach: clear errors per 100 hands, at most (by bot, then by variant; "*" for every variant).
TARGETS: dict[str, dict[str, float]] = {"pimc": {"*": 0.0}, "heuristic": {"standard": 3.0}}


@dataclass(frozen=True)
class Worth:
    """What one legal play comes to in each sampled world, for the deciding seat's team: net points and tricks."""

    points: tuple[float, ...]
    tricks: tuple[int, ...]


@dataclass(frozen=True)
class TrickState:
    """The trick a play decision is made in, from the side of the seat whose card is played."""

    last: bool
    """Whether the seat plays the trick's last card."""
    partner_winning: bool
    """Whether a card of the seat's own side is winning the trick so far (never when the seat leads)."""
    beats: frozenset[str]
    """The legal plays that would beat the card winning the trick so far."""


@dataclass(frozen=True)
class Flag:
    """A better play than the one made, of one kind, with what the played card lost against it over the worlds."""

    kind: str
    better: str
    worse_in: int
    """The worlds where the played card scores fewer points than ``better``."""
    worlds: int
    mean_loss: float
    """The points the played card lost on average over the worlds."""
    judgement: bool = False
    """Whether a later look (``--verify`` or ``--settle`` worlds) did not find it again: rare worlds decide between
    the plays."""
    better_in: int = 0
    """For a judgement, the later look's worlds where the played card scores more points than ``better``."""

    @property
    def costs_points(self) -> bool:
        """Whether the played card loses points in some world (a clear error), not only tricks (a slip)."""
        return self.worse_in > 0 and not self.judgement


def dominates(better: Worth, worse: Worth, tricks: bool) -> bool:
    """Whether ``better`` is never worse than ``worse`` in points (and, with ``tricks``, in tricks) and better in
    some world (in points, or with ``tricks`` in points or tricks)."""
    points = list(zip(better.points, worse.points, strict=True))
    if any(b < w for b, w in points):
        return False
    if not tricks:
        return any(b > w for b, w in points)
    counts = list(zip(better.tricks, worse.tricks, strict=True))
    return all(b >= w for b, w in counts) and (any(b > w for b, w in points) or any(b > w for b, w in counts))


def _gain(better: Worth, worse: Worth) -> tuple[float, int]:
    return sum(better.points) - sum(worse.points), sum(better.tricks) - sum(worse.tricks)


def _flag(kind: str, worths: Mapping[str, Worth], played: str, choices: Sequence[str], tricks: bool) -> Flag | None:
    """The best of ``choices`` that dominates the play made, as a flag of ``kind``, or None."""
    made = worths[played]
    better = [action for action in choices if action != played and dominates(worths[action], made, tricks)]
    if not better:
        return None
    best = max(better, key=lambda action: _gain(worths[action], made))
    losses = [b - w for b, w in zip(worths[best].points, made.points, strict=True)]
    return Flag(kind, best, sum(loss > 0 for loss in losses), len(losses), round(sum(losses) / len(losses), 3))


def flags(worths: Mapping[str, Worth], played: str, trick: TrickState) -> list[Flag]:
    """Every kind of error the play ``played`` makes, judged on the worths of every legal play (see the module)."""
    if played not in worths:  # a play the solver does not value (a renege, with the reneges option)
        return []
    found = [_flag("dominated", worths, played, list(worths), tricks=False)]
    if trick.last and not trick.partner_winning and played not in trick.beats:
        found.append(_flag("kept-trick", worths, played, [a for a in worths if a in trick.beats], tricks=True))
    if trick.last and trick.partner_winning and played in trick.beats:
        found.append(_flag("overtook", worths, played, [a for a in worths if a not in trick.beats], tricks=True))
    return [flag for flag in found if flag is not None]


def trick_state(game: bowers.Game) -> TrickState:
    """The trick in progress of ``game``, for the seat whose card is to be played.

    In a Jambone hand, where an opponent chooses the exposed hand's plays, the seat is never counted last: its
    trick is played for the other side.
    """
    hand = game.hand
    seat = hand.turn
    cards = hand.trick_cards
    if not cards or hand.to_act != seat:
        return TrickState(False, False, frozenset())
    rules = game.rules
    power = hand.power[hand.led]
    beats = frozenset(
        action
        for action in game.legal_actions()
        if action.startswith(PLAY) and power[game.space.decode_text(action).card] > hand.trick_best
    )
    partner = hand.trick_winner != seat and rules.team_of(hand.trick_winner) == rules.team_of(seat)
    return TrickState(len(cards) == hand.active_count - 1, partner, beats)


def worths(valuer: PimcBot, observation: Mapping[str, Any], worlds: int, rng: random.Random) -> dict[str, Worth]:
    """Every legal play's worth in ``worlds`` worlds sampled from ``observation`` as ``valuer`` samples them, each
    solved exactly by ``valuer`` (built with ``exact_tricks`` at least the hand's size)."""
    sampler = Sampler(observation)
    view = sampler.view
    model = valuer.bidding_model(view.rules.variant)
    tries = BIDDING_TRIES * (RARE_CALL_FACTOR if sampler.rare_bid else 1)
    score = valuer.game_score(view)
    plays = [action for action in observation["legal_actions"] if action.startswith(PLAY)]
    points: dict[str, list[float]] = {action: [] for action in plays}
    tricks: dict[str, list[int]] = {action: [] for action in plays}
    for _ in range(worlds):
        world = sampler.sample(rng, model, tries)
        tallies = {action: Tally() for action in plays}
        valuer._score_play(world, view, tallies, score)  # pimc's own scoring of a world's plays, one world a tally
        for action, tally in tallies.items():
            points[action].append(tally.net)
            tricks[action].append(tally.tricks)
    return {action: Worth(tuple(points[action]), tuple(tricks[action])) for action in plays if len(points[action]) == worlds}


def scan_decision(
    game: bowers.Game,
    played: str,
    valuer: PimcBot,
    worlds: int,
    confirm: int,
    rng: random.Random,
    verify: int = 0,
    settle: int = 0,
) -> list[Flag]:
    """The errors of playing ``played`` in ``game`` (in play, the seat to act having more than one legal play).

    The decision is first judged on ``worlds`` worlds; where that finds an error it is judged again on ``confirm``
    fresh worlds (none: no second look), and only what both find is kept, with the second look's figures: a play
    better in one world of a few is often a near tie that more worlds show the other way.  With ``verify``, a flag
    kept is judged a third time on that many fresh worlds, and one not found again is marked a judgement (with the
    third look's figures); with ``settle`` too, where a flag found again costs points, a last time on that many, the
    same way.
    """
    seat = game.to_act
    assert seat is not None
    observation = game.observation(seat)
    trick = trick_state(game)
    found = flags(worths(valuer, observation, worlds, rng), played, trick)
    if not found or not confirm:
        return found
    kinds = {flag.kind for flag in found}
    kept = [flag for flag in flags(worths(valuer, observation, confirm, rng), played, trick) if flag.kind in kinds]
    if not kept or not verify:
        return kept
    for look, costly_only in ((verify, False), (settle, True)):  # the last look only while a flag still costs points
        if not look or not any(flag.costs_points if costly_only else not flag.judgement for flag in kept):
            break
        judged = worths(valuer, observation, look, rng)
        again = {flag.kind: flag for flag in flags(judged, played, trick)}
        kept = [flag if flag.judgement else again.get(flag.kind) or as_judgement(flag, judged, played) for flag in kept]
    return kept


def as_judgement(flag: Flag, worths: Mapping[str, Worth], played: str) -> Flag:
    """``flag`` marked a judgement (not dominated), with the played card's worlds each way against the same better
    play over ``worths`` and what it lost on average."""
    if flag.better not in worths or played not in worths:
        return replace(flag, judgement=True)
    losses = [b - w for b, w in zip(worths[flag.better].points, worths[played].points, strict=True)]
    mean = round(sum(losses) / len(losses), 3)
    worse, better = sum(loss > 0 for loss in losses), sum(loss < 0 for loss in losses)
    return Flag(flag.kind, flag.better, worse, len(losses), mean, judgement=True, better_in=better)


def valuer_for(rules: Any) -> PimcBot:
    """The bot whose sampler and solver judge the plays: pimc's defaults, every world solved to the end of the hand."""
    return PimcBot(seed=0, time_budget=0, exact_tricks=rules.hand_size)


def fresh_picks(bot: str, settings: Mapping[str, Any], observation: Mapping[str, Any], seeds: int) -> dict[str, int]:
    """The plays of ``seeds`` fresh bots (seeds 0 to ``seeds - 1``, each new to the hand) deciding ``observation``
    again, with how many chose each."""
    picks: dict[str, int] = {}
    for seed in range(seeds):
        action = create(bot, seed=seed, **settings).act(observation)
        picks[action] = picks.get(action, 0) + 1
    return picks


def _decision_seed(deal_seed: int, index: int) -> int:
    return deal_seed * 1009 + index


def scan_deal(job: Mapping[str, Any]) -> dict[str, Any]:
    """One hand of self-play by the bot, every play decision scanned: its decisions, flags and times."""
    started = time.perf_counter()
    game = bowers.Game(job["variant"], seed=job["seed"], **job["options"])
    rules = game.rules
    players = [create(job["bot"], seed=job["seed"] * 16 + s, **job["settings"]) for s in range(rules.players)]
    valuer = valuer_for(rules)
    decisions = 0
    scanning = 0.0
    flagged: list[dict[str, Any]] = []
    history: list[list[Any]] = []

    def choose(seat: int, observation: Mapping[str, Any], index: int) -> str:
        action = players[seat].act(observation)
        history.append([seat, action])
        return action

    for decision in play_decisions(game, choose):
        decisions += 1
        before = time.perf_counter()
        rng = random.Random(_decision_seed(job["seed"], decision.index))
        found = scan_decision(
            game, decision.action, valuer, job["worlds"], job["confirm"], rng, job.get("verify", 0), job.get("settle", 0)
        )
        scanning += time.perf_counter() - before
        if found:
            observation = decision.observation
            costly = any(flag.costs_points for flag in found)
            reseeds = job.get("reseeds", 0) if costly else 0
            flagged.append(
                {
                    "variant": job["variant"],
                    "seed": job["seed"],
                    "deal": job["deal"],
                    "options": job["options"],
                    "seat": decision.seat,
                    "index": decision.index,
                    "trump": observation.get("trump"),
                    "hand": list(observation["hand"]),
                    "trick": [card for _, card in observation.get("trick") or []],
                    "tricks_won": list(observation.get("team_tricks") or []),
                    "played": decision.action,
                    "flags": [{**asdict(flag), "costs_points": flag.costs_points} for flag in found],
                    "history": history[: decision.index],
                    "fresh_picks": fresh_picks(job["bot"], job["settings"], observation, reseeds) if reseeds else {},
                }
            )
    total = time.perf_counter() - started
    return {
        "variant": job["variant"],
        "decisions": decisions,
        "flagged": flagged,
        "seconds": total,
        "scan_seconds": scanning,
    }


def _scan_job(jobs: Sequence[Mapping[str, Any]], number: int) -> dict[str, Any]:
    return scan_deal(jobs[number])


def is_error(row: Mapping[str, Any]) -> bool:
    """Whether a flagged decision is a clear error: one of its flags loses points in some world."""
    return any(flag["costs_points"] for flag in row["flags"])


def target(bot: str, variant: str) -> float | None:
    """The most clear errors per 100 hands ``bot`` should make in ``variant``, where one is set."""
    targets = TARGETS.get(bot, {})
    return targets.get(variant, targets.get("*"))


def describe(row: Mapping[str, Any]) -> str:
    """One flagged decision, with what replays it."""
    kinds = ", ".join(
        f"{flag['kind']} (worse in {flag['worse_in']}/{flag['worlds']} worlds, {flag['mean_loss']:+.3f} points lost)"
        if flag["costs_points"]
        else f"{flag['kind']}: a judgement on a later look (worse in {flag['worse_in']}/{flag['worlds']} worlds,"
        f" better in {flag.get('better_in', 0)}, {flag['mean_loss']:+.3f} points lost)"
        if flag.get("judgement")
        else f"{flag['kind']} (fewer tricks only)"
        for flag in row["flags"]
    )
    better = " / ".join(dict.fromkeys(flag["better"] for flag in row["flags"]))
    picks = row.get("fresh_picks") or {}
    again = ""
    if picks:
        better_picks = sum(picks.get(action, 0) for action in dict.fromkeys(flag["better"] for flag in row["flags"]))
        again = (
            f"; decided again by {sum(picks.values())} fresh bots: {picks.get(row['played'], 0)} played it,"
            f" {better_picks} the better play"
        )
    return (
        f"seed {row['seed']} (deal {row['deal']}), action {row['index']}, seat {row['seat']}: trump {row['trump']},"
        f" hand {' '.join(row['hand'])}, trick [{' '.join(row['trick'])}], team tricks {row['tricks_won']}:"
        f" played {row['played']}, better {better}: {kinds}{again}"
    )


def is_judgement(row: Mapping[str, Any]) -> bool:
    """Whether every flag of a flagged decision proved a judgement on a later look (the card not dominated)."""
    return all(flag.get("judgement") for flag in row["flags"])


def report(
    bot: str, variant: str, rows: Sequence[Mapping[str, Any]], worlds: int, confirm: int, verify: int = 0, settle: int = 0
) -> list[str]:
    """The lines printed for one variant: the figures, the target and every flagged decision."""
    hands = len(rows)
    decisions = sum(row["decisions"] for row in rows)
    flagged = [item for row in rows for item in row["flagged"]]
    errors = [item for item in flagged if is_error(item)]
    with_error = sum(any(is_error(item) for item in row["flagged"]) for row in rows)
    low, high = wilson_interval(with_error, hands)
    seconds = sum(row["seconds"] for row in rows) / hands
    scan = sum(row["scan_seconds"] for row in rows) / hands
    goal = target(bot, variant)
    judgements = [item for item in flagged if is_judgement(item)]
    lost = sum(min(flag["mean_loss"] for flag in item["flags"]) for item in judgements)
    kinds: dict[str, int] = {}
    for item in flagged:
        for flag in item["flags"]:
            if not flag.get("judgement"):
                kinds[flag["kind"]] = kinds.get(flag["kind"], 0) + 1
    lines = [
        f"{variant}: {hands} hands, {bot} in every seat, {decisions} play decisions scanned on {worlds} worlds each"
        f"{f', flags confirmed on {confirm} more' if confirm else ''}"
        f"{f' and judged again on {verify} more' if confirm and verify else ''}"
        f"{f' (a last time on {settle} more where one still costs points)' if confirm and verify and settle else ''}"
        f" ({seconds:.2f} s a hand, {scan:.2f} s of it the scan)",
        f"  clear errors: {len(errors)}, {100 * len(errors) / hands:.1f} per 100 hands"
        f" (target: {'none set' if goal is None else f'at most {goal:g}'});"
        f" hands with one: {with_error}, {100 * with_error / hands:.1f} per 100 [{100 * low:.1f}, {100 * high:.1f}]"
        " (95% Wilson interval)",
        f"  flags by kind: {', '.join(f'{kind} {count}' for kind, count in sorted(kinds.items())) or 'none'};"
        f" slips costing only tricks: {len(flagged) - len(errors) - len(judgements)}"
        + (
            f"; judgements (not dominated on a later look): {len(judgements)}, {lost:+.3f} points lost in all"
            if confirm and verify
            else ""
        ),
    ]
    lines += [f"  - {describe(item)}" for item in flagged]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variants", default=",".join(VARIANTS), help="comma-separated variants")
    parser.add_argument("--hands", type=int, default=20, help="hands a variant")
    parser.add_argument("--seed", type=int, default=1, help="hand k is bowers.Game(variant, seed=seed * 100003 + k)")
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--setting", action="append", default=[], type=setting, help="a setting of the bot, NAME=VALUE")
    parser.add_argument("--option", action="append", default=[], type=setting, help="a game option, NAME=VALUE")
    parser.add_argument("--worlds", type=int, default=WORLDS, help="worlds sampled a decision")
    parser.add_argument(
        "--confirm", type=int, default=CONFIRM, help="worlds a flagged decision is judged on again (0: no second look)"
    )
    parser.add_argument(
        "--verify", type=int, default=VERIFY, help="worlds a flag kept is judged on a third time (0: no third look)"
    )
    parser.add_argument(
        "--settle",
        type=int,
        default=SETTLE,
        help="worlds a flag costing points, found again on the third look, is judged on a last time (0: no last look)",
    )
    parser.add_argument("--reseed", type=int, default=RESEEDS, help="fresh bots that decide each clear error again (0: none)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", help="write every flagged decision, with the history before it, to this file")
    arguments = parser.parse_args()
    settings = dict(arguments.setting)
    if arguments.bot == "pimc":
        settings.setdefault("time_budget", 0)
    variants = [name.strip() for name in arguments.variants.split(",") if name.strip()]
    jobs = [
        {
            "variant": variant,
            "seed": arguments.seed * 100003 + k,
            "deal": k,
            "options": dict(arguments.option),
            "bot": arguments.bot,
            "settings": settings,
            "worlds": arguments.worlds,
            "confirm": arguments.confirm,
            "verify": arguments.verify,
            "settle": arguments.settle,
            "reseeds": arguments.reseed,
        }
        for variant in variants
        for k in range(arguments.hands)
    ]
    rows = play_all(_scan_job, jobs, len(jobs), arguments.workers, None)
    print(f"{arguments.bot} ({settings or 'defaults'}), seed {arguments.seed}")
    for variant in variants:
        chosen = [row for row in rows if row["variant"] == variant]
        looks = (arguments.worlds, arguments.confirm, arguments.verify, arguments.settle)
        print("\n".join(report(arguments.bot, variant, chosen, *looks)))
    write_json(arguments.json, [item for row in rows for item in row["flagged"]])


if __name__ == "__main__":
    main()
