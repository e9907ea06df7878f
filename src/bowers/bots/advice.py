"""``Advice``: the choices the strong bot compared, each with its expected points and a reason in a player's words.

The search (``pimc``) gives each compared action's tally over the sampled
worlds, or a learned model's values of a decision before play, or both
blended; this module turns them into advice, best first, and explains them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bowers.bots.outcomes import Tally
from bowers.bots.pricing import GameScore


@dataclass(frozen=True)
class Advice:
    """One choice the strong bot compared: its action, its value and why.

    ``value`` is the expected net points of this hand for the seat's team: the
    team's points minus the opponents' points (with three teams, minus the mean
    of the other two teams'), averaged over the sampled deals.  ``win_chance``
    is the team's chance of winning the game after this hand, averaged the same
    way (for a learned decision, over the model's chances of the hand's results),
    and ``win_change`` its change from the chance when the hand was dealt (both
    None where no win-probability table covers the variant, and with the points model).
    """

    action: str
    value: float
    reason: str
    win_chance: float | None = None
    win_change: float | None = None


def world_advice(tally: Tally, action: str, score: GameScore, before_play: bool = True, auction: bool = False) -> Advice:
    """The advice of an action scored on sampled worlds, its reason in a player's words for who made trump there."""
    if not tally.count:
        return Advice(action, float("nan"), "not evaluated")
    count = tally.count

    def share(part: int) -> str:
        return f"{100 * part / count:.0f}%"

    making, their_making = ("wins the bid", "win the bid") if auction else ("makes trump", "make trump")
    setting, being_set = ("sets them", "are set") if auction else ("euchres them", "are euchred")
    tricks = f"takes {tally.tricks / count:.1f} tricks on average"
    parts: list[str] = []
    if tally.ours == count:  # the team are the makers in every sampled deal
        opening = f"your side {making} and {tricks}" if before_play else f"your side {tricks}"
        parts += [opening, f"makes its contract on {share(tally.made)} of deals"]
    elif tally.theirs == count:
        opening = f"the opponents {their_making}; your side {tricks}" if before_play else f"your side {tricks}"
        parts += [opening, f"{setting} on {share(tally.set)} of deals"]
    else:
        parts.append(f"your side {tricks}")
        if tally.ours:
            parts.append(f"{making} on {share(tally.ours)} of deals and makes its contract on {share(tally.made)}")
        if tally.theirs:
            parts.append(f"the opponents {their_making} on {share(tally.theirs)} and {being_set} on {share(tally.set)}")
        thrown_in = count - tally.ours - tally.theirs
        if thrown_in:
            parts.append(f"no one makes trump on {share(thrown_in)}")
    if tally.march:
        parts.append(f"takes every trick on {share(tally.march)} of deals")
    if tally.wins:
        parts.append(f"wins the game with this hand on {share(tally.wins)} of deals")
    chance = change = None
    if score.before is not None:
        chance = round(tally.chance / count, 4)
        change = round(chance - score.before, 4)
        parts.append(f"chance of winning the game {100 * chance:.0f}% (it was {100 * score.before:.0f}% at the deal)")
    return Advice(action, round(tally.net / count, 3), "; ".join(parts), chance, change)


def learned_advice(
    values: Mapping[str, float], outcomes: tuple[Any, Mapping[str, Any]] | None = None, score: GameScore | None = None
) -> list[Advice]:
    """Advice from the learned values of a decision before play.

    With the learned chances of each result of the hand (``outcomes``: the net points the hand can bring,
    and each action's chance of each) and a win-probability table, each action is worth the chance of
    winning the game it leaves, averaged over those results, and the advice is in that order; otherwise
    it is in order of expected points and carries no chance of winning.
    """
    chances: dict[str, float] = {}
    if outcomes is not None and score is not None and score.table is not None and score.before is not None:
        nets, distributions = outcomes
        after_each = [score.after_net(float(net)) for net in nets]
        for action in values:
            chances[action] = float(sum(p * after for p, after in zip(distributions[action], after_each, strict=True)))
    if chances:
        order = sorted(values, key=lambda action: (-chances[action], -values[action]))
    else:
        order = sorted(values, key=lambda action: -values[action])
    advice = []
    for action in order:
        value = round(values[action], 3)  # the one number both the value and the reason show, rounded once
        reason = f"scores {value:+.2f} points on average in real play (learned from self-play)"
        if chances and score is not None and score.before is not None:
            chance = chances[action]
            reason += f"; chance of winning the game {100 * chance:.0f}% (it was {100 * score.before:.0f}% at the deal)"
            advice.append(Advice(action, value, reason, round(chance, 4), round(chance - score.before, 4)))
        else:
            advice.append(Advice(action, value, reason))
    if chances:
        note_first_for_the_game(advice)
    return advice


def blended(
    worlds: Sequence[Advice], world_worth: Mapping[str, float], learned: Mapping[str, Advice], weight: float, score: GameScore
) -> tuple[list[Advice], dict[str, float]]:
    """Each choice scored on the worlds, worth ``weight`` times its learned worth plus the rest times its worth on the
    worlds (``world_worth``: in chance of winning the game where a table covers the variant, else in points), best
    first."""
    advice: list[Advice] = []
    utilities: dict[str, float] = {}
    for world in worlds:
        taught = learned[world.action]
        value = round(weight * taught.value + (1 - weight) * world.value, 3)
        reason = (
            f"scores {value:+.2f} points on average: {taught.value:+.2f} as learned from self-play, "
            f"{world.value:+.2f} on solved worlds"
        )
        chance = change = None
        if score.before is not None and taught.win_chance is not None and world.win_chance is not None:
            chance = round(weight * taught.win_chance + (1 - weight) * world.win_chance, 4)
            change = round(chance - score.before, 4)
            reason += f"; chance of winning the game {100 * chance:.0f}% (it was {100 * score.before:.0f}% at the deal)"
            utilities[world.action] = weight * taught.win_chance + (1 - weight) * world_worth[world.action]
        else:
            utilities[world.action] = weight * taught.value + (1 - weight) * world_worth[world.action]
        advice.append(Advice(world.action, value, reason, chance, change))
    advice.sort(key=lambda choice: -utilities[choice.action])
    if score.before is not None:
        note_first_for_the_game(advice)
    return advice, utilities


def note_first_for_the_game(advice: list[Advice], only_with_chances: bool = False) -> None:
    """Where the first choice (best for the game) scores fewer points on average than another, add to its reason why
    it is first; with ``only_with_chances``, only where the choice with the most points has a chance of winning."""
    if len(advice) < 2:
        return
    first = advice[0]
    top_points = max(advice, key=lambda choice: choice.value)
    if first.value < top_points.value and (top_points.win_chance is not None or not only_with_chances):
        reason = (
            f"{first.reason}; first for the game: {100 * (first.win_chance or 0.0):.0f}% to win it against "
            f"{100 * (top_points.win_chance or 0.0):.0f}% for the choice that scores the most points"
        )
        advice[0] = replace(first, reason=reason)


_PROVENANCE = (
    re.compile(r" \(learned from self-play\)"),
    re.compile(r": [+\u2212-]?[\d.]+ as learned from self-play, [+\u2212-]?[\d.]+ on solved worlds"),
    re.compile(r" in real play"),
)


def plain_reason(reason: str) -> str:
    """An advice's reason for a player at the table: what it means, without where its numbers come from (self-play,
    solved worlds), as a sentence.  (The card room's page words its hints the same way.)

    >>> plain_reason("scores +0.42 points on average in real play (learned from self-play)")
    'Scores +0.42 points on average.'
    """
    for pattern in _PROVENANCE:
        reason = pattern.sub("", reason).strip()
    if not reason:
        return ""
    return f"{reason[:1].upper()}{reason[1:]}{'' if reason.endswith(('.', '!', '?')) else '.'}"


__all__ = ["Advice", "blended", "learned_advice", "note_first_for_the_game", "plain_reason", "world_advice"]
