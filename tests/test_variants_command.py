"""``bowers variants``: every option with its default and allowed values, examples that fit the variant."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from bowers.cli import cli
from bowers.variants import variant, variants


def _variants_output() -> str:
    result = CliRunner(env={"COLUMNS": "250"}).invoke(cli, ["variants"])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("name", variants())
def test_initial_scores_example_has_one_number_per_team(name: str) -> None:
    """The example value of ``initial_scores`` has as many numbers as the variant has teams (three for railroad-6)."""
    output = _variants_output()
    section = output[output.index(f"{name}:") :]
    row = next(line for line in section.splitlines() if "initial_scores" in line)
    example = re.search(r"such as ([\d,]+)", row)
    assert example is not None, row
    assert example.group(1) == ",".join(["0"] * variant(name).teams)


def test_new_options_are_listed() -> None:
    output = _variants_output()
    for name in ("discard_turn_up", "going_alone", "bid-railroad"):
        assert name in output
    assert "32, 24" in output


def test_one_variant_by_name() -> None:
    result = CliRunner(env={"COLUMNS": "250"}).invoke(cli, ["variants", "railroad"])
    assert result.exit_code == 0, result.output
    assert f"railroad: {variant('railroad').summary}" in result.output
    assert "defend_alone" in result.output and "bid-railroad:" not in result.output and "standard:" not in result.output
    unknown = CliRunner().invoke(cli, ["variants", "canasta"])
    assert unknown.exit_code == 1 and "unknown variant 'canasta'; variants: standard" in unknown.output
