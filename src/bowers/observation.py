"""The one place where a seat's view of the game is built: exactly what that seat may see.

A seat sees its own cards, the turn-up, every announcement and card played,
and the cards a rule makes public (an exposed Jambone hand, a Jamboree,
returned twos and threes).  It never sees another hand, the kitty, a discard
or a card passed in a loner exchange that it did not give or receive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from bowers.actions import DISCARD, DISCARD_KITTY, GIVE
from bowers.cards import CARD_NAMES, hand_names
from bowers.hand import OVER, trump_name

if TYPE_CHECKING:
    from bowers.game import Game

HIDDEN: Final = "??"


def _masked(game: Game, viewer: int, actor: int, action: int, give_index: int) -> str:
    """The text of an action as ``viewer`` may see it."""
    hand = game.hand
    space = game.space
    kind = space.kinds[action]
    name = space.names[action]
    if kind == DISCARD and actor != viewer:
        return f"discard:{HIDDEN}"
    if kind == DISCARD_KITTY and actor != viewer:
        return "discard:" + ",".join([HIDDEN] * len(space.card_sets[action]))
    if kind == GIVE:
        _, receiver, _ = hand.exchanges[give_index]
        if viewer not in (actor, receiver):
            return f"give:{HIDDEN}"
    return name


SPECTATOR: Final = -1  # the viewer of the public view: no seat, so every private action is masked


def build_public_observation(game: Game) -> dict[str, Any]:
    """What anyone watching may see: the observation of no seat (no hand, no legal actions, private actions masked)."""
    return build_observation(game, SPECTATOR)


def build_observation(game: Game, seat: int) -> dict[str, Any]:
    """Everything ``seat`` may see, as a JSON-able dict (``SPECTATOR``: what anyone watching may see)."""
    hand = game.hand
    rules = game.rules
    over = game.is_over or hand.phase == OVER
    history = []
    gives = 0
    for actor, action in hand.actions:
        history.append([actor, _masked(game, seat, actor, action, gives)])
        if game.space.kinds[action] == GIVE:
            gives += 1
    public: dict[str, Any] = {}
    if hand.jambone and hand.phase >= 10:
        public[str(hand.maker)] = hand_names(hand.hands[hand.maker])
    to_act = None if game.is_over else hand.to_act
    observation: dict[str, Any] = {
        "variant": rules.variant,
        "seat": None if seat == SPECTATOR else seat,
        "team": None if seat == SPECTATOR else seat % rules.teams,
        "phase": game.phase,
        "to_act": to_act,
        "turn": None if hand.turn < 0 or over else hand.turn,
        "dealer": hand.dealer,
        "hand_number": game.hand_number,
        "hand": [] if seat == SPECTATOR else hand_names(hand.hands[seat]),
        "hand_sizes": [h.bit_count() for h in hand.hands],
        "turn_up": CARD_NAMES[hand.turn_up] if hand.turn_up >= 0 else None,
        "turn_up_state": hand.turn_up_state,
        "trump": trump_name(hand.trump),
        "maker": None if hand.maker < 0 else hand.maker,
        "alone": hand.alone,
        "lone_defender": None if hand.lone_defender < 0 else hand.lone_defender,
        "jambone": hand.jambone,
        "exposed": public,
        "jamboree": {str(s): [CARD_NAMES[c] for c in _top(hand)] for s in hand.jamboree},
        "twos_threes": {str(s): [CARD_NAMES[c] for c in cards] for s, cards in hand.returned.items()},
        "contract": hand.contract(),
        "high_bidder": None if hand.high_bidder < 0 else hand.high_bidder,
        "sitting_out": [s for s in range(rules.players) if (hand.sitting_out >> s) & 1],
        "history": history,
        "trick": [[s, CARD_NAMES[c]] for s, c in hand.trick],
        "leader": None if hand.leader < 0 else hand.leader,
        "tricks_won": hand.tricks_won[:],
        "scores": list(game.scores),
        "target": rules.target,
        "options": game.options,
        "legal_actions": game.legal_actions() if to_act == seat else [],
    }
    if hand.jambone and to_act == seat and hand.turn == hand.maker:
        observation["playing_for"] = hand.maker
    return observation


def _top(hand: Any) -> tuple[int, ...]:
    tables = hand.tables
    return tables.trump_order[:5] if tables is not None else ()
