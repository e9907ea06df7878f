"""The ``bowers rules`` command: a variant's rules for players."""

from __future__ import annotations

import click
from rich.markdown import Markdown

from bowers.cli.common import make_console, user_errors
from bowers.rules_text import rules_text


@click.command("rules")
@click.argument("variant_name", metavar="VARIANT")
@click.option("--markdown", "as_markdown", is_flag=True, help="Print the Markdown source, even on a terminal.")
def rules_command(variant_name: str, as_markdown: bool) -> None:
    """Show the rules of VARIANT for players: laid out in a pager on a terminal, as Markdown when piped."""
    with user_errors():
        text = rules_text(variant_name)
    console = make_console()
    if as_markdown or not console.is_terminal:
        click.echo(text, nl=not text.endswith("\n"))
        return
    # Plain text in the pager: the usual pager (less, without -R) would show colour codes as they are.
    with console.pager(styles=False):
        console.print(Markdown(text))
