"""``bowers play`` as a person plays it in a pseudo-terminal: the prompts between hands and at the end, the trick
just won, keys typed out of turn, the twos-and-threes step, messages in the screen's words, narrow and resized
terminals, pasted codes, long lines and choosing the game to resume."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pexpect

import bowers
from bowers.play.render import card_label, completed_tricks
from tests.play.terminal import BOWERS, Session, action_count, plain, saved_records

FAST = ["--pace", "0", "--opponents", "heuristic", "--partner", "heuristic"]


def record_of(data_dir: Path) -> dict:
    records = saved_records(data_dir)
    assert len(records) == 1, records
    record = records[0][1]
    assert record is not None
    return record


def person_observation(data_dir: Path) -> dict:
    return bowers.replay(record_of(data_dir)).observation(0)


def pending_output(session: Session, seconds: float) -> str:
    """What the program writes in the next ``seconds`` (nothing, when it waits for the person)."""
    seen = ""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            seen += session.child.read_nonblocking(100000, timeout=max(0.05, deadline - time.monotonic()))
        except pexpect.TIMEOUT:
            break
    return plain(seen)


def test_every_command_works_between_hands_and_the_game_ends_at_its_own_prompt(tmp_path: Path) -> None:
    session = Session(["--seed", "5", *FAST, "--option", "target=3"], tmp_path)
    try:
        while (state := session.wait()) == "choice":
            session.send(session.first_choice())
        assert state == "next"
        before = record_of(tmp_path)
        for line, expected in [
            ("score", "hand 1: "),
            ("help", "Tab completes"),
            ("last", "Last trick: "),
            ("hint", "No hint now: there is no decision to make."),
            ("rules", "American"),
            ("rules", "seat 0 is you, seat 1 is West"),
            ("pass", "The hand is over: press Enter for the next hand, or type a command"),
        ]:
            session.send(line)
            assert session.wait() == "next", (line, session.screen)
            assert expected in session.screen, (line, session.screen)
        assert record_of(tmp_path) == before
        session.send("quit")
        session.child.expect(pexpect.EOF)
        left = plain(session.child.before or "")
        assert f"Game saved. Resume it with: {BOWERS} play --resume" in left
        assert "Hand 1 is over" in left  # the screen last seen stays in sight after leaving
    finally:
        session.close()
    resumed = Session(["--resume", "--pace", "0"], tmp_path)
    try:
        assert resumed.play_until(leave=False) == "over"
        assert "Final score:" in resumed.screen and "bowers analyze" in resumed.screen
        resumed.send("score")
        assert resumed.wait() == "over"
        assert "hand 1: " in resumed.screen
        resumed.send("")
        resumed.child.expect(pexpect.EOF)
        resumed.child.close()
        assert resumed.child.exitstatus == 0
    finally:
        resumed.close()
    assert bowers.replay(record_of(tmp_path)).is_over


def test_the_trick_a_bot_won_stays_on_screen_with_its_winner(tmp_path: Path) -> None:
    session = Session(["--seed", "11", *FAST], tmp_path)
    checked = 0
    try:
        for _ in range(40):
            state = session.wait()
            if state != "choice":
                session.send("")
                continue
            observation = person_observation(tmp_path)
            finished = completed_tricks(observation, 4)
            if observation["trick"] and finished:
                names = ["You", "West", "North", "East"]
                cards = ", ".join(f"{names[seat]} {card_label(card)}" for seat, card in finished[-1])
                winner = names[observation["leader"]]
                assert f"Last trick: {cards}; {winner} won it" in session.screen, session.screen
                checked += 1
                if checked == 3:
                    break
            session.send(session.first_choice())
    finally:
        session.close()
    assert checked == 3


def test_keys_typed_while_the_bots_play_are_thrown_away(tmp_path: Path) -> None:
    session = Session(["--seed", "3", "--pace", "0.5", "--opponents", "random", "--partner", "random"], tmp_path, timeout=60)
    try:
        assert session.wait() == "choice"
        assert session.choices() == "pass  ·  order"
        session.send("pass")
        time.sleep(0.2)  # West is thinking: this is typed blind
        session.send("1")
        state = session.wait()
        assert state in ("choice", "next")
        at_prompt = record_of(tmp_path)
        assert [action for deal in at_prompt["deals"] for action in deal["actions"]].count([0, "pass"]) == 1
        # The prompt waits for the person: nothing typed ahead is read, played or answered.
        assert pending_output(session, 1.5).strip() in ("", "Your choice>", "Press Enter for the next hand>")
        assert record_of(tmp_path) == at_prompt
    finally:
        session.close()


def test_the_twos_and_threes_step_is_named(tmp_path: Path) -> None:
    session = Session(["--variant", "ultimate", "--seed", "3", *FAST], tmp_path)
    try:
        assert session.wait() == "choice"
        assert session.choices() == "pass  ·  Enter takes it"
        assert "Twos and threes: you hold fewer than three 2s and 3s, so pass (no swap)." in session.screen
        assert "East: no swap" in session.screen
        session.send("pass")
        assert session.wait() == "choice"
        assert "You: no swap" in session.screen
        row = next(line for line in session.screen.splitlines() if line.startswith("> You"))
        assert "no swap" in row and "pass" not in row
    finally:
        session.close()


def test_refusals_use_the_screens_words(tmp_path: Path) -> None:
    session = Session(["--seed", "11", *FAST], tmp_path)
    seen: set[str] = set()
    try:
        for _ in range(60):
            state = session.wait()
            if state != "choice":
                session.send("")
                continue
            observation = person_observation(tmp_path)
            legal = observation["legal_actions"]
            plays = [action.split(":")[1] for action in legal if action.startswith("play:")]
            if "pass" in legal and "bidding" not in seen:
                session.send("jh")
                assert session.wait() == "choice"
                assert "You can't choose a card now: pass or " in session.screen, session.screen
                seen.add("bidding")
            elif plays and "held" not in seen:
                missing = next(card for card in ("AS", "AH", "AD", "AC", "KS") if card not in observation["hand"])
                session.send(missing.lower())
                assert session.wait() == "choice"
                assert f"You don't hold {card_label(missing)}." in session.screen, session.screen
                session.send("discard 1")
                assert session.wait() == "choice"
                assert "You can't discard now: play " in session.screen, session.screen
                seen.add("held")
            elif plays and observation["trick"] and len(plays) < len(observation["hand"]) and "follow" not in seen:
                refused = next(card for card in observation["hand"] if card not in plays)
                session.send(refused.lower())
                assert session.wait() == "choice"
                follow = r"You must follow (trumps \(\S+ led\)|[♣♦♥♠] \(the suit led\))\."
                assert re.search(follow, session.screen), session.screen
                seen.add("follow")
            for engine_word in ("seat 0", "play:", "choices:", "is not in its hand", "must follow S", "must follow H"):
                assert engine_word not in session.screen
            if seen == {"bidding", "held", "follow"}:
                break
            session.send(session.first_choice())
    finally:
        session.close()
    assert seen == {"bidding", "held", "follow"}


def test_the_header_shows_the_score_the_summary_gives(tmp_path: Path) -> None:
    session = Session(["--seed", "5", *FAST], tmp_path)
    try:
        while (state := session.wait()) == "choice":
            session.send(session.first_choice())
        assert state == "next"
        summary = re.search(r"Score: You & North (\d+)   West & East (\d+)", session.screen)
        assert summary is not None, session.screen
        header = re.search(r"hand 1 +You & North (\d+)  West & East (\d+)", session.screen)
        assert header is not None, session.screen
        assert header.groups() == summary.groups() and summary.groups() != ("0", "0")
    finally:
        session.close()


def test_the_turn_up_the_dealer_may_discard_has_a_number(tmp_path: Path) -> None:
    session = Session(["--variant", "two-hand", "--seed", "5", "--pace", "0", "--opponents", "random"], tmp_path)
    try:
        for _ in range(40):
            state = session.wait()
            if state == "choice" and "decline" in session.choices():
                break
            session.send("" if state == "next" else session.first_choice())
        else:
            raise AssertionError("the dealer's choice of the turn-up never came")
        turn_up = person_observation(tmp_path)["turn_up"]
        assert f"turn-up 6:{card_label(turn_up)}" in session.screen
        assert f"6:{card_label(turn_up)}" in session.choices()
        session.send("6")
        assert session.wait() == "choice"
        assert [0, f"discard:{turn_up}"] in record_of(tmp_path)["deals"][-1]["actions"]
    finally:
        session.close()


def test_pasted_colour_codes_and_very_long_lines_are_harmless(tmp_path: Path) -> None:
    session = Session(["--seed", "3", "--pace", "0", "--opponents", "random", "--partner", "random"], tmp_path)
    try:
        assert session.wait() == "choice"
        before = action_count(record_of(tmp_path))
        session.send("z" * 5000)
        assert session.wait() == "choice"
        redrawn = session.screen.split("American 4-player Euchre")[-1]
        assert len(redrawn.rstrip("\n").split("\n")) <= 23
        assert "is not a card, an action or a command" in redrawn
        assert "z" * 30 not in redrawn
        assert action_count(record_of(tmp_path)) == before
        session.send("\x1b[31mpass\x1b[0m")
        state = session.wait()
        assert "Unhandled exception" not in session.screen and "Traceback" not in session.screen
        assert state in ("choice", "next")
        assert [0, "pass"] in record_of(tmp_path)["deals"][0]["actions"]
    finally:
        session.close()


def test_a_narrow_terminal_keeps_the_hand_number_and_the_target(tmp_path: Path) -> None:
    session = Session(["--variant", "railroad-6", "--seed", "3", *FAST], tmp_path, fixed_size=False)
    session.child.setwinsize(24, 60)
    try:
        assert session.wait() == "choice"
        table = session.screen.split("Railroad Euchre for six")[-1]
        assert table.startswith("  hand 1")
        assert "(to 64)" in table
        assert all(len(line) <= 60 for line in table.split("\n")), table
    finally:
        session.close()


def test_resizing_redraws_the_table_at_once(tmp_path: Path) -> None:
    session = Session(["--seed", "3", *FAST], tmp_path, fixed_size=False)
    try:
        assert session.wait() == "choice"
        assert "hand 1           You & North 0  West & East 0  (to 10)" in session.screen
        session.child.setwinsize(24, 50)
        session.child.expect("Choices: ")
        redrawn = plain(session.child.before or "").split("American 4-player Euchre")[-1]
        session.child.expect("Your choice>")
        assert "hand 1" in redrawn and "(to 10)" in redrawn, redrawn
        assert all(len(line) <= 50 for line in redrawn.split("\n")), redrawn
    finally:
        session.close()


def test_undo_stays_in_the_hand_on_the_screen(tmp_path: Path) -> None:
    session = Session(["--seed", "5", *FAST], tmp_path)
    try:
        while (state := session.wait()) == "choice":
            session.send(session.first_choice())
        assert state == "next"
        session.send("")
        assert session.wait() == "choice"
        at_hand_two = record_of(tmp_path)
        assert not any(seat == 0 for seat, _ in at_hand_two["deals"][1]["actions"])
        session.send("undo")
        assert session.wait() == "choice"
        assert "You have made no decision to take back in this hand." in session.screen
        assert record_of(tmp_path) == at_hand_two
    finally:
        session.close()


def test_undo_between_hands_takes_back_the_last_real_decision(tmp_path: Path) -> None:
    session = Session(["--seed", "5", *FAST], tmp_path)
    try:
        while (state := session.wait()) == "choice":
            session.send(session.first_choice())
        assert state == "next"
        session.send("undo")
        assert session.wait() == "choice"
        assert "Took back your last decision" in session.screen
        game = bowers.replay(record_of(tmp_path))
        assert game.hand_number == 0 and game.to_act == 0
        assert len(game.legal_actions()) > 1  # a forced card is not a decision: undo goes back past it
    finally:
        session.close()


def test_resume_continues_the_game_chosen(tmp_path: Path) -> None:
    from bowers.storage import save_record

    for name, variant in [("20250101-120000-two-hand-aaa111", "two-hand"), ("20250102-120000-standard-bbb222", "standard")]:
        game = bowers.Game(variant, seed=4)
        game.metadata["table"] = {"seats": [{"kind": "human"}] + [{"kind": "random"}] * (game.rules.players - 1)}
        save_record(tmp_path / "games" / f"{name}.json", game.record())
    for arguments in (["--resume", "aaa111"], ["--resume", "--variant", "two-hand"]):
        session = Session([*arguments, "--pace", "0"], tmp_path)
        try:
            assert session.wait() in ("choice", "next")
            assert "Two-hand Euchre" in session.screen and "American" not in session.screen
            session.send("quit")
            session.child.expect(pexpect.EOF)
        finally:
            session.close()


def test_tab_completes_in_the_words_typed(tmp_path: Path) -> None:
    session = Session(["--variant", "two-hand", "--seed", "5", "--pace", "0", "--opponents", "random"], tmp_path)
    try:
        for _ in range(40):
            state = session.wait()
            if state == "choice" and "decline" in session.choices():
                break
            session.send("" if state == "next" else session.first_choice())
        else:
            raise AssertionError("the dealer's choice of the turn-up never came")
        turn_up = person_observation(tmp_path)["turn_up"].lower()
        session.child.send("d\t")  # every discard starts "discard ": that much is completed
        session.child.expect("discard ")
        session.child.send("\t")  # then the menu offers each discard as it is typed
        session.child.expect(f"discard {turn_up}")
        seen = plain(session.child.before or "")
        assert "discard:" not in seen
        session.child.sendcontrol("u")
        session.send("quit")
        session.child.expect(pexpect.EOF)
    finally:
        session.close()
