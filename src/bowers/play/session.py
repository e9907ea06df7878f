"""The terminal game loop: draw the table, read the person's choices, let the bots act at a readable pace.

A ``TerminalGame`` plays one ``Table`` for one person's seat.  The drawing
comes from that seat's observation only; every action goes through the
table, which saves the record after it.  Whatever the person types, the
game goes on or is saved and left cleanly (``quit``, Ctrl-C, Ctrl-D).
"""

from __future__ import annotations

import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table as Grid
from rich.text import Text

from bowers import bots
from bowers.bots.advice import plain_reason
from bowers.cards import parse_card, parse_suit
from bowers.errors import IllegalAction
from bowers.game import Game
from bowers.play.parse import Choice, Command, InputError, completions, help_lines, parse_input, typed_words
from bowers.play.program import command_name
from bowers.play.reasons import refusal
from bowers.play.render import (
    TableView,
    card_label,
    completed_tricks,
    describe_action,
    numbered_cards,
    render_table,
    suit_label,
    team_label,
    team_verb,
    trick_text,
    trick_winner,
    trump_index,
)
from bowers.table import Table
from bowers.tables import trump_tables
from bowers.variants import variant as find_variant

# Names of the seats counted round the table from the person's seat, by number of players.
SEAT_NAMES: dict[int, tuple[str, ...]] = {
    2: ("You", "Opponent"),
    4: ("You", "West", "North", "East"),
    6: ("You", "West", "Northwest", "North", "Northeast", "East"),
}
CHOICE_PROMPT = "Your choice> "
NEXT_HAND_PROMPT = "Press Enter for the next hand> "
GAME_OVER_PROMPT = "Game over: press Enter to leave> "
WIDEST = 80  # the table is drawn for 80 columns, or fewer on a narrower terminal

Redraw = Callable[[], None]
# Reads one line: the prompt, the words tab completes, and how to redraw the screen (when the terminal is resized).
ReadLine = Callable[[str, Sequence[str], Redraw], str]


class Quit(Exception):
    """The person asked to leave (``quit``, Ctrl-C or Ctrl-D); the game is saved."""


def seat_names(players: int, you: int) -> list[str]:
    """Each seat's name as the person sees the table: ``You`` first, then round to the left."""
    names = SEAT_NAMES.get(players) or tuple(["You"] + [f"Player {i}" for i in range(1, players)])
    return [names[(seat - you) % players] for seat in range(players)]


def variant_title(name: str) -> str:
    """A variant's short title: its summary's words before the colon, or its name as a title when those run long."""
    summary = find_variant(name).summary
    head = summary.split(":")[0].split(";")[0].strip()
    return head if len(head) <= 30 else f"{name.replace('-', ' ').title()} Euchre"


def prompt_toolkit_reader() -> ReadLine:
    """A line reader with history and tab completion of the words offered (prompt_toolkit).

    Whatever was typed before the prompt appears is thrown away (nothing is played blind), a long
    line scrolls sideways instead of pushing the table off the screen, pasted terminal codes are
    ignored, and a resized terminal gets the whole screen drawn again at its new size.
    """
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import run_in_terminal
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.input.typeahead import clear_typeahead
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
    from prompt_toolkit.keys import Keys

    bindings = KeyBindings()

    @bindings.add(Keys.Vt100MouseEvent)
    def _ignore_mouse_codes(event: KeyPressEvent) -> None:
        """A colour code pasted into the line reads as a mouse report: nothing happens (the default handler fails on it)."""

    session: PromptSession[str] = PromptSession(key_bindings=bindings)

    def read(message: str, words: Sequence[str], redraw: Redraw) -> str:
        discard_typed_ahead()
        clear_typeahead(session.input)
        application = session.app

        def resized() -> None:
            run_in_terminal(redraw)

        application._on_resize = resized  # type: ignore[method-assign]
        completer = WordCompleter(list(words), ignore_case=True, sentence=True)
        return session.prompt(message, completer=completer, complete_while_typing=False, wrap_lines=False)

    return read


def discard_typed_ahead() -> None:
    """Throw away keys pressed while it was not the person's turn, so that nothing typed blind is played."""
    try:
        import termios

        if sys.stdin.isatty():
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        pass


@contextmanager
def keys_not_echoed() -> Iterator[None]:
    """Keep keys pressed between prompts off the screen (the prompt shows what is typed), restoring the terminal after."""
    try:
        import termios

        descriptor = sys.stdin.fileno()
        saved = termios.tcgetattr(descriptor) if sys.stdin.isatty() else None
    except (ImportError, OSError, ValueError):
        saved = None
    if saved is None:
        yield
        return
    quiet = list(saved)
    quiet[3] &= ~termios.ECHO
    try:
        termios.tcsetattr(descriptor, termios.TCSADRAIN, quiet)
        yield
    finally:
        with suppress(OSError, ValueError):
            termios.tcsetattr(descriptor, termios.TCSADRAIN, saved)


@contextmanager
def deferred_interrupt() -> Iterator[None]:
    """Hold Ctrl-C until the block ends, so an action and its save are never cut in half."""
    caught: list[bool] = []
    try:
        previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(True))
    except ValueError:  # not the main thread: nothing to defer
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            raise KeyboardInterrupt


@dataclass
class TerminalGame:
    """One person playing a table in the terminal."""

    table: Table
    seat: int
    console: Console
    save_path: Path | None = None
    pace: float = 0.7
    hint_settings: Mapping[str, Any] = field(default_factory=dict)
    read_line: ReadLine | None = None
    messages: list[str] = field(default_factory=list)
    notes: list[RenderableType] = field(default_factory=list)
    last_trick: list[tuple[int, str]] = field(default_factory=list)
    last_trick_winner: int | None = None

    def __post_init__(self) -> None:
        rules = self.table.game.rules
        self.names = seat_names(rules.players, self.seat)
        self.players = [seat.name or (seat.kind if seat.is_bot else "you") for seat in self.table.seats]
        self.title = variant_title(rules.variant)
        # What the screen shows above the notes, drawn for a given width: the table, or a hand's or the game's end.
        self.scene: Callable[[int], list[RenderableType]] = lambda width: [render_table(self.view(width))]
        # True while the hand just finished is on the screen and the next is not yet shown (its undo stays in it).
        self.between_hands = False
        # The screen last drawn, left in sight on leaving.
        self.shown: RenderableType = Group()
        if self.read_line is None:
            self.read_line = prompt_toolkit_reader()

    # ------------------------------------------------------------------ what is shown

    @property
    def observation(self) -> dict[str, Any]:
        """The person's observation now: the only source of what is drawn."""
        return self.table.game.observation(self.seat)

    def width(self) -> int:
        """The width to draw for: the terminal's columns now (it may have been resized), at most 80."""
        columns = self.console.width
        if self.console.is_terminal:
            with suppress(OSError, ValueError, AttributeError):
                columns = os.get_terminal_size(self.console.file.fileno()).columns
        return max(20, min(WIDEST, columns))

    def view(self, width: int = WIDEST) -> TableView:
        """The table as the person sees it, with the front end's messages."""
        observation = self.observation
        finished = completed_tricks(observation, self.table.game.rules.players)
        last = finished[-1] if finished else []
        winner = self.last_trick_winner if finished and last == self.last_trick else None
        return TableView(
            observation=observation,
            rules=self.table.game.rules,
            names=self.names,
            players=self.players,
            messages=self.messages,
            last_trick=last,
            last_trick_winner=winner,
            title=self.title,
            width=width,
        )

    def draw(self) -> None:
        """Clear the screen and draw the scene (the table, or a hand's or the game's end), then any notes."""
        width = self.width()
        self.console.clear()
        self.shown = Group(*self.scene(width), *self.notes)
        self.console.print(self.shown, width=width)

    def show_table(self) -> None:
        """Make the table in play the scene again."""
        self.scene = lambda width: [render_table(self.view(width))]

    def say(self, message: str) -> None:
        """Add a line to the table's recent messages."""
        self.messages.append(message)
        del self.messages[:-4]

    # ------------------------------------------------------------------ acting

    def act(self, seat: int, action: str) -> None:
        """Apply (and save) one action through the table, then tell what happened."""
        game = self.table.game
        before = game.observation(self.seat)
        hands_before = len(game.results)
        with deferred_interrupt():
            canonical = self.table.apply(action, seat)
        after = game.observation(self.seat)
        finished_hand = len(game.results) > hands_before
        shown = canonical if finished_hand or not after["history"] else after["history"][-1][1]
        actor = seat
        if before.get("jambone") and before.get("turn") is not None and shown.startswith("play:"):
            actor = before["turn"]
        self.say(f"{self.names[actor]}: {describe_action(shown, phase=before.get('phase'))}")
        if finished_hand:
            trick = [(s, c) for s, c in before.get("trick") or []]
            if shown.startswith("play:"):
                trick.append((actor, shown.split(":")[1]))
            self.last_trick = trick
            self.last_trick_winner = trick_winner(before["tricks_won"], game.results[-1].get("tricks") or [])
            final = dict(before)
            final["trick"] = [list(pair) for pair in trick]
            final["tricks_won"] = list(game.results[-1].get("tricks") or before["tricks_won"])
            final["history"] = [*before["history"], [seat, shown]]
            final["to_act"], final["legal_actions"] = None, []
            final["scores"] = list(game.scores)
            if shown.startswith("play:") and actor == self.seat:
                final["hand"] = [card for card in before["hand"] if card != shown.split(":")[1]]
            if shown.startswith("play:"):
                final["hand_sizes"] = [size - (index == actor) for index, size in enumerate(before["hand_sizes"])]
            result = dict(game.results[-1])
            if result.get("renege"):
                result["renege"] = {**result["renege"], **renege_shown(game, len(game.results) - 1)}
            self.end_of_hand(final, result)
            return
        winner = trick_winner(before["tricks_won"], after["tricks_won"])
        if winner is not None:
            self.last_trick = completed_tricks(after, game.rules.players)[-1]
            self.last_trick_winner = winner
            self.say(f"{self.names[winner]} took the trick.")

    def play_bots(self) -> None:
        """Let the bots act until it is the person's turn or the game ends, at the chosen pace."""
        while not self.table.game.is_over and self.table.bot_to_act() is not None:
            started = time.monotonic()
            seat, action = self.table.choose_bot_action()
            tricks_before = sum(self.observation["tricks_won"])
            self.act(seat, action)
            if self.pace > 0 and not self.table.game.is_over and self.table.bot_to_act() is not None:
                self.draw()
                completed = sum(self.observation["tricks_won"]) > tricks_before
                # The pace is the time between actions: a bot's thinking counts towards it.
                wait = self.bot_pace() * (2 if completed else 1) - (time.monotonic() - started)
                if wait > 0:
                    time.sleep(wait)

    def bot_pace(self) -> float:
        """Seconds between the bots' actions: the chosen pace, halved once the person has nothing left to decide in
        the hand (sitting out while a partner plays alone, or their Jambone hand played by an opponent's choices)."""
        observation = self.observation
        idle = self.seat in observation["sitting_out"] or (
            observation["phase"] == "play" and observation.get("jambone") and observation.get("maker") == self.seat
        )
        return self.pace / 2 if idle else self.pace

    # ------------------------------------------------------------------ the person

    def read(self, message: str, words: Sequence[str] = ()) -> str:
        """One line from the person; Ctrl-C and Ctrl-D mean quit."""
        assert self.read_line is not None
        try:
            return self.read_line(message, words, self.draw)
        except (KeyboardInterrupt, EOFError):
            raise Quit from None

    def explain(self, action: str) -> str:
        """Why the rules refuse ``action`` now, in the screen's words, without applying anything."""
        return refusal(action, self.observation, self.table.game.rules)

    def person_turn(self) -> None:
        """Draw the table and read until the person makes a legal choice (or runs a command)."""
        observation = self.observation
        legal = observation["legal_actions"]
        shown = numbered_cards(observation, self.table.game.rules)
        self.show_table()
        self.draw()
        line = self.read(CHOICE_PROMPT, completions(legal))
        try:
            parsed = parse_input(line, legal, shown, self.explain)
        except InputError as error:
            self.notes = [error_text(str(error))]
            return
        self.notes = []
        if isinstance(parsed, Choice):
            self.act(self.seat, parsed.action)
            if self.pace > 0 and self.table.bot_to_act() is not None:
                self.show_table()
                self.draw()  # the person's card on the table while the next bot thinks
            return
        self.command(parsed)

    def command(self, command: Command) -> bool:
        """Carry out a table command; True when it changed the game (an undo)."""
        name = command.name
        if name == "quit":
            raise Quit
        if name == "help":
            self.notes = [Text(line) for line in help_lines(command_name())]
        elif name == "last":
            self.notes = [self.last_trick_line()]
        elif name == "score":
            self.notes = self.score_lines()
        elif name == "rules":
            self.show_rules()
        elif name == "undo":
            return self.undo()
        elif name == "hint":
            self.notes = self.hint_lines()
        return False

    def last_trick_line(self) -> Text:
        """The last trick played and who won it, or why there is none."""
        view = self.view()
        trick = list(view.last_trick) or self.last_trick
        if not trick:
            return Text("No trick has been played yet this hand.")
        winner = view.last_trick_winner if view.last_trick else self.last_trick_winner
        if view.last_trick and winner is None and view.observation.get("trick"):
            winner = view.observation.get("leader")
        return Text("Last trick: ").append_text(trick_text(view, trick, winner))

    def undo(self) -> bool:
        """Take back the person's last real decision in the hand on the screen, and everything after it.

        A card that was the only one it could play is not a decision: undo goes back past it, but never
        into an earlier hand.  True when something was taken back.
        """
        game = self.table.game
        hand_shown = len(game.record()["deals"]) - (2 if self.between_hands and not game.is_over else 1)
        seen = self.cards_seen()
        try:
            with deferred_interrupt():
                count = self.table.undo_for(self.seat, earliest_hand=hand_shown)
        except IllegalAction:
            self.notes = [error_text("You have made no decision to take back in this hand.")]
            return False
        self.between_hands = False
        self.messages.clear()
        self.last_trick, self.last_trick_winner = [], None
        self.show_table()
        self.notes = [Text(f"Took back your last decision ({count} action{'s' if count != 1 else ''} undone).")]
        if seen and not self.cards_seen():
            self.notes.append(Text(f"You have seen {seen}: from here the hand is practice only.", style="bold yellow"))
        return True

    def cards_seen(self) -> str:
        """What the person sees now of the cards the others hold, beyond the play (a hand's end, another's Jambone
        hand or Jamboree), in a few words; empty when nothing is shown.  Undo back past it leaves the person knowing them."""
        if self.between_hands or self.table.game.is_over:
            return "how the hand ended"
        observation = self.observation
        for key, words in (("exposed", "the Jambone hand"), ("jamboree", "the Jamboree")):
            if any(cards and int(seat) != self.seat for seat, cards in (observation.get(key) or {}).items()):
                return words
        return ""

    def hint_lines(self) -> list[RenderableType]:
        """What the strong bot advises here, in the order and words it gives, in expected points for the person's team."""
        if not self.observation["legal_actions"] or self.between_hands or self.table.game.is_over:
            return [Text("No hint now: there is no decision to make.", style="dim")]
        advise = getattr(bots, "advise", None)
        if advise is None:
            return [Text("No hints: this version of bowers has no advisor (bowers.bots.advise).", style="dim")]
        self.console.print(Text("Thinking...", style="dim"))
        try:
            advice = list(advise(self.observation, **dict(self.hint_settings)))
        except Exception as error:  # a hint must never end the game
            return [error_text(f"No hint this time: {error}")]
        if not advice:
            return [Text("No advice for this position.", style="dim")]
        grid = Grid.grid(padding=(0, 1))
        grid.add_column(no_wrap=True, style="bold cyan")
        grid.add_column(no_wrap=True, justify="right")
        grid.add_column(style="italic")
        for item in advice[:3]:
            # Each choice as it is typed at the prompt, so the advice can be followed word for word.
            grid.add_row(" " + typed_words(item.action), f"{item.value:+.2f}", plain_reason(item.reason or ""))
        title = "Hint: the strong bot's choices as you type them, in expected points for your side"
        return [Text(title, style="bold"), grid]

    def score_lines(self) -> list[RenderableType]:
        """The score and the last few hands' results."""
        view = self.view()
        lines: list[RenderableType] = [Text("Score: ").append_text(_scores(view, self.table.game.scores))]
        results = self.table.game.results
        for number, result in list(enumerate(results))[-5:]:
            lines.append(Text(f"  hand {number + 1}: {result_summary(result, view)}"))
        if not results:
            lines.append(Text("  no hand finished yet"))
        return lines

    def show_rules(self) -> None:
        """Show the variant's rules in a pager, then come back to the table."""
        from rich.markdown import Markdown

        from bowers.rules_text import rules_text

        with self.console.pager(styles=False):
            self.console.print(Markdown(self.rules_preface() + rules_text(self.table.game.variant)))

    def rules_preface(self) -> str:
        """How the rules' seat numbers and notation meet this table: which seat is whom, and how to type."""
        seats = ", ".join(f"seat {seat} is {'you' if name == 'You' else name}" for seat, name in enumerate(self.names))
        return (
            f"> At this table {seats}. The rules write actions as game records do (`discard:9C`, `bid:4H`); "
            "here you type them as the Choices line shows them (`discard 9c`, `bid 4h`, or a card's number).\n\n"
        )

    # ------------------------------------------------------------------ the end of a hand and of the game

    def wait_at(self, prompt: str, refused: str) -> str:
        """Read at a prompt where Enter goes on and every table command works; returns ``enter``, ``undo`` or ``quit``.

        Anything else gets ``refused`` (one line) and the prompt again.
        """
        while True:
            self.draw()
            line = self.read(prompt, completions([]))
            if not line.strip():
                self.notes = []
                return "enter"
            try:
                parsed = parse_input(line, [], [])
            except InputError:
                self.notes = [error_text(refused)]
                continue
            assert isinstance(parsed, Command)
            self.notes = []
            if parsed.name == "quit":
                return "quit"
            if self.command(parsed):
                return "undo"

    def end_of_hand(self, before: Mapping[str, Any], result: Mapping[str, Any]) -> None:
        """Show the hand as it ended and its summary (who made what, the points and why), and wait for the person.

        ``before`` is the person's observation completed with the hand's last action.
        """
        number = before["hand_number"] + 1
        self.messages.clear()
        self.notes = []

        def final_view(width: int) -> TableView:
            view = self.view(width)
            view.observation = before
            view.messages = []
            # The hand's last trick is in the seats' column (and who won it in the summary below).
            view.last_trick, view.last_trick_winner = [], None
            return view

        def panel(width: int) -> Panel:
            view = final_view(width)
            lines = [Text(result_summary(result, view))]
            hand_points = Text("This hand: ")
            for team, value in enumerate(result.get("points") or []):
                if team:
                    hand_points.append("   ")
                hand_points.append(f"{team_label(view, team)} {value:+d}")
            lines.append(hand_points)
            if not self.table.game.is_over:  # at the game's end the final score follows the panel
                lines.append(Text("Score: ").append_text(_scores(view, before["scores"])))
            if self.last_trick:
                lines.append(Text("Last trick: ").append_text(trick_text(view, self.last_trick, self.last_trick_winner)))
            return Panel(Group(*lines), title=f"Hand {number} is over", title_align="left", width=width)

        self.summary_panel = panel
        self.final_table = lambda width: render_table(final_view(width))
        if self.table.game.is_over:
            return
        self.between_hands = True
        self.scene = lambda width: [render_table(final_view(width)), panel(width)]
        try:
            choice = self.wait_at(NEXT_HAND_PROMPT, "The hand is over: press Enter for the next hand, or type a command (help).")
        finally:
            if self.between_hands:
                self.between_hands = False
                self.show_table()
        if choice == "quit":
            raise Quit

    def game_over(self) -> bool:
        """Show the result of the game and how to analyse it, and wait; True to leave, False when an undo reopened it."""
        game = self.table.game
        panel = getattr(self, "summary_panel", None)
        final_table = getattr(self, "final_table", None)

        def scene(width: int) -> list[RenderableType]:
            view = self.view(width)
            winner = game.winner
            you_won = winner is not None and game.rules.team_of(self.seat) == winner
            loser_headline = "The game is over."
            if winner is not None:
                loser_headline = f"{team_label(view, winner)} {team_verb(view, winner, 'win')}."
            headline = "You win!" if you_won else loser_headline
            # The table as the last hand ended stays in sight above its summary.
            parts: list[RenderableType] = [final_table(width)] if final_table is not None else []
            if panel is not None:
                parts.append(panel(width))
            parts.append(Text(headline, style="bold green" if you_won else "bold"))
            parts.append(Text("Final score: ").append_text(_scores(view, game.scores)))
            if self.save_path is not None:
                # The command on a line of its own, by the game's short name (which analyze takes, as --resume
                # does), so it fits the screen and copies whole; a very long path is folded, never cut.
                parts.append(Text("Analyse your play with:"))
                parts.append(Text(self.analyse_command(), style="bold", overflow="fold"))
            return parts

        self.scene = scene
        self.notes = []
        choice = self.wait_at(GAME_OVER_PROMPT, "The game is over: press Enter to leave, or type a command (help).")
        return choice != "undo"

    def analyse_command(self) -> str:
        """The command that analyses this game, naming it as ``bowers analyze`` takes it: by its short name."""
        assert self.save_path is not None
        return f"{command_name()} analyze {self.save_path.stem}"

    def run(self) -> bool:
        """Play until the game ends (True) or the person quits (False); the game is saved either way.

        The table is drawn on the terminal's alternate screen, so redrawing it never fills the scrollback; on
        leaving, the last screen is printed once on the ordinary screen, where it stays in sight.
        """
        self.console.set_alt_screen(True)
        try:
            with keys_not_echoed():
                finished = self.play()
        finally:
            self.console.set_alt_screen(False)
        self.console.print(self.shown, width=self.width())
        if self.save_path is not None:
            self.console.print(f"Saved as {self.save_path}", soft_wrap=True)
            if self.table.game.is_over and len(self.analyse_command()) > self.width():
                # Too wide to stand on one line: printed whole, for the terminal to wrap, so it copies as one line.
                self.console.print(self.analyse_command(), soft_wrap=True)
        if not finished:
            self.console.print(f"Game saved. Resume it with: {command_name()} play --resume", soft_wrap=True)
        return finished

    def play(self) -> bool:
        """The game loop: True when the game ended, False when the person quit."""
        try:
            while True:
                while not self.table.game.is_over:
                    if self.table.bot_to_act() is not None:
                        self.play_bots()
                    else:
                        self.person_turn()
                if self.game_over():
                    return True
        except (Quit, KeyboardInterrupt):
            return self.table.game.is_over


def renege_shown(game: Game, number: int) -> dict[str, str]:
    """The card of the caught reneger's first renege in finished hand ``number`` and the suit it failed to follow
    (``card``, ``led``); empty when no renege was caught.

    A caught renege is shown to the table, so the summary may name it; the hand is replayed from its record.
    """
    caught = game.results[number].get("renege")
    if not caught:
        return {}
    record = game.record()
    deal = record["deals"][number]
    options = {name: value for name, value in record["options"].items() if name != "initial_scores"}
    replay = Game.from_deal(game.variant, deal["dealer"], deal["hands"], deal["kitty"], **options)
    rules = replay.rules
    for seat, action in deal["actions"]:
        observation = replay.observation(seat)
        led, trump = observation.get("led"), trump_index(observation.get("trump"))
        chosen_for_another = observation.get("playing_for") is not None  # a Jambone hand's card, which cannot renege
        by_reneger = seat == caught["reneger"] and not chosen_for_another
        if by_reneger and action.startswith("play:") and observation.get("trick") and led and trump is not None:
            suits = trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, trump).effective_suit
            suit = parse_suit(led)
            card = action.split(":")[1]
            held = [parse_card(name) for name in replay.hand_cards(seat)]
            if suits[parse_card(card)] != suit and any(suits[other] == suit for other in held):
                return {"card": card, "led": led}
        replay.apply(action, seat)
    return {}


def error_text(message: str) -> Text:
    """A refusal or a problem, shown in one line under the table."""
    return Text(message[:1].upper() + message[1:], style="bold red")


def _scores(view: TableView, scores: Sequence[int]) -> Text:
    text = Text()
    for team, score in enumerate(scores):
        if team:
            text.append("   ")
        text.append(f"{team_label(view, team)} {score}")
    text.append(f"   (to {view.observation['target']})", style="dim")
    return text


def result_summary(result: Mapping[str, Any], view: TableView) -> str:
    """A finished hand in one sentence: who made what, how many tricks, and why it scored as it did."""
    names = view.names
    rules = view.rules
    if result.get("misdeal"):
        return "Everyone passed: no score, and the deal moves on."
    renege = result.get("renege")
    if renege:
        team = rules.team_of(renege["claimant"])
        card = renege.get("card")
        how = f" (played {card_label(card)} though holding {suit_label(renege['led'])}, the suit led)" if card else ""
        return (
            f"{names[renege['reneger']]} reneged{how} and {names[renege['claimant']]} caught it: "
            f"{team_label(view, team)} score the penalty of {renege['penalty']}."
        )
    maker = result.get("maker")
    if maker is None:
        return "The hand ended without a contract."
    maker_team = rules.team_of(maker)
    tricks = result.get("tricks") or []
    taken = sum(count for seat, count in enumerate(tricks) if rules.team_of(seat) == maker_team)
    trump = result.get("trump")
    how = "played a Jambone in" if result.get("jambone") else ("went alone in" if result.get("alone") else "made")
    contract = result.get("contract")
    trump_words = "no-trump" if trump == "NT" else suit_label(trump) if trump else "?"
    what = f"{names[maker]} {how} {trump_words}" + (f" ({describe_action('bid:' + contract)})" if contract else "")
    # The tricks are the side's: a partner who plays takes them with the maker.
    alone = result.get("alone") or result.get("jambone")
    side = names[maker] if alone else team_label(view, maker_team)
    if result.get("made") and taken == rules.tricks:
        outcome = f"{side} took all {taken} tricks: a march"
    elif result.get("made"):
        outcome = f"{side} took {taken} of {rules.tricks} tricks: made it"
    else:
        outcome = f"{side} took only {taken} of {rules.tricks} tricks: euchred, the defenders score"
    extra = []
    history = view.observation.get("history") or []
    turn_up = view.observation.get("turn_up")
    for seat, action in history:
        if action == "decline":
            extra.append(f"{names[seat]} declined the turn-up" + (f" {card_label(turn_up)}" if turn_up else ""))
    if result.get("lone_defender") is not None:
        extra.append(f"{names[result['lone_defender']]} defended alone")
    for seat in result.get("jamboree") or []:
        extra.append(f"{names[seat]} held a Jamboree")
    for seat in result.get("twos_threes") or []:
        extra.append(f"{names[seat]} returned twos and threes")
    return f"{what}; {outcome}." + (" " + "; ".join(extra) + "." if extra else "")


__all__ = ["Quit", "TerminalGame", "deferred_interrupt", "result_summary", "seat_names", "variant_title"]
