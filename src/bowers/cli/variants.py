"""The ``bowers variants`` command: every variant (or those named) with its options, defaults and allowed values."""

from __future__ import annotations

from collections.abc import Sequence

import click
from rich.markup import escape
from rich.table import Table

from bowers.cli.common import make_console, show, user_errors
from bowers.variants import variant, variants


@click.command("variants")
@click.argument("names", nargs=-1, metavar="[VARIANT]...")
def variants_command(names: Sequence[str]) -> None:
    """List the variants (or only those named) with their summaries, options, defaults and allowed values."""
    with user_errors():
        declared = [variant(name) for name in names or variants()]
    console = make_console()
    for one in declared:
        table = Table(title=f"[bold]{escape(one.name)}[/bold]: {escape(one.summary)}", title_justify="left", expand=False)
        table.add_column("option", no_wrap=True)
        table.add_column("default", no_wrap=True)
        table.add_column("allowed")
        table.add_column("what it does")
        for option in one.options:
            table.add_row(option.name, show(option.default), one.allowed_text(option), option.doc)
        console.print(table)
        console.print()
