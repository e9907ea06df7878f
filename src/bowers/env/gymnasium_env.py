"""A single-agent Gymnasium environment: the learner holds one seat, bowers bots play every other seat.

``SingleSeatEnv(variant, seat=0, opponents="random", ...)`` is registered as
``bowers/<variant>-v0`` when ``bowers.env`` is imported.  Observations are
the learner's ``{"observation": float32 tensor, "action_mask": int8}`` from
``bowers.encoding``; the reward of a step is the points the learner's team
scored in the hands that ended during it.  An episode is one hand or, with
``whole_game=True``, a whole game.  With one hand an episode, a hand in which
the learner never gets to act (its partner played alone) is played out by
the bots and not counted: ``reset`` deals a new game.  With whole games, the
points of such hands before the learner's first decision are paid with its
first step's reward, so an episode's rewards add up to the team's points.  A step's
``info["hand_result"]`` is the result of the last hand that ended during it.

An illegal action raises ``bowers.IllegalAction`` (``illegal_action="raise"``,
the default) or, with ``illegal_action="penalty"``, ends the episode with a
reward of ``-illegal_penalty`` and ``info["illegal_action"] = True``, for
learners that sample without the mask (and for ``check_env``, which does).
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from bowers.bots import Bot, create
from bowers.encoding import Encoding
from bowers.env.pettingzoo_env import RENDER_MODES, SEED_BOUND, check_render_mode
from bowers.env.render import render_table
from bowers.errors import IllegalAction, OptionError, Refusal
from bowers.game import Game

ILLEGAL_ACTIONS = ("raise", "penalty")
BotChoice = str | tuple[str, Mapping[str, Any]] | None  # a bot's name, or its name and settings; None for the learner's seat


class SingleSeatEnv(gymnasium.Env[dict[str, Any], Any]):
    """One seat of a bowers variant for a single learner, the other seats played by bots chosen by name."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (Gymnasium's own type)

    def __init__(
        self,
        variant: str = "standard",
        seat: int = 0,
        opponents: BotChoice | Sequence[BotChoice] = "random",
        whole_game: bool = False,
        illegal_action: str = "raise",
        illegal_penalty: float = 10.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.encoding = Encoding(variant, **options)  # an unknown variant or option raises OptionError here
        self.variant = self.encoding.rules.variant
        self.game_options = dict(options)
        players = self.encoding.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise OptionError(f"seat must be a whole number 0..{players - 1}, not {seat!r}", "seat", f"0..{players - 1}")
        self.seat = seat
        self.bot_choices = _bot_choices(opponents, players, seat)
        if not isinstance(whole_game, bool):
            raise OptionError(f"whole_game must be True or False, not {whole_game!r}", "whole_game", "True, False")
        self.whole_game = whole_game
        if illegal_action not in ILLEGAL_ACTIONS:
            allowed = ", ".join(ILLEGAL_ACTIONS)
            raise OptionError(f"illegal_action must be one of {allowed}, not {illegal_action!r}", "illegal_action", allowed)
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = check_render_mode(render_mode)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=(self.encoding.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(self.encoding.num_actions,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.encoding.num_actions)
        self.game: Game | None = None
        self.bots: list[Bot | None] = [None] * players
        self._closing: dict[str, Any] | None = None
        for name_and_settings in self.bot_choices:  # check every bot name and setting now, not at the first reset
            if name_and_settings is not None:
                create(name_and_settings[0], seed=0, **name_and_settings[1])

    # ------------------------------------------------------------------ episode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new game (its seed drawn from the environment's generator) and let the bots act up to the learner's turn."""
        super().reset(seed=seed)
        while True:
            self._new_game()
            points, over = self._bots_play()
            if not over:
                break
        # With whole games, points scored before the learner's first decision (a hand its partner played alone)
        # are paid with its first step's reward, so that an episode's rewards add up to the team's points.
        self._unpaid = points
        return self._observe(), {}

    def _new_game(self) -> None:
        rng = self.np_random
        self.game = Game(self.variant, seed=int(rng.integers(SEED_BOUND)), **self.game_options)
        self.bots = [
            None if choice is None else create(choice[0], seed=int(rng.integers(SEED_BOUND)), **choice[1])
            for choice in self.bot_choices
        ]
        self._closing = None
        self._unpaid = 0.0

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Apply the learner's action id, then the bots' actions up to the learner's next turn or the episode's end."""
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before step()")
        if self._closing is not None or game.is_over:
            raise RuntimeError("the episode is over: call reset()")
        if isinstance(action, bool | float):
            raise IllegalAction(self.seat, repr(action), "an action is an integer id", Refusal.NOT_AN_ID)
        action_id = operator.index(action)
        hand_number = game.hand_number
        try:
            game.apply_id(action_id)
        except IllegalAction:
            if self.illegal_action == "raise":
                raise
            # The episode ends here: its last observation, like any terminal one, allows no action.
            self._closing = {**game.observation(self.seat), "legal_actions": []}
            unpaid, self._unpaid = self._unpaid, 0.0
            return self._observe(), unpaid - self.illegal_penalty, True, False, {"illegal_action": True}
        info: dict[str, Any] = {}
        reward, self._unpaid = self._unpaid, 0.0
        if game.hand_number != hand_number or game.is_over:
            reward += self._hand_points()
            info["hand_result"] = game.results[-1]
            if self._episode_over():
                return self._observe(), reward, True, False, info
        hands_before = len(game.results)
        more, over = self._bots_play()
        if len(game.results) > hands_before:
            info["hand_result"] = game.results[-1]
        return self._observe(), reward + more, over, False, info

    def _bots_play(self) -> tuple[float, bool]:
        """The bots act until the learner is to act; returns the learner's points meanwhile and whether the episode ended."""
        game = self.game
        assert game is not None
        reward = 0.0
        while True:
            to_act = game.to_act
            if to_act is None or to_act == self.seat:
                return reward, False
            bot = self.bots[to_act]
            assert bot is not None
            hand_number = game.hand_number
            game.apply(bot.act(game.observation(to_act)))
            if game.hand_number != hand_number or game.is_over:
                reward += self._hand_points()
                if self._episode_over():
                    return reward, True

    def _hand_points(self) -> float:
        game = self.game
        assert game is not None
        return float(game.results[-1]["points"][self.seat % self.encoding.teams])

    def _episode_over(self) -> bool:
        """True when the hand just ended closes the episode (then the learner's view of its end is kept)."""
        game = self.game
        assert game is not None
        if self.whole_game and not game.is_over:
            return False
        if not self.whole_game:
            self._closing = game.hand_over_view(self.seat)
        return True

    def _view(self) -> dict[str, Any]:
        if self._closing is not None:
            return self._closing
        assert self.game is not None
        return self.game.observation(self.seat)

    def _observe(self) -> dict[str, np.ndarray]:
        view = self._view()
        return {"observation": self.encoding.encode(view), "action_mask": self.encoding.mask(view)}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as a boolean mask (the method maskable learners call)."""
        return self.encoding.mask(self._view()).astype(bool)

    def render(self) -> str | None:
        """The table as anyone watching may see it, the learner's seat marked: text for ``ansi``, printed for ``human``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        text = f"bowers {self.variant}: call reset() to deal" if self.game is None else render_table(self.game, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _bot_choices(opponents: BotChoice | Sequence[BotChoice], players: int, seat: int) -> list[tuple[str, dict[str, Any]] | None]:
    """Each seat's bot as ``(name, settings)``, None at the learner's seat; bad choices raise ``OptionError``."""
    one_for_all = isinstance(opponents, tuple) and len(opponents) == 2 and isinstance(opponents[1], Mapping)
    if isinstance(opponents, str) or one_for_all:
        per_seat: list[BotChoice] = [opponents] * players  # type: ignore[list-item]
    else:
        per_seat = list(opponents)  # type: ignore[arg-type]
        if len(per_seat) != players:
            raise OptionError(f"opponents: one bot per seat ({players}), got {len(per_seat)}", "opponents", f"{players} bots")
    choices: list[tuple[str, dict[str, Any]] | None] = []
    for index, choice in enumerate(per_seat):
        if index == seat:
            choices.append(None)
        elif isinstance(choice, str):
            choices.append((choice, {}))
        elif isinstance(choice, tuple) and len(choice) == 2 and isinstance(choice[0], str) and isinstance(choice[1], Mapping):
            choices.append((choice[0], dict(choice[1])))
        else:
            message = f"opponents: seat {index} needs a bot name or (name, settings), not {choice!r}"
            raise OptionError(message, "opponents", "bots")
    return choices
