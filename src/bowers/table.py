"""A table: one game, who sits in each seat (a person or a bot), and a save after every action.

The terminal table and the web server both play through a ``Table``, so they
differ only in how they draw the game and read input.  The seats are written
into the game record's metadata, so a saved record is enough to resume.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bowers.bots import Bot, create
from bowers.errors import IllegalAction, RecordError
from bowers.game import Game, replay

HUMAN = "human"
RETIRED_SETTINGS = ("options",)  # bot settings that saved games may carry and bots no longer take


@dataclass(frozen=True)
class Seat:
    """Who plays a seat: ``human`` (a person) or the name of a bot with its settings."""

    kind: str = HUMAN
    settings: Mapping[str, Any] = field(default_factory=dict)
    name: str | None = None

    @property
    def is_bot(self) -> bool:
        """True when a bot plays this seat."""
        return self.kind != HUMAN

    def as_json(self) -> dict[str, Any]:
        """The seat as JSON-able data, for a record's metadata."""
        return {"kind": self.kind, "settings": dict(self.settings), "name": self.name}

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        """A seat from its JSON form; anything malformed raises ``RecordError``.

        Games saved before bots read the game's options from what they see gave every bot an ``options``
        setting: it is dropped, so those games still load and play.
        """
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise RecordError("a table seat is an object with a kind (human or a bot name)")
        settings = data.get("settings") or {}
        name = data.get("name")
        if not isinstance(settings, Mapping) or not all(isinstance(k, str) for k in settings):
            raise RecordError("a table seat's settings must be an object of setting names and values")
        if name is not None and not isinstance(name, str):
            raise RecordError("a table seat's name must be text")
        return cls(data["kind"], {key: value for key, value in settings.items() if key not in RETIRED_SETTINGS}, name)


SaveHook = Callable[[dict[str, Any]], None]


class Table:
    """A game with its seats; ``apply`` and ``play_bot`` save the record (through ``save``) after every action."""

    def __init__(self, game: Game, seats: Sequence[Seat], save: SaveHook | None = None, bot_seed: int = 0) -> None:
        if len(seats) != game.rules.players:
            raise IllegalAction(None, "seat", f"{game.variant} has {game.rules.players} seats, not {len(seats)}")
        self.game = game
        self.seats: list[Seat] = list(seats)
        self.bot_seed = bot_seed
        self._save = save
        self.bots: dict[int, Bot] = {
            number: create(seat.kind, seed=bot_seed * 16 + number, **dict(seat.settings))
            for number, seat in enumerate(self.seats)
            if seat.is_bot
        }
        game.metadata["table"] = {"seats": [seat.as_json() for seat in self.seats], "bot_seed": bot_seed}

    # ------------------------------------------------------------------ reading

    def bot_to_act(self) -> int | None:
        """The seat to act when a bot plays it, else None (a person's turn, or the game is over)."""
        seat = self.game.to_act
        return seat if seat is not None and seat in self.bots else None

    def humans(self) -> list[int]:
        """The seats that people play."""
        return [number for number, seat in enumerate(self.seats) if not seat.is_bot]

    # ------------------------------------------------------------------ acting

    def choose_bot_action(self) -> tuple[int, str]:
        """The seat to act and the action its bot chooses from its observation; applies nothing."""
        seat = self.bot_to_act()
        if seat is None:
            raise IllegalAction(self.game.to_act, "bot", "no bot is to act now")
        return seat, self.bots[seat].act(self.game.observation(seat))

    def apply(self, action: str, seat: int) -> str:
        """Check and apply ``seat``'s action, save, and return its canonical form."""
        canonical = self.game.apply(action, seat=seat)
        self.save()
        return canonical

    def play_bot(self) -> tuple[int, str]:
        """Let the bot to act choose and apply one action; returns the seat and the action."""
        seat, action = self.choose_bot_action()
        return seat, self.apply(action, seat)

    def undo_for(self, seat: int, earliest_hand: int | None = None) -> int:
        """Take back ``seat``'s last real decision and every action after it; returns how many actions were undone.

        A card that was the only one the seat could play is not a decision: undo goes back past it to the
        decision before, but never into a hand before ``earliest_hand``.  By default that is the hand in
        progress (the last hand once the game is over), or the hand before it while the seat has made no
        decision in this one yet (the hand just ended is still the seat's last, even when the new hand has
        already played a forced card for it).  With no such decision it raises ``IllegalAction`` and changes
        nothing.
        """
        game = self.game
        deals = game.record()["deals"]
        # Walking back, a decision in the hand in progress comes before any in the hand before it, so starting
        # one hand earlier only matters when this hand holds none of the seat's decisions.
        first = max(len(deals) - 2, 0) if earliest_hand is None else earliest_hand
        actions = [(number, actor, action) for number, deal in enumerate(deals) for actor, action in deal["actions"]]
        taken_back: list[tuple[int, str]] = []
        for number, actor, action in reversed(actions):
            if number < first:
                break
            game.undo()
            taken_back.append((actor, action))
            if actor == seat and len(game.legal_actions()) > 1:
                self.save()
                return len(taken_back)
        for actor, action in reversed(taken_back):  # nothing to take back: put everything back as it was
            game.apply(action, seat=actor)
        raise IllegalAction(seat, "undo", "you have made no decision to take back in this hand")

    def save(self) -> None:
        """Hand the current record to the save hook, if there is one."""
        if self._save is not None:
            self._save(self.game.record())

    # ------------------------------------------------------------------ resuming

    @classmethod
    def from_record(cls, record: Mapping[str, Any], save: SaveHook | None = None) -> Table:
        """The table a saved record describes, replayed and checked; a bad record raises ``RecordError``."""
        game = replay(dict(record))
        table_data = game.metadata.get("table")
        if not isinstance(table_data, Mapping) or not isinstance(table_data.get("seats"), list):
            raise RecordError("the record names no table seats (metadata.table.seats)")
        seats = [Seat.from_json(seat) for seat in table_data["seats"]]
        bot_seed = table_data.get("bot_seed", 0)
        if isinstance(bot_seed, bool) or not isinstance(bot_seed, int):
            raise RecordError("metadata.table.bot_seed must be a whole number")
        return cls(game, seats, save, bot_seed)


__all__ = ["HUMAN", "Seat", "Table"]
