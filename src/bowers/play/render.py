"""Drawing the table with rich, from one seat's observation only.

Everything here reads ``game.observation(seat)`` (plus the variant's public
rules, the seats' names and the front end's own messages), so nothing a seat
may not see can ever be drawn.  The layout fits an 80x24 terminal and reads
without colour: trumps are marked with ``*`` as well as a colour, and every
suit has its symbol.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from bowers.cards import CARD_NAMES, SUIT_LETTERS, SUIT_SYMBOLS, parse_card, parse_suit, rank_of, suit_of
from bowers.tables import NO_TRUMP, trump_tables
from bowers.variants import Rules

# Suits shown alternating in colour: spades, hearts, clubs, diamonds.
DISPLAY_SUIT_CYCLE = (3, 2, 0, 1)
JOKER_NAMES = ("JK", "RJ", "LJ")

# The phase in which, before the bidding, each player may return three twos and threes (Ultimate).
TWOS_THREES_STEP = "twos-threes"

# Keywords shown as another word in the choices (and accepted as typed there).
ACTION_WORDS = {"twos-threes": "return"}

# Actions shown in a seat's bidding column (with its discards and exchanged cards, as far as the viewer may see them).
BIDDING_KEYWORDS = {"pass", "order", "call", "bid", "decline", "partner", "alone", "jambone", "defend-alone", "twos-threes"}


# The phase in which, after a call to go alone, each opponent may defend alone; a pass there declines to.
DEFEND_STEP = "defend"
DECLINED_DEFENCE = "won't defend alone"

# ---------------------------------------------------------------------- cards and actions in words


def card_label(name: str) -> str:
    """A card as a person reads it: ``J♥``, ``10♠``; Jokers keep their names (``JK``, ``RJ``, ``LJ``)."""
    if name in JOKER_NAMES:
        return name
    if len(name) != 2 or name[1] not in SUIT_LETTERS:
        return name
    rank = "10" if name[0] == "T" else name[0]
    return rank + SUIT_SYMBOLS[SUIT_LETTERS.index(name[1])]


def suit_style(name: str) -> str:
    """The rich style of a card's or suit's colour: red for hearts and diamonds, magenta for Jokers."""
    if name in JOKER_NAMES:
        return "bold magenta"
    letter = name[-1:]
    if letter in ("D", "H"):
        return "bold red"
    return "bold"


def card_text(name: str) -> Text:
    """A card as coloured rich text."""
    return Text(card_label(name), style=suit_style(name))


def suit_label(letter: str) -> str:
    """A suit letter (or ``NT``) as its symbol."""
    if letter in SUIT_LETTERS and len(letter) == 1:
        return SUIT_SYMBOLS[SUIT_LETTERS.index(letter)]
    return "no-trump" if letter == "NT" else letter


def _cards_label(argument: str) -> str:
    """A comma-separated card list (``2C,3D``) in symbols."""
    return " ".join(card_label(card) for card in argument.split(","))


def describe_action(action: str, you: bool = False, phase: str | None = None) -> str:
    """A canonical action in plain words, as shown in the bidding column and the messages.

    ``phase`` is the step the action was taken in, where the same word means something else
    (a ``pass`` at the twos-and-threes step keeps the hand: ``no swap``).
    """
    keyword, _, argument = action.partition(":")
    if phase == TWOS_THREES_STEP and keyword == "pass":
        return "no swap"
    if phase == DEFEND_STEP and keyword == "pass":
        return DECLINED_DEFENCE
    if keyword == "play":
        card, _, named = argument.partition(":")
        return card_label(card) + (f" (calls {suit_label(named)})" if named else "")
    if keyword == "order":
        return "order up" + (f" {suit_label(argument)}" if argument else "")
    if keyword == "call":
        return f"call {suit_label(argument)}"
    if keyword == "bid":
        return f"bid {_argument_label(keyword, argument)}"
    if keyword == "discard":
        if "??" in argument:
            count = argument.count(",") + 1
            return "discarded a card" if count == 1 else f"discarded {count} cards"
        return "discard " + _cards_label(argument)
    if keyword == "give":
        # A card given face down reads as a hidden discard does: what was done, in the past.
        return "give " + card_label(argument) if argument != "??" else "gave a card"
    if keyword == "twos-threes":
        return "return " + _cards_label(argument)
    words = {
        "pass": "pass",
        "decline": "decline",
        "partner": "with partner",
        "alone": "alone",
        "jambone": "Jambone!",
        "defend-alone": "defend alone",
        "claim-renege": "claim a renege",
    }
    return words.get(keyword, action)


# ---------------------------------------------------------------------- the hand in order


def trump_index(trump: str | None) -> int | None:
    """The engine's trump number for an observation's trump letter (``NT`` is no-trump), or None before trump is set."""
    if trump is None:
        return None
    if trump == "NT":
        return NO_TRUMP
    return parse_suit(trump)


@dataclass(frozen=True)
class HandGroup:
    """A run of cards shown together: the trumps, or one plain suit, or the Jokers before trump is set."""

    label: str
    cards: tuple[str, ...]
    trump: bool = False


def grouped_hand(cards: Sequence[str], trump: str | None, rules: Rules) -> list[HandGroup]:
    """The hand sorted for showing: trumps first (highest first, bowers and Jokers included), then the other suits by colour."""
    numbers = [parse_card(card) for card in cards]
    groups: list[HandGroup] = []
    index = trump_index(trump)
    effective: dict[int, int] = {}
    trump_order: tuple[int, ...] = ()
    if index is not None:
        tables = trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, index)
        trump_order = tables.trump_order
        effective = {card: tables.effective_suit[card] for card in numbers}
    if index is not None and index != NO_TRUMP:
        trumps = [card for card in trump_order if card in numbers]
        if trumps:
            groups.append(HandGroup(f"trumps {SUIT_SYMBOLS[index]}", tuple(_name(c) for c in trumps), trump=True))
        start = DISPLAY_SUIT_CYCLE.index(index) + 1
        order = [DISPLAY_SUIT_CYCLE[(start + i) % 4] for i in range(3)]
    else:
        jokers = [card for card in numbers if card >= 52]
        if jokers:
            groups.append(HandGroup("Jk", tuple(_name(c) for c in sorted(jokers))))
        order = list(DISPLAY_SUIT_CYCLE)
    for suit in order:
        in_suit = [card for card in numbers if card < 52 and effective.get(card, suit_of(card)) == suit]
        in_suit.sort(key=rank_of, reverse=True)
        if in_suit:
            groups.append(HandGroup(SUIT_SYMBOLS[suit], tuple(_name(c) for c in in_suit)))
    return groups


def _name(card: int) -> str:
    return CARD_NAMES[card]


def hand_order(cards: Sequence[str], trump: str | None, rules: Rules) -> list[str]:
    """The cards in the order they are shown and numbered (1 is the first)."""
    return [card for group in grouped_hand(cards, trump, rules) for card in group.cards]


def turn_up_to_number(observation: Mapping[str, Any]) -> str | None:
    """The turn-up when the person may discard it without holding it (the dealer's choice in two-hand), else None.

    It is then numbered after the hand, so that its number picks it like any card held.
    """
    turn_up = observation.get("turn_up")
    if not turn_up or turn_up in (observation.get("hand") or []):
        return None
    legal = observation.get("legal_actions") or []
    return turn_up if f"discard:{turn_up}" in legal else None


def numbered_cards(observation: Mapping[str, Any], rules: Rules) -> list[str]:
    """The cards the person may pick by number, in the order shown: the hand, then the turn-up when it may be
    discarded; while the person chooses the card of an exposed Jambone hand, that hand's cards."""
    exposed = exposed_hand_to_choose(observation, rules)
    if exposed is not None:
        return exposed
    cards = hand_order(observation.get("hand") or [], observation.get("trump"), rules)
    turn_up = turn_up_to_number(observation)
    return [*cards, turn_up] if turn_up is not None else cards


def exposed_hand_to_choose(observation: Mapping[str, Any], rules: Rules) -> list[str] | None:
    """The exposed Jambone hand, in the order shown, while the person chooses its card; else None."""
    playing_for = observation.get("playing_for")
    if playing_for is None:
        return None
    cards = (observation.get("exposed") or {}).get(str(playing_for))
    return hand_order(cards, observation.get("trump"), rules) if cards else None


def hand_text(cards: Sequence[str], trump: str | None, rules: Rules, playable: set[str] | None = None) -> Text:
    """The hand as one line: each group's label, then each card with its number; unplayable cards dimmed."""
    text = Text()
    number = 0
    for group in grouped_hand(cards, trump, rules):
        if text:
            text.append(" | ", style="dim")
        if group.trump:
            text.append("trumps ", style="bold yellow")
        for card in group.cards:
            number += 1
            dim = playable is not None and card not in playable
            text.append(f"{number}:", style="dim")
            text.append_text(card_text(card) if not dim else Text(card_label(card), style="dim"))
            text.append(" ")
        text.rstrip()
    return text


# ---------------------------------------------------------------------- tricks from the history


def completed_tricks(observation: Mapping[str, Any], players: int) -> list[list[tuple[int, str]]]:
    """The finished tricks of the hand in play, as ``(seat, card)`` pairs in the order played, from ``history``.

    In a Jambone hand the history names the opponent who chose the exposed
    hand's card, so each trick's seats are rebuilt from the order of play.
    """
    history = observation.get("history") or []
    sitting_out = set(observation.get("sitting_out") or [])
    active = [seat for seat in range(players) if seat not in sitting_out]
    size = len(active)
    plays = [(seat, action.split(":")[1]) for seat, action in history if action.startswith("play:")]
    whole = len(plays) - len(plays) % size if size else 0
    tricks = []
    maker = observation.get("maker")
    jambone = bool(observation.get("jambone"))
    for start in range(0, whole, size):
        chunk = plays[start : start + size]
        tricks.append(_seats_in_order(chunk, active, maker if jambone else None))
    return tricks


def _seats_in_order(chunk: list[tuple[int, str]], active: list[int], exposed: int | None) -> list[tuple[int, str]]:
    """A trick's cards with the seat that played each, fixing the Jambone hand's cards to its own seat."""
    if exposed is None:
        return chunk
    for first in range(len(active)):
        order = active[first:] + active[:first]
        if all(actor == seat or seat == exposed for (actor, _), seat in zip(chunk, order, strict=True)):
            return [(seat, card) for (_, card), seat in zip(chunk, order, strict=True)]
    return chunk


def trick_winner(before: Sequence[int], after: Sequence[int]) -> int | None:
    """The seat whose trick count grew between two observations' ``tricks_won``, if one did."""
    for seat, (old, new) in enumerate(zip(before, after, strict=False)):
        if new > old:
            return seat
    return None


# ---------------------------------------------------------------------- the choices


def choices_text(legal: Sequence[str], shown_hand: Sequence[str]) -> Text:
    """The legal actions as a person types them: cards with their numbers, words, and bids in short."""
    text = Text("Choices: ", style="bold")
    groups: dict[str, list[str]] = {}
    for action in legal:
        keyword, _, argument = action.partition(":")
        groups.setdefault(keyword, []).append(argument)
    first = True
    for keyword, arguments in groups.items():
        if not first:
            text.append("  ·  ", style="dim")
        first = False
        if arguments == [""]:
            text.append(keyword, style="bold cyan")
            continue
        card_arguments = [argument for argument in arguments if "," not in argument]
        if keyword in ("play", "discard", "give") and len(card_arguments) == len(arguments):
            if keyword != "play":
                text.append(keyword + " ", style="bold cyan")
            seen: list[str] = []
            for argument in arguments:
                card = argument.partition(":")[0]
                if card not in seen:
                    seen.append(card)
            seen.sort(key=lambda card: shown_hand.index(card) if card in shown_hand else len(shown_hand))
            for card in seen:
                number = shown_hand.index(card) + 1 if card in shown_hand else None
                if number is not None:
                    text.append(f"{number}:", style="dim")
                text.append_text(card_text(card))
                if any(argument.startswith(card + ":") for argument in arguments):
                    text.append("+suit", style="dim")
                text.append(" ")
            text.rstrip()
        elif all("," in argument for argument in arguments):
            count = arguments[0].count(",") + 1
            example = " ".join(card_label(card) for card in arguments[0].split(","))
            word = ACTION_WORDS.get(keyword, keyword)
            text.append(f"{word} {count} cards", style="bold cyan")
            text.append(f", such as: {word} {example}", style="dim")
        else:
            text.append(keyword + " ", style="bold cyan")
            separator = ", " if keyword == "bid" else " "
            # A no-break space keeps a bid ("5 NT", "4 ♥") on one line when the choices wrap.
            text.append(separator.join(_argument_label(keyword, argument).replace(" ", NO_BREAK) for argument in arguments))
    if len(legal) == 1:
        text.append("  ·  ", style="dim").append(f"Enter{NO_BREAK}takes{NO_BREAK}it", style="dim")
    return text


NO_BREAK = "\u00a0"


def wrap_at_spaces(text: Text, width: int) -> Text:
    """``text`` broken into lines of at most ``width`` cells at its ordinary spaces only, so that what a no-break
    space joins (a bid such as ``5 NT``) stays on one line; the no-break spaces then read as spaces.  (The
    terminal library would break at any kind of space.)"""
    plain = text.plain
    breaks: list[int] = []
    line_start = 0
    for word in re.finditer(r"[^ ]+ *", plain):
        word_end = word.start() + len(word.group().rstrip(" "))
        if word.start() > line_start and cell_len(plain[line_start:word_end]) > width:
            breaks.append(word.start())
            line_start = word.start()
    lines = text.divide(breaks)
    for line in lines:
        line.rstrip()
    wrapped = Text("\n").join(lines)
    wrapped.plain = wrapped.plain.replace(NO_BREAK, " ")
    return wrapped


def _argument_label(keyword: str, argument: str) -> str:
    if keyword == "bid":
        # "7 ♦", not "7♦": with sevens in the deck a bid must not read as a card.
        return argument[:1] + " " + (suit_label(argument[1:]) if argument[1:] != "NT" else "NT")
    return suit_label(argument)


# ---------------------------------------------------------------------- the table


@dataclass
class TableView:
    """What the screen shows: one seat's observation and the front end's own labels and messages."""

    observation: Mapping[str, Any]
    rules: Rules
    names: Sequence[str]
    players: Sequence[str]
    messages: Sequence[str] = field(default_factory=list)
    last_trick: Sequence[tuple[int, str]] = field(default_factory=list)
    last_trick_winner: int | None = None
    title: str = ""
    width: int = 80


def team_label(view: TableView, team: int) -> str:
    """A team by its players' names: ``You & North``; a player alone for a side."""
    rules = view.rules
    seats = [seat for seat in range(rules.players) if rules.team_of(seat) == team]
    return " & ".join(view.names[seat] for seat in seats)


def team_verb(view: TableView, team: int, verb: str) -> str:
    """``verb`` agreeing with ``team_label``: "Opponent wins", "East & West win", "You win"."""
    seats = [seat for seat in range(view.rules.players) if view.rules.team_of(seat) == team]
    return f"{verb}s" if len(seats) == 1 and view.names[seats[0]] != "You" else verb


def score_parts(view: TableView) -> list[Text]:
    """Each team's score, then the target, as separate pieces (a narrow screen breaks lines between them only)."""
    observation = view.observation
    you = observation["team"]
    parts = []
    for team, score in enumerate(observation["scores"]):
        parts.append(Text(f"{team_label(view, team)} {score}", style="bold green" if team == you else "bold"))
    parts.append(Text(f"(to {observation['target']})", style="dim"))
    return parts


def score_text(view: TableView) -> Text:
    """The score of every team and the target, in one line."""
    return Text("  ").join(score_parts(view))


def score_lines(view: TableView) -> list[Text]:
    """The score packed into as few lines of ``view.width`` as it takes, never breaking a team's entry."""
    lines: list[Text] = []
    for part in score_parts(view):
        if lines and len(lines[-1]) + 2 + len(part) <= view.width:
            lines[-1].append("  ").append_text(part)
        else:
            lines.append(part.copy())
    return lines


def contract_text(view: TableView) -> Text:
    """Dealer, turn-up and trump: the state of the contract in one line."""
    observation = view.observation
    names = view.names
    text = Text(f"Dealer {names[observation['dealer']]}")
    turn_up = observation.get("turn_up")
    if turn_up:
        text.append("  Turn-up ")
        text.append_text(card_text(turn_up))
        state = observation.get("turn_up_state")
        if any(action == "decline" for _, action in observation.get("history") or []):
            text.append(" (declined)", style="dim")  # the two-hand dealer left it: it stays face up, unused
        elif state and state != "face-up":
            text.append(f" ({state.replace('-', ' ')})", style="dim")
    trump = observation.get("trump")
    maker = observation.get("maker")
    if trump is not None:
        if trump == "NT":
            text.append("  No-trump", style="bold")
        else:
            text.append("  Trump ")
            text.append(suit_label(trump), style=suit_style(trump) + " reverse")
        if maker is not None:
            how = "Jambone" if observation.get("jambone") else ("alone" if observation.get("alone") else "")
            contract = observation.get("contract")
            bid = describe_action(f"bid:{contract}") if contract else ""
            text.append(f" by {names[maker]}" + (f" ({bid})" if bid else "") + (f", {how}" if how else ""))
        defender = observation.get("lone_defender")
        if defender is not None:
            text.append(f"; {names[defender]} {'defend' if names[defender] == 'You' else 'defends'} alone")
    elif observation.get("contract") and observation.get("high_bidder") is not None:
        text.append(f"  High bid {describe_action('bid:' + observation['contract'])[4:]} by {names[observation['high_bidder']]}")
    return text


def twos_threes_step_length(history: Sequence[Sequence[Any]], rules: Rules) -> int:
    """How many of a hand's first actions belong to the twos-and-threes step (none where the variant has no such step).

    Every player is asked in turn while at least three cards lie under the turn-up; each swap takes three of them.
    """
    if not rules.twos_threes:
        return 0
    under = len(rules.deck) - rules.players * rules.hand_size - 1
    asked = 0
    for _, action in history:
        if asked == rules.players or under < 3:
            break
        asked += 1
        if action.startswith("twos-threes:"):
            under -= 3
    return asked


def _bidding_by_seat(observation: Mapping[str, Any], rules: Rules) -> list[list[str]]:
    """What each seat said and did before the play, in words; hidden discards in a row read as one (``discarded 5 cards``)."""
    said: list[list[str]] = [[] for _ in range(rules.players)]
    hidden: list[int] = [0] * rules.players
    history = observation.get("history") or []
    step = twos_threes_step_length(history, rules)
    alone_called = False
    for index, (seat, action) in enumerate(history):
        keyword = action.partition(":")[0]
        if keyword in ("alone", "play"):
            alone_called = keyword == "alone"  # the defence is decided before the first card is played
        elif keyword == "pass" and alone_called:
            # After a call to go alone, a pass is an opponent's choice not to defend alone.
            said[seat].append(DECLINED_DEFENCE)
            continue
        if keyword not in BIDDING_KEYWORDS and keyword not in ("discard", "give"):
            continue
        if keyword == "discard" and "??" in action:
            count = action.count("??")
            if hidden[seat] and said[seat]:
                count += hidden[seat]
                said[seat].pop()
            hidden[seat] = count
            said[seat].append(describe_action("discard:" + ",".join(["??"] * count)))
            continue
        hidden[seat] = 0
        said[seat].append(describe_action(action, phase=TWOS_THREES_STEP if index < step else None))
    return said


def seats_table(view: TableView) -> Table:
    """One row per seat, from yours round the table: who plays it, its cards and tricks, what it said and played."""
    observation = view.observation
    players = view.rules.players
    you = observation["seat"]
    trick = {seat: card for seat, card in observation.get("trick") or []}
    showing_last = not trick and bool(view.last_trick)
    if showing_last:
        trick = dict(view.last_trick)
    said = _bidding_by_seat(observation, view.rules)
    leader = observation.get("leader")
    sitting_out = set(observation.get("sitting_out") or [])
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), show_edge=False, pad_edge=False, expand=False)
    table.add_column("  Seat", no_wrap=True)
    # Below 72 columns the bots' names give their room to what was said.
    with_players = view.width >= 72
    if with_players:
        table.add_column("Player", no_wrap=True, max_width=12)
    table.add_column("Cards", justify="right", no_wrap=True)
    table.add_column("Tricks", justify="right", no_wrap=True)
    table.add_column("Bidding", overflow="fold", max_width=30)
    table.add_column("Last trick" if showing_last else "Trick", no_wrap=True, min_width=10)
    for offset in range(players):
        seat = (you + offset) % players
        marker = "> " if observation.get("to_act") == seat else "  "
        name = Text(marker, style="bold yellow")
        partner = view.rules.team_of(seat) == observation["team"]
        name.append(view.names[seat], style="bold green" if seat == you else ("green" if partner else ""))
        if seat == observation["dealer"]:
            name.append(" (D)", style="dim")
        played = Text()
        if seat in trick:
            played.append_text(card_text(trick[seat]) if not showing_last else Text(card_label(trick[seat]), style="dim"))
            if not showing_last and seat == leader:
                played.append(" led", style="dim")
            if showing_last and seat == view.last_trick_winner:
                played.append(" won", style="dim")
        if seat in sitting_out:
            played = Text("sits out", style="dim")
        table.add_row(
            name,
            *([view.players[seat]] if with_players else []),
            str(observation["hand_sizes"][seat]),
            str(observation["tricks_won"][seat]),
            ", ".join(said[seat]),
            played,
        )
    return table


def announcements_text(view: TableView) -> Text | None:
    """Exposed (Jambone) hands, Jamborees and returned twos and threes, or None when there are none."""
    observation = view.observation
    text = Text()
    for key, label in (("exposed", "Jambone hand"), ("jamboree", "Jamboree"), ("twos_threes", "returned")):
        for seat, cards in (observation.get(key) or {}).items():
            if not cards:
                continue
            if text:
                text.append("\n")
            name = view.names[int(seat)]
            if key != "twos_threes":  # "Your Jambone hand: ...", "West's Jamboree: ..."
                owner = "Your" if name == "You" else f"{name}'s"
                text.append(f"{owner} {label}: ", style="bold magenta")
            else:
                text.append(f"{name} {label}: ", style="bold magenta")
            for card in cards:
                text.append_text(card_text(card))
                text.append(" ")
            text.rstrip()
    return text or None


def header(view: TableView) -> list[RenderableType]:
    """The title, hand number, scores and target: one line where the width allows, else the title above the scores."""
    title = Text(f"{view.title}  hand {view.observation['hand_number'] + 1}", style="bold")
    score = score_text(view)
    if len(title) + len(score) + 2 <= view.width:
        grid = Table.grid(expand=True)
        grid.add_column(no_wrap=True)
        grid.add_column(justify="right", no_wrap=True)
        grid.add_row(title, score)
        return [grid]
    return [title, *score_lines(view)]


def step_text(view: TableView) -> Text | None:
    """A line naming a step that the choices alone do not explain (twos and threes, taking the turn-up), or None."""
    observation = view.observation
    phase = observation.get("phase")
    legal = observation.get("legal_actions") or []
    if phase == TWOS_THREES_STEP:
        if not legal:
            return Text("Twos and threes: each player may swap three 2s or 3s for kitty cards.", style="dim")
        if legal == ["pass"]:
            return Text("Twos and threes: you hold fewer than three 2s and 3s, so pass (no swap).", style="bold")
        return Text("Twos and threes: return three 2s or 3s face up for three kitty cards, or pass.", style="bold")
    turn_up = turn_up_to_number(observation)
    if turn_up is not None and "decline" in legal:
        label = card_label(turn_up)
        return Text(f"Take {label} and discard a card ({label} itself if you like), or decline to leave it.", style="bold")
    if legal and all(action.startswith("give:") for action in legal):
        # The loner exchange: the lone player (the maker, or then a lone defender) and its partner each pass one
        # card before the partner sits out.
        you = observation.get("seat")
        defender = observation.get("lone_defender")
        lone: int = defender if defender is not None else observation["maker"]
        how = "defend" if defender is not None else "play"
        if lone == you:
            return Text(f"You {how} alone: give your partner a card; your partner gives you one back.", style="bold")
        return Text(f"{view.names[lone]} {how}s alone: give them a card in exchange.", style="bold")
    return None


def render_table(view: TableView) -> RenderableType:
    """The whole table for one seat, within ``view.width`` columns (80 or fewer)."""
    observation = view.observation
    parts: list[RenderableType] = header(view)
    parts += [contract_text(view), seats_table(view)]
    trick = observation.get("trick") or []
    if trick and view.last_trick:
        # The trick before this one stays in sight: who won it and with what.
        leader = observation.get("leader")
        winner = leader if leader is not None else trick[0][0]
        parts.append(Text("Last trick: ", style="dim").append_text(trick_text(view, view.last_trick, winner)))
    hand = observation.get("hand") or []
    legal = observation.get("legal_actions") or []
    playable = {action.split(":")[1] for action in legal if action.startswith("play:")} or None
    line = Text("Your hand: ", style="bold")
    line.append_text(hand_text(hand, observation.get("trump"), view.rules, playable) if hand else Text("(no cards)", style="dim"))
    turn_up = turn_up_to_number(observation)
    if turn_up is not None:
        line.append(" | ", style="dim").append("turn-up ", style="bold yellow")
        line.append(f"{len(hand) + 1}:", style="dim").append_text(card_text(turn_up))
    if hand or observation.get("to_act") is not None:  # a hand played out leaves the line to its summary
        parts.append(line)
    announced = announcements_text(view)
    if announced is not None:
        parts.append(announced)
    # Six seats take two more rows: keep fewer recent messages so the table still fits 24 lines.
    for message in view.messages[-(4 if view.rules.players <= 4 else 2) :]:
        parts.append(Text(message, style="italic"))
    playing_for = observation.get("playing_for")
    exposed = exposed_hand_to_choose(observation, view.rules)
    if playing_for is not None and legal and exposed is not None:
        line = Text(f"Jambone: you choose {view.names[playing_for]}'s card: ", style="bold magenta")
        playable = {action.split(":")[1] for action in legal if action.startswith("play:")}
        line.append_text(hand_text(exposed, observation.get("trump"), view.rules, playable))
        parts.append(line)
    step = step_text(view)
    if step is not None:
        parts.append(step)
    if legal:
        parts.append(wrap_at_spaces(choices_text(legal, numbered_cards(observation, view.rules)), view.width))
    elif observation.get("to_act") is not None:
        parts.append(Text(waiting_words(view), style="dim"))
    return Group(*parts)


def waiting_words(view: TableView) -> str:
    """Whom the table waits for; in a Jambone hand, that an opponent is choosing the exposed hand's card."""
    observation = view.observation
    names = view.names
    to_act, turn = observation["to_act"], observation.get("turn")
    if observation.get("jambone") and turn is not None and turn != to_act:
        whose = "your" if names[turn] == "You" else f"{names[turn]}'s"
        return f"Waiting for {names[to_act]}, who chooses {whose} card from the Jambone hand shown face up..."
    return f"Waiting for {names[to_act]}..."


def trick_text(view: TableView, trick: Sequence[tuple[int, str]], winner: int | None) -> Text:
    """A trick in one line, in the order played: ``West 9♥, North K♥, ...``, with its winner."""
    text = Text()
    for seat, card in trick:
        if text:
            text.append(", ")
        text.append(view.names[seat] + " ")
        text.append_text(card_text(card))
    if winner is not None:
        text.append(f"; {view.names[winner]} won it")
    return text


__all__ = [
    "HandGroup",
    "TableView",
    "card_label",
    "card_text",
    "choices_text",
    "completed_tricks",
    "describe_action",
    "grouped_hand",
    "hand_order",
    "hand_text",
    "numbered_cards",
    "render_table",
    "step_text",
    "trick_text",
    "trick_winner",
]
