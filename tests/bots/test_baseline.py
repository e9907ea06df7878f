"""The bots' baseline settings still play every recorded decision of the bots as first released."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bowers.bots import heuristic, pimc_config
from tests.bots.baseline_decisions import PATH, play_hand

CASES: list[dict[str, Any]] = json.loads(PATH.read_text())
BASELINES = {"heuristic": heuristic.BASELINE_SETTINGS, "pimc": pimc_config.BASELINE_SETTINGS}


@pytest.mark.parametrize("case", CASES, ids=[f"{c['variant']}-{c['bot']}-{c['seed']}" for c in CASES])
def test_baseline_settings_replay_the_recorded_hand(case: dict[str, Any]) -> None:
    actions = play_hand(case["variant"], case["bot"], case["settings"], case["seed"], BASELINES[case["bot"]])
    assert actions == case["actions"]


def test_every_variant_and_bot_is_recorded() -> None:
    assert {(c["variant"], c["bot"]) for c in CASES} == {
        (v, b) for v in ("standard", "two-hand", "railroad", "ultimate", "bid", "bid-railroad") for b in BASELINES
    }
