"""Analysis of a finished game: for every decision of a seat, what the strong bot compares and what it costs.

``analyze_record`` replays a game record deal by deal and asks ``advise`` about
each decision the chosen seats made (a decision is a moment with more than one
legal action).  A choice is flagged as a mistake when the best action is worth
at least ``threshold`` expected points (default ``MISTAKE_THRESHOLD``) more
than the action played.

A record imported from a file that leaves some cards unseen (an EGN game: the
kitty, a discard it does not name, the hand of a lone player's partner) lists
the cards the importer placed itself in each deal's ``"inferred"``.  A decision
taken while the seat held such a card is not judged: which cards the player
really held is unknown, so any verdict would be about a hand nobody had.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from bowers.bots.advice import Advice
from bowers.bots.pimc import PimcBot
from bowers.cards import card_name, parse_card
from bowers.errors import RecordError
from bowers.game import Game, replay

MISTAKE_THRESHOLD = 0.5  # expected points a choice must lose against the best one to be flagged


@dataclass(frozen=True)
class Decision:
    """One decision of one seat: what was played, what the strong bot compares, and the cost of the choice.

    ``unrecorded`` lists the cards of the seat's hand that the record does not show (placed by an importer);
    such a decision is not judged: it has no choices, no cost and is never a mistake.
    """

    deal: int
    action_index: int
    seat: int
    phase: str
    hand: list[str]
    played: str
    choices: list[Advice] = field(default_factory=list)
    cost: float = 0.0
    mistake: bool = False
    unrecorded: list[str] = field(default_factory=list)

    @property
    def judged(self) -> bool:
        """Whether the strong bot judged this decision (every card of the seat's hand is in the record)."""
        return not self.unrecorded

    @property
    def best(self) -> str:
        """The action the strong bot rates best (the one played, for a decision not judged)."""
        return self.choices[0].action if self.choices else self.played

    def as_json(self) -> dict[str, Any]:
        """The decision as JSON-able data (``best`` is null for a decision not judged)."""
        data = asdict(self)
        data["best"] = self.best if self.judged else None
        data["judged"] = self.judged
        return data


def seats_to_analyze(record: Mapping[str, Any], players: int) -> list[int]:
    """The seats a person played (from ``metadata.table``), or every seat when the record names none."""
    metadata = record.get("metadata")
    table = metadata.get("table") if isinstance(metadata, Mapping) else None
    seats = table.get("seats") if isinstance(table, Mapping) else None
    if isinstance(seats, list):
        humans = [number for number, seat in enumerate(seats) if isinstance(seat, Mapping) and seat.get("kind") == "human"]
        if humans:
            return humans
    return list(range(players))


def analyze_record(
    record: Mapping[str, Any],
    seats: Sequence[int] | None = None,
    threshold: float = MISTAKE_THRESHOLD,
    **settings: Any,
) -> list[Decision]:
    """Every decision of ``seats`` (default: ``seats_to_analyze``) with the strong bot's comparison.

    A record that cannot be replayed raises ``RecordError``; ``settings`` are the ``pimc`` bot's.
    """
    game = replay(dict(record))
    rules = game.rules
    chosen = list(seats) if seats is not None else seats_to_analyze(record, rules.players)
    for seat in chosen:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
            raise RecordError(f"no seat {seat!r}; seats are 0..{rules.players - 1}")
    options = dict(game.options)
    options.pop("draw", None)
    scores = list(rules.initial_scores)
    bot = PimcBot(seed=0, **settings)
    decisions: list[Decision] = []
    for number, deal in enumerate(record["deals"]):
        unrecorded = {card_name(parse_card(name)) for name in deal.get("inferred", [])}  # checked by the replay
        options["initial_scores"] = scores
        position = Game.from_deal(
            rules.variant, dealer=deal["dealer"], hands=deal["hands"], kitty=deal["kitty"], seed=0, **options
        )
        for index, (actor, action) in enumerate(deal.get("actions", [])):
            if actor in chosen and len(position.legal_actions()) > 1:
                decisions.append(_decide(bot, position, actor, number, index, action, threshold, unrecorded))
            position.apply(action, seat=actor)
        if number < len(game.results):
            scores = [s + p for s, p in zip(scores, game.results[number]["points"], strict=True)]
    return decisions


def _decide(
    bot: PimcBot, position: Game, seat: int, deal: int, index: int, action: str, threshold: float, unrecorded: set[str]
) -> Decision:
    observation = position.observation(seat)
    played = position.space.names[position.action_id(action, seat)]
    hand = list(observation["hand"])
    guessed = [card for card in hand if card in unrecorded]
    if guessed:
        return Decision(deal, index, seat, str(observation["phase"]), hand, played, unrecorded=guessed)
    choices = bot.advise(observation, include=[played])
    values = {choice.action: choice.value for choice in choices}
    best_value = choices[0].value
    cost = round(max(0.0, best_value - values.get(played, best_value)), 3)
    return Decision(
        deal=deal,
        action_index=index,
        seat=seat,
        phase=str(observation["phase"]),
        hand=hand,
        played=played,
        choices=choices,
        cost=cost,
        mistake=cost >= threshold,
    )


__all__ = ["MISTAKE_THRESHOLD", "Decision", "analyze_record", "seats_to_analyze"]
