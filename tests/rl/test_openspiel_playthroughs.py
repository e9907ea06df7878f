"""OpenSpiel playthroughs of every bowers game, checked in and compared line by line, as OpenSpiel's own
integration test compares its games' (``open_spiel/integration_tests/playthrough_test.py``).

A playthrough (``open_spiel.python.algorithms.generate_playthrough``) plays one hand with random actions and
writes the game's type and sizes, then, at selected states, every string and tensor of the observation, the
information state and the public and private observations, for every player.  A change to any of them shows
up here as a failing line.  After a deliberate change (the information-state tensor's layout, say), regenerate
the files from the worktree root, read the diff and commit it::

    PYTHONPATH=src python -m tests.rl.test_openspiel_playthroughs

Each file's actions are replayed; a game without a file (or whose file was deleted because its actions no
longer apply) plays a new hand from ``SEED``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from absl import flags
from open_spiel.python.algorithms import generate_playthrough

from bowers.openspiel import GAME_NAMES

PLAYTHROUGHS = Path(__file__).parent / "playthroughs"
SEED = 1  # the random actions of a new playthrough

if not flags.FLAGS.is_parsed():
    # generate_playthrough reads an absl flag when it replays a file; its default (actions as ids) is the files'.
    flags.FLAGS.mark_as_parsed()


def playthrough_file(name: str) -> Path:
    """The checked-in playthrough of an OpenSpiel game."""
    return PLAYTHROUGHS / f"{name}.txt"


def regenerate() -> None:
    """Rewrite every game's playthrough: each file's actions replayed, or a new hand from ``SEED``."""
    for name in GAME_NAMES:
        path = playthrough_file(name)
        if path.exists():
            _, text = generate_playthrough.replay(str(path))
        else:
            text = generate_playthrough.playthrough(name, None, seed=SEED)
        path.write_text(text, encoding="utf-8")
        print(f"{path}: {len(text.splitlines())} lines")


def test_every_game_has_a_playthrough() -> None:
    assert sorted(path.stem for path in PLAYTHROUGHS.glob("*.txt")) == sorted(GAME_NAMES)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_playthrough_is_unchanged(name: str) -> None:
    path = playthrough_file(name)
    expected, actual = generate_playthrough.replay(str(path))
    for number, (want, got) in enumerate(zip(expected.split("\n"), actual.split("\n"), strict=False), start=1):
        assert got == want, f"{path.name} line {number} changed; if on purpose, regenerate (see this module's docstring)"
    assert actual == expected


if __name__ == "__main__":
    regenerate()
