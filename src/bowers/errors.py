"""The exceptions bowers raises for bad input, all subclasses of ``ValueError``.

Each carries what was wrong (the seat, the action, the reason) so a front end
can show the player a precise message without parsing text.
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping
from enum import Enum
from typing import Any

QUOTE_LIMIT = 60  # characters of an input's text quoted in a message

_QUOTER = reprlib.Repr()
_QUOTER.maxstring = QUOTE_LIMIT
_QUOTER.maxother = QUOTE_LIMIT
_QUOTER.maxlong = QUOTE_LIMIT
_QUOTER.maxlevel = 3
_QUOTER.maxlist = _QUOTER.maxtuple = _QUOTER.maxdict = _QUOTER.maxset = 6


def quoted(value: object) -> str:
    """A short ``repr`` of an input for an error message: at most a prefix of long text, never the whole input.

    >>> quoted("pass")
    "'pass'"
    >>> quoted("x" * 1000)[-23:]
    "x'... (1000 characters)"
    """
    if isinstance(value, str) and len(value) > QUOTE_LIMIT:
        return repr(value[:QUOTE_LIMIT]) + f"... ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a whole number of {value.bit_length()} bits"
    try:
        text = _QUOTER.repr(value)
    except Exception:  # a hostile __repr__ or an integer too long to print
        return f"a {type(value).__name__}"
    return text if len(text) <= 2 * QUOTE_LIMIT else text[: 2 * QUOTE_LIMIT] + "..."


class BowersError(ValueError):
    """Base class of every error bowers raises for bad input.

    Every subclass survives pickling (a match's worker process sends it back whole): ``__reduce__``
    rebuilds it from the arguments its ``__init__`` was given.
    """

    def _arguments(self) -> tuple[object, ...]:
        return tuple(self.args)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), self._arguments())


class NotationError(BowersError):
    """A card or action string that is not well formed."""

    def __init__(self, text: object, reason: str, seat: int | None = None) -> None:
        self.text = text
        self.reason = reason
        self.seat = seat
        where = f"seat {seat}: " if seat is not None else ""
        super().__init__(f"{where}malformed {quoted(text)}: {reason}")

    def _arguments(self) -> tuple[object, ...]:
        return (self.text, self.reason, self.seat)


class Refusal(Enum):
    """Why the rules refuse an action: the kind an ``IllegalAction`` carries, with its ``details``.

    The English ``reason`` is the library's; a front end translates the kind and details into its own words.
    The value is the kind's name in text (for JSON).
    """

    NOT_AN_ID = "not-an-id"  # an action id that is not a whole number
    NO_SUCH_ID = "no-such-id"  # details: id, count (ids run 0..count - 1)
    GAME_OVER = "game-over"
    NOT_YOUR_TURN = "not-your-turn"  # details: to_act
    NO_SUCH_ACTION = "no-such-action"  # the variant has no such action; details: keyword, keyword_legal, cards, missing, exposed
    NOTHING_TO_UNDO = "nothing-to-undo"
    MUST_NAME_TRUMP = "must-name-trump"  # a pass by a dealer who must name trump (stuck, or for a turned Joker)
    WRONG_STEP = "wrong-step"  # no action of this keyword now; details: phase, keywords (those allowed)
    NOT_HELD = "not-held"  # details: cards (not held), exposed (the cards are missing from the exposed hand played for)
    KEEP_TURN_UP = "keep-turn-up"  # details: card (the turn-up the dealer took and must keep)
    MUST_FOLLOW = "must-follow"  # details: suit (letter; None for a no-trump lead), card (the card led), trump (it led trumps)
    JOKER_NEEDS_SUIT = "joker-needs-suit"  # a no-trump Joker leads only with a suit named
    TURNED_DOWN_SUIT = "turned-down-suit"  # details: suit
    BID_TOO_LOW = "bid-too-low"  # details: contract (the standing bid)
    TWOS_THREES = "twos-threes"  # details: missing (cards not held)
    NOT_LEGAL = "not-legal"  # any other refusal of the rules
    OTHER = "other"  # a refusal outside the rules (a table's, a server's): only the reason says why


class IllegalAction(BowersError):
    """A well-formed action that the rules do not allow in the current state.

    ``kind`` (a ``Refusal``) and ``details`` say why in data, so that a front end shows the player its own words;
    ``reason`` says it in the library's English.
    """

    def __init__(
        self,
        seat: int | None,
        action: str,
        reason: str,
        kind: Refusal = Refusal.OTHER,
        details: Mapping[str, Any] | None = None,
    ) -> None:
        self.seat = seat
        self.action = action
        self.reason = reason
        self.kind = kind
        self.details: dict[str, Any] = dict(details or {})
        who = f"seat {seat}" if seat is not None else "no seat"
        super().__init__(f"illegal action {quoted(action)} by {who}: {reason}")

    def _arguments(self) -> tuple[object, ...]:
        return (self.seat, self.action, self.reason, self.kind, self.details)


class OptionError(BowersError):
    """An unknown variant, option or option value; the message lists the allowed ones."""

    def __init__(self, message: str, name: str | None = None, allowed: object = None) -> None:
        self.name = name
        self.allowed = allowed
        self.message = message
        super().__init__(message)

    def _arguments(self) -> tuple[object, ...]:
        return (self.message, self.name, self.allowed)


class RecordError(BowersError):
    """A game record or notation file that is corrupt or cannot be replayed."""

    def __init__(self, message: str, deal: int | None = None, action_index: int | None = None) -> None:
        self.deal = deal
        self.action_index = action_index
        where = []
        if deal is not None:
            where.append(f"deal {deal}")
        if action_index is not None:
            where.append(f"action {action_index}")
        prefix = f"{', '.join(where)}: " if where else ""
        self.message = message
        super().__init__(f"{prefix}{message}")

    def _arguments(self) -> tuple[object, ...]:
        return (self.message, self.deal, self.action_index)


class MatchFailure(BowersError):
    """A deal (or a hand of a whole game) of a match that could not be played to the end: where, and the bot's error."""

    def __init__(
        self, variant: str, seed: int, deal: int | None, side: str, error: str, game: int | None = None, hand: int | None = None
    ) -> None:
        self.variant = variant
        self.seed = seed
        self.deal = deal
        self.side = side
        self.error = error
        self.game = game
        self.hand = hand
        where = f"deal {deal}" if game is None else f"game {game}, hand {hand}"
        super().__init__(f"{variant}, match seed {seed}, {where}: {side} failed: {error}")

    def _arguments(self) -> tuple[object, ...]:
        return (self.variant, self.seed, self.deal, self.side, self.error, self.game, self.hand)
