"""Reading what a person types at the table: a card, an action word, or a table command.

A card may be typed as ``jh``, ``JH``, ``10h``, ``J♥`` or its number in the
hand as shown; an action as in ``bowers rules`` (``pass``, ``order``,
``call s``, ``call:S``, ``bid 4h``, ``discard 9c``).  Anything that is not a
legal choice now raises ``InputError`` with a one-line reason, and nothing is
applied.

>>> parse_input("2", ["play:JH", "play:AH"], ["AS", "JH", "AH"])
Choice(action='play:JH')
>>> parse_input("hint", [], [])
Command(name='hint')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bowers.actions import canonical_action
from bowers.cards import CARD_NAMES, SUIT_LETTERS, parse_card, parse_suit
from bowers.errors import NotationError
from bowers.play.reasons import choices_words, or_list
from bowers.play.render import ACTION_WORDS, describe_action

COMMANDS: dict[str, str] = {
    "hint": "what the strong bot would do here, and why",
    "undo": "take back your last decision and the bots' replies",
    "last": "show the last trick",
    "score": "show the score and the hands so far",
    "rules": "show the rules of this variant",
    "help": "show this help",
    "quit": "save the game and leave, to resume later",
}
# The same, in a few words each, for the help shown under the table.
COMMAND_SUMMARIES: dict[str, str] = {
    "hint": "the strong bot's advice",
    "undo": "take back your last decision",
    "last": "the last trick",
    "score": "the score",
    "rules": "the rules",
    "help": "this help",
}
COMMAND_ALIASES = {"?": "help", "exit": "quit", "q": "quit"}
SUIT_WORDS = {
    "clubs": "C", "club": "C", "diamonds": "D", "diamond": "D", "hearts": "H", "heart": "H", "spades": "S", "spade": "S",
}  # fmt: skip
ACTION_KEYWORDS = (
    "pass", "order", "call", "decline", "partner", "alone", "jambone", "defend-alone",
    "twos-threes", "bid", "discard", "give", "play", "claim-renege",
)  # fmt: skip
# Words a person may type for an action, mapped to its keyword.
ACTION_ALIASES = {
    "accept": "order", "pickup": "order", "pick": "order", "up": "order", "defend": "defend-alone", "renege": "claim-renege",
    "return": "twos-threes", "swap": "twos-threes",
}  # fmt: skip
# Escape sequences (colours, cursor keys) and invisible characters that a paste may carry.
TERMINAL_CODES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-_]?|\x9b[0-?]*[ -/]*[@-~]")
QUOTED_AT_MOST = 24  # characters of what was typed repeated in a message


class InputError(ValueError):
    """Something typed at the table that is not a legal choice now; the message says why in one line."""


@dataclass(frozen=True)
class Command:
    """A table command (``hint``, ``undo``, ``last``, ``score``, ``rules``, ``help``, ``quit``)."""

    name: str


@dataclass(frozen=True)
class Choice:
    """A legal action, in canonical notation, chosen by what was typed."""

    action: str


Explain = Callable[[str], str]


def cleaned(text: str) -> str:
    """What was typed without terminal escape sequences, control characters or emoji variation selectors."""
    text = TERMINAL_CODES.sub("", text)
    return "".join(char for char in text if unicodedata.category(char)[0] != "C" and char not in "\ufe0e\ufe0f")


def quoted(text: str) -> str:
    """Typed text repeated in a message: quoted, and cut short so a long paste never fills the screen."""
    shown = text if len(text) <= QUOTED_AT_MOST else text[: QUOTED_AT_MOST - 1] + "…"
    return f"'{shown}'"


def _resolve_card(token: str, shown_hand: Sequence[str]) -> str:
    """A card token (a name in any notation, or a number in the shown hand) as its canonical name."""
    if token.isascii() and token.isdigit():
        number = int(token)
        if not 1 <= number <= len(shown_hand):
            if not shown_hand:
                raise InputError("you hold no cards")
            raise InputError(f"there is no card {number}; your cards are numbered 1 to {len(shown_hand)}")
        return shown_hand[number - 1]
    return CARD_NAMES[parse_card(token)]


def _resolve_suit(token: str) -> str:
    """A suit token (a letter, a symbol or a word) as its letter; anything else is an ``InputError``."""
    word = token.strip().lower()
    if word in SUIT_WORDS:
        return SUIT_WORDS[word]
    if word in ("nt", "notrump", "no-trump"):
        return "NT"
    try:
        return SUIT_LETTERS[parse_suit(token)]
    except NotationError:
        raise InputError(f"{quoted(token)} is not a suit: type c, d, h or s (or ♣ ♦ ♥ ♠, or clubs...)") from None


def _bid_argument(token: str) -> str:
    """A bid's argument such as ``4h``, ``4 hearts`` joined, or ``5nt``."""
    level, suit = token[:1], token[1:]
    if not (level.isascii() and level.isdigit()) or not suit:
        raise InputError(f"a bid is a number of tricks and a suit, such as 'bid 4h' or 'bid 5nt'; got {quoted(token)}")
    return level + _resolve_suit(suit)


def _tokens(text: str) -> list[str]:
    return [token for token in text.replace(",", " ").split() if token]


def _card_set(argument: str) -> frozenset[str]:
    return frozenset(argument.split(":")[0].split(","))


def parse_input(text: str, legal: Sequence[str], shown_hand: Sequence[str], explain: Explain | None = None) -> Command | Choice:
    """What ``text`` means now: a ``Command`` or a legal ``Choice``; anything else raises ``InputError``.

    An empty line takes the only choice when there is one.  ``legal`` is the observation's legal actions,
    ``shown_hand`` the hand in the order shown (for numbers), and ``explain`` gives the rules' reason an action
    is not allowed (the engine's message).
    """
    stripped = cleaned(text).strip()
    if not stripped and len(legal) == 1:
        return Choice(legal[0])  # Enter takes the only choice
    if not stripped:
        raise InputError("type a card, an action or a command (help lists them)")
    word = stripped.lower()
    if word in COMMANDS or word in COMMAND_ALIASES:
        return Command(COMMAND_ALIASES.get(word, word))
    if not legal:
        raise InputError("it is not your turn to act")
    try:
        candidate = _interpret(stripped, legal, shown_hand)
    except NotationError:
        raise InputError(f"{quoted(stripped)} is not a card, an action or a command; type help for the choices") from None
    if candidate in legal:
        return Choice(candidate)
    if explain is not None:
        raise InputError(explain(candidate))
    raise InputError(f"You can't {describe_action(candidate)} now: {choices_words(legal, len(shown_hand))}.")


def _interpret(text: str, legal: Sequence[str], shown_hand: Sequence[str]) -> str:
    """The canonical action ``text`` names (possibly illegal), or ``InputError`` when it names none."""
    legal_set = set(legal)
    try:
        canonical = canonical_action(text)
    except NotationError:
        canonical = None
    if canonical is not None and (canonical in legal_set or ":" in text):
        return canonical
    tokens = _tokens(text)
    if not tokens:
        raise InputError(f"{quoted(text)} is not a card, an action or a command; type help for the choices")
    keyword = tokens[0].lower().replace("_", "-")
    keyword = ACTION_ALIASES.get(keyword, keyword)
    if keyword in ACTION_KEYWORDS:
        return _with_keyword(keyword, tokens[1:], legal, shown_hand, tokens[0].lower())
    if len(tokens) == 1 and (tokens[0].lower() in SUIT_WORDS or _is_suit(tokens[0])):
        suit = _resolve_suit(tokens[0])
        for action in legal:
            if action in (f"call:{suit}", f"order:{suit}"):
                return action
        raise InputError(f"You can't name {describe_action('call:' + suit)[5:]} now: {choices_words(legal, len(shown_hand))}.")
    try:
        cards = [_resolve_card(token, shown_hand) for token in tokens]
    except (NotationError, InputError) as error:
        if isinstance(error, InputError):
            raise
        if len(tokens) == 2:
            return _card_and_suit(tokens, legal, shown_hand)
        raise InputError(f"{quoted(text)} is not a card, an action or a command; type help for the choices") from None
    return _by_cards(cards, None, legal)


def _is_suit(token: str) -> bool:
    try:
        parse_suit(token)
    except NotationError:
        return False
    return True


def suit_word(letter: str) -> str:
    """A suit letter as its word."""
    return {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "no-trump"}.get(letter, letter)


def _card_and_suit(tokens: list[str], legal: Sequence[str], shown_hand: Sequence[str]) -> str:
    """``jk s``: a card and the suit it names (leading the Joker in no-trump)."""
    try:
        card = _resolve_card(tokens[0], shown_hand)
    except NotationError:
        typed = quoted(" ".join(tokens))
        raise InputError(f"{typed} is not a card, an action or a command; type help for the choices") from None
    suit = _resolve_suit(tokens[1])
    return _by_cards([card], suit, legal)


def _by_cards(cards: list[str], named_suit: str | None, legal: Sequence[str]) -> str:
    """The one legal action that plays, discards or gives exactly these cards."""
    wanted = frozenset(cards)
    matches = []
    for action in legal:
        keyword, _, argument = action.partition(":")
        if not argument or keyword not in ("play", "discard", "give", "twos-threes"):
            continue
        if _card_set(argument) == wanted:
            if named_suit is not None and not argument.endswith(f":{named_suit}"):
                continue
            matches.append(action)
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        if all(action.startswith("play:") and action.count(":") == 2 for action in matches):
            suits = " ".join(action.rsplit(":", 1)[1].lower() for action in matches)
            raise InputError(f"name the suit the {cards[0]} calls for: type {cards[0].lower()} and one of {suits}")
        meanings = or_list([describe_action(action) for action in matches])
        raise InputError(f"that could mean {meanings}; type the action's word too, such as 'discard 9c'")
    card_actions = [action for action in legal if action.partition(":")[0] in ("play", "discard", "give", "twos-threes")]
    if not card_actions:
        raise InputError(f"You can't choose a card now: {choices_words(legal)}.")
    keyword = card_actions[0].partition(":")[0]
    argument = ",".join(sorted(cards, key=lambda card: parse_card(card)))
    return f"{keyword}:{argument}" + (f":{named_suit}" if named_suit else "")


def _with_keyword(
    keyword: str, arguments: list[str], legal: Sequence[str], shown_hand: Sequence[str], typed_keyword: str = ""
) -> str:
    """An action typed as a keyword and its arguments separated by spaces (``call s``, ``discard 9c``)."""
    typed_keyword = typed_keyword or keyword
    if not arguments:
        if keyword in ("order", "pass", "decline", "partner", "alone", "jambone", "defend-alone", "claim-renege"):
            return keyword
        options = [action for action in legal if action.startswith(keyword + ":")]
        typed = quoted(typed_keyword)
        if not options:
            raise InputError(f"{typed} is not a choice now: {choices_words(legal, len(shown_hand))}.")
        if keyword in ("discard", "give", "play", "twos-threes"):
            example = f"{typed_keyword} 1"
            raise InputError(f"{typed} needs cards: type {typed_keyword} and the cards (names or numbers), such as {example}")
        raise InputError(f"{typed} needs more: {choices_words(options, len(shown_hand))}.")
    if keyword in ("call", "order"):
        if len(arguments) != 1:
            raise InputError(f"{typed_keyword} takes one suit, such as '{typed_keyword} s'")
        return f"{keyword}:{_resolve_suit(arguments[0])}"
    if keyword == "bid":
        return "bid:" + _bid_argument("".join(arguments))
    cards = []
    for token in arguments:
        try:
            cards.append(_resolve_card(token, shown_hand))
        except NotationError:
            if keyword == "play" and len(arguments) == 2:
                return _card_and_suit(arguments, legal, shown_hand)
            raise InputError(f"{quoted(token)} is not a card: type its rank and suit (jh, 10s, A♠) or its number") from None
    options = [action for action in legal if action.startswith(keyword + ":")]
    if options:
        found = _by_cards(cards, None, options)
        if found.startswith(keyword + ":"):
            return found
    return f"{keyword}:" + ",".join(sorted(cards, key=parse_card))


def typed_words(action: str) -> str:
    """A legal action as the person types it at the table: ``order``, ``call s``, ``bid 4h``, ``jh``, ``discard 9c``,
    ``return 2c 3d 2h``; tab completion offers these and a hint names its choices by them."""
    keyword, _, argument = action.partition(":")
    word = ACTION_WORDS.get(keyword, keyword)
    if not argument:
        return word
    if keyword == "play":
        card, _, named = argument.partition(":")
        return card.lower() + (f" {named.lower()}" if named else "")
    if keyword in ("discard", "give", "twos-threes"):
        return f"{word} " + " ".join(card.lower() for card in argument.split(","))
    return f"{word} {argument.lower()}"


def completions(legal: Sequence[str]) -> list[str]:
    """Words tab completion offers now, as the person types them: the legal actions (a card to give or discard
    also by its name alone) and the commands."""
    words: list[str] = []
    for action in legal:
        words.append(typed_words(action))
        keyword, _, argument = action.partition(":")
        if keyword in ("discard", "give") and "," not in argument:
            words.append(argument.lower())
    words.extend(COMMANDS)
    return list(dict.fromkeys(words))


def help_lines(command: str = "bowers") -> list[str]:
    """The help text, short enough to show under the table: how to type a choice, and every command.

    ``command`` is how the person runs bowers (``bowers``, or its full path where that is not on PATH).
    """
    return [
        "Type a card (jh, 10h, J♥, or its number in your hand) or an action (pass, order,",
        "call s, alone, bid 4h, discard 9c). Tab completes; Enter takes a sole choice.",
        " · ".join(f"{name}: {COMMAND_SUMMARIES[name]}" for name in ("hint", "undo")),
        " · ".join(f"{name}: {COMMAND_SUMMARIES[name]}" for name in ("last", "score", "rules", "help")),
        # The command on a line of its own, whole however long its path.
        "quit (or Ctrl-C, Ctrl-D): save and leave; to come back, run:",
        f"  {command} play --resume",
    ]


__all__ = ["COMMANDS", "Choice", "Command", "InputError", "completions", "help_lines", "parse_input", "suit_word", "typed_words"]
