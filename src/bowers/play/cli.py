"""The ``bowers play`` and ``bowers history`` commands.

``play`` seats the person and bots at a ``Table``, saves the record in the
user's data directory after every action, and hands the table to the
terminal game loop; ``--resume`` picks up the last unfinished game.
``history`` lists the saved games.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table as RichTable

from bowers import bots
from bowers.errors import BowersError, OptionError
from bowers.game import Game, replay
from bowers.play.program import command_name
from bowers.storage import SavedGame, games_dir, load_record, new_game_path, save_record, saved_games
from bowers.table import HUMAN, Seat, Table
from bowers.variants import make_rules, variants

STRONG_BOT = "pimc"
# The bots tried, in order, when the strong bot is not installed.
FALLBACK_BOTS = ("heuristic", "random")
DEFAULT_LEVEL = 3
DEFAULT_PACE = 0.7
# A bot at the table stops sampling after this many seconds, so no turn keeps a person waiting long.
THINKING_SECONDS = 1.5


def strong_bot() -> str:
    """The bot that plays by default: the strong bot where this version has it, else the best one there is."""
    available = bots.names()
    for name in (STRONG_BOT, *FALLBACK_BOTS):
        if name in available:
            return name
    return available[0]


def bot_settings(name: str, level: int) -> dict[str, Any]:
    """The settings that give bot ``name`` the chosen level and a thinking-time cap, where that bot has them."""
    settings: dict[str, Any] = {}
    for setting, value in (("level", level), ("time_budget", THINKING_SECONDS)):
        try:
            bots.create(name, seed=0, **settings, **{setting: value})
        except (OptionError, TypeError):
            continue
        settings[setting] = value
    return settings


def make_seats(players: int, teams: int, you: int, partner: str, opponents: str, level: int) -> list[Seat]:
    """The person at ``you``, partners (same team) played by ``partner``, everyone else by ``opponents``.

    Each bot is given the chosen level (when it has levels); bots read the game's options from what they see.
    """
    seats = []
    for seat in range(players):
        if seat == you:
            seats.append(Seat(HUMAN, {}, "you"))
            continue
        name = partner if seat % teams == you % teams else opponents
        settings = bot_settings(name, level)
        label = f"{name} {settings['level']}" if "level" in settings else name
        seats.append(Seat(name, settings, label))
    return seats


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise click.ClickException(f"--option expects NAME=VALUE, such as stick_the_dealer=true; got {pair!r}")
        options[name.strip().lower().replace("-", "_")] = value.strip()
    return options


def _saver(path: Path) -> Any:
    def save(record: dict[str, Any]) -> None:
        save_record(path, record)

    return save


def _resume(console: Console, wanted: str, variant_name: str | None) -> tuple[Table, Path, int]:
    """The unfinished game to continue: the one named by ``wanted``, else the last one (of ``variant_name`` when given).

    Every save that cannot be read or does not replay is reported (and left untouched); when no game fits,
    one line says so and why.
    """
    if wanted:
        return _resume_named(wanted)
    for saved in saved_games():
        if saved.record is None:
            console.print(f"[yellow]Skipping {saved.path}: {saved.error}. The file is left as it is.[/yellow]", soft_wrap=True)
            continue
        if saved.finished or (variant_name is not None and saved.record.get("variant") != variant_name):
            continue
        try:
            table = _replayed(saved)
        except click.ClickException as error:
            console.print(f"[yellow]Skipping {saved.path}: {error.message}. The file is left as it is.[/yellow]", soft_wrap=True)
            continue
        humans = table.humans()
        if table.game.is_over or not humans:
            continue
        return table, saved.path, humans[0]
    which = f"unfinished {variant_name} game" if variant_name is not None else "unfinished game"
    raise click.ClickException(f"no {which} to resume in {games_dir()}; start one with: {command_name()} play")


def _replayed(saved: SavedGame) -> Table:
    """The table a readable save describes, or a ``ClickException`` saying why it does not replay."""
    assert saved.record is not None
    try:
        return Table.from_record(saved.record, save=_saver(saved.path))
    except (BowersError, *_MALFORMED) as error:
        raise click.ClickException(f"it does not replay ({error})") from None


def find_saved(wanted: str) -> SavedGame | None:
    """The saved game ``wanted`` names (a path, a file name as ``bowers history`` lists it, or a unique part of one);
    None when it names none, and a one-line ``ClickException`` when it names several."""
    given = Path(wanted).expanduser()
    games = saved_games()
    if given.suffix == ".json" and given.is_file():
        matches = [load_record(given)]
    else:
        exact = [saved for saved in games if wanted in (saved.path.name, saved.path.stem)]
        matches = exact or [saved for saved in games if wanted in saved.path.stem]
    if not matches:
        return None
    if len(matches) > 1:
        names = ", ".join(saved.path.stem for saved in matches[:3]) + (", ..." if len(matches) > 3 else "")
        raise click.ClickException(f"{wanted!r} names {len(matches)} saved games ({names}); give more of the name")
    return matches[0]


def _resume_named(wanted: str) -> tuple[Table, Path, int]:
    """The unfinished game ``wanted`` names (as ``find_saved`` reads it), ready to play."""
    saved = find_saved(wanted)
    if saved is None:
        raise click.ClickException(f"no saved game named {wanted!r} in {games_dir()}; {command_name()} history lists them")
    if saved.record is None:
        raise click.ClickException(f"cannot resume {saved.path.name}: {saved.error}")
    try:
        table = _replayed(saved)
    except click.ClickException as error:
        raise click.ClickException(f"cannot resume {saved.path.name}: {error.message}") from None
    humans = table.humans()
    if table.game.is_over:
        command = f"{command_name()} analyze {saved.path.stem}"
        raise click.ClickException(f"{saved.path.name} is a finished game; analyse it with: {command}")
    if not humans:
        raise click.ClickException(f"{saved.path.name} has no seat for a person: bots play all of it")
    return table, saved.path, humans[0]


# The options that shape a new game; a resumed game keeps its own (--variant only chooses which game to resume).
NEW_GAME_OPTIONS = {
    "seat": "--seat",
    "partner": "--partner",
    "opponents": "--opponents",
    "seed": "--seed",
    "option_pairs": "--option",
}


def _refuse_new_game_options(context: click.Context) -> None:
    """Refuse, in one line, options that would change a resumed game: it keeps its seats, bots, deals and options."""
    given = [
        flag
        for name, flag in NEW_GAME_OPTIONS.items()
        if context.get_parameter_source(name) not in (None, ParameterSource.DEFAULT)
    ]
    if given:
        raise click.ClickException(
            f"{', '.join(given)} cannot change a resumed game: it keeps its seats, bots and options "
            "(leave out --resume to start a new game)"
        )


_MALFORMED = (KeyError, IndexError, TypeError, AttributeError, ValueError)


@click.command("play")
@click.option("--variant", "variant_name", default="standard", show_default=True, help=f"One of: {', '.join(variants())}.")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat (0 is the first; play passes to the left).")
@click.option("--partner", metavar="BOT", help="The bot for your partner(s) (default: the strong bot).")
@click.option("--opponents", metavar="BOT", help="The bot for your opponents (default: the strong bot).")
@click.option("--level", type=click.IntRange(1, 5), default=DEFAULT_LEVEL, show_default=True, help="Strong bot's level.")
@click.option("--seed", type=int, help="Seed of the deals (default: random).")
@click.option("--pace", type=click.FloatRange(0), default=DEFAULT_PACE, show_default=True, help="Seconds between bots' actions.")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=VALUE", help="A variant option (repeatable).")
@click.option(
    "--resume",
    is_flag=False,
    flag_value="",
    default=None,
    metavar="[GAME]",
    help="Continue the last unfinished game (of --variant, if given), or the saved game named as bowers history lists it.",
)
@click.pass_context
def play_command(
    context: click.Context,
    variant_name: str,
    seat: int,
    partner: str | None,
    opponents: str | None,
    level: int,
    seed: int | None,
    pace: float,
    option_pairs: Sequence[str],
    resume: str | None,
) -> None:
    """Play a whole game in the terminal against bots."""
    from bowers.play.session import TerminalGame

    console = Console(highlight=False)
    strong = strong_bot()
    if resume is not None:
        _refuse_new_game_options(context)
        chosen_variant = variant_name if context.get_parameter_source("variant_name") != ParameterSource.DEFAULT else None
        if chosen_variant is not None and chosen_variant not in variants():
            raise click.ClickException(f"unknown variant {chosen_variant!r}; variants: {', '.join(variants())}")
        table, path, you = _resume(console, resume, chosen_variant)
        _need_terminal()
    else:
        try:
            rules = make_rules(variant_name, **_options(option_pairs))
            if not 0 <= seat < rules.players:
                raise click.ClickException(f"--seat must be 0 to {rules.players - 1} in {rules.variant}")
            if partner is not None and rules.players == rules.teams:
                raise click.ClickException(f"{rules.variant} has no partners; choose the other bots with --opponents")
            for bot in (partner, opponents):
                if bot is not None and bot not in bots.names():
                    raise click.ClickException(f"unknown bot {bot!r}; bots: {', '.join(bots.names())}")
            game = Game(rules.variant, seed=seed, **_options(option_pairs))
            seats = make_seats(rules.players, rules.teams, seat, partner or strong, opponents or strong, level)
            path = new_game_path(rules.variant)
            game.metadata["created"] = datetime.now(UTC).isoformat(timespec="seconds")
            game.metadata["front_end"] = "terminal"
            table = Table(game, seats, save=_saver(path), bot_seed=game.seed or 0)
        except BowersError as error:
            raise click.ClickException(str(error)) from None
        you = seat
        _need_terminal()
        try:
            table.save()
        except OSError as error:
            reason = error.strerror or error
            message = f"cannot save games in {path.parent} ({reason}); set BOWERS_DATA_DIR to a writable folder"
            raise click.ClickException(message) from None
    # A hint may think a little longer than a bot's turn: the person asked for it.
    hint_settings: dict[str, Any] = {"level": level, "time_budget": 2 * THINKING_SECONDS} if strong == STRONG_BOT else {}
    TerminalGame(table, you, console, save_path=path, pace=pace, hint_settings=hint_settings).run()


def _need_terminal() -> None:
    """Refuse to start when input or output is not a terminal: the table is drawn and read interactively."""
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        raise click.ClickException("bowers play needs a terminal (its input and output must not be redirected)")


def _state(saved: SavedGame) -> str:
    """A saved game's state in a few words: ``unfinished, hand N``, ``won``, ``lost`` or ``finished``."""
    record = saved.record
    assert record is not None
    scores = [score for score in record.get("scores") or [] if isinstance(score, int)]
    metadata = record.get("metadata")
    table = metadata.get("table") if isinstance(metadata, Mapping) else None
    seats = table.get("seats") if isinstance(table, Mapping) else None
    if not isinstance(seats, list):
        seats = []
    teams = max(1, len(scores))
    human_teams = {index % teams for index, seat in enumerate(seats) if isinstance(seat, Mapping) and seat.get("kind") == HUMAN}
    deals = len(record.get("deals") or [])
    if not saved.finished:
        return f"unfinished, hand {deals}"
    best = max(range(len(scores)), key=lambda team: scores[team]) if scores else None
    if best is not None and human_teams:
        return "won" if best in human_teams else "lost"
    return "finished"


def _problem(saved: SavedGame) -> str | None:
    """Why a save cannot be played or analysed (not JSON, an unknown variant, a deal that does not replay), or None."""
    if saved.record is None:
        return saved.error or "unreadable"
    try:
        replay(dict(saved.record))
    except (BowersError, *_MALFORMED) as error:
        return f"it does not replay ({error})"
    return None


@click.command("history")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def history_command(as_json: bool) -> None:
    """List your saved games, newest first: variant, date, score and state."""
    games = saved_games()
    problems = {saved.path: _problem(saved) for saved in games}
    if as_json:
        rows = [
            {
                "file": str(saved.path),
                "modified": saved.modified.isoformat(timespec="seconds"),
                "variant": saved.record.get("variant") if saved.record else None,
                "scores": saved.record.get("scores") if saved.record else None,
                "state": f"unreadable: {problems[saved.path]}" if problems[saved.path] else _state(saved),
            }
            for saved in games
        ]
        click.echo(json.dumps(rows, indent=2))
        return
    console = Console(highlight=False)
    if not games:
        console.print(f"No saved games yet in {games_dir()}. Start one with: {command_name()} play", soft_wrap=True)
        return
    console.print(f"Saved games in {games_dir()}, the last played first", soft_wrap=True)
    # The file name starts with the date the game began and names its variant; nothing wraps at 80 columns.
    listing = RichTable(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    listing.add_column("file (.json)", no_wrap=True)
    for column in ("variant", "score", "state"):
        listing.add_column(column, no_wrap=True)
    reasons = []
    # Below 80 columns a file goes by the end of its name, which is what --resume takes.
    narrow = console.width < 80

    def shown(stem: str) -> str:
        return "…" + stem[-13:] if narrow and len(stem) > 14 else stem

    for saved in games:
        problem = problems[saved.path]
        if problem is not None:
            variant = str(saved.record.get("variant")) if saved.record is not None else "?"
            listing.add_row(shown(saved.path.stem), escape(variant), "", "[red]unreadable (below)[/red]")
            reasons.append(f"{saved.path.name}: {problem} (left as it is)")
            continue
        assert saved.record is not None  # a save with no record has a problem
        scores = saved.record.get("scores") or []
        score = "-".join(str(value) for value in scores)
        listing.add_row(shown(saved.path.stem), str(saved.record.get("variant")), score, _state(saved))
    console.print(listing)
    for reason in reasons:
        console.print(f"[red]Unreadable:[/red] {escape(reason)}", soft_wrap=True)
    if any(problems[saved.path] is None and not saved.finished for saved in games):
        console.print(f"Continue one with: {command_name()} play --resume FILE (its name, or the end of it)", soft_wrap=True)


def register(group: click.Group) -> None:
    """Add ``play`` and ``history`` to the ``bowers`` command group."""
    group.add_command(play_command)
    group.add_command(history_command)


__all__ = ["bot_settings", "find_saved", "history_command", "make_seats", "play_command", "register", "strong_bot"]
