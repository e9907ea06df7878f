"""Command-line pieces the benchmark scripts share."""

from __future__ import annotations

import argparse
from typing import Any

from bowers.cli.match import setting_value


def setting(text: str) -> tuple[str, Any]:
    """A ``NAME=VALUE`` bot setting, its value read as ``bowers match --setting`` reads it."""
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), setting_value(value)
