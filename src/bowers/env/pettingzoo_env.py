"""A PettingZoo AEC environment for every bowers variant: one agent per seat, rewarded at the end of each hand.

``raw_env(variant, whole_game=False, reward="net", render_mode=None, **options)``
is the environment itself; ``env(...)`` wraps it the PettingZoo way (an
out-of-range action fails an assertion, and acting out of turn or before
``reset`` raises).  An episode is one hand (``whole_game=False``) or a whole
game to the target.  When a hand ends every agent, a seat sitting out
included, is paid its team's value in the ``reward`` mode of ``bowers.rewards``
(``net``, ``points``, or ``win`` for whole games, paid when the game ends).
Each agent observes ``{"observation": float32 tensor, "action_mask": int8}``
built by ``bowers.encoding`` from ``Game.observation(seat)`` alone.  An action
that is not legal now raises ``bowers.IllegalAction`` and changes nothing.
"""

from __future__ import annotations

import operator
import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from bowers.encoding import Encoding
from bowers.env.render import render_table
from bowers.errors import OptionError
from bowers.game import Game
from bowers.rewards import check_reward, team_values, winner_values

RENDER_MODES = ("ansi", "human")


def agent_name(seat: int) -> str:
    """The agent of a seat: ``seat_0``, ``seat_1``, ..."""
    return f"seat_{seat}"


def check_render_mode(render_mode: object) -> str | None:
    """The render mode as given, or ``OptionError`` naming the modes there are."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        allowed = ", ".join(RENDER_MODES)
        raise OptionError(f"unknown render_mode {render_mode!r}; render modes: {allowed} (or None)", "render_mode", allowed)
    return render_mode


SEED_BOUND = 2**63  # game seeds are drawn below this from an environment's generator


class BowersAECEnv(AECEnv[str, dict[str, np.ndarray], int | None], EzPickle):
    """Every seat of one bowers variant as a PettingZoo agent (agent order: seat order from the seat to act)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "bowers_v1",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str = "standard",
        whole_game: bool = False,
        reward: str = "net",
        render_mode: str | None = None,
        **options: Any,
    ):
        EzPickle.__init__(self, variant=variant, whole_game=whole_game, reward=reward, render_mode=render_mode, **options)
        super().__init__()
        self.encoding = Encoding(variant, **options)  # an unknown variant or option raises OptionError here
        self.variant = self.encoding.rules.variant
        self.game_options = dict(options)
        if not isinstance(whole_game, bool):
            raise OptionError(f"whole_game must be True or False, not {whole_game!r}", "whole_game", "True, False")
        self.whole_game = whole_game
        self.reward_mode = check_reward(reward, whole_game)
        self.render_mode = check_render_mode(render_mode)
        self._render_human = self.render_mode == "human"
        self._episode_over = False
        players = self.encoding.players
        self.possible_agents = [agent_name(seat) for seat in range(players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._observation_spaces = {agent: self._make_observation_space() for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(self.encoding.num_actions) for agent in self.possible_agents}
        self._seeds = random.Random()  # the generator of game seeds (a plain one: a numpy draw costs several steps)
        self.game: Game | None = None
        self._closing: list[dict[str, Any]] | None = None  # each seat's view of the hand that ended a one-hand episode
        self._hand_ended = False  # a one-hand episode is over (its views are built when first observed)

    def _make_observation_space(self) -> spaces.Dict:
        encoding = self.encoding
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, shape=(encoding.size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(encoding.num_actions,), dtype=np.int8),
            }
        )

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of an agent: the tensor and the mask (the same object every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The variant's fixed action space (``bowers.action_space``): a ``Discrete`` of its size."""
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: a new game whose seed is drawn from the generator ``seed`` starts (or continues)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = Game(self.variant, seed=self._seeds.getrandbits(63), **self.game_options)
        self._closing = None
        self._hand_ended = False
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._rewards_given = False  # the last step ended a hand and set rewards and results
        self._episode_over = False  # every agent is terminated (only dead steps remain)
        self._legal_ids = self.game.legal_action_ids()
        to_act = self.game.to_act
        assert to_act is not None
        self.agent_selection = self.possible_agents[to_act]

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action id (``None`` once it is terminated); an illegal id raises ``IllegalAction``."""
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self._episode_over and (self.terminations[agent] or self.truncations[agent]):
            self._was_dead_step(action)
            return
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before step()")
        if type(action) is not int:  # numpy integers are accepted; None, bools and floats are refused
            if action is None or isinstance(action, bool | float):
                message = f"an action is an integer id below {self.encoding.num_actions}, not {action!r}"
                raise OptionError(message, "action", "ids")
            action = operator.index(action)
        hand_number = game.hand_number
        self._legal_ids = game.step_id(action)  # refuses an illegal id with IllegalAction, changing nothing
        self._cumulative_rewards[agent] = 0.0
        if self._rewards_given:  # the last step ended a hand: its rewards and results are read, so clear them
            for name in self.rewards:
                self.rewards[name] = 0.0
            self.infos = {name: {} for name in self.agents}
            self._rewards_given = False
        if self._legal_ids and game.hand_number == hand_number:
            self.agent_selection = self.possible_agents[game.to_act]  # type: ignore[index]
        else:
            self._end_of_hand()
            self._accumulate_rewards()
        if self._render_human:
            self.render()

    def legal_action_ids(self) -> list[int]:
        """The ids legal for the selected agent now (what its action mask allows), without building the mask."""
        return list(self._legal_ids)

    def _end_of_hand(self) -> None:
        """Pay each seat its team's value of the hand (and of the game, once over); end the episode unless a game goes on."""
        game = self.game
        assert game is not None
        result = game.results[-1]
        teams = self.encoding.teams
        values = team_values(self.reward_mode, result["points"])
        if game.winner is not None:
            bonuses = winner_values(self.reward_mode, teams, game.winner)
            values = [value + bonus for value, bonus in zip(values, bonuses, strict=True)]
        for seat, name in enumerate(self.possible_agents):
            self.rewards[name] = values[seat % teams]
            self.infos[name] = {"hand_result": result}
        self._rewards_given = True
        if self.whole_game and not game.is_over:
            to_act = game.to_act
            assert to_act is not None
            self.agent_selection = self.possible_agents[to_act]
            return
        if not self.whole_game:
            self._hand_ended = True  # the views are built if anyone observes the end
        for name in self.agents:
            self.terminations[name] = True
        self._episode_over = True

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's tensor and action mask, from what its seat may see."""
        seat = self._seat_of[agent]
        if self._closing is None and self._hand_ended:
            assert self.game is not None
            self._closing = [self.game.hand_over_view(seat) for seat in range(self.encoding.players)]
        if self._closing is not None:
            view = self._closing[seat]
        else:
            if self.game is None:
                raise RuntimeError("call reset() before observe()")
            view = self.game.observation(seat)
        return {"observation": self.encoding.encode(view), "action_mask": self.encoding.mask(view)}

    def render(self) -> str | None:
        """The table as anyone watching may see it: text for ``ansi``, printed for ``human``."""
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() was called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        text = f"bowers {self.variant}: call reset() to deal" if self.game is None else render_table(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""


def raw_env(
    variant: str = "standard", whole_game: bool = False, reward: str = "net", render_mode: str | None = None, **options: Any
) -> BowersAECEnv:
    """The unwrapped AEC environment of a variant with its options."""
    return BowersAECEnv(variant, whole_game=whole_game, reward=reward, render_mode=render_mode, **options)


def env(
    variant: str = "standard", whole_game: bool = False, reward: str = "net", render_mode: str | None = None, **options: Any
) -> AECEnv[Any, Any, Any]:
    """The AEC environment wrapped the PettingZoo way: bounds asserted, order enforced."""
    wrapped: AECEnv[Any, Any, Any] = raw_env(variant, whole_game=whole_game, reward=reward, render_mode=render_mode, **options)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
