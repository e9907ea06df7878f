"""The game loop with scripted input (no terminal), and the atomic saves in the data directory."""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

import bowers
from bowers import bots
from bowers.play.session import TerminalGame, result_summary, seat_names
from bowers.storage import atomic_write_text, data_dir, load_record, new_game_path, save_record, saved_games
from bowers.table import Seat, Table


class Script:
    """A person who types the given lines, then the first legal choice shown, forever."""

    def __init__(self, lines: Sequence[str], game: TerminalGame | None = None) -> None:
        self.lines: Iterator[str] = iter(lines)
        self.game = game
        self.prompts: list[str] = []

    def __call__(self, message: str, words: Sequence[str], redraw: Callable[[], None]) -> str:
        self.prompts.append(message)
        line = next(self.lines, None)
        if line is not None:
            if line == "<eof>":
                raise EOFError
            return line
        assert self.game is not None
        legal = self.game.observation["legal_actions"]
        return legal[0] if legal else ""


def make_game(
    variant: str = "standard", seed: int = 5, lines: Sequence[str] = (), saves: list[Any] | None = None, **options: Any
) -> tuple[TerminalGame, io.StringIO, Script]:
    game = bowers.Game(variant, seed=seed, **options)
    players = game.rules.players
    seats = [Seat()] + [Seat("random", {}, "random") for _ in range(players - 1)]
    table = Table(game, seats, save=(saves.append if saves is not None else None), bot_seed=seed)
    output = io.StringIO()
    console = Console(file=output, width=80, no_color=True)
    script = Script(lines)
    terminal = TerminalGame(table, 0, console, pace=0, read_line=script)
    script.game = terminal
    return terminal, output, script


def test_a_scripted_game_plays_to_the_end_and_saves_after_every_action() -> None:
    saves: list[Any] = []
    terminal, output, _ = make_game(target=3, saves=saves)
    assert terminal.run() is True
    game = terminal.table.game
    assert game.is_over
    assert len(saves) == sum(len(deal["actions"]) for deal in game.record()["deals"])
    text = output.getvalue()
    assert "is over" in text and "Final score" in text


def test_undo_takes_back_the_decision_and_the_bots_replies() -> None:
    terminal, output, _ = make_game(lines=["order", "undo", "quit"])
    assert terminal.run() is False
    text = output.getvalue()
    assert "Took back your last decision" in text
    assert "Game saved" in text
    history = terminal.table.game.observation(0)["history"]
    assert all(seat != 0 for seat, _ in history)


def test_end_of_input_saves_and_quits() -> None:
    terminal, output, _ = make_game(lines=["<eof>"])
    assert terminal.run() is False
    assert "Game saved" in output.getvalue()


@dataclass
class FakeAdvice:
    action: str
    value: float
    reason: str


def test_hint_shows_the_advice_in_expected_points(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, Any]] = []

    def advise(observation: dict[str, Any], **settings: Any) -> list[FakeAdvice]:
        seen.append({"observation": observation, **settings})
        return [FakeAdvice("order", 0.75, "three trumps and an ace"), FakeAdvice("pass", -0.25, "weak off-suits")]

    monkeypatch.setattr(bots, "advise", advise, raising=False)
    terminal, output, _ = make_game(lines=["hint", "quit"])
    terminal.hint_settings = {"level": 2}
    terminal.run()
    text = output.getvalue()
    # Each choice is named as it is typed at the prompt.
    assert re.search(r" order +\+0\.75 +Three trumps and an ace\.", text), text
    assert "Hint: the strong bot's choices as you type them" in text
    assert seen[0]["level"] == 2 and seen[0]["observation"]["seat"] == 0
    assert "hand_cards" not in seen[0]["observation"]


def test_a_failing_advisor_does_not_end_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    def advise(observation: dict[str, Any], **settings: Any) -> list[FakeAdvice]:
        raise RuntimeError("search exploded")

    monkeypatch.setattr(bots, "advise", advise, raising=False)
    terminal, output, _ = make_game(lines=["hint", "quit"])
    assert terminal.run() is False
    assert "No hint this time: search exploded" in output.getvalue()


def test_result_summary_says_why() -> None:
    terminal, _, _ = make_game()
    view = terminal.view()
    made = {"maker": 1, "trump": "H", "alone": False, "tricks": [0, 3, 0, 1], "made": True, "points": [0, 1]}
    assert result_summary(made, view) == "West made ♥; West & East took 4 of 5 tricks: made it."
    march = {**made, "alone": True, "tricks": [0, 5, 0, 0], "points": [0, 4]}
    assert result_summary(march, view) == "West went alone in ♥; West took all 5 tricks: a march."
    euchre = {**made, "tricks": [3, 1, 0, 1], "made": False}
    assert "euchred" in result_summary(euchre, view)
    assert "Everyone passed" in result_summary({"misdeal": True}, view)


def test_seat_names_start_with_you() -> None:
    assert seat_names(4, 2) == ["North", "East", "You", "West"]
    assert seat_names(2, 1) == ["Opponent", "You"]
    assert seat_names(6, 0)[3] == "North"


# ---------------------------------------------------------------------- storage


def test_the_data_directory_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("BOWERS_DATA_DIR", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"
    assert new_game_path("railroad").parent == tmp_path / "mine" / "games"
    monkeypatch.delenv("BOWERS_DATA_DIR")
    assert data_dir().name == "bowers"


def test_atomic_writes_replace_the_file_and_leave_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "games" / "g.json"
    save_record(path, {"variant": "standard", "deals": [], "scores": [0, 0]})
    save_record(path, {"variant": "standard", "deals": [], "scores": [1, 0]})
    assert json.loads(path.read_text(encoding="utf-8"))["scores"] == [1, 0]
    assert [p.name for p in path.parent.iterdir()] == ["g.json"]


def test_a_failed_write_keeps_the_previous_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.json"
    atomic_write_text(path, "old")

    def broken_fsync(descriptor: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        atomic_write_text(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


def test_unreadable_saves_are_reported_not_raised(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOWERS_DATA_DIR", str(tmp_path))
    games = tmp_path / "games"
    games.mkdir()
    (games / "a.json").write_text("{", encoding="utf-8")
    (games / "b.json").write_bytes(b"\xff\xfe\x00")
    (games / "c.json").write_text("[]", encoding="utf-8")
    errors = {saved.path.name: saved.error for saved in saved_games()}
    assert errors["a.json"] and errors["a.json"].startswith("not valid JSON")
    assert errors["b.json"] == "not a text file"
    assert errors["c.json"] == "not a game record (no variant or deals)"
    assert load_record(games / "missing.json").error is not None


TITLES = [("standard", "American 4-player Euchre"), ("railroad-6", "Railroad Euchre for six")]


@pytest.mark.parametrize(("variant", "title"), TITLES)
@pytest.mark.parametrize("command", ["help", "hint"])
def test_the_table_with_help_or_a_hint_fits_24_lines(
    monkeypatch: pytest.MonkeyPatch, variant: str, title: str, command: str
) -> None:
    reason = "wins 2.4 tricks on average; takes every trick on 12% of deals; makes the contract on 44% of deals"
    advice = [FakeAdvice("order", 0.5, reason), FakeAdvice("pass", 0.25, reason), FakeAdvice("alone", -1.0, reason)]
    monkeypatch.setattr(bots, "advise", lambda observation, **settings: advice, raising=False)
    terminal, output, _ = make_game(variant, seed=2, lines=[command, "quit"])
    terminal.run()
    screen = output.getvalue().split(title)[-2]  # the screen before quit (the last is the one left on leaving)
    assert ("Tab completes" if command == "help" else "+0.50") in screen
    assert len((title + screen).rstrip("\n").split("\n")) <= 23  # and the prompt below


TYPED = st.sampled_from(["", "zz", "99", "0", "1", "2", "pass", "order", "alone", "call s", "bid 4h", "discard 1", "jk s",
                         "undo", "last", "score", "help", "hint", ",", ":", "play:", "order:x", "💥", "\x1b[A"])


@given(lines=st.lists(TYPED, max_size=12))
@settings(max_examples=60, deadline=None)
def test_nothing_typed_crashes_the_game_or_breaks_its_record(lines: list[str]) -> None:
    saves: list[Any] = []
    terminal, _, _ = make_game("railroad", seed=len(lines), lines=[*lines, "quit"], saves=saves)
    terminal.hint_settings = {}
    assert terminal.run() is False
    record = terminal.table.game.record()
    assert bowers.replay(record).record()["deals"] == record["deals"]
    assert not saves or saves[-1] == record


def test_hint_reasons_say_what_they_mean_not_where_the_numbers_come_from(monkeypatch: pytest.MonkeyPatch) -> None:
    advice = [
        FakeAdvice("order", 0.42, "scores +0.42 points on average in real play (learned from self-play)"),
        FakeAdvice("pass", -0.1, "scores -0.10 points on average: -0.20 as learned from self-play, +0.00 on solved worlds"),
    ]
    monkeypatch.setattr(bots, "advise", lambda observation, **settings: advice, raising=False)
    terminal, output, _ = make_game(lines=["hint", "quit"])
    terminal.run()
    text = output.getvalue()
    assert "Scores +0.42 points on average." in text and "Scores -0.10 points on average." in text
    assert "self-play" not in text and "solved worlds" not in text and "real play" not in text


def test_hint_lines_keep_the_advisors_order_and_words(monkeypatch: pytest.MonkeyPatch) -> None:
    advice = [FakeAdvice("pass", -0.25, "Keeps the Left for Defence."), FakeAdvice("order", 0.75, "three trumps; an ace")]
    monkeypatch.setattr(bots, "advise", lambda observation, **settings: advice, raising=False)
    terminal, output, _ = make_game(lines=["hint", "quit"])
    terminal.run()
    text = output.getvalue()
    assert text.index("Keeps the Left for Defence.") < text.index("Three trumps; an ace.")
    assert text.index("-0.25") < text.index("+0.75")


def test_no_hint_between_hands_and_undo_there_skips_forced_cards() -> None:
    between_hands = iter(["hint", "undo"])
    after_undo: list[tuple[int, int | None, int]] = []

    def person(message: str, words: Sequence[str], redraw: Callable[[], None]) -> str:
        if message.startswith("Press Enter"):
            return next(between_hands, "quit")
        game = terminal.table.game
        if "Took back" in output.getvalue():
            after_undo.append((game.hand_number, game.to_act, len(game.legal_actions())))
            return "quit"
        return terminal.observation["legal_actions"][0]

    terminal, output, _ = make_game(seed=5)
    terminal.read_line = person
    assert terminal.run() is False
    assert "No hint now: there is no decision to make." in output.getvalue()
    hand, to_act, choices = after_undo[0]
    assert hand == 0 and to_act == 0 and choices > 1


def test_undo_back_past_a_finished_hand_says_it_is_practice() -> None:
    undos = iter(["undo"])

    def person(message: str, words: Sequence[str], redraw: Callable[[], None]) -> str:
        if message.startswith("Press Enter"):
            return next(undos, "quit")
        if "Took back" in output.getvalue():
            return "quit"
        return terminal.observation["legal_actions"][0]

    terminal, output, _ = make_game(seed=5)
    terminal.read_line = person
    assert terminal.run() is False
    text = output.getvalue()
    assert "You have seen how the hand ended: from here the hand is practice only." in text


def test_undo_within_a_hand_says_nothing_of_practice() -> None:
    terminal, output, _ = make_game(seed=5, lines=["order", "undo", "quit"])
    assert terminal.run() is False
    text = output.getvalue()
    assert "Took back your last decision" in text and "practice" not in text


def test_an_opponents_jambone_hand_or_jamboree_counts_as_seen_but_not_ones_own(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal, _, _ = make_game("railroad", seed=3)
    shown: dict[str, Any] = {"exposed": {}, "jamboree": {}}
    monkeypatch.setattr(TerminalGame, "observation", property(lambda self: shown))
    assert terminal.cards_seen() == ""
    shown["exposed"] = {"0": ["JH", "JD"]}  # the person's own Jambone hand hides nothing from it
    assert terminal.cards_seen() == ""
    shown["exposed"] = {"1": ["JH", "JD"]}
    assert terminal.cards_seen() == "the Jambone hand"
    shown.update(exposed={}, jamboree={"2": ["JK", "JH", "JD", "AH", "KH"]})
    assert terminal.cards_seen() == "the Jamboree"


def railroad_at_pace(hands: list[str]) -> tuple[bowers.Game, TerminalGame]:
    """A Railroad deal of these hands, dealer seat 3, the person at seat 0 with a pace of 0.8 s."""
    kitty = ["QH", "TH", "9H", "8H", "7H"]
    game = bowers.Game.from_deal("railroad", dealer=3, hands=[h.split() for h in hands], kitty=kitty, seed=1)
    table = Table(game, [Seat()] + [Seat("random", {}, "random") for _ in range(3)], bot_seed=1)
    return game, TerminalGame(table, 0, Console(file=io.StringIO()), pace=0.8, read_line=Script([]))


def test_the_bots_play_faster_once_the_person_has_nothing_left_to_decide_in_the_hand() -> None:
    hands = ["JK JH JD AH KH 7C 8C", "AC KC QC AS KS QS 7S", "AD KD QD TD 9D 8D 7D", "TC 9C JC JS TS 9S 8S"]
    # The person's partner (seat 2) goes alone: the person sits out, the bots play on at half the pace.
    game, terminal = railroad_at_pace(hands)
    assert terminal.bot_pace() == 0.8
    for seat, action in [(0, "pass"), (1, "pass"), (2, "order"), (2, "alone"), (2, "give:7D"), (0, "give:JK")]:
        game.apply(action, seat=seat)
    assert 0 in terminal.observation["sitting_out"]
    assert terminal.bot_pace() == 0.4
    # The person's own Jambone: once play starts an opponent chooses each of its cards.
    game, terminal = railroad_at_pace(hands)
    for seat, action in [(0, "order"), (0, "jambone"), (0, "give:7C"), (2, "give:7D")]:
        game.apply(action, seat=seat)
    assert terminal.bot_pace() == 0.8  # the dealer's pick-up is still to come
    game.apply(game.legal_actions()[0], seat=game.to_act)
    assert terminal.observation["phase"] == "play"
    assert terminal.bot_pace() == 0.4
