"""The ``bowers import`` command: an EGN file as a JSON game record."""

from __future__ import annotations

import json

import click

from bowers.cli.common import from_file, write_output


@click.command("import")
@click.argument("path", metavar="FILE.egn")
@click.option("-o", "--output", "out", metavar="OUT.json", help="Write the record here instead of to stdout.")
def import_command(path: str, out: str | None) -> None:
    """Read an EGN file and print (or write) it as a JSON game record."""
    from bowers.egn import import_note, load_egn

    record = from_file(path, "EGN file", lambda: load_egn(path))
    write_output(json.dumps(record, indent=2), out)
    note = from_file(path, "EGN file", lambda: import_note(record))
    if note is not None:
        click.echo(f"Note: {path}: {note}", err=True)
