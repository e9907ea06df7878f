"""Card play of the heuristic (version 2) in positions of standard self-play hands where its earlier rules chose
a card that exactly solved worlds show to be worse (``benchmarks/blunders.py``: the earlier card is dominated,
never better in any world and worse in some)."""

from __future__ import annotations

from typing import Any

import pytest

import bowers
from bowers.bots import create
from tests.rules.deals import run

# (seed of the standard deal, its history up to the decision, the play now; the earlier play in the comment)
POSITIONS = [
    # Spades are trump. Third to play to partner's jack of hearts, with the queen and king of hearts out and the
    # last opponent still to play, the defender takes the trick with its ace of hearts, which nothing can beat,
    # rather than the nine (the earlier play): partner's jack is likely lost, and the ace would meet the same
    # cards later.
    (
        500068,
        "2:order 2:partner 1:discard:JD 2:JS 3:9C 0:9S 1:TS 2:AD 3:9D 0:KD 1:QS 1:JH 2:KC",
        "play:AH",
    ),
    # Diamonds are trump. Partner led the queen of trump and the left bower, the ace and the ten are out behind
    # it: the maker takes the trick with the right bower where the nine (the earlier play) lets the last
    # opponent overtake.
    (500076, "1:pass 2:pass 3:order 3:partner 0:discard:TH 1:QD 2:9H", "play:JD"),
]

DISCARDS = [
    # Spades are trump and partner's ace of trump holds the trick: the last seat, holding the left bower, throws
    # its lone ten of diamonds, which leaves a void to ruff, rather than the nine of clubs (the earlier play).
    (100054, "1:pass 2:pass 3:pass 0:pass 1:pass 2:pass 3:call:S 3:partner 1:TH 2:KH 3:9H 0:QH 2:AH 3:AS 0:TC", "play:TD"),
]

LEADS = [
    # Hearts are trump and the right bower is out: the maker, holding the left bower, the king and the ten of
    # trump, leads the left bower, which forces the right bower out, rather than the ten, which lets the
    # opponents take the trick cheaply and keep it (the earlier play).
    (500205, "0:order 0:partner 3:discard:9S", "play:JD"),
    # The same with two trumps left: the maker leads the left bower, not the king (the earlier play).
    (
        500106,
        "3:pass 0:pass 1:order 1:partner 2:discard:9D 3:TD 0:AD 1:9H 2:TH 2:AS 3:KS 0:9S 1:QH",
        "play:JD",
    ),
    # Three cards left: the defender leads the king of spades, not the nine under it, which lets the queen or
    # the ten take the trick cheaply (the earlier play).
    (
        500021,
        "3:pass 0:pass 1:pass 2:pass 3:call:H 3:partner 3:JH 0:JC 1:KH 2:9H 3:QH 0:QC 1:JS 2:AH",
        "play:KS",
    ),
    # Three cards left: the defender leads the king of clubs, not the ten (the earlier play).
    (
        500211,
        "0:pass 1:pass 2:pass 3:order 3:partner 3:discard:9C 0:JH 1:QH 2:TS 3:JC 3:AD 0:KS 1:KD 2:9D",
        "play:KC",
    ),
    # Spades are trump and the right bower is gone: the defender leads the left bower, the top trump, which
    # draws the makers' trumps, rather than the nine of diamonds (the earlier play), which they ruff.
    (
        700111,
        "3:pass 0:pass 1:pass 2:pass 3:call:S 3:partner 3:9S 0:9H 1:JS 2:TS 1:TD 2:KD 3:QS 0:AD 3:AH 0:TC 1:JH 2:KS",
        "play:JC",
    ),
    # Hearts are trump: the defender leads the right bower before its jack of clubs (the earlier play).
    (600160, "2:pass 3:order 3:partner 1:discard:TD 2:JS 3:AS 0:9S 1:QD 3:QH 0:9D 1:9H 2:JD", "play:JH"),
    # Diamonds are trump and the maker's queen is the last trump left: it leads the queen, a sure trick, before
    # the nine of spades (the earlier play), which gives the lead away.
    (100109, "1:pass 2:pass 3:pass 0:pass 1:call:D 1:partner 1:JD 2:AD 3:TD 0:9D 1:JH 2:TH 3:KD 0:TS", "play:QD"),
]


def _observation(seed: int, history: str) -> dict[str, Any]:
    game = bowers.Game("standard", seed=seed)
    run(game, history)
    seat = game.to_act
    assert seat is not None
    return game.observation(seat)


@pytest.mark.parametrize(("seed", "history", "now"), POSITIONS)
def test_a_sure_winner_takes_a_trick_partner_may_lose(seed: int, history: str, now: str) -> None:
    assert create("heuristic", seed=0).act(_observation(seed, history)) == now


@pytest.mark.parametrize(("seed", "history", "now"), LEADS)
def test_leads(seed: int, history: str, now: str) -> None:
    assert create("heuristic", seed=0).act(_observation(seed, history)) == now


@pytest.mark.parametrize(("seed", "history", "now"), DISCARDS)
def test_discards(seed: int, history: str, now: str) -> None:
    assert create("heuristic", seed=0).act(_observation(seed, history)) == now
