"""Command-line pieces the benchmark scripts share: reading settings, printing a mean with its interval."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from bowers.cli.match import setting_value
from bowers.match.statistics import mean_interval


def setting(text: str) -> tuple[str, Any]:
    """A ``NAME=VALUE`` bot setting, its value read as ``bowers match --setting`` reads it."""
    name, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), setting_value(value)


def interval_text(values: Sequence[float]) -> str:
    """The mean of ``values`` with its 95% Student t interval, as ``bowers match`` computes it (``+0.123 [+0.045, +0.201]``)."""
    estimate = mean_interval(values)
    if estimate.low is None or estimate.high is None:
        return f"{estimate.mean:+.3f} (one value, no interval)"
    return f"{estimate.mean:+.3f} [{estimate.low:+.3f}, {estimate.high:+.3f}]"
