"""The documentation's links, anchors and tables (scripts/check_docs.py): the repository's own docs are sound, and
the check finds a broken link, a missing anchor and a misshapen table row."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from tests.repository_scripts import load_script

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def check_docs() -> ModuleType:
    return load_script("scripts/check_docs.py", "check_docs")


def test_the_repository_docs_are_sound(check_docs: ModuleType) -> None:
    assert check_docs.documents(ROOT), "no documentation found"
    assert check_docs.check(ROOT) == []


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("`pimc` against OpenSpiel's search", "pimc-against-openspiels-search"),
        ("`bowers analyze GAME [--seat N] [--json]`", "bowers-analyze-game---seat-n---json"),
        ("Clear errors in card play: `benchmarks/blunders.py`", "clear-errors-in-card-play-benchmarksblunderspy"),
        ("See [the rules](rules.md) first", "see-the-rules-first"),
    ],
)
def test_headings_get_githubs_anchors(check_docs: ModuleType, heading: str, anchor: str) -> None:
    assert check_docs.slug(heading) == anchor


def test_broken_links_anchors_and_rows_are_found(check_docs: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# Read me\n\n[guide](docs/guide.md#twice-1)\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text(
        "# Twice\n\n## Twice\n\n"
        "[fine](#twice) [gone](gone.md) [no anchor](../README.md#nowhere) [web](https://example.com/x.md)\n\n"
        "```\n[in code](also-gone.md)\n```\n\n"
        "| a | b |\n| --- | --- |\n| 1 | 2 |\n| 1 | 2 | 3 |\n| `x\\|y` | 2 |\n",
        encoding="utf-8",
    )
    problems = check_docs.check(tmp_path)
    assert len(problems) == 3, problems
    assert "guide.md:5: no file gone.md" in problems[0]
    assert "guide.md:5: no anchor #nowhere in README.md" in problems[1]
    assert "guide.md:14: 3 cells where the header has 2" in problems[2]
    assert check_docs.main([str(tmp_path)]) == 1
