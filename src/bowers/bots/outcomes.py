"""What a compared action comes to in each sampled world, and the running sums of those outcomes.

``settle`` turns a finished line of a world (the tricks taken and those the
solver gives each side) into an ``Outcome`` for the deciding seat's team:
the points by the variant's scoring, their worth at the current score, and
who made trump.  A ``Tally`` sums one action's outcomes over the worlds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bowers import facts
from bowers.bots.pricing import GameScore
from bowers.game import Game
from bowers.hand import Hand, add_jamboree_bonus, hand_points, tricks_needed

OUR_MAKERS, THEIR_MAKERS, NO_MAKERS = 1, 0, -1  # who made trump in a world, from the team's side


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one compared action came to in one sampled world, for the deciding seat's team."""

    net: float
    """The team's points minus the others' (their mean, with three teams)."""
    utility: float
    """The hand's worth to the team: its chance of winning the game after it, or its points (``GameScore``)."""
    tricks: int
    """The team's tricks in the hand."""
    march: bool
    """Whether the team took every trick."""
    made: bool
    """Whether the team made trump and its contract."""
    euchred_them: bool
    """Whether another team made trump and failed."""
    won_game: bool = False
    """Whether the hand wins the game for the team."""
    chance: float | None = None
    """The team's chance of winning the game after the hand (None where no table prices it)."""
    makers: int = NO_MAKERS
    """Who made trump: ``OUR_MAKERS``, ``THEIR_MAKERS`` or ``NO_MAKERS`` (the hand ended before play)."""


class Tally:
    """Running sums of one action's outcomes over the sampled worlds."""

    __slots__ = ("chance", "count", "made", "march", "net", "ours", "set", "theirs", "tricks", "utilities", "utility", "wins")

    def __init__(self) -> None:
        self.count = 0
        self.net = 0.0
        self.utility = 0.0
        self.tricks = 0
        self.march = 0
        self.made = 0
        self.set = 0
        self.wins = 0
        self.chance = 0.0
        self.ours = 0  # worlds where the team made trump
        self.theirs = 0  # worlds where another team did
        self.utilities: list[float] = []  # each world's worth, in the order counted

    def add(self, outcome: Outcome) -> None:
        """Count one world's outcome."""
        self.count += 1
        self.net += outcome.net
        self.utility += outcome.utility
        self.utilities.append(outcome.utility)
        self.tricks += outcome.tricks
        self.march += outcome.march
        self.made += outcome.made
        self.set += outcome.euchred_them
        self.wins += outcome.won_game
        self.chance += outcome.chance if outcome.chance is not None else 0.0
        self.ours += outcome.makers == OUR_MAKERS
        self.theirs += outcome.makers == THEIR_MAKERS

    def dominated_by(self, other: Tally) -> bool:
        """Whether ``other``, counted on the same worlds, is never worth less in any of them and more in some."""
        pairs = list(zip(self.utilities, other.utilities, strict=True)) if self.count == other.count else []
        return bool(pairs) and all(theirs >= ours for ours, theirs in pairs) and any(theirs > ours for ours, theirs in pairs)

    @property
    def utility_mean(self) -> float:
        """The mean worth over the worlds counted (far below any real worth when none were)."""
        return self.utility / self.count if self.count else -1e9


def made(game: Game, hand: Hand, maker_further: int) -> bool:
    """Whether the makers, taking ``maker_further`` more tricks, make their contract."""
    maker_team = hand.maker % game.rules.teams if hand.maker >= 0 else 0
    return hand.team_tricks[maker_team] + maker_further >= tricks_needed(game.rules, hand.contract_level, hand.jambone)


def settle(game: Game, hand: Hand, further: Mapping[int, int], remaining: int, score: GameScore) -> Outcome:
    """The outcome of a finished line for ``score``'s team.

    ``further`` gives the further tricks of the teams that were solved; the rest of the ``remaining`` tricks go
    to the other team (with two teams), or to the first other defending team (with three: when the makers fail,
    the defenders' points then add up the same however the rest is split, which is all the net of the makers
    and of a defender whose own share was solved depends on).  The net is the team's points minus the others'
    (their mean, with three teams).
    """
    rules = game.rules
    teams = rules.teams
    team_tricks = hand.team_tricks
    for team, count in further.items():
        team_tricks[team] += count
    others = remaining - sum(further.values())
    maker_team = hand.maker % teams if hand.maker >= 0 else 0
    receiver = next((team for team in range(teams) if team not in further), maker_team)
    team_tricks[receiver] += others
    contract_made = team_tricks[maker_team] >= tricks_needed(rules, hand.contract_level, hand.jambone)
    lone_defence = hand.lone_defender >= 0
    points = hand_points(
        rules.scoring, rules.hand_size, team_tricks, maker_team, contract_made, hand.alone, lone_defence, hand.jambone
    )
    add_jamboree_bonus(points, hand.jamboree, teams)
    my_team = score.team
    net = facts.net(points, my_team)
    utility, won, chance = score.utility(points, net)
    mine = team_tricks[my_team]
    march = mine == rules.hand_size
    ours = maker_team == my_team
    makers = OUR_MAKERS if ours else THEIR_MAKERS
    return Outcome(net, utility, mine, march, contract_made and ours, not contract_made and not ours, won, chance, makers)


__all__ = ["NO_MAKERS", "OUR_MAKERS", "THEIR_MAKERS", "Outcome", "Tally", "made", "settle"]
