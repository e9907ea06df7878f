"""Every bowers variant as an OpenSpiel game (needs ``pip install 'bowers[openspiel]'``).

Importing this module registers ``bowers_standard``, ``bowers_two_hand``,
``bowers_british``, ``bowers_railroad``, ``bowers_railroad_6``,
``bowers_ultimate``, ``bowers_bid`` and ``bowers_bid_railroad`` with
``pyspiel.register_game``; the variant's options are the game's parameters
(``pyspiel.load_game("bowers_railroad(deck=24)")``, ``initial_scores`` as
text such as ``"3;5"``), and ``whole_game`` plays a game to the target
instead of one hand; ``reward`` picks the returns (``bowers.rewards``: ``net``, the
default, zero-sum as OpenSpiel's ``euchre``; ``points``, general-sum; ``win``,
whole games only), and a loaded game's ``get_type()`` says which utility that
is.  The ``draw`` option is not offered: the first dealer is a chance outcome.

The deal is chance: the first dealer (one outcome per seat), then every card
of the deck one at a time (outcome = the card's index in the variant's deck),
in the order the engine deals a shuffled deck: the variant's packets from the
dealer's left, and the kitty (its first card is the turn-up) where the
variant deals it (``bowers.game.deal_recipients``).  Player
actions are the variant's fixed action space.  Returns are paid at the end
(OpenSpiel's MCTS wants terminal rewards).  Observers (``make_py_observer``)
serve every ``pyspiel.IIGObservationType``: strings are JSON of the engine's
views (``Game.observation``, ``Game.public_observation``, ``Game.hand_over_view``;
perfect recall adds the viewer's view of earlier hands), tensors are
``bowers.encoding``'s.  ``resample_from_infostate`` deals the hidden cards with
the bots' sampler, for IS-MCTS.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any, Final, Protocol

import numpy as np
import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

from bowers.actions import BID, space_for
from bowers.bots.sampler import Sampler
from bowers.cards import CARD_NAMES, Card, hand_names
from bowers.encoding import Block, Encoding, InformationStateEncoding
from bowers.errors import OptionError
from bowers.game import Game, deal_order, deal_recipients
from bowers.hand import JAMBOREE_BONUS, hand_points
from bowers.rewards import REWARD_MODES, ZERO_SUM_MODES, check_reward, seat_values, team_values, winner_values
from bowers.variants import AUCTION, Rules, variant, variants

EXCLUDED_OPTIONS: Final = ("draw",)
MAX_HANDS_PER_TARGET_POINT: Final = 4  # whole games: max_game_length allows this many hands per point of the target
EXTRA_HANDS: Final = 100  # ... plus this many (misdeals score nothing; a longer game is vanishingly unlikely)
SCORE_SEPARATOR: Final = ";"  # OpenSpiel game strings separate parameters with commas


class Layout(Protocol):
    """What an observer needs of a tensor encoding (``Encoding``, or the information state's): named blocks."""

    players: int
    size: int
    blocks: dict[str, Block]
    private_blocks: tuple[str, ...]  # the blocks only their own seat may see

    def encode(self, observation: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray: ...

    def view(self, tensor: np.ndarray, name: str) -> np.ndarray: ...


def game_name(variant_name: str) -> str:
    """The OpenSpiel short name of a variant: ``bowers_`` and the name with ``-`` as ``_``."""
    return "bowers_" + variant_name.replace("-", "_")


def _parameter_value(value: Any) -> Any:
    """An option's default as an OpenSpiel parameter (bool, int or text; a list of scores as ``"0;0"``)."""
    if isinstance(value, tuple | list):
        return SCORE_SEPARATOR.join(str(v) for v in value)
    return value


def _option_value(value: Any) -> Any:
    """A parameter's value as a bowers option (scores text ``"3;5"`` as a list)."""
    if isinstance(value, str) and SCORE_SEPARATOR in value:
        return value.split(SCORE_SEPARATOR)
    return value


def _default_parameters(variant_name: str) -> dict[str, Any]:
    declared = variant(variant_name)
    parameters = {o.name: _parameter_value(o.default) for o in declared.options if o.name not in EXCLUDED_OPTIONS}
    parameters["whole_game"] = False
    parameters["reward"] = REWARD_MODES[0]
    return parameters


def _max_hand_points(rules: Rules) -> int:
    """The most points a team can score in one hand of these rules (a bound, for OpenSpiel's utility range)."""
    best = 0
    tricks = rules.hand_size
    for taken in range(tricks + 1):
        team_tricks = [0] * rules.teams
        team_tricks[0] = taken
        team_tricks[1 % rules.teams] = tricks - taken
        for made in (False, True):
            for alone in (False, True):
                for lone_defence in (False, True):
                    for jambone in (False, True):
                        points = hand_points(rules.scoring, tricks, team_tricks, 0, made, alone, lone_defence, jambone)
                        best = max(best, *points)
    bonus = JAMBOREE_BONUS if rules.jamboree else 0
    return max(best + bonus, rules.renege_penalty, rules.renege_penalty_alone)


def utility_range(rules: Rules, reward: str, whole_game: bool) -> tuple[float, float]:
    """The least and most a player's return can be under a reward mode (bounds, for OpenSpiel's utility range)."""
    if reward == "win":
        values = winner_values(reward, rules.teams, 0)
        return min(values), max(values)
    bound = float(_max_hand_points(rules) + (rules.target if whole_game else 0))
    return (-bound if reward in ZERO_SUM_MODES else 0.0), bound


def _max_hand_length(rules: Rules) -> int:
    """A bound on the moves of one hand, chance moves (the dealer and every card) included."""
    players = rules.players
    bids = sum(1 for kind in space_for(rules).kinds if kind == BID) if rules.bidding == AUCTION else 0
    bidding = 3 * players + bids + players
    setup = 3 + 2 * players + players + len(rules.deck)  # maker's choices, exchanges, defence, discards
    play = 2 * players * rules.hand_size  # every card, and a renege review or claim after each
    return 1 + len(rules.deck) + bidding + setup + play


class Spec:
    """What never changes within a game of one variant and parameters: its options, rules and encoding."""

    def __init__(self, variant_name: str, params: dict[str, Any]) -> None:
        self.name = game_name(variant_name)
        self.params = dict(params)
        chosen = {**_default_parameters(variant_name), **params}
        whole_game = chosen.pop("whole_game")
        if not isinstance(whole_game, bool):
            raise OptionError(f"whole_game must be true or false, not {whole_game!r}", "whole_game", "true, false")
        self.whole_game: bool = whole_game
        self.reward = check_reward(chosen.pop("reward"), whole_game)
        self.options: dict[str, Any] = {name: _option_value(value) for name, value in chosen.items()}
        self.encoding = Encoding(variant_name, **self.options)
        self.info_state_encoding: Layout = InformationStateEncoding(variant_name, **self.options)
        self.rules: Rules = self.encoding.rules
        self.variant: str = self.rules.variant


_SPECS: dict[tuple[str, tuple[tuple[str, Any], ...]], Spec] = {}
_VARIANT_OF_NAME: dict[str, str] = {}


def spec_of(game: Any) -> Spec:
    """The spec of an OpenSpiel game registered here (cached by name and parameters)."""
    name = game.get_type().short_name
    params = dict(game.get_parameters())
    key = (name, tuple(sorted(params.items())))
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = Spec(_VARIANT_OF_NAME[name], params)
    return spec


class BowersGame(pyspiel.Game):  # type: ignore[misc,unused-ignore]
    """One bowers variant with its options, as an OpenSpiel game."""

    def __init__(self, variant_name: str, game_type: Any, params: dict[str, Any] | None = None) -> None:
        spec = Spec(variant_name, dict(params or {}))  # checks every parameter before OpenSpiel sees the game
        rules = spec.rules
        hands = MAX_HANDS_PER_TARGET_POINT * rules.target + EXTRA_HANDS if spec.whole_game else 1
        max_length = hands * _max_hand_length(rules)
        min_utility, max_utility = utility_range(rules, spec.reward, spec.whole_game)
        zero_sum = spec.reward in ZERO_SUM_MODES
        info = pyspiel.GameInfo(
            num_distinct_actions=spec.encoding.num_actions,
            max_chance_outcomes=max(spec.encoding.deck_size, rules.players),
            num_players=rules.players,
            min_utility=min_utility,
            max_utility=max_utility,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=max_length,
        )
        if zero_sum != (game_type.utility == pyspiel.GameType.Utility.ZERO_SUM):
            game_type = _game_type(variant_name, spec.reward)  # the registered type is the default reward's
        super().__init__(game_type, info, {**_default_parameters(variant_name), **(params or {})})

    def new_initial_state(self) -> BowersState:
        """The state before the deal."""
        return BowersState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> BowersObserver:
        """An observer of any ``pyspiel.IIGObservationType`` (default: a player's view of the hand in progress)."""
        if params:
            raise ValueError(f"bowers observers take no parameters; got {params}")
        kind = pyspiel.IIGObservationType(perfect_recall=False) if iig_obs_type is None else iig_obs_type
        spec = spec_of(self)
        return BowersObserver(spec.info_state_encoding if kind.perfect_recall else spec.encoding, kind)


class _Table:
    """A state's mutable contents; ``copy.deepcopy`` (OpenSpiel's clone) copies the game with ``Game.copy``."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.moves: list[int] = []  # every move so far, chance moves included: what a pickle holds
        self.game: Game | None = None
        self.dealer = -1
        self.dealing: list[int] = []  # deck indices dealt so far in the deal in progress
        # Each viewer's view of every finished hand: one list per seat, then anyone watching's.
        self.past: list[list[dict[str, Any]]] = [[] for _ in range(spec.rules.players + 1)]
        self.closing: list[dict[str, Any]] | None = None  # a one-hand episode's end, by viewer as ``past``
        self.over = False
        self.returns = [0.0] * spec.rules.players

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        other = _Table.__new__(_Table)
        other.spec = self.spec
        other.moves = self.moves[:]
        other.game = None if self.game is None else self.game.copy()
        other.dealer = self.dealer
        other.dealing = self.dealing[:]
        other.past = [views[:] for views in self.past]
        other.closing = self.closing
        other.over = self.over
        other.returns = self.returns[:]
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the game's name, parameters and moves; unpickling replays the moves."""
        return (_table_from_moves, (self.spec.name, self.spec.params, self.moves))

    @property
    def is_dealing(self) -> bool:
        return len(self.dealing) < self.spec.encoding.deck_size


class BowersState(pyspiel.State):  # type: ignore[misc,unused-ignore]
    """A bowers game in progress, as an OpenSpiel state."""

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self._table = _Table(spec_of(game))

    # ------------------------------------------------------------------ the game tree

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        table = self._table
        if table.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if table.is_dealing:
            return int(pyspiel.PlayerId.CHANCE)
        assert table.game is not None
        to_act = table.game.to_act
        assert to_act is not None
        return to_act

    def _legal_actions(self, player: int) -> list[int]:
        game = self._table.game
        assert game is not None
        return game.legal_action_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The dealer (first hand), then each card not yet dealt, uniformly."""
        table = self._table
        if table.dealer < 0:
            players = table.spec.rules.players
            return [(seat, 1.0 / players) for seat in range(players)]
        dealt = set(table.dealing)
        remaining = [card for card in range(table.spec.encoding.deck_size) if card not in dealt]
        return [(card, 1.0 / len(remaining)) for card in remaining]

    def _apply_action(self, action: int) -> None:
        table = self._table
        table.moves.append(action)
        if table.is_dealing:
            if table.dealer < 0:
                table.dealer = action
            else:
                table.dealing.append(action)
                if not table.is_dealing:
                    self._start_hand()
            return
        game = table.game
        assert game is not None
        hand_number = game.hand_number
        game.apply_id(action)
        if game.hand_number != hand_number or game.is_over:
            self._end_hand()

    def _deal(self) -> tuple[list[list[str]], list[str]]:
        """The cards dealt so far as names, by the engine's order of dealing: each seat's hand and the kitty."""
        table = self._table
        spec = table.spec
        recipients = deal_recipients(spec.rules, table.dealer)
        hands: list[list[str]] = [[] for _ in range(spec.rules.players)]
        kitty: list[str] = []
        for position, index in enumerate(table.dealing):
            seat = recipients[position]
            (hands[seat] if seat >= 0 else kitty).append(CARD_NAMES[spec.encoding.deck[index]])
        return hands, kitty

    def _start_hand(self) -> None:
        table = self._table
        spec = table.spec
        hands, kitty = self._deal()
        if table.game is None:
            table.game = Game.from_deal(spec.rules, dealer=table.dealer, hands=hands, kitty=kitty, seed=0)
            return
        table.game.redeal(hands, kitty)

    def _end_hand(self) -> None:
        table = self._table
        game = table.game
        assert game is not None
        spec = table.spec
        rules = spec.rules
        values = team_values(spec.reward, game.results[-1]["points"])
        if spec.whole_game and game.is_over:
            assert game.winner is not None
            values = [v + w for v, w in zip(values, winner_values(spec.reward, rules.teams, game.winner), strict=True)]
        table.returns = [total + v for total, v in zip(table.returns, seat_values(values, rules.players), strict=True)]
        if spec.whole_game and game.is_over:
            table.over = True
            return
        closing = [game.hand_over_view(seat) for seat in (*range(rules.players), None)]
        if not spec.whole_game:
            table.closing = closing
            table.over = True
            return
        for views, view in zip(table.past, closing, strict=True):
            views.append(_strip(view))
        table.dealer = game.dealer
        table.dealing = []

    def _action_to_string(self, player: int, action: int) -> str:
        table = self._table
        if player == pyspiel.PlayerId.CHANCE:
            if table.dealer < 0:
                return f"dealer:{action}"
            return f"deal:{CARD_NAMES[table.spec.encoding.deck[action]]}"
        return table.spec.encoding.action_names[action]

    def is_terminal(self) -> bool:
        """True once the hand (or, with ``whole_game``, the game) is over."""
        return self._table.over

    def rewards(self) -> list[float]:
        """Zeros until the end, then the returns (OpenSpiel's MCTS needs terminal rewards)."""
        return self.returns()

    def returns(self) -> list[float]:
        """At the end, each player's team's value of the episode under the game's ``reward`` mode; zeros before."""
        table = self._table
        return table.returns[:] if table.over else [0.0] * len(table.returns)

    def __str__(self) -> str:
        """The hand in progress in full (for debugging, and the key OpenSpiel's ``get_all_states`` uses by default): the
        cards each seat was dealt, the kitty as dealt (the turn-up first), the cards each holds now and every action;
        earlier hands of a whole game show only in the scores."""
        table = self._table
        if table.game is None:
            dealt = " ".join(CARD_NAMES[table.spec.encoding.deck[card]] for card in table.dealing)
            return f"dealer {table.dealer}, dealt so far: {dealt}"
        game = table.game
        hand = game.hand
        dealt = " | ".join(" ".join(hand_names(cards)) for cards in hand.dealt_hands)
        kitty = " ".join(CARD_NAMES[card] for card in hand.kitty_as_dealt)
        hands = " | ".join(" ".join(game.hand_cards(seat)) for seat in range(game.rules.players))
        actions = " ".join(f"{seat}:{game.space.names[a]}" for seat, a in hand.actions)
        head = f"hand {game.hand_number} dealer {game.dealer} scores {game.scores}"
        return f"{head} dealt {dealt} kitty {kitty} hands {hands} actions {actions}"

    # ------------------------------------------------------------------ what a player sees

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` (None: anyone watching) may see now, as ``Game.observation`` or ``Game.public_observation``
        give it (what a bot acts on); while dealing, the cards dealt to the seat so far."""
        table = self._table
        if table.closing is not None:
            return table.closing[table.spec.rules.players if seat is None else seat]
        if table.is_dealing:
            return self._dealing_view(seat)
        game = table.game
        assert game is not None
        return game.public_observation() if seat is None else game.observation(seat)

    def views(self, seat: int | None, recall: bool) -> list[dict[str, Any]]:
        """The seat's (None: anyone watching's) view now without the options, after its view of every finished
        hand if ``recall``."""
        table = self._table
        now = _strip(self.view(seat))
        if not recall:
            return [now]
        return [*table.past[table.spec.rules.players if seat is None else seat], now]

    def _dealing_view(self, seat: int | None) -> dict[str, Any]:
        table = self._table
        rules = table.spec.rules
        players = rules.players
        hands, _ = self._deal() if table.dealer >= 0 else ([[] for _ in range(players)], [])
        scores = list(rules.initial_scores) if table.game is None else table.game.scores
        return {
            "seat": seat,
            "phase": "deal",
            "dealer": table.dealer if table.dealer >= 0 else None,
            "hand": [] if seat is None else hands[seat],
            "hand_sizes": [len(cards) for cards in hands],
            "history": [],
            "trick": [],
            "tricks_won": [0] * players,
            "scores": scores,
            "target": rules.target,
        }

    def resample_from_infostate(self, player: int, probability_sampler: Callable[[], float]) -> BowersState:
        """A state the player cannot tell from this one: the hidden cards of the hand in progress dealt again.

        Earlier hands, which cannot change what follows except through the scores, are kept as they were.
        """
        table = self._table
        if table.is_dealing or table.over:
            return self.clone()
        assert table.game is not None
        rng = random.Random(int(probability_sampler() * 2**52))
        world = Sampler(table.game.observation(player)).sample(rng)
        hand = world.hand
        spec = table.spec
        position_of = {card: index for index, card in enumerate(spec.encoding.deck)}
        order: list[Card] = deal_order(spec.rules, hand.dealer, hand.dealt_hands, hand.kitty_as_dealt)
        history = self.history()
        first_hand = len(table.past[0]) == 0
        this_hand = len(table.dealing) + table.game.hand.action_count + (1 if first_hand else 0)
        state = self.get_game().new_initial_state()
        for move in history[: len(history) - this_hand]:
            state.apply_action(move)
        if state._table.dealer < 0:
            state.apply_action(hand.dealer)
        for card in order:
            state.apply_action(position_of[card])
        for _, action in hand.actions:
            state.apply_action(action)
        return state


def _table_from_moves(name: str, params: dict[str, Any], moves: list[int]) -> _Table:
    """A state's contents rebuilt by replaying its moves (unpickling)."""
    state = pyspiel.load_game(name, params).new_initial_state()
    for move in moves:
        state.apply_action(move)
    table: _Table = state._table
    return table


def _strip(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what never changes within a game (the options), for compact strings."""
    return {key: value for key, value in view.items() if key != "options"}


def private_part(view: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """What a seat's ``view`` shows beyond ``public`` (anyone watching's view of the same moment): the seat, its
    cards, and the actions only it may see (a discard, a card given or received) as ``[index in history, seat, text]``."""
    shown = public["history"]
    actions = [[index, *entry] for index, entry in enumerate(view["history"]) if entry != shown[index]]
    return {"seat": view["seat"], "hand": view["hand"], "actions": actions}


class BowersObserver:
    """OpenSpiel's observer interface for one ``pyspiel.IIGObservationType``: ``tensor`` (with named views in
    ``dict``), ``set_from`` and ``string_from``.

    With the public information and one player's private information (OpenSpiel's observation and information
    state) the tensor is the encoding's, block for block.  Otherwise it keeps the encoding's blocks in order, the
    public ones only with ``public_info`` and the private ones (the encoding's ``private_blocks``) for the player, for every
    player (a row per seat, relative to the player) or not at all.  Strings are JSON: the player's view, anyone
    watching's view, or that view with ``private``, each seat's private part (``private_part``); perfect recall
    gives the list of those views for every finished hand and the hand in progress.
    """

    def __init__(self, encoding: Layout, kind: Any) -> None:
        self.encoding = encoding
        self.perfect_recall = bool(kind.perfect_recall)
        self.public_info = bool(kind.public_info)
        self.private_info = kind.private_info
        self.players = encoding.players
        self.single = self.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.every_seat = self.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS
        self.whole = self.public_info and self.single  # exactly the encoding's tensor
        self._scratch = np.zeros(encoding.size, dtype=np.float32)
        self._pieces: list[tuple[Block, bool]] = []  # (encoding block, one row per seat)
        for block in encoding.blocks.values():
            private = block.name in encoding.private_blocks
            if (self.public_info and not private) or (private and self.single):
                self._pieces.append((block, False))
            elif private and self.every_seat:
                self._pieces.append((block, True))
        self.tensor = np.zeros(sum(block.size * (self.players if rows else 1) for block, rows in self._pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        start = 0
        for block, rows in self._pieces:
            shape = (self.players, *block.shape) if rows else block.shape
            size = block.size * (self.players if rows else 1)
            self.dict[block.name] = self.tensor[start : start + size].reshape(shape)
            start += size

    def set_from(self, state: BowersState, player: int) -> None:
        """Write the player's tensor into ``tensor``."""
        encoding = self.encoding
        if self.whole:
            encoding.encode(state.view(player), out=self.tensor)
            return
        self.tensor.fill(0.0)
        scratch = self._scratch
        if self.public_info or self.single:
            encoding.encode(state.view(player), out=scratch)
            for block, rows in self._pieces:
                if not rows:
                    self.dict[block.name][...] = encoding.view(scratch, block.name)
        if self.every_seat:
            for offset in range(self.players):
                encoding.encode(state.view((player + offset) % self.players), out=scratch)
                for block, rows in self._pieces:
                    if rows:
                        self.dict[block.name][offset] = encoding.view(scratch, block.name)

    def string_from(self, state: BowersState, player: int) -> str:
        """The JSON of what this observer sees of the state from the player's seat."""
        recall = self.perfect_recall
        if self.whole:
            views = state.views(player, recall)
        else:
            public = state.views(None, recall)
            if self.single:
                own = state.views(player, recall)
                privates = [[private_part(view, shown)] for view, shown in zip(own, public, strict=True)]
            elif self.every_seat:
                seats = [state.views(seat, recall) for seat in range(self.players)]
                privates = [[private_part(seat[i], shown) for seat in seats] for i, shown in enumerate(public)]
            else:
                privates = [[] for _ in public]
            views = [self._combine(shown, parts) for shown, parts in zip(public, privates, strict=True)]
        return json.dumps(views if recall else views[0], sort_keys=True, separators=(",", ":"))

    def _combine(self, public: dict[str, Any], parts: list[dict[str, Any]]) -> dict[str, Any]:
        """One moment's view: the public view and the private parts, as the observation type asks."""
        if self.single and not self.public_info:
            return parts[0]
        combined = dict(public) if self.public_info else {}
        if self.every_seat:
            combined["private"] = parts
        return combined


def _game_type(variant_name: str, reward: str) -> Any:
    declared = variant(variant_name)
    players = make_players(variant_name)
    zero_sum = reward in ZERO_SUM_MODES
    return pyspiel.GameType(
        short_name=game_name(variant_name),
        long_name=f"bowers {variant_name}: {declared.summary}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_default_parameters(variant_name),
        provides_factored_observation_string=True,
    )


def make_players(variant_name: str) -> int:
    """How many players a variant seats."""
    return Encoding(variant_name).players


def _creator_init(variant_name: str, game_type: Any) -> Callable[[Any, dict[str, Any] | None], None]:
    def __init__(self: BowersGame, params: dict[str, Any] | None = None) -> None:
        BowersGame.__init__(self, variant_name, game_type, params)

    return __init__


def register() -> list[str]:
    """Register every variant with OpenSpiel (idempotent); returns the game names."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in variants():
        short = game_name(name)
        names.append(short)
        _VARIANT_OF_NAME[short] = name
        if short in registered:
            continue
        game_type = _game_type(name, REWARD_MODES[0])
        # A class per variant: OpenSpiel keeps the creator for the life of the process, and a class (unlike a
        # closure) is released cleanly when the interpreter exits.
        creator = type(
            f"Bowers{short.title().replace('_', '')}Game",
            (BowersGame,),
            {"__init__": _creator_init(name, game_type), "__doc__": f"bowers {name} as an OpenSpiel game."},
        )
        pyspiel.register_game(game_type, creator)
    return names


GAME_NAMES: Final = register()

__all__ = ["GAME_NAMES", "BowersGame", "BowersObserver", "BowersState", "game_name", "register", "utility_range"]
