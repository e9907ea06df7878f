"""The one place where a seat's view of the game is built: exactly what that seat may see.

A seat sees its own cards, the turn-up, every announcement and card played,
and the cards a rule makes public (an exposed Jambone hand, a Jamboree,
returned twos and threes).  It never sees another hand, the kitty, a discard
or a card passed in a loner exchange that it did not give or receive.
The same masking gives a finished hand's summary (``build_hand_summary``),
so every view of a hand, in play or finished, is decided here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from bowers.actions import DISCARD, DISCARD_KITTY, GIVE, HIDDEN
from bowers.cards import CARD_NAMES, hand_names
from bowers.hand import DISCARD_PHASE, OVER, trump_name
from bowers.variants import AUCTION

if TYPE_CHECKING:
    from bowers.game import Game
    from bowers.hand import Hand


def _masked(game: Game, hand: Hand, viewer: int, actor: int, action: int, give_index: int) -> str:
    """The text of an action of ``hand`` as ``viewer`` may see it."""
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


def _history(game: Game, hand: Hand, viewer: int) -> list[list[Any]]:
    """Every action of ``hand`` so far as ``[seat, text]``, each private card masked unless ``viewer`` may see it."""
    history: list[list[Any]] = []
    gives = 0
    for actor, action in hand.actions:
        history.append([actor, _masked(game, hand, viewer, actor, action, gives)])
        if game.space.kinds[action] == GIVE:
            gives += 1
    return history


def _from_kitty(game: Game, hand: Hand, viewer: int) -> list[str]:
    """The cards ``viewer`` took from the kitty this hand that no one else saw, in the order taken: Ultimate's
    replacements for returned twos and threes, and an auction declarer's kitty (the turn-up is public)."""
    taken: list[int] = []
    bottom = len(hand.kitty)
    for seat in hand.returned:  # in the order the seats returned: each takes the next three from the bottom
        if seat == viewer:
            taken.extend(hand.kitty[bottom - 3 : bottom])
        bottom -= 3
    if game.rules.bidding == AUCTION and hand.maker == viewer and hand.phase >= DISCARD_PHASE:
        taken.extend(hand.kitty)
    return [CARD_NAMES[card] for card in taken]


SPECTATOR: Final = -1  # the viewer of the public view: no seat, so every private action is masked


def build_public_observation(game: Game) -> dict[str, Any]:
    """What anyone watching may see: the observation of no seat (no hand, no legal actions, private actions masked)."""
    return build_observation(game, SPECTATOR)


def build_observation(game: Game, seat: int, finished: int | None = None) -> dict[str, Any]:
    """Everything ``seat`` may see, as a JSON-able dict (``SPECTATOR``: what anyone watching may see).

    With ``finished``, the view of that finished hand as it ended, before the next deal: phase ``over``,
    nobody to act, and the scores as that hand left them.
    """
    if finished is None:
        hand = game.hand
        over = game.is_over or hand.phase == OVER
        to_act = None if game.is_over else hand.to_act
        phase = game.phase
        number = game.hand_number
        scores = list(game.scores)
    else:
        hand = game._finished[finished]  # the engine's own list of finished hands (this module is part of the engine)
        over = True
        to_act = None
        phase = hand.phase_name
        number = finished
        scores = list(game.rules.initial_scores)
        for result in game._results[: finished + 1]:
            scores = [score + points for score, points in zip(scores, result["points"], strict=True)]
    rules = game.rules
    history = _history(game, hand, seat)
    public: dict[str, Any] = {}
    if hand.jambone and hand.phase >= 10:
        public[str(hand.maker)] = hand_names(hand.hands[hand.maker])
    trump_made = hand.trump_made
    plays = hand.finished_plays()  # one scan of the history for the finished tricks and the suits led to them
    observation: dict[str, Any] = {
        "variant": rules.variant,
        "seat": None if seat == SPECTATOR else seat,
        "team": None if seat == SPECTATOR else seat % rules.teams,
        "phase": phase,
        "to_act": to_act,
        "turn": None if hand.turn < 0 or over else hand.turn,
        "dealer": hand.dealer,
        "hand_number": number,
        "hand": [] if seat == SPECTATOR else hand_names(hand.hands[seat]),
        "from_kitty": [] if seat == SPECTATOR else _from_kitty(game, hand, seat),
        "hand_sizes": [h.bit_count() for h in hand.hands],
        "turn_up": CARD_NAMES[hand.turn_up] if hand.turn_up >= 0 else None,
        "turn_up_state": hand.turn_up_state,
        "trump": trump_name(hand.trump),
        "trump_made": None if trump_made is None else trump_made.value,
        "maker": None if hand.maker < 0 else hand.maker,
        "alone": hand.alone,
        "lone_defender": None if hand.lone_defender < 0 else hand.lone_defender,
        "jambone": hand.jambone,
        "exposed": public,
        "jamboree": {str(s): [CARD_NAMES[c] for c in _top(hand)] for s in hand.jamboree},
        "twos_threes": {str(s): [CARD_NAMES[c] for c in cards] for s, cards in hand.returned.items()},
        "contract": hand.contract(),
        "contract_level": hand.contract_level if hand.high_bidder >= 0 else None,
        "high_bidder": None if hand.high_bidder < 0 else hand.high_bidder,
        "tricks_needed": hand.tricks_needed,
        "sitting_out": hand.sitting_out_seats,
        "history": history,
        "tricks": [[[s, CARD_NAMES[c]] for s, c in trick] for trick in hand.played_from(plays)],
        "trick_leaders": _trick_leaders(hand),
        "trick_winners": hand.trick_winners,
        "suits_led": [trump_name(suit) for suit in hand.suits_led_from(plays)],
        "trick": [[s, CARD_NAMES[c]] for s, c in hand.trick],
        "led": trump_name(hand.led),
        "leader": None if hand.leader < 0 else hand.leader,
        "tricks_won": hand.tricks_won[:],
        "team_tricks": hand.team_tricks,
        "scores": scores,
        "target": rules.target,
        "options": game.options,
        "legal_actions": game.legal_actions() if to_act == seat else [],
    }
    if hand.jambone and to_act == seat and hand.turn == hand.maker:
        observation["playing_for"] = hand.maker
    return observation


def build_hand_summary(game: Game, number: int, seat: int) -> dict[str, Any]:
    """Finished hand ``number`` as ``seat`` (``SPECTATOR``: anyone watching) may see it.

    Its dealer, its actions with the same masking as the observation's history (a discard
    shown to its maker only, a passed card to its giver and receiver only), its tricks
    (``[[seat, card], ...]`` in the order played), who led and who took each trick, how trump
    was made, the tricks the makers needed and each team took, and its result; no hand and no kitty.
    """
    finished = game._finished  # the engine's own list of finished hands (this module is part of the engine)
    if not 0 <= number < len(finished):
        raise IndexError(f"no finished hand {number}: {len(finished)} hands are finished")
    hand = finished[number]
    return {
        "hand_number": number,
        "dealer": hand.dealer,
        "actions": _history(game, hand, seat),
        "tricks": played_tricks(game, hand),
        "trick_leaders": _trick_leaders(hand),
        "trick_winners": hand.trick_winners,
        "trump_made": None if hand.trump_made is None else hand.trump_made.value,
        "tricks_needed": hand.tricks_needed,
        "team_tricks": hand.team_tricks,
        "result": game.results[number],
    }


def _trick_leaders(hand: Hand) -> list[int]:
    """Each trick's leader, the trick in progress included; a finished hand (which may end before its last tricks
    are played, or in the middle of one) lists the leaders of the tricks it shows and no more."""
    if hand.phase == OVER:
        return hand.trick_leaders[: hand.tricks_played + (1 if hand.trick_cards else 0)]
    return hand.trick_leaders[:]


def played_tricks(game: Game, hand: Hand) -> list[list[list[Any]]]:
    """The cards played in ``hand``, trick by trick (the trick in progress last, when there is one), each as
    ``[seat, card]`` with the seat whose hand it came from (``Hand.played``).  Cards played are public."""
    tricks: list[list[list[Any]]] = [[[s, CARD_NAMES[c]] for s, c in trick] for trick in hand.played]
    if hand.trick_cards:
        tricks.append([[s, CARD_NAMES[c]] for s, c in hand.trick])
    return tricks


def _top(hand: Any) -> tuple[int, ...]:
    tables = hand.tables
    return tables.trump_order[:5] if tables is not None else ()
