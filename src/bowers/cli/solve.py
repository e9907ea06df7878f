"""The ``bowers solve`` command: what every legal play is worth, with every hand known, and the best line."""

from __future__ import annotations

import copy
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from bowers.cli.common import from_file, read_json
from bowers.errors import BowersError, RecordError
from bowers.game import Game, replay
from bowers.solver import solve
from bowers.solver.analysis import solve_line


def position_at(record: Any, deal: int | None, trick: int) -> Game:
    """The game of a record at the start of trick ``trick`` (from 1) of deal ``deal`` (from 0; default the last).

    Raises ``RecordError`` when the record does not replay or does not reach that trick.
    """
    if not isinstance(record, dict) or not isinstance(record.get("deals"), list) or not record["deals"]:
        raise RecordError("a record is a JSON object with variant, options, seed and a non-empty list of deals")
    deals = record["deals"]
    number = len(deals) - 1 if deal is None else deal
    if not 0 <= number < len(deals):
        raise RecordError(f"there is no deal {number}; the record has deals 0..{len(deals) - 1}")
    if trick < 1:
        raise RecordError(f"tricks are numbered from 1, not {trick}")
    if not isinstance(deals[number], dict):
        raise RecordError("a deal is an object with dealer, hands, kitty and actions", deal=number)
    actions = deals[number].get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("actions must be a list of [seat, action] pairs", deal=number)
    truncated = copy.deepcopy(record)
    truncated.pop("scores", None)
    truncated["deals"] = truncated["deals"][: number + 1]
    truncated["deals"][number]["actions"] = []
    truncated["deals"][number]["result"] = None
    game = replay(truncated)
    for index, pair in enumerate([*actions, None]):
        hand = game.hand
        if game.hand_number == number and game.phase == "play" and hand.tricks_played == trick - 1 and not hand.trick:
            return game
        if pair is None or game.hand_number != number or game.is_over:
            break
        if not (isinstance(pair, list | tuple) and len(pair) == 2):
            raise RecordError(f"{pair!r} is not a [seat, action] pair", deal=number, action_index=index)
        try:
            game.apply(pair[1], seat=pair[0])
        except BowersError as error:
            raise RecordError(str(error), deal=number, action_index=index) from None
    raise RecordError(f"the play of deal {number} does not reach the start of trick {trick} in this record")


def analysis_table(game: Game, values: dict[str, int]) -> Table:
    """Each legal play and the further tricks it is worth to the team of the seat to act."""
    hand = game.hand
    seat = game.to_act
    assert seat is not None
    teams = game.rules.teams
    playing_for = f" for the Jambone hand of seat {hand.turn}" if hand.turn != seat else ""
    caption = (
        f"deal {game.hand_number}, trick {hand.tricks_played + 1}: seat {seat} to play{playing_for}, trump {game.trump}"
    )
    table = Table(title=caption, title_justify="left", min_width=min(len(caption), 100))
    table.add_column("play", no_wrap=True)
    table.add_column(f"tricks for team {seat % teams} from here", justify="right")
    best = max(values.values())
    for action, worth in values.items():
        mark = " (best)" if worth == best else ""
        table.add_row(action, f"{worth}{mark}")
    return table


@click.command("solve")
@click.argument("path", metavar="RECORD")
@click.option("--deal", "deal", type=int, default=None, help="Deal number, from 0 as in 'bowers replay' (default: the last).")
@click.option("--trick", "trick", type=int, default=1, show_default=True, help="Analyse the start of this trick (from 1).")
def solve_command(path: str, deal: int | None, trick: int) -> None:
    """Show what each legal play is worth with every hand known (double dummy), and the best line."""
    record = read_json(path)
    game = from_file(path, "game record", lambda: position_at(record, deal, trick))
    values = from_file(path, "game record", lambda: solve(game))
    line = from_file(path, "game record", lambda: solve_line(game))
    console = Console(highlight=False)
    console.print(analysis_table(game, values))
    walker = game.copy()
    steps = []
    for action in line:
        steps.append(f"{walker.hand.turn}:{action.removeprefix('play:')}")
        walker.apply(action)
    console.print("principal line (seat:card): " + " ".join(steps))
