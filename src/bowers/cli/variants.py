"""The ``bowers variants`` command: every variant with its options, defaults and allowed values."""

from __future__ import annotations

import click
from rich.markup import escape
from rich.table import Table

from bowers.cli.common import make_console, show
from bowers.variants import variant, variants


@click.command("variants")
def variants_command() -> None:
    """List the variants with their options, defaults and allowed values."""
    console = make_console()
    for name in variants():
        declared = variant(name)
        table = Table(title=f"[bold]{escape(name)}[/bold]: {escape(declared.summary)}", title_justify="left", expand=False)
        table.add_column("option", no_wrap=True)
        table.add_column("default", no_wrap=True)
        table.add_column("allowed")
        table.add_column("what it does")
        for option in declared.options:
            table.add_row(option.name, show(option.default), declared.allowed_text(option), option.doc)
        console.print(table)
        console.print()
