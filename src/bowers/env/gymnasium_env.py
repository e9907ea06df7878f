"""A single-agent Gymnasium environment: the learner holds one seat, bowers bots play every other seat.

``SingleSeatEnv(variant, seat=0, opponents="random", ...)`` is registered as
``bowers/<variant>-v1`` when ``bowers.env`` is imported.  Observations are
the learner's ``{"observation": float32 tensor, "action_mask": int8}`` from
``bowers.encoding``.  An episode is one hand or, with ``whole_game=True``, a
whole game.  The reward of a step is the learner's team's value, in the
``reward`` mode of ``bowers.rewards`` (``net`` by default, ``points``, or
``win`` for whole games), of the hands that ended during it.

Every hand is an episode (or part of one): a hand in which the learner has no
decision (it sits out while its partner plays alone, or a lone defender
plays for its team) is a one-step episode.  Its observation is the learner's
view when it was left out, its mask allows only ``CONTINUE`` (the id of
``pass``) and ``info["no_decision"]`` is True; whatever action the step is
given, the bots play the hand out and the step pays it.  So the plain mean of
episode returns is the team's mean per hand.  With whole games the hands the
learner sits out are inside its episode; only a game that ends before the
learner's first decision is such a one-step episode.

Every ``reset`` and ``step`` returns an info of the same keys and types (what
``gymnasium.make_vec`` needs): ``hand_result`` is the last hand that ended
during the call as numbers (``flat_hand_result``); the full result dicts are
in the environment's ``hand_results``.

An illegal action raises ``bowers.IllegalAction`` (``illegal_action="raise"``,
the default of the class) or, with ``illegal_action="penalty"`` (the default of
``gymnasium.make``, whose tools sample actions without the mask), ends the
episode with a reward of ``-illegal_penalty`` and ``info["illegal_action"]``.
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
from bowers.rewards import check_reward, team_values, winner_values

ILLEGAL_ACTIONS = ("raise", "penalty")
CONTINUE = 0
"""The one action id allowed where the learner has no decision in its hand: the id of ``pass`` in every variant."""
TRUMPS = ("C", "D", "H", "S", "NT")
"""``hand_result["trump"]`` is an index into this (-1: no trump, on a misdeal)."""

BotChoice = str | tuple[str, Mapping[str, Any]] | None  # a bot's name, or its name and settings; None for the learner's seat


def flat_hand_result(result: Mapping[str, Any] | None, players: int, teams: int) -> dict[str, Any]:
    """A hand's result (``Game.results``) as numbers of fixed types and shapes, seats and choices -1 where there are none.

    Vector environments stack infos key by key, so a value may not change its type from one step to the next; with
    ``result`` None (no hand ended) every value is neutral and ``ended`` is False.
    """
    if result is None:
        return {
            "ended": False,
            "dealer": -1,
            "maker": -1,
            "trump": -1,
            "alone": False,
            "lone_defender": -1,
            "misdeal": False,
            "made": -1,
            "jambone": False,
            "renege": False,
            "points": np.zeros(teams, dtype=np.int64),
            "tricks": np.zeros(players, dtype=np.int64),
        }
    made = result.get("made")

    def seat(key: str) -> int:
        value = result.get(key)
        return -1 if value is None else int(value)

    return {
        "ended": True,
        "dealer": seat("dealer"),
        "maker": seat("maker"),
        "trump": -1 if result.get("trump") is None else TRUMPS.index(result["trump"]),
        "alone": bool(result.get("alone")),
        "lone_defender": seat("lone_defender"),
        "misdeal": bool(result.get("misdeal")),
        "made": -1 if made is None else int(made),
        "jambone": bool(result.get("jambone")),
        "renege": result.get("renege") is not None,
        "points": np.asarray(result["points"], dtype=np.int64),
        "tricks": np.asarray(result["tricks"], dtype=np.int64),
    }


class SingleSeatEnv(gymnasium.Env[dict[str, Any], Any]):
    """One seat of a bowers variant for a single learner, the other seats played by bots chosen by name."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (Gymnasium's own type)

    def __init__(
        self,
        variant: str = "standard",
        seat: int = 0,
        opponents: BotChoice | Sequence[BotChoice] = "random",
        whole_game: bool = False,
        reward: str = "net",
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
        self.team = seat % self.encoding.teams
        self.bot_choices = _bot_choices(opponents, players, seat)
        if not isinstance(whole_game, bool):
            raise OptionError(f"whole_game must be True or False, not {whole_game!r}", "whole_game", "True, False")
        self.whole_game = whole_game
        self.reward_mode = check_reward(reward, whole_game)
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
        self.hand_results: list[dict[str, Any]] = []
        """The full results (``Game.results``) of the hands that ended during the last ``reset`` or ``step``."""
        self._closing: dict[str, Any] | None = None
        self._unpaid = 0.0
        self._no_decision = False  # the learner has no decision: the next step is CONTINUE
        for name_and_settings in self.bot_choices:  # check every bot name and setting now, not at the first reset
            if name_and_settings is not None:
                create(name_and_settings[0], seed=0, **name_and_settings[1])

    # ------------------------------------------------------------------ episode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal a new game (its seed drawn from the environment's generator) and let the bots act up to the learner's turn.

        In one-hand episodes the bots stop where the learner is left out of the hand; the episode is then one step.
        """
        super().reset(seed=seed)
        self.hand_results = []
        self._new_game()
        reward, over = self._bots_play(until_left_out=not self.whole_game)
        # With whole games, the hands before the learner's first decision (its partner played alone) are part of the
        # episode: they are paid with its first step's reward, so that an episode's rewards add up to the team's.
        self._unpaid = reward
        assert self.game is not None
        self._no_decision = over or self.game.to_act != self.seat
        return self._observe(), self._info()

    def _new_game(self) -> None:
        rng = self.np_random
        self.game = Game(self.variant, seed=int(rng.integers(SEED_BOUND)), **self.game_options)
        self.bots = [
            None if choice is None else create(choice[0], seed=int(rng.integers(SEED_BOUND)), **choice[1])
            for choice in self.bot_choices
        ]
        self._closing = None

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Apply the learner's action id, then the bots' actions up to the learner's next turn or the episode's end."""
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before step()")
        if self._no_decision:
            return self._continue()
        if self._closing is not None or game.is_over:
            raise RuntimeError("the episode is over: call reset()")
        if isinstance(action, bool | float):
            raise IllegalAction(self.seat, repr(action), "an action is an integer id", Refusal.NOT_AN_ID)
        action_id = operator.index(action)
        self.hand_results = []
        reward, self._unpaid = self._unpaid, 0.0
        hand_number = game.hand_number
        try:
            game.apply_id(action_id)
        except IllegalAction:
            if self.illegal_action == "raise":
                self._unpaid = reward
                raise
            # The episode ends here: its last observation, like any terminal one, allows no action.
            self._closing = {**game.observation(self.seat), "legal_actions": []}
            return self._observe(), reward - self.illegal_penalty, True, False, self._info(illegal_action=True)
        if game.hand_number != hand_number or game.is_over:
            reward += self._hand_reward()
            if self._episode_over():
                return self._observe(), reward, True, False, self._info()
        more, over = self._bots_play()
        return self._observe(), reward + more, over, False, self._info()

    def _continue(self) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """The step of an episode in which the learner has no decision: the bots play it out, whatever the action."""
        game = self.game
        assert game is not None
        self._no_decision = False
        self.hand_results = []
        reward, self._unpaid = self._unpaid, 0.0
        if self._closing is not None or game.is_over:  # the episode ended before the learner's first decision
            return self._observe(), reward, True, False, self._info()
        more, over = self._bots_play()
        return self._observe(), reward + more, over, False, self._info()

    def _bots_play(self, until_left_out: bool = False) -> tuple[float, bool]:
        """The bots act up to the learner's turn (or, ``until_left_out``, until it sits the hand out).

        Returns the learner's reward meanwhile and whether the episode ended.
        """
        game = self.game
        assert game is not None
        reward = 0.0
        while True:
            to_act = game.to_act
            if to_act is None or to_act == self.seat or (until_left_out and not game.hand.is_active(self.seat)):
                return reward, False
            bot = self.bots[to_act]
            assert bot is not None
            hand_number = game.hand_number
            game.apply(bot.act(game.observation(to_act)))
            if game.hand_number != hand_number or game.is_over:
                reward += self._hand_reward()
                if self._episode_over():
                    return reward, True

    def _hand_reward(self) -> float:
        """The learner's reward for the hand just ended (and for the game, if it ended too); keeps the hand's result."""
        game = self.game
        assert game is not None
        result = game.results[-1]
        self.hand_results.append(result)
        reward = team_values(self.reward_mode, result["points"])[self.team]
        if game.winner is not None:
            reward += winner_values(self.reward_mode, self.encoding.teams, game.winner)[self.team]
        return reward

    def _episode_over(self) -> bool:
        """True when the hand just ended closes the episode (then the learner's view of its end is kept)."""
        game = self.game
        assert game is not None
        if self.whole_game and not game.is_over:
            return False
        if not self.whole_game:
            self._closing = game.hand_over_view(self.seat)
        return True

    def _info(self, illegal_action: bool = False) -> dict[str, Any]:
        """The info of a reset or step: the same keys and types every time, whatever happened."""
        last = self.hand_results[-1] if self.hand_results else None
        return {
            "hand_result": flat_hand_result(last, self.encoding.players, self.encoding.teams),
            "hands": len(self.hand_results),
            "illegal_action": illegal_action,
            "no_decision": self._no_decision,
        }

    def _view(self) -> dict[str, Any]:
        if self._closing is not None:
            return self._closing
        assert self.game is not None
        return self.game.observation(self.seat)

    def _mask(self, view: Mapping[str, Any]) -> np.ndarray:
        mask = self.encoding.mask(view)
        if self._no_decision:
            mask[CONTINUE] = 1
        return mask

    def _observe(self) -> dict[str, np.ndarray]:
        view = self._view()
        return {"observation": self.encoding.encode(view), "action_mask": self._mask(view)}

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as a boolean mask (the method maskable learners call)."""
        return self._mask(self._view()).astype(bool)

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
