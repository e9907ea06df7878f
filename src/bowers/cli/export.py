"""The ``bowers export`` command: a JSON game record in another format (EGN)."""

from __future__ import annotations

import click

from bowers.cli.common import fail, from_file, read_json, write_output


@click.command("export")
@click.argument("path", metavar="RECORD.json")
@click.option("--egn", "to_egn", is_flag=True, help="Write Euchre Game Notation (EGN).")
@click.option("-o", "--output", "out", metavar="OUT", help="Write here instead of to stdout.")
def export_command(path: str, to_egn: bool, out: str | None) -> None:
    """Convert a JSON game record to another format (--egn)."""
    from bowers.egn import dump_egn

    if not to_egn:
        fail("choose the format to export: --egn")
    record = read_json(path)
    text = from_file(path, "game record", lambda: dump_egn(record))
    write_output(text, out)
