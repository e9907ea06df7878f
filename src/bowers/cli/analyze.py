"""The ``bowers analyze`` command: the strong bot's view of every decision in a finished game.

For each decision of the chosen seats it prints the choices the ``pimc`` bot
compares with their expected net points, and flags the costly mistakes.  A
game saved by ``bowers play`` may be named as ``--resume`` takes it, and is
then told in the table's own words (``hand 1``, ``You``, ``10♣``).  A file
that cannot be read or replayed ends with a one-line error and exit status 1.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.text import Text

from bowers.bots.analysis import MISTAKE_THRESHOLD, Decision, analyze_record
from bowers.cli.common import fail, make_console, read_json
from bowers.errors import BowersError
from bowers.storage import games_dir


def _not_judged(placed: Sequence[str]) -> str:
    """Why a decision is not judged: the cards an importer placed in the seat's hand."""
    cards = placed[0] if len(placed) == 1 else f"{', '.join(placed[:-1])} and {placed[-1]}"
    them = "them" if len(placed) > 1 else "it"
    return f"not judged: the imported file does not show this seat holding {cards} (bowers placed {them} to complete the deal)"


def table_names(record: Mapping[str, Any], players: int) -> list[str] | None:
    """The seats' names as the table showed them to the person who played (``You``, ``West``...), or None when the
    record names no person's seat (an imported or simulated game)."""
    from bowers.play.session import seat_names

    metadata = record.get("metadata")
    table = metadata.get("table") if isinstance(metadata, Mapping) else None
    seats = table.get("seats") if isinstance(table, Mapping) else None
    if not isinstance(seats, list):
        return None
    humans = [index for index, seat in enumerate(seats) if isinstance(seat, Mapping) and seat.get("kind") == "human"]
    return seat_names(players, humans[0]) if humans and humans[0] < players else None


@dataclass(frozen=True)
class Wording:
    """How decisions are told: in the record's own notation, or in the table's words for a game a person played."""

    where: Callable[[Decision], str]
    step: Callable[[str], str]
    holding: str
    card: Callable[[str], str]
    action: Callable[[str], str]
    verb: str


RECORD_WORDING = Wording(
    where=lambda decision: f"deal {decision.deal}, action {decision.action_index}, seat {decision.seat}",
    step=str,
    holding="hand",
    card=str,
    action=str,
    verb="played",
)


def table_wording(names: Sequence[str]) -> Wording:
    """The table's words: ``hand 1, You`` for the place, card labels such as ``10♣`` and actions as a player says them."""
    from bowers.play.render import card_label, describe_action

    return Wording(
        where=lambda decision: f"hand {decision.deal + 1}, {names[decision.seat]}",
        step=lambda phase: phase.replace("-", " "),
        holding="holding",
        card=card_label,
        action=describe_action,
        verb="chose",
    )


def decision_lines(decision: Decision, wording: Wording) -> list[str]:
    """A decision as text: where it was, what was chosen, the compared choices, and a flag for a mistake."""
    cards = " ".join(wording.card(card) for card in decision.hand)
    place = f"{wording.where(decision)} ({wording.step(decision.phase)}; {wording.holding} {cards})"
    head = f"{place}: {wording.verb} {wording.action(decision.played)}"
    if not decision.judged:
        head += "  " + _not_judged([wording.card(card) for card in decision.unrecorded])
    if decision.mistake:
        head += f"  MISTAKE: {wording.action(decision.best)} was worth {decision.cost:.2f} points more"
    lines = [head]
    for choice in decision.choices:
        marker = "*" if choice.action == decision.played else " "
        lines.append(f"  {marker} {wording.action(choice.action):<16} {choice.value:+6.2f}  {choice.reason}")
    return lines


def read_game(name: str) -> Any:
    """The record in the file ``name``, or in the saved game it names as ``bowers play --resume`` takes it (its file
    name, or a unique part of it); a one-line error when it is neither."""
    from bowers.play.cli import find_saved
    from bowers.play.program import command_name

    if Path(name).exists() or os.sep in name:
        return read_json(name)
    saved = find_saved(name)
    if saved is None:
        fail(f"{name}: no such file, nor a saved game of that name in {games_dir()} ({command_name()} history lists them)")
    if saved.record is None:
        fail(f"{saved.path.name}: {saved.error}")
    return saved.record


@click.command("analyze")
@click.argument("path", metavar="GAME")
@click.option(
    "--seat", "seat", type=int, default=None, help="Analyse this seat only (default: the human seats, else every seat)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
@click.option("--level", type=click.IntRange(1, 5), default=2, show_default=True, help="Strength of the analysing bot (1-5).")
@click.option(
    "--threshold",
    type=float,
    default=MISTAKE_THRESHOLD,
    show_default=True,
    help="Expected points a choice must lose to the best one to be flagged as a mistake.",
)
def analyze_command(path: str, seat: int | None, as_json: bool, level: int, threshold: float) -> None:
    """Go through a GAME (a record file, or a saved game's name as bowers history lists it): the choices the strong
    bot compares at every decision, and the costly mistakes."""
    record = read_game(path)
    if not isinstance(record, dict):
        raise click.ClickException(f"{path}: not a game record (a JSON object with variant and deals)")
    try:
        decisions = analyze_record(record, seats=None if seat is None else [seat], threshold=threshold, level=level)
    except BowersError as error:
        raise click.ClickException(f"{path}: {error}") from None
    except (KeyError, IndexError, TypeError, AttributeError) as error:
        raise click.ClickException(f"{path}: not a valid game record ({type(error).__name__}: {error})") from None
    if as_json:
        click.echo(json.dumps([decision.as_json() for decision in decisions], indent=2))
        return
    names = table_names(record, len(record["deals"][0]["hands"])) if decisions else None
    console = make_console()
    mistakes = sum(decision.mistake for decision in decisions)
    unjudged = sum(not decision.judged for decision in decisions)
    wording = RECORD_WORDING if names is None else table_wording(names)
    for decision in decisions:
        for text in decision_lines(decision, wording):
            # Wrapped to a terminal's width; one line each when piped, for tools that read lines.
            console.print(Text(text), soft_wrap=not console.is_terminal)
    summary = f"{len(decisions)} decisions, {mistakes} flagged as mistakes (losing {threshold:g} expected points or more)"
    if unjudged:
        summary += f"; {unjudged} not judged (the seat held cards the record does not show)"
    console.print(Text(summary), soft_wrap=not console.is_terminal)
