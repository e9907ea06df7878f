"""The ``bowers`` command: one module per command, each registered on the group here.

Every bad input (unknown variant, bad option, missing or malformed file)
ends with a one-line ``Error: ...`` message and a non-zero exit status,
never a traceback (``bowers.cli.common``).
"""

from __future__ import annotations

import click

from bowers.cli.analyze import analyze_command
from bowers.cli.export import export_command
from bowers.cli.import_egn import import_command
from bowers.cli.match import match_command
from bowers.cli.replay import replay_command
from bowers.cli.rules import rules_command
from bowers.cli.serve import serve_command
from bowers.cli.simulate import simulate_command
from bowers.cli.solve import solve_command
from bowers.cli.stats import stats_command
from bowers.cli.variants import variants_command
from bowers.play.cli import history_command, play_command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bowers", prog_name="bowers")
def cli() -> None:
    """Every Euchre game, played exactly: standard, two-hand, British, Railroad, Ultimate and auction Euchre."""


for command in (
    variants_command,
    rules_command,
    simulate_command,
    replay_command,
    import_command,
    export_command,
    solve_command,
    analyze_command,
    play_command,
    history_command,
    serve_command,
    match_command,
    stats_command,
):
    cli.add_command(command)


def main() -> None:
    """Entry point of the ``bowers`` console script."""
    cli(prog_name="bowers")


__all__ = ["cli", "main"]
