"""The ``bowers analyze`` command: the strong bot's view of every decision in a finished game.

For each decision of the chosen seats it prints the choices the ``pimc`` bot
compares with their expected net points, and flags the costly mistakes.  A
file that cannot be read or replayed ends with a one-line error and exit
status 1.
"""

from __future__ import annotations

import json

import click

from bowers.bots.analysis import MISTAKE_THRESHOLD, Decision, analyze_record
from bowers.cli.common import read_json
from bowers.errors import BowersError


def _line(decision: Decision) -> list[str]:
    """A decision as text: where it was, what was played, the compared choices, and a flag for a mistake."""
    head = (
        f"deal {decision.deal}, action {decision.action_index}, seat {decision.seat} ({decision.phase}; "
        f"hand {' '.join(decision.hand)}): played {decision.played}"
    )
    if not decision.judged:
        placed = decision.unrecorded
        cards = placed[0] if len(placed) == 1 else f"{', '.join(placed[:-1])} and {placed[-1]}"
        them = "them" if len(placed) > 1 else "it"
        head += f"  not judged: the imported file does not show this seat holding {cards}"
        head += f" (bowers placed {them} to complete the deal)"
    if decision.mistake:
        head += f"  MISTAKE: {decision.best} was worth {decision.cost:.2f} points more"
    lines = [head]
    for choice in decision.choices:
        marker = "*" if choice.action == decision.played else " "
        lines.append(f"  {marker} {choice.action:<16} {choice.value:+6.2f}  {choice.reason}")
    return lines


@click.command("analyze")
@click.argument("path", metavar="RECORD")
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
    """Go through a game RECORD: the choices the strong bot compares at every decision, and the costly mistakes."""
    record = read_json(path)
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
    mistakes = sum(decision.mistake for decision in decisions)
    unjudged = sum(not decision.judged for decision in decisions)
    for decision in decisions:
        for text in _line(decision):
            click.echo(text)
    summary = f"{len(decisions)} decisions, {mistakes} flagged as mistakes (losing {threshold:g} expected points or more)"
    if unjudged:
        summary += f"; {unjudged} not judged (the seat held cards the record does not show)"
    click.echo(summary)
