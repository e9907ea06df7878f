"""``bowers play`` in a real pseudo-terminal (80x24): whole games, bad input, hint, undo, quitting, SIGKILL and resuming."""

from __future__ import annotations

import os
import re
import signal
import subprocess
from pathlib import Path

import pexpect
import pytest

import bowers
from bowers import bots
from tests.play.terminal import BOWERS, Session, action_count, environment, plain, saved_records

FAST = ["--pace", "0", "--opponents", "random"]
PARTNER = ["--partner", "random"]


def only_record(data_dir: Path) -> tuple[Path, dict]:
    records = saved_records(data_dir)
    assert len(records) == 1, records
    path, record = records[0]
    assert record is not None
    return path, record


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("standard", ["--option", "target=5"]),
        ("two-hand", ["--option", "target=5"]),
        ("british", ["--option", "target=5"]),
        ("railroad", ["--option", "target=12"]),
        ("railroad-6", ["--option", "target=8"]),
        ("ultimate", ["--option", "target=8"]),
        ("bid", ["--option", "target=6"]),
    ],
)
def test_a_whole_game_of_each_variant(tmp_path: Path, variant: str, options: list[str]) -> None:
    partner = PARTNER if variant != "two-hand" else []
    session = Session(["--variant", variant, "--seed", "7", *FAST, *partner, *options], tmp_path)
    try:
        assert session.wait() == "choice"
        assert "Your hand:" in session.screen and "Choices:" in session.screen
        session.send("definitely not a card")
        assert session.wait() == "choice"
        assert "'definitely not a card' is not a card, an action or a command" in session.screen
        session.send(session.first_choice())
        assert session.play_until() == "end"
    finally:
        session.close()
    assert "Final score:" in session.screen
    assert "win" in session.screen
    assert "bowers analyze" in session.screen
    session.child.close()
    assert session.child.exitstatus == 0
    _, record = only_record(tmp_path)
    game = bowers.replay(record)
    assert game.is_over and game.variant == variant
    assert record["metadata"]["table"]["seats"][0]["kind"] == "human"


def _label(card: str) -> str:
    if card[-1] not in "CDHS" or len(card) != 2:
        return card
    return ("10" if card[0] == "T" else card[0]) + "♣♦♥♠"["CDHS".index(card[1])]


def test_the_screen_fits_80x24_and_shows_no_hidden_card(tmp_path: Path) -> None:
    session = Session(["--variant", "railroad-6", "--seed", "11", *FAST, *PARTNER], tmp_path)
    try:
        for _ in range(12):
            while (state := session.wait()) == "next":
                session.send("")
            assert state == "choice"
            lines = session.screen.split("\n")
            assert len(lines) <= 24, session.screen
            assert all(len(line.rstrip()) <= 80 for line in lines), session.screen
            _, record = only_record(tmp_path)
            game = bowers.replay(record)
            observation = game.observation(0)
            known = {observation["turn_up"]} | {card for cards in observation["exposed"].values() for card in cards}
            for seat, action in observation["history"]:
                if seat == 0:
                    known.update(action.split(":")[1].split(",") if ":" in action else [])
            for seat in range(1, 6):
                for card in set(game.hand_cards(seat)) - known:
                    assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(_label(card))}", session.screen), (card, session.screen)
            session.send(session.first_choice())
    finally:
        session.close()


def test_bad_inputs_and_commands_change_nothing(tmp_path: Path) -> None:
    session = Session(["--seed", "3", *FAST, *PARTNER], tmp_path)
    try:
        assert session.wait() == "choice"
        _, record = only_record(tmp_path)
        before = action_count(record)
        for line, expected in [
            ("", "Type a card, an action or a command"),
            ("99", "There is no card 99; your cards are numbered 1 to 5"),
            ("alone", "You can't go alone now: pass or order up."),
            ("play:2C", "You can't play a card now: pass or order up."),
            ("call", "'call' is not a choice now: pass or order up."),
            ("help", "undo"),
            ("score", "no hand finished yet"),
            ("last", "No trick has been played yet"),
            ("rules", "Euchre"),
        ]:
            session.send(line)
            assert session.wait() == "choice"
            assert expected in session.screen, (line, session.screen)
            assert "Traceback" not in session.screen
        _, record = only_record(tmp_path)
        assert action_count(record) == before
    finally:
        session.close()


def test_hint_and_undo(tmp_path: Path) -> None:
    session = Session(["--seed", "3", *FAST, *PARTNER], tmp_path)
    try:
        assert session.wait() == "choice"
        session.send("hint")
        assert session.wait() == "choice"
        if hasattr(bots, "advise"):
            assert "Hint: the strong bot" in session.screen
        else:
            assert "No hints: this version of bowers has no advisor" in session.screen
        _, record = only_record(tmp_path)
        before = action_count(record)
        assert session.choices() == "pass  ·  order"
        session.child.send("ord\t")  # Tab completes the only legal choice starting so
        session.child.expect("er")  # the completion is drawn before Enter is pressed
        session.send("")
        assert session.wait() == "choice"
        _, record = only_record(tmp_path)
        assert action_count(record) == before + 1
        assert record["deals"][-1]["actions"][-1] == [0, "order"]
        session.send("undo")
        assert session.wait() == "choice"
        assert "Took back your last decision" in session.screen
        _, record = only_record(tmp_path)
        assert action_count(record) == before
        session.send("undo")
        assert session.wait() == "choice"
        assert "no decision to take back" in session.screen.lower()
    finally:
        session.close()


@pytest.mark.parametrize("how", ["quit", "ctrl-d", "ctrl-c"])
def test_quitting_saves_and_resume_finishes_the_game(tmp_path: Path, how: str) -> None:
    session = Session(["--variant", "two-hand", "--seed", "5", *FAST, "--option", "target=4"], tmp_path)
    try:
        assert session.play_until(decisions=4) == "choice"
        _, record = only_record(tmp_path)
        at_quit = action_count(record)
        {"quit": lambda: session.send("quit"), "ctrl-d": lambda: session.child.sendeof(), "ctrl-c": session.child.sendintr}[how]()
        session.child.expect(pexpect.EOF)
        # bowers is not on this test's PATH: the message names the program by its full path, so it runs as shown.
        assert f"Game saved. Resume it with: {BOWERS} play --resume" in plain(session.child.before or "")
        session.child.close()
        assert session.child.exitstatus == 0
    finally:
        session.close()
    _, record = only_record(tmp_path)
    assert action_count(record) == at_quit
    if how != "quit":
        return  # resuming to the end is tested once, after quit
    resumed = Session(["--resume", "--pace", "0"], tmp_path)
    try:
        assert resumed.play_until() == "end"
    finally:
        resumed.close()
    _, record = only_record(tmp_path)
    assert bowers.replay(record).is_over


def test_sigkill_loses_nothing_and_resume_continues(tmp_path: Path) -> None:
    session = Session(["--variant", "railroad", "--seed", "9", *FAST, *PARTNER, "--option", "target=10"], tmp_path)
    try:
        assert session.play_until(decisions=6) == "choice"
        _, record = only_record(tmp_path)
        before_kill = record
        os.kill(session.child.pid, signal.SIGKILL)
        session.child.expect(pexpect.EOF)
    finally:
        session.close()
    _, record = only_record(tmp_path)
    assert record == before_kill
    assert not list((tmp_path / "games").glob(".*.tmp"))
    resumed = Session(["--resume", "--pace", "0"], tmp_path)
    try:
        assert resumed.wait() == "choice"
        assert "Railroad" in resumed.screen
        resumed.send(resumed.first_choice())
        assert resumed.play_until() == "end"
    finally:
        resumed.close()
    _, finished = only_record(tmp_path)
    assert bowers.replay(finished).is_over
    old_actions = [pair for deal in before_kill["deals"] for pair in deal["actions"]]
    new_actions = [pair for deal in finished["deals"] for pair in deal["actions"]]
    assert new_actions[: len(old_actions)] == old_actions


def test_a_corrupt_save_is_reported_and_left_alone(tmp_path: Path) -> None:
    session = Session(["--seed", "4", *FAST, *PARTNER], tmp_path)
    try:
        assert session.play_until(decisions=2) == "choice"
        session.send("quit")
        session.child.expect(pexpect.EOF)
    finally:
        session.close()
    good, _ = only_record(tmp_path)
    corrupt = tmp_path / "games" / "99999999-999999-standard-broken.json"
    corrupt.write_text('{"variant": "standard", "deals": [', encoding="utf-8")
    os.utime(good, (1, 1))
    resumed = Session(["--resume", "--pace", "0"], tmp_path)
    try:
        assert resumed.wait() == "choice"
        assert "Skipping" in resumed.screen and "not valid JSON" in resumed.screen
        resumed.send("quit")
        resumed.child.expect(pexpect.EOF)
    finally:
        resumed.close()
    assert corrupt.read_text(encoding="utf-8") == '{"variant": "standard", "deals": ['
    listing = subprocess.run([BOWERS, "history"], env=environment(tmp_path), capture_output=True, text=True, check=True)
    assert "unreadable" in listing.stdout and "not valid JSON" in listing.stdout
    assert "standard" in listing.stdout and "unfinished" in listing.stdout


def test_play_refuses_without_a_terminal(tmp_path: Path) -> None:
    piped = subprocess.run([BOWERS, "play", "--seed", "1"], env=environment(tmp_path), capture_output=True, text=True, input="")
    assert piped.returncode == 1 and "needs a terminal" in piped.stderr
    assert saved_records(tmp_path) == []


def on_path_or_not(on_path: bool) -> dict[str, str]:
    """A PATH with or without the folder of the ``bowers`` being tested."""
    others = [folder for folder in os.environ.get("PATH", "").split(os.pathsep) if folder]
    folders = [folder for folder in others if Path(folder, "bowers") != Path(BOWERS)]
    return {"PATH": os.pathsep.join([str(Path(BOWERS).parent)] * on_path + folders)}


@pytest.mark.parametrize("on_path", [True, False])
def test_messages_name_bowers_as_it_can_be_run(tmp_path: Path, on_path: bool) -> None:
    command = "bowers" if on_path else BOWERS
    session = Session(["--seed", "3", *FAST, *PARTNER], tmp_path, env=on_path_or_not(on_path))
    try:
        assert session.wait() == "choice"
        session.send("help")
        assert session.wait() == "choice"
        assert f"  {command} play --resume" in session.screen.splitlines()
        session.send("quit")
        session.child.expect(pexpect.EOF)
        assert f"Game saved. Resume it with: {command} play --resume" in plain(session.child.before or "")
    finally:
        session.close()
    env = {**environment(tmp_path), **on_path_or_not(on_path)}
    history = subprocess.run([BOWERS, "history"], env=env, capture_output=True, text=True, check=True)
    assert f"Continue one with: {command} play --resume" in " ".join(history.stdout.split())


def test_the_table_keeps_to_the_alternate_screen_and_leaves_the_final_one_in_sight(tmp_path: Path) -> None:
    # With bowers on the PATH the command to analyse the game is short whatever folder the project is in (a longer
    # one is folded on the screen and printed whole after leaving: tested at 50 columns below).
    session = Session(
        ["--variant", "two-hand", "--seed", "5", *FAST, "--option", "target=3"], tmp_path, env=on_path_or_not(True)
    )
    try:
        assert session.play_until() == "end"
    finally:
        session.close()
    raw = session.raw.getvalue()
    enter, leave = "\x1b[?1049h", "\x1b[?1049l"
    # Every redraw is on the alternate screen, so the scrollback gets none of them...
    assert raw.count(enter) == 1 and raw.count(leave) == 1 and raw.index(enter) < raw.index(leave)
    assert "Choices:" not in plain(raw[: raw.index(enter)])
    # ...and the game's end is printed once on the ordinary screen, the table as the last hand ended above it.
    left = plain(raw[raw.index(leave) :])
    assert left.count("Final score:") == 1 and "Seat" in left and "Tricks" in left and "is over" in left
    assert f"Saved as {tmp_path}" in left
    path, _ = only_record(tmp_path)
    # The command to analyse the game is whole on a line of its own: short enough to copy.
    assert f"bowers analyze {path.stem}" in left.splitlines()
    assert f"bowers analyze {path.stem}" in session.screen.splitlines()
    assert "Final score:" in session.screen and "Seat" in session.screen


def test_the_game_over_screen_fits_80x24_with_the_table(tmp_path: Path) -> None:
    arguments = ["--variant", "railroad-6", "--seed", "6", *FAST, *PARTNER, "--option", "target=3"]
    session = Session(arguments, tmp_path, env=on_path_or_not(True))  # the analyse command short, as above
    try:
        assert session.play_until(leave=False) == "over"
    finally:
        session.close()
    # The screen drawn last (after the answered prompt's line), then the prompt's own line.
    screen = session.screen.split("\n")[1:]
    assert len(screen) <= 24 and "Railroad Euchre for six" in screen[0], session.screen
    assert "Final score:" in session.screen and "Northeast" in session.screen


def test_enter_takes_a_sole_choice(tmp_path: Path) -> None:
    session = Session(["--variant", "two-hand", "--seed", "5", *FAST, "--option", "target=3"], tmp_path)
    taken = 0
    try:
        state = session.wait()
        while state in ("choice", "next") and taken < 3:
            if state == "next":
                session.send("")
                state = session.wait()
                continue
            sole = session.choices().endswith("Enter takes it")
            before = action_count(only_record(tmp_path)[1])
            session.send("" if sole else session.first_choice())
            state = session.wait()
            if sole:
                assert action_count(only_record(tmp_path)[1]) > before, session.screen
                taken += 1
    finally:
        session.close()
    assert taken == 3


def test_while_the_opponents_choose_your_jambone_cards_the_table_says_so(tmp_path: Path) -> None:
    # The person orders up whenever it may and plays a Jambone when it can; the bots then choose its cards.
    session = Session(["--variant", "railroad", "--seed", "2", "--pace", "0.05", "--opponents", "random", *PARTNER], tmp_path)
    said = False
    try:
        for _ in range(300):
            state = session.wait()
            if "Waiting for West, who chooses your card from the Jambone hand shown face up..." in session.screen:
                said = True
                break
            if state == "next":
                session.send("")
                continue
            if state != "choice":
                break
            offered = [group.split()[0] for group in session.choices().split("  ·  ")]
            session.send(next((word for word in ("jambone", "order") if word in offered), None) or session.first_choice())
    finally:
        session.close()
    assert said


def test_an_analyse_command_wider_than_the_screen_is_printed_whole_on_leaving(tmp_path: Path) -> None:
    session = Session(["--variant", "two-hand", "--seed", "5", *FAST, "--option", "target=3"], tmp_path, fixed_size=False)
    session.child.setwinsize(24, 50)
    try:
        assert session.play_until() == "end"
    finally:
        session.close()
    path, _ = only_record(tmp_path)
    command = f"{BOWERS} analyze {path.stem}"
    assert len(command) > 50
    raw = session.raw.getvalue()
    left = plain(raw[raw.index("\x1b[?1049l") :])
    # On the screen it is folded to fit; after leaving it is also written as one line, which the terminal wraps.
    assert command in left.splitlines()
    assert command not in plain(raw[: raw.index("\x1b[?1049l")])
