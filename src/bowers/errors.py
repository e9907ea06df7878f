"""The exceptions bowers raises for bad input, all subclasses of ``ValueError``.

Each carries what was wrong (the seat, the action, the reason) so a front end
can show the player a precise message without parsing text.
"""

from __future__ import annotations


class BowersError(ValueError):
    """Base class of every error bowers raises for bad input."""


class NotationError(BowersError):
    """A card or action string that is not well formed."""

    def __init__(self, text: object, reason: str, seat: int | None = None) -> None:
        self.text = text
        self.reason = reason
        self.seat = seat
        where = f"seat {seat}: " if seat is not None else ""
        super().__init__(f"{where}malformed {text!r}: {reason}")


class IllegalAction(BowersError):
    """A well-formed action that the rules do not allow in the current state."""

    def __init__(self, seat: int | None, action: str, reason: str) -> None:
        self.seat = seat
        self.action = action
        self.reason = reason
        who = f"seat {seat}" if seat is not None else "no seat"
        super().__init__(f"illegal action {action!r} by {who}: {reason}")


class OptionError(BowersError):
    """An unknown variant, option or option value; the message lists the allowed ones."""

    def __init__(self, message: str, name: str | None = None, allowed: object = None) -> None:
        self.name = name
        self.allowed = allowed
        super().__init__(message)


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
        super().__init__(f"{prefix}{message}")
