"""The players' rules texts: one per variant, each naming every option of its variant."""

from __future__ import annotations

import re

import pytest

from bowers.errors import OptionError
from bowers.rules_text import rules_text
from bowers.variants import variant, variants


def _typed(value: object) -> str:
    """An option value as a player types it: true/false, 0,0, 24."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


@pytest.mark.parametrize("name", variants())
def test_every_variant_has_text_naming_its_options(name: str) -> None:
    own = rules_text(name, common=False)
    assert own.startswith("# ")
    assert f"(`{name}`)" in own.splitlines()[0]
    for option in variant(name).options:
        assert f"`{option.name}`" in own, f"{name} rules do not mention option {option.name}"


@pytest.mark.parametrize("name", variants())
def test_text_lists_each_option_default(name: str) -> None:
    own = rules_text(name, common=False)
    for option in variant(name).options:
        row = re.search(rf"^\| `{option.name}` \| `([^`]*)` \|", own, re.MULTILINE)
        assert row is not None, f"{name}: no options-table row for {option.name}"
        assert row.group(1) == _typed(option.default)


@pytest.mark.parametrize("name", variants())
def test_text_has_scoring_and_actions(name: str) -> None:
    own = rules_text(name, common=False)
    for heading in ("## Scoring", "## Options", "## What you type"):
        assert heading in own
    assert "`play:C`" in own


def test_common_rules_follow_the_variant_text() -> None:
    full = rules_text("standard")
    assert full.startswith(rules_text("standard", common=False).rstrip("\n"))
    assert "# What every variant shares" in full
    assert "claim-renege" in full


def test_variant_name_is_case_insensitive() -> None:
    assert rules_text("Railroad") == rules_text("railroad")


def test_unknown_variant_lists_variants() -> None:
    with pytest.raises(OptionError) as caught:
        rules_text("canasta")
    for name in variants():
        assert name in str(caught.value)


def test_joker_decisions_are_stated_for_players() -> None:
    assert "If the Joker is turned up" in rules_text("british", common=False)
    assert "no-trump" in rules_text("railroad", common=False)
    assert "`order:S`" in rules_text("ultimate", common=False)
