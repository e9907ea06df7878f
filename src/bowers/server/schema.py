"""The typed messages of the websocket API, each tagged by a literal ``type`` field.

Messages from a browser are validated here on the way in (unknown fields,
wrong types and oversized strings are refused); messages to a browser are
built from the models below, so ``schema()`` documents both directions.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

TABLE_ID = r"^[A-Za-z0-9_-]{1,64}$"
RESULTS_SHOWN = 20  # finished hands whose results a state message carries (a long game has hundreds)


class ClientMessage(BaseModel):
    """Base of every message from a browser: no field beyond those declared."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Join(ClientMessage):
    """Take a seat with its secret (or, while no browser has claimed the seat, its invite token), or watch the table
    as a spectator (no token)."""

    type: Literal["join"]
    table: Annotated[str, Field(pattern=TABLE_ID)]
    token: Annotated[str, Field(min_length=1, max_length=128)] | None = None


class Act(ClientMessage):
    """The joined seat's action, in the canonical action notation (``play:JH``, ``call:S``)."""

    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=80)]
    expect: Annotated[int, Field(ge=0)] | None = None  # the action count the sender saw; a stale click is refused


class Refresh(ClientMessage):
    """Ask for the whole state again (after a reconnect, or at any time)."""

    type: Literal["state"]


class AskHint(ClientMessage):
    """Ask the advising bots what to do now (the joined seat, on its turn)."""

    type: Literal["hint"]


class Undo(ClientMessage):
    """Take back the joined seat's last decision: only where every other seat is a bot."""

    type: Literal["undo"]


class Ping(ClientMessage):
    """Keep the connection alive; answered by ``pong``."""

    type: Literal["ping"]


Incoming = Annotated[Join | Act | Refresh | AskHint | Undo | Ping, Field(discriminator="type")]
INCOMING = TypeAdapter(Incoming)


# ---------------------------------------------------------------------- server to browser


class SeatInfo(BaseModel):
    """Who sits in a seat, as everyone at the table may know it (never the token)."""

    seat: int
    kind: str
    settings: dict[str, Any]
    name: str | None
    connected: bool
    claimed: bool = False  # a person's seat taken by a browser with its invite link: the link opens it no more
    stand_in: dict[str, Any] | None = None  # the bot (``kind``, ``settings``) playing for a person who is away


class Notice(BaseModel):
    """Something that happened to a seat, for the table's log: ``event`` is ``claimed`` (taken with its invite
    link), ``moved`` (opened in another window), ``released`` (its opener freed it), ``stand-in`` (a bot plays for
    it) or ``back`` (its player took it back from the bot).  ``number`` counts the table's notices from 1."""

    number: int
    seat: int
    event: Literal["claimed", "moved", "released", "stand-in", "back"]


class StateMessage(BaseModel):
    """The whole table as the receiver may see it: sent on join, on ``state`` and after every action."""

    type: Literal["state"] = "state"
    table: str
    seat: int | None  # None for a spectator
    variant: str
    options: dict[str, Any]
    seats: list[SeatInfo]
    actions: int  # actions taken so far in the game
    last_action: list[Any] | None  # [seat, action] as the receiver may see it
    observation: dict[str, Any]  # game.observation(seat), or the public view for a spectator
    last_trick: list[list[Any]] | None  # the last finished trick, [[seat, card], ...]
    last_trick_winner: int | None
    results: list[dict[str, Any]]  # the last finished hands' results (at most RESULTS_SHOWN), oldest first
    results_from: int = 0  # the hand number (from 0) of the first of them; the game's record has every hand
    previous_hand: dict[str, Any] | None  # the finished hand's public plays and result
    winner: int | None
    can_undo: bool
    hint_available: bool
    ended: str | None = None  # why the table ended before its game was over, in a player's words; None while at play
    can_end: bool = False  # whether the receiver opened the table and may end it
    notices: list[Notice] = []  # the table's latest seat events, oldest first
    replaceable: int | None = None  # a person's seat, away on its turn for a while, that the others may give a bot


class ErrorMessage(BaseModel):
    """A refused message: ``code`` for programs, ``message`` for people. Nothing changed."""

    type: Literal["error"] = "error"
    code: str
    message: str


class Advice(BaseModel):
    """One hinted action with its expected net points, the team's chance of winning the game after it, and the reason.

    ``win_chance`` (0 to 1) and ``win_change`` (its change from the chance at the deal) are null where no
    win-probability table covers the variant.
    """

    action: str
    value: float
    reason: str
    win_chance: float | None = None
    win_change: float | None = None


class HintMessage(BaseModel):
    """The advising bots' suggestions for the receiver's turn, best first."""

    type: Literal["hint"] = "hint"
    actions: int
    advice: list[Advice]


class Pong(BaseModel):
    """The answer to ``ping``."""

    type: Literal["pong"] = "pong"


Outgoing = Annotated[StateMessage | ErrorMessage | HintMessage | Pong, Field(discriminator="type")]


def schema() -> dict[str, Any]:
    """JSON Schema of both directions, served at ``/api/schema``."""
    return {
        "incoming": INCOMING.json_schema(),
        "outgoing": TypeAdapter(Outgoing).json_schema(),
    }


__all__ = [
    "INCOMING",
    "Act",
    "Advice",
    "AskHint",
    "ErrorMessage",
    "HintMessage",
    "Incoming",
    "Join",
    "Notice",
    "Ping",
    "Pong",
    "Refresh",
    "SeatInfo",
    "StateMessage",
    "Undo",
    "schema",
]
