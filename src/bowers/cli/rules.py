"""The ``bowers rules`` command: a variant's rules for players."""

from __future__ import annotations

import click

from bowers.cli.common import user_errors
from bowers.rules_text import rules_text


@click.command("rules")
@click.argument("variant_name", metavar="VARIANT")
def rules_command(variant_name: str) -> None:
    """Print the rules of VARIANT for players (Markdown)."""
    with user_errors():
        text = rules_text(variant_name)
    click.echo(text, nl=not text.endswith("\n"))
