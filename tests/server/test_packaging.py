"""The page ships inside the package, and ``bowers serve`` is a command."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

from click.testing import CliRunner

from bowers.cli import cli

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "bowers"


def test_every_static_file_is_package_data() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["bowers"]
    files = [path.relative_to(PACKAGE).as_posix() for path in (PACKAGE / "server" / "static").rglob("*") if path.is_file()]
    assert "server/static/index.html" in files and "server/static/js/app.js" in files
    missing = [
        name
        for name in files
        if not any(
            fnmatch.fnmatch(name, pattern) and "/" not in name[len(pattern.rsplit("/", 1)[0]) + 1 :] for pattern in patterns
        )
    ]
    assert not missing, f"not in package-data: {missing}"


def test_serve_is_a_command_with_its_options() -> None:
    result = CliRunner().invoke(cli, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--bot-delay"):
        assert option in result.output
    bad = CliRunner().invoke(cli, ["serve", "--port", "70000"])
    assert bad.exit_code == 2 and "70000" in bad.output
