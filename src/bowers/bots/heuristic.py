"""The heuristic bot: an expert rule player for every variant and every decision.

Bidding decisions compare expected points: the hand's expected tricks for each
trump (``strength.expected_tricks``) plus what partner should bring, turned
into points by the variant's own scoring (``strength.contract_value``).  Play
follows the rules good players teach: the makers lead trump, defenders cash
sure winners but never lead an ace into a loner, partner's winning card is not
overtaken, a ruff uses the card that costs the hand least (so an honour keeps
its guard), discards come from weakness, and a suit partner is void in is led
for partner to ruff.  Every threshold is a named setting.

From version 2 a card played to a trick is chosen by the hand's points, not
its tricks: the trick that makes the contract, sets it, or spoils or saves a
march (a loner's above all) is ruffed or overruffed, and one that changes no
points costs nothing to give up; a sure winner takes a trick partner's card
may still lose; and where suits are short the maker leads its second-best
trump to force out the best, a side suit is led from its top, and late in the
hand a defender leads the top trump before its side winners; a hand holding
the only trumps left leads them before a card that gives up the lead, and a
hand with a trump throws from its shortest side suit; and with five cards or fewer in the hand (every trick of a
five-card hand) the tricks are counted (``endgame``: each card solved on 256 deals of the unseen cards, the rules'
card kept unless another is worth more points).  Near the
target the maker goes alone or not by the chance of winning the game
(``win_probability``): alone when a lone march would end it, with partner when
any contract made would.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from bowers.actions import BID, CALL, DISCARD, ORDER_SUIT, PLAY, PLAY_JOKER, TWOS_THREES
from bowers.bots.base import register
from bowers.bots.strength import contract_value, expected_tricks, suit_orders
from bowers.bots.view import TRUMP_INDEX, View
from bowers.bots.win_probability import table_for
from bowers.cards import CARD_NAMES, TWO, cards_of, rank_of, to_hand
from bowers.errors import OptionError
from bowers.hand import hand_points
from bowers.tables import NO_TRUMP, TrumpTables, trump_tables
from bowers.variants import Rules

DEFAULTS: dict[str, Any] = {
    "partner_share": 0.7,  # of an average seat's tricks, what partner is expected to take
    "call_margin": 0.25,  # expected points an order or call must be worth
    "alone_margin": 0.3,  # expected points going alone must gain over playing with partner
    "defend_margin": 0.5,  # tricks above those needed that a lone defence must expect
    "bid_margin": 0.05,  # expected points an auction bid must be worth
    "trick_spread": 1.0,  # uncertainty (standard deviation, in tricks) of a hand's estimate
    "kitty_gain": 0.5,  # tricks the auction declarer gains from the kitty
    "exchange_gain": 0.4,  # tricks the lone player gains from the loner exchange
    "return_low_cards": True,  # Ultimate: return three 2s and 3s for kitty cards
    "endgame_worlds": 256,  # from version 2: deals of the unseen cards the last tricks are counted on (0: none)
    "endgame_cards": 5,  # from version 2: the count runs with at most this many cards in the hand
    "version": 2,  # the rules of play: 1 as first released (kept as the baseline), 2 the current ones
}
VERSIONS = (1, 2)


# Settings under which the heuristic plays exactly as first released (tests/bots/test_baseline.py locks it): the
# baseline that later versions are measured against, kept runnable.
BASELINE_SETTINGS: dict[str, Any] = {"version": 1}


def _check_settings(name: str, settings: Mapping[str, Any], allowed: Mapping[str, Any]) -> dict[str, Any]:
    """The bot's settings over its defaults; an unknown name raises ``OptionError`` listing the allowed ones."""
    unknown = sorted(set(settings) - set(allowed))
    if unknown:
        names = ", ".join(sorted(allowed))
        message = f"the {name} bot has no setting {unknown[0]!r}; its settings are: {names}"
        raise OptionError(message, unknown[0], tuple(sorted(allowed)))
    values = dict(allowed)
    values.update(settings)
    return values


class HeuristicBot:
    """Plays by expert rules from the observation alone, counting the last tricks out (without the count, fast enough
    for millions of simulated hands)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, **settings: Any) -> None:
        self.settings = _check_settings(self.name, settings, DEFAULTS)
        for key, value in self.settings.items():
            if key != "return_low_cards" and not isinstance(value, int | float):
                raise OptionError(f"setting {key!r} must be a number, not {value!r}", key, "a number")
        if isinstance(self.settings["version"], bool) or self.settings["version"] not in VERSIONS:
            version = self.settings["version"]
            raise OptionError(f"setting 'version' must be 1 or 2, not {version!r}", "version", VERSIONS)
        self._rng = random.Random(seed)

    def act(self, observation: Mapping[str, Any]) -> str:
        """The chosen action, one of ``observation["legal_actions"]``."""
        legal = list(observation.get("legal_actions") or [])
        if not legal:
            raise ValueError("no legal actions in this observation: it is not this seat's turn")
        if len(legal) == 1:
            return str(legal[0])
        view = View(observation)
        choice = decide(view, self.settings)
        return choice if choice in legal else legal[0]


# ---------------------------------------------------------------------- shared helpers


def tables_for(view: View, trump: int) -> TrumpTables:
    """The trump tables of the view's deck for a candidate trump."""
    rules = view.rules
    return trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, trump)


class _Memory:
    """What the heuristic has worked out about one view: its hand evaluation asks the same questions many times a
    decision, so each is answered once."""

    __slots__ = ("live_share", "tricks")

    def __init__(self) -> None:
        self.live_share: float | None = None
        self.tricks: dict[tuple[int, int, int], float] = {}


_MEMORIES: WeakKeyDictionary[View, _Memory] = WeakKeyDictionary()  # forgotten with the view


def _memory(view: View) -> _Memory:
    memory = _MEMORIES.get(view)
    if memory is None:
        memory = _MEMORIES[view] = _Memory()
    return memory


def live_fraction(view: View) -> float:
    """The chance that a card this seat has not seen lies in an opponent's hand."""
    memory = _memory(view)
    if memory.live_share is None:
        unseen = view.unseen.bit_count()
        opponents = sum(
            size
            for seat, size in enumerate(view.hand_sizes)
            if not view.same_team(seat, view.seat) and seat not in view.sitting_out
        )
        memory.live_share = min(1.0, opponents / unseen) if unseen else 0.0
    return memory.live_share


def hand_tricks(view: View, hand: int, trump: int, outstanding: int | None = None) -> float:
    """Expected tricks of ``hand`` with ``trump`` from this seat's knowledge (remembered for the view's decision)."""
    if outstanding is None:
        outstanding = view.unseen & ~hand
    key = (hand, trump, outstanding)
    estimates = _memory(view).tricks
    tricks = estimates.get(key)
    if tricks is None:
        tables = tables_for(view, trump)
        tricks = expected_tricks(hand, tables, view.rules.deck, outstanding, live_fraction(view))
        estimates[key] = tricks
    return tricks


def partner_tricks(view: View, settings: Mapping[str, Any]) -> float:
    """What partner is expected to contribute (nothing in two-hand)."""
    rules = view.rules
    if rules.players == 2:
        return 0.0
    return float(settings["partner_share"]) * rules.hand_size / rules.players


def best_discard(view: View, hand: int, trump: int, count: int = 1, allowed: int | None = None) -> int:
    """The ``count`` cards whose loss costs ``hand`` least (greedy), as a bit set; never a trump while a plain card is left.

    With ``allowed`` (a bit set) only those cards may be discarded, the rest of the hand still counting as kept.
    """
    discards = 0
    trumps = to_hand(tables_for(view, trump).trump_order) if trump != NO_TRUMP else 0
    for _ in range(count):
        best_card, best_value = -1, -1e9
        remaining = hand & ~discards
        choosable = remaining if allowed is None else remaining & allowed
        candidates = choosable & ~trumps or choosable
        for card in cards_of(candidates):
            value = hand_tricks(view, remaining & ~(1 << card), trump, view.unseen & ~hand) - _keep_bonus(card, trump)
            if value > best_value + 1e-9:
                best_card, best_value = card, value
        discards |= 1 << best_card
    return discards


def _keep_bonus(card: int, trump: int) -> float:
    """A tie-breaker that discards low cards before high ones."""
    return 0.001 * (rank_of(card) if card < 52 else 13)


def point_unit(rules: Rules) -> int:
    """The points of a contract made with just the tricks it needs (1 in standard, 5 in Ultimate, 4 in Railroad):
    the variant's unit of points, so that a weight given in it counts the same in every variant."""
    return _point_unit(rules.scoring, rules.hand_size, rules.tricks_to_make, rules.teams)


@lru_cache(maxsize=64)
def _point_unit(scoring: str, hand_size: int, need: int, teams: int) -> int:
    tricks = [0] * teams
    tricks[0], tricks[1] = need, hand_size - need
    return max(1, hand_points(scoring, hand_size, tricks, 0, True)[0])


def _card_name(card: int) -> str:
    return CARD_NAMES[card]


# ---------------------------------------------------------------------- decisions


def decide(view: View, settings: Mapping[str, Any]) -> str:
    """The heuristic's action for the view's seat."""
    phase = view.phase
    legal = view.legal
    if "claim-renege" in legal:
        return "claim-renege" if _renege_seen(view) else ("pass" if phase == "renege-review" else _play(view, settings))
    if phase == "play":
        return _play(view, settings)
    if phase == "round-1":
        return _round_one(view, settings)
    if phase == "round-2":
        return _round_two(view, settings)
    if phase == "joker-call":
        return _best_call(view, settings, _of_kind(view, legal, CALL), with_turn_up=True)[0]
    if phase == "maker-choice":
        return _maker_choice(view, settings)
    if phase == "exchange":
        return _exchange(view)
    if phase == "defend":
        return _defend(view, settings)
    if phase == "discard":
        return _discard(view)
    if phase == "pickup-choice":
        return _pickup_choice(view)
    if phase == "auction":
        return _auction(view, settings)
    if phase == "twos-threes":
        return _twos_threes(view, settings)
    return legal[0]


def _renege_seen(view: View) -> bool:
    """True when an opponent played a card of a suit it had shown out of (a renege)."""
    tables = view.tables
    if tables is None:
        return False
    shown_out = [0] * view.players
    for led, cards in view.tricks_led():
        for place, (player, card) in enumerate(cards):
            suit = tables.effective_suit[card]
            # A card of a suit its player showed out of, led or followed, proves the earlier renege.
            if shown_out[player] >> suit & 1 and not view.same_team(player, view.seat) and suit != 4:
                return True
            if place and suit != led:
                shown_out[player] |= 1 << led
    return False


def _order_value(view: View, settings: Mapping[str, Any], trump: int) -> float:
    """Expected points of making ``trump`` with the turn-up going to the dealer."""
    rules = view.rules
    turn_up = view.turn_up
    hand = view.hand
    seat = view.seat
    if seat == view.dealer:
        hand |= 1 << turn_up
        hand &= ~best_discard(view, hand, trump)
        mine = hand_tricks(view, hand, trump)
        support = partner_tricks(view, settings)
    elif not _holds_trump(view, hand, trump):
        return NO_TRUMP_HELD  # side aces alone do not make trump: the other hands hold every trump
    else:
        mine = hand_tricks(view, hand, trump, view.unseen & ~hand & ~(1 << turn_up))
        card_value = hand_tricks(view, 1 << turn_up, trump, view.unseen & ~(1 << turn_up))
        support = partner_tricks(view, settings)
        if view.same_team(view.dealer, seat):
            support += 0.8 * card_value
        else:
            mine -= 0.6 * card_value
    return contract_value(rules, mine + support, float(settings["trick_spread"]), rules.tricks_to_make)


NO_TRUMP_HELD = -9.0  # the value of making a trump the maker holds none of


def _holds_trump(view: View, hand: int, trump: int) -> bool:
    """True when ``hand`` holds a card of ``trump`` (always, for no-trump)."""
    if trump == NO_TRUMP:
        return True
    return bool(hand & to_hand(tables_for(view, trump).trump_order))


def _round_one(view: View, settings: Mapping[str, Any]) -> str:
    legal = view.legal
    suits = _of_kind(view, legal, ORDER_SUIT)
    if suits:  # Ultimate's turned-up Joker: the orderer names trump
        values = {a: _order_value(view, settings, view.space.decode_text(a).suit) for a in suits}
        best = max(values, key=lambda a: values[a])
        return best if values[best] > float(settings["call_margin"]) or "pass" not in legal else "pass"
    turn_up = view.turn_up
    trump = NO_TRUMP if turn_up >= 52 else turn_up // 13
    value = _order_value(view, settings, trump)
    return "order" if value > float(settings["call_margin"]) and "order" in legal else "pass"


def _best_call(view: View, settings: Mapping[str, Any], calls: list[str], with_turn_up: bool = False) -> tuple[str, float]:
    rules = view.rules
    best, best_value = calls[0], -1e9
    for action in calls:
        trump = view.space.decode_text(action).suit
        hand = view.hand
        if with_turn_up and view.turn_up >= 0:
            hand = (hand | 1 << view.turn_up) & ~best_discard(view, hand | 1 << view.turn_up, trump)
        if _holds_trump(view, hand, trump):
            mine = hand_tricks(view, hand, trump)
            mean = mine + partner_tricks(view, settings)
            value = contract_value(rules, mean, float(settings["trick_spread"]), rules.tricks_to_make)
        else:
            value = NO_TRUMP_HELD
        if value > best_value:
            best, best_value = action, value
    return best, best_value


def _round_two(view: View, settings: Mapping[str, Any]) -> str:
    calls = _of_kind(view, view.legal, CALL)
    if not calls:
        return "pass"
    best, value = _best_call(view, settings, calls)
    if "pass" not in view.legal or value > float(settings["call_margin"]):
        return best
    return "pass"


def maker_hand(view: View) -> int:
    """The maker's hand as it will be after the dealer's pick-up (when the maker deals)."""
    hand = view.hand
    if view.seat == view.dealer and view.turn_up_state == "face-up" and view.turn_up >= 0 and view.rules.bidding != "auction":
        hand |= 1 << view.turn_up
        hand &= ~best_discard(view, hand, view.trump)
    return hand


def _maker_choice(view: View, settings: Mapping[str, Any]) -> str:
    rules = view.rules
    trump = view.trump
    hand = maker_hand(view)
    if "jambone" in view.legal and view.tables is not None and trump != NO_TRUMP:
        top = to_hand(view.tables.trump_order[: rules.hand_size])
        if hand & top == hand:
            return "jambone"
    mine = hand_tricks(view, hand, trump)
    spread = float(settings["trick_spread"])
    exchange = float(settings["exchange_gain"]) if rules.loner_exchange else 0.0
    reach = points_to_win(view)
    support = partner_tricks(view, settings)
    if settings["version"] >= 2 and reach is not None:
        game = _game_choice(view, settings, mine, exchange, support, reach)
        if game is not None:
            return game
    with_partner = contract_value(rules, mine + support, spread, rules.tricks_to_make, makers_reach=reach)
    alone = contract_value(rules, mine + exchange, spread * 0.8, rules.tricks_to_make, alone=True, makers_reach=reach)
    if alone > with_partner + float(settings["alone_margin"]):
        return "alone"
    return "partner"


def _game_choice(view: View, settings: Mapping[str, Any], mine: float, exchange: float, support: float, reach: int) -> str | None:
    """Going alone or not by the chance of winning the game, where a lone march would win it (else None: points
    decide).

    Near the target a lone march that ends the game is worth far more than its points, and a contract that
    ends it with partner is worth more than any loner: the choice with the better chance of winning the game
    (by the variant's win table) is taken, going alone only when that chance gains ``alone_margin`` points'
    worth of it.  ``mine`` is the tricks the maker's hand should take, ``exchange`` what the loner exchange adds
    to them, ``support`` what partner should add.
    """
    rules = view.rules
    need = int(view.observation.get("tricks_needed") or rules.tricks_to_make)
    if rules.teams != 2 or _net_points(_stakes_key(rules, need, True, True), rules.hand_size, 0) < reach:
        return None
    table = table_for(rules)
    if table is None:
        return None
    scores = [int(score) for score in view.observation["scores"]]
    dealing = (view.dealer + 1) % rules.players % rules.teams
    team = view.team
    size = rules.hand_size
    alone = _share(mine + exchange, size)  # each trick's chance: the maker's cards take it or, with partner, partner's do
    with_partner = _share(size - (size - mine) * (1.0 - support / size), size)

    def chance(each: float, lone: bool) -> float:
        points = [hand_points(rules.scoring, size, [taken, size - taken], 0, taken >= need, lone) for taken in range(size + 1)]
        total = 0.0
        for taken, weight in enumerate(_binomial(size, each)):
            after = list(scores)
            after[team] += points[taken][0]
            after[1 - team] += points[taken][1]
            total += weight * table.chance(after, dealing, team)
        return total

    slope = table.point_value(scores, dealing, team)
    if chance(alone, True) > chance(with_partner, False) + float(settings["alone_margin"]) * slope:
        return "alone"
    return "partner"


def points_to_win(view: View) -> int | None:
    """The points the seat's team lacks of the target, or None when the observation carries no score."""
    scores = view.observation.get("scores")
    if not scores:
        return None
    return max(1, view.rules.target - int(scores[view.team]))


def _defend(view: View, settings: Mapping[str, Any]) -> str:
    rules = view.rules
    reach = points_to_win(view)
    if reach is not None:
        # The smallest euchre: the defenders take just the tricks that set the makers.
        tricks = [0] * rules.teams
        tricks[1] = rules.hand_size - rules.tricks_to_make + 1
        tricks[0] = rules.hand_size - tricks[1]
        euchre = hand_points(rules.scoring, rules.hand_size, tricks, 0, False)[1]
        if euchre >= reach:  # any ordinary euchre already wins the game: defending alone only weakens the defence
            return "pass"
    mine = hand_tricks(view, view.hand, view.trump) + (float(settings["exchange_gain"]) if rules.loner_exchange else 0.0)
    if mine >= rules.tricks_to_make + float(settings["defend_margin"]) and "defend-alone" in view.legal:
        return "defend-alone"
    return "pass"


def _exchange(view: View) -> str:
    hand = view.hand
    trump = view.trump
    lone = view.maker if view.lone_defender < 0 else view.lone_defender
    if view.seat == lone:  # the lone player gives away its worst card
        card = cards_of(best_discard(view, hand, trump))[0]
        return f"give:{_card_name(card)}"
    # The partner returns its best card: the highest trump, else the card worth most alone.
    tables = view.tables
    if tables is not None and trump != NO_TRUMP:
        for card in tables.trump_order:
            if hand >> card & 1:
                return f"give:{_card_name(card)}"
    best, best_value = -1, -1.0
    for card in cards_of(hand):
        value = hand_tricks(view, 1 << card, trump) + 0.001 * rank_of(card)
        if value > best_value:
            best, best_value = card, value
    return f"give:{_card_name(best)}"


def _discard(view: View) -> str:
    if any("," in a for a in view.legal):  # the auction declarer lays away as many cards as the kitty held
        count = len(view.space.decode_text(view.legal[0]).cards)
        cards = best_discard(view, view.hand, view.trump, count)
        action = "discard:" + ",".join(_card_name(c) for c in cards_of(cards))
        return action if action in view.legal else view.legal[0]
    # Only the cards the rules let go (with discard_turn_up off, the dealer keeps the card just taken up).
    decode = view.space.decode_text
    allowed = to_hand(decode(action).card for action in _of_kind(view, view.legal, DISCARD))
    card = cards_of(best_discard(view, view.hand, view.trump, allowed=allowed))[0]
    return f"discard:{_card_name(card)}"


def _pickup_choice(view: View) -> str:
    trump = view.trump
    with_turn_up = view.hand | 1 << view.turn_up
    discard = best_discard(view, with_turn_up, trump)
    taken = hand_tricks(view, with_turn_up & ~discard, trump)
    kept = hand_tricks(view, view.hand, trump)
    if taken > kept + 0.05:
        return f"discard:{_card_name(cards_of(discard)[0])}"
    return "decline"


def _twos_threes(view: View, settings: Mapping[str, Any]) -> str:
    options = _of_kind(view, view.legal, TWOS_THREES)
    if not options or not settings["return_low_cards"]:
        return "pass"
    hand = view.hand
    lengths = [(hand & to_hand(c for c in view.rules.deck if c < 52 and c // 13 == s)).bit_count() for s in range(4)]

    def kept_strength(action: str) -> float:
        # Return the low cards of the shortest suits: long suits are the likely trumps.
        cards = view.space.decode_text(action).cards
        return sum(lengths[c // 13] * 10 + (rank_of(c) - TWO) for c in cards)

    return min(options, key=kept_strength)


def _auction(view: View, settings: Mapping[str, Any]) -> str:
    if settings["version"] >= 2:
        from bowers.bots.auction import auction_choice  # it builds on this module's hand evaluation

        return auction_choice(view, settings)
    rules = view.rules
    spread = float(settings["trick_spread"])
    partner = view.partner
    partner_suits = set()
    standing_by_partner = False
    decode = view.space.decode_text
    for actor, action in view.history:
        bid = decode(action)
        if bid.kind == BID:
            standing_by_partner = actor == partner
            if actor == partner:
                partner_suits.add(bid.suit)
    means: dict[int, float] = {}
    for trump in TRUMP_INDEX.values():
        mine = hand_tricks(view, view.hand, trump)
        support = partner_tricks(view, settings) + (0.6 if trump in partner_suits else 0.0)
        means[trump] = mine + float(settings["kitty_gain"]) + support
    best, best_value = "pass", float(settings["bid_margin"]) + (0.5 if standing_by_partner else 0.0)
    for action in view.legal:
        bid = decode(action)
        if bid.kind != BID:
            continue
        if not _holds_trump(view, view.hand, bid.suit):
            continue  # the kitty may bring a trump, but a bid that needs it is a gamble
        value = contract_value(rules, means[bid.suit], spread, bid.level)
        if value > best_value:
            best, best_value = action, value
    return best


# ---------------------------------------------------------------------- play


def _play(view: View, settings: Mapping[str, Any]) -> str:
    tables = view.tables
    assert tables is not None
    plays = _plays(view)
    if len(plays) == 1:
        return next(iter(plays))
    if view.playing_for >= 0:
        return _jambone_choice(view, plays, tables)
    current = settings["version"] >= 2
    if not view.trick:
        choice = _lead(view, plays, tables, current)
    else:
        choice = _follow(view, plays, tables, _Outlook.of(view, settings) if current else None)
    if current and settings["endgame_worlds"] > 0 and view.maker >= 0:
        from bowers.bots.endgame import counted_play  # the count samples worlds, and the sampler reads this module

        worlds, cards = int(settings["endgame_worlds"]), int(settings["endgame_cards"])
        choice = counted_play(view, plays, choice, worlds, hand_net(view), cards)
    return choice


def hand_net(view: View) -> Callable[[int], float]:
    """The hand's net points for the acting side by the tricks it takes from the trick in progress on."""
    key, mine, theirs = _standing(view)
    left = view.rules.hand_size - mine - theirs
    return lambda further: float(_net_points(key, mine + further, theirs + left - further))


def _standing(view: View) -> tuple[_StakesKey, int, int]:
    """The acting side's stakes key, the tricks it has taken and the tricks the others have taken."""
    rules = view.rules
    side = view.acting_seat % rules.teams
    mine = sum(won for seat, won in enumerate(view.tricks_won) if seat % rules.teams == side)
    theirs = sum(view.tricks_won) - mine
    need = int(view.observation.get("tricks_needed") or rules.tricks_to_make)
    makers = view.maker % rules.teams == side
    return _stakes_key(rules, need, makers, view.alone, view.lone_defender >= 0, view.jambone), mine, theirs


# A key of the hand's scoring as one side sees it: (scoring, hand size, teams, tricks the makers need, this side
# made trump, alone, lone defence, Jambone).
_StakesKey = tuple[str, int, int, int, bool, bool, bool, bool]


def _stakes_key(
    rules: Rules, need: int, makers: bool, alone: bool, lone_defence: bool = False, jambone: bool = False
) -> _StakesKey:
    return (rules.scoring, rules.hand_size, rules.teams, need, makers, alone, lone_defence, jambone)


def _net_points(key: _StakesKey, mine: int, theirs: int) -> int:
    """A side's points less the others' when it ends the hand with ``mine`` tricks and the others with ``theirs``
    (the others counted as one team)."""
    scoring, size, teams, need, makers, alone, lone_defence, jambone = key
    tricks = [0] * teams
    tricks[0], tricks[1] = mine, theirs
    maker = 0 if makers else 1
    points = hand_points(scoring, size, tricks, maker, tricks[maker] >= need, alone, lone_defence, jambone)
    return points[0] - sum(points[1:])


@lru_cache(maxsize=4096)
def _binomial(count: int, chance: float) -> tuple[float, ...]:
    """The chances of taking 0..count tricks, each taken with ``chance``."""
    return tuple(math.comb(count, k) * chance**k * (1.0 - chance) ** (count - k) for k in range(count + 1))


def _share(tricks: float, count: int) -> float:
    """Expected ``tricks`` of ``count`` as the chance of each (rounded: the expectations below are remembered)."""
    return round(min(1.0, max(0.0, tricks / count)), 2) if count else 0.0


@lru_cache(maxsize=65536)
def _expected_net(key: _StakesKey, mine: int, theirs: int, left: int, chance: float) -> float:
    """A side's expected net points when each of the ``left`` tricks still to play falls to it with ``chance``."""
    return sum(weight * _net_points(key, mine + k, theirs + left - k) for k, weight in enumerate(_binomial(left, chance)))


# Each later trick's chance, shifted by these hundredths: the share a hand promises is itself uncertain, and a
# spread of shares keeps a contract that looks certain (or hopeless) from being played as if it were.
SHARE_SHIFTS = (-15, 0, 15)


class _Outlook:
    """What the trick in progress is worth to the acting side in the hand's points: a trick that makes the
    contract, sets it, or spoils or saves a march changes the points by far more than an ordinary trick, and
    one past all of them by nothing; the tricks after it fall to the side as its cards promise."""

    __slots__ = ("key", "known", "left", "mine", "support", "theirs")

    def __init__(self, key: _StakesKey, mine: int, theirs: int, left: int, support: float) -> None:
        self.key = key
        self.mine = mine
        self.theirs = theirs
        self.left = left  # tricks after this one
        self.support = support  # partner's chance of taking each of them
        self.known: dict[int, tuple[float, float]] = {}

    @classmethod
    def of(cls, view: View, settings: Mapping[str, Any]) -> _Outlook | None:
        """The outlook of the acting seat, or None where no contract is known."""
        if view.maker < 0:
            return None
        rules = view.rules
        key, mine, theirs = _standing(view)
        left = rules.hand_size - mine - theirs - 1
        partner = view.partner_of(view.acting_seat)
        active = rules.players - len(view.sitting_out)
        support = 0.0
        if partner >= 0 and partner not in view.sitting_out:
            support = float(settings["partner_share"]) / active
        return cls(key, mine, theirs, left, support)

    def value(self, win: float, tricks_after: float) -> float:
        """Expected net points when the side takes this trick with chance ``win`` and its hand is then worth
        ``tricks_after`` tricks."""
        left = self.left
        # Each later trick falls to this seat's cards or, failing them, to partner's (in hundredths: remembered).
        each = round(100.0 * (1.0 - (1.0 - tricks_after / left) * (1.0 - self.support))) if left else 0
        stakes = self.known.get(each)
        if stakes is None:
            stakes = self.known[each] = self._stakes(each)
        won, lost = stakes
        return win * won + (1.0 - win) * lost

    def _stakes(self, each: int) -> tuple[float, float]:
        """Expected net points if this trick is won and if it is lost, each later trick falling to the side with
        ``each`` hundredths of a chance (spread by ``SHARE_SHIFTS``)."""
        won = lost = 0.0
        for shift in SHARE_SHIFTS:
            chance = min(100, max(0, each + shift)) / 100.0
            won += _expected_net(self.key, self.mine + 1, self.theirs, self.left, chance)
            lost += _expected_net(self.key, self.mine, self.theirs + 1, self.left, chance)
        return won / len(SHARE_SHIFTS), lost / len(SHARE_SHIFTS)


def _plays(view: View) -> dict[str, int]:
    """The legal plays that follow suit (a bot never reneges), as action -> card."""
    decode = view.space.decode_text
    plays = {a: decoded.card for a in view.legal if (decoded := decode(a)).kind in (PLAY, PLAY_JOKER)}
    if view.trick and view.tables is not None:  # with the reneges option, legal plays include reneges
        mask = view.tables.suit_mask[view.led]
        hand = view.acting_hand
        if hand & mask:
            following = {a: c for a, c in plays.items() if mask >> c & 1}
            if following:
                return following
    return plays


def _outstanding(view: View) -> int:
    return view.unseen & ~view.acting_hand


def _higher_out(view: View, tables: TrumpTables, led: int, card: int, outstanding: int) -> int:
    """How many outstanding cards of the suit ``led`` rank above ``card`` (none: it is the boss of its suit)."""
    power = tables.power[led]
    mine = power[card]
    count = 0
    rest = outstanding & tables.suit_mask[led]
    while rest:
        low = rest & -rest
        other = low.bit_length() - 1
        rest ^= low
        if power[other] > mine:
            count += 1
    return count


def _still_to_play(view: View) -> list[int]:
    """Active seats after the acting seat in the trick in progress."""
    n = view.players
    active = [s for s in range(n) if s not in view.sitting_out]
    played = {seat for seat, _ in view.trick}
    me = view.acting_seat
    index = active.index(me)
    return [s for s in (active[(index + i) % len(active)] for i in range(1, len(active))) if s not in played]


def _win_chance(view: View, tables: TrumpTables, led: int, card: int, after: list[int], outstanding: int) -> float:
    """The chance that ``card`` holds the trick against the opponents still to play."""
    opponents = [s for s in after if not view.same_team(s, view.acting_seat)]
    if not opponents:
        return 1.0
    trump = tables.trump
    power = tables.power[led]
    mine = power[card]
    live = live_fraction(view)
    chance = 1.0
    for seat in opponents:
        void_led = view.voids[seat] >> led & 1
        beaters = 0
        rest = outstanding
        while rest:
            low = rest & -rest
            other = low.bit_length() - 1
            rest ^= low
            if power[other] > mine:
                suit = tables.effective_suit[other]
                if suit == led and not void_led:
                    beaters += 1
                elif suit == trump and trump != led and not (view.voids[seat] >> trump & 1):
                    beaters += 1 if void_led else 0
        if beaters:
            chance *= max(0.05, 1.0 - 0.6 * live * beaters)
        elif void_led and trump != NO_TRUMP and led != trump and not (view.voids[seat] >> trump & 1):
            chance *= 0.5 if tables.effective_suit[card] != trump else 1.0
    return chance


def _value_after(view: View, hand: int, tables: TrumpTables, outstanding: int) -> float:
    return expected_tricks(hand, tables, view.rules.deck, outstanding, live_fraction(view))


# With an outlook, a card's expected points decide and its value in tricks only breaks ties at this weight.
TRICK_TIE_WEIGHT = 0.01  # in units of a contract's points (``point_unit``) per trick
# Version 2's tie-break between discards of a hand holding a trump, per card of the discard's suit left in hand
# (above the lower card's preference, below any difference in the hand's value).
VOID_WEIGHT = 0.0002


def _follow(view: View, plays: dict[str, int], tables: TrumpTables, outlook: _Outlook | None = None) -> str:
    """The card to play to a trick in progress: by its chance of winning the trick and what it costs the hand,
    in tricks, or (with ``outlook``, version 2) in the hand's points."""
    hand = view.acting_hand
    led = view.led
    outstanding = _outstanding(view)
    power = tables.power[led]
    best_power, best_seat = -1, -1
    for seat, card in view.trick:
        if power[card] > best_power:
            best_power, best_seat = power[card], seat
    after = _still_to_play(view)
    partner_winning = view.same_team(best_seat, view.acting_seat)
    partner_hold = 0.0
    if partner_winning:
        partner_hold = _win_chance_for(view, tables, led, best_seat, view.trick, after, outstanding)
    base = _value_after(view, hand, tables, outstanding)
    unit = 1.0 if outlook is None else point_unit(view.rules)  # what the scores below count in
    candidates = plays
    if outlook is not None and (not partner_winning or partner_hold < 1.0):
        sure = {
            a: c
            for a, c in plays.items()
            if power[c] > best_power and _win_chance(view, tables, led, c, after, outstanding) >= 1.0
        }
        # A trick won now for sure is worth more than any card kept for later (the card kept meets the same higher
        # cards and ruffs later, with the lead lost meanwhile): take it as cheaply as can be, over partner's card
        # too where that one may still be beaten.
        if sure:
            candidates = sure
    trump = tables.trump
    ruffer = outlook is not None and trump != NO_TRUMP and bool(hand & tables.suit_mask[trump])
    best_action, best_score = "", -1e9
    for action, card in candidates.items():
        kept = _value_after(view, hand & ~(1 << card), tables, outstanding)
        future = kept - base
        if power[card] > best_power:
            win = _win_chance(view, tables, led, card, after, outstanding)
            if partner_winning:
                win = max(win, partner_hold)
            elif outlook is not None and tables.effective_suit[card] == tables.trump:
                # The trump meets the same higher trumps now as later, in fewer hands: it wins now as often.
                win = max(win, min(1.0, _value_after(view, 1 << card, tables, outstanding)))
        else:
            win = partner_hold if partner_winning else 0.0
        score = win + future - 0.0001 * power[card] - 0.00001 * (rank_of(card) if card < 52 else 13)
        suit = tables.effective_suit[card]
        if ruffer and suit != led and suit != trump and suit < 4:
            # Other things equal, a hand with a trump throws from its shortest side suit: the void lets it ruff.
            score -= VOID_WEIGHT * (hand & tables.suit_mask[suit]).bit_count()
        if outlook is not None:
            score = outlook.value(win, kept) + TRICK_TIE_WEIGHT * unit * score
        if partner_winning and partner_hold >= 1.0 and power[card] > best_power:
            score -= unit  # partner's trick is already safe: overtaking it only spends a card
        if score > best_score:
            best_action, best_score = action, score
    return best_action


def _win_chance_for(
    view: View, tables: TrumpTables, led: int, seat: int, trick: list[tuple[int, int]], after: list[int], outstanding: int
) -> float:
    """The chance that partner's winning card holds against the opponents still to play after this seat."""
    card = next(c for s, c in trick if s == seat)
    return _win_chance(view, tables, led, card, after, outstanding)


def _lead(view: View, plays: dict[str, int], tables: TrumpTables, current: bool = False) -> str:
    """The card to lead; with ``current`` (version 2):

    * a hand left with one suit leads its highest card, which takes the trick whenever a lower one would and
      leaves no suit to keep an entry or a guard for;
    * where suits are short (a deck of at most ``SHORT_DECK`` cards) or few tricks are left (at most
      ``SHORT_HAND`` cards in hand: the end of an Ultimate hand), the maker (or a loner) drawing trump with the
      second-best trump leads it (the left bower with the right one out, say): it forces out the top trump,
      and the maker's next trump is then the best, where a low one lets the opponents take the trick cheaply
      and keep the top trump; and a side suit is led from its top;
    * with ``SHORT_HAND`` cards or fewer, a defender holding the top trump leads it before its side winners;
    * a hand holding the only trumps left leads them once its sure side winners are cashed, before a card that
      gives up the lead.
    """
    hand = view.acting_hand
    me = view.acting_seat
    trump = tables.trump
    outstanding = _outstanding(view)
    orders = suit_orders(tables, view.rules.deck)
    effective = tables.effective_suit
    joker_leads = _of_kind(view, list(plays), PLAY_JOKER)
    by_card = {card: action for action, card in plays.items() if action not in joker_leads}
    partner = view.partner_of(me)
    partner_active = partner >= 0 and partner not in view.sitting_out
    makers = view.maker >= 0 and view.same_team(view.maker, me)
    opponent_alone = view.maker >= 0 and not makers and view.alone
    opponents = [s for s in range(view.players) if not view.same_team(s, me) and s not in view.sitting_out]

    def boss(card: int) -> bool:
        return _higher_out(view, tables, effective[card], card, outstanding) == 0

    if joker_leads:  # the no-trump Joker wins any trick: lead it naming our longest suit
        lengths = [(hand & tables.suit_mask[s]).bit_count() for s in range(4)]
        best_suit = max(range(4), key=lambda s: lengths[s])
        return f"play:JK:{'CDHS'[best_suit]}"
    suits = {effective[card] for card in by_card}
    if current and len(suits) == 1 and (suit := suits.pop()) < 4:
        return by_card[next(c for c in orders[suit] if c in by_card)]
    trumps = [c for c in orders[trump] if hand >> c & 1] if trump != NO_TRUMP else []
    short = hand.bit_count() <= SHORT_HAND or len(view.rules.deck) <= SHORT_DECK  # no later round to wait for
    out_trumps = (outstanding & tables.suit_mask[trump]).bit_count() if trump != NO_TRUMP else 0
    opponents_have_trump = out_trumps > 0 and not all(view.voids[s] >> trump & 1 for s in opponents)
    # 1. The makers draw trump: lead the top trump when it is boss, else a low one, with length.
    if trumps and makers and opponents_have_trump:
        if boss(trumps[0]) and (len(trumps) >= 2 or me == view.maker or len(trumps) == len(cards_of(hand))):
            return by_card[trumps[0]]
        if len(trumps) >= 2 and (me == view.maker or view.alone):
            second = current and short and _higher_out(view, tables, trump, trumps[0], outstanding) == 1
            return by_card[trumps[0] if second else trumps[-1]]
        if len(trumps) >= 2 and partner == view.maker:
            return by_card[trumps[0]]
    # 1b. A defender holding the top trump leads it late in the hand (version 2): a sure trick whenever it is
    # played, it draws a trump from each maker that would ruff the defenders' last side winners.
    late = hand.bit_count() <= SHORT_HAND
    if current and late and trumps and not makers and opponents_have_trump and boss(trumps[0]):
        return by_card[trumps[0]]
    if trumps and len(trumps) == hand.bit_count():
        return by_card[trumps[0]] if boss(trumps[0]) else by_card[trumps[-1]]
    side_suits = [s for s in range(4) if s != trump and hand & tables.suit_mask[s]]
    if trump == NO_TRUMP:
        side_suits = [s for s in range(4) if hand & tables.suit_mask[s]]
    # 2. Cash a sure side winner, unless defending a loner (an ace led into a loner is trumped).
    if not opponent_alone:
        cash = []
        for suit in side_suits:
            top = next(c for c in orders[suit] if hand >> c & 1)
            if boss(top):
                ruff_danger = any(view.voids[s] >> suit & 1 and not view.voids[s] >> trump & 1 for s in opponents)
                out_in_suit = (outstanding & tables.suit_mask[suit]).bit_count()
                if not ruff_danger or trump == NO_TRUMP or not opponents_have_trump:
                    cash.append((out_in_suit, top))
        if cash:
            cash.sort(reverse=True)
            return by_card[cash[0][1]]
    # 2b. With no trump left outside this hand (version 2) its trumps are sure tricks: they are led before a side
    # card gives up the lead, and the other hands must throw cards on them.
    if current and trumps and not out_trumps:
        return by_card[trumps[0]]
    # 3. A suit partner has shown out of (partner may ruff), 4. the suit partner led, else the shortest suit.
    partner_voids = view.voids[partner] if partner_active else 0
    partner_led = _suits_led_by(view, partner, tables) if partner_active else []
    partner_discards = _suits_discarded_by(view, partner, tables) if partner_active else set()
    candidates = []
    for suit in side_suits:
        cards = [c for c in orders[suit] if hand >> c & 1]
        low = cards[-1]
        score = 0.0
        if partner_voids >> suit & 1 and trump != NO_TRUMP and not partner_voids >> trump & 1:
            score += 2.0
        if suit in partner_led:
            score += 1.0
        if suit in partner_discards:
            score -= 1.0
        score -= 0.3 * len(cards)  # short suits first (a void to ruff with)
        if len(cards) == 2 and _higher_out(view, tables, suit, cards[0], outstanding) == 1:
            score -= 0.6  # do not lead away from a guarded king
        if opponent_alone and boss(cards[0]):
            score -= 1.5  # keep the ace behind the loner
        if boss(low):
            score += 0.5
        # Version 2 leads the suit's top card from a short hand: a low one lets the opponents take the trick
        # cheaply, where the top card takes it or draws out their honour, with no later round to gain by waiting.
        lead = cards[0] if current and short else low
        candidates.append((score, -rank_of(low) if low < 52 else -13, lead))
    if candidates:
        candidates.sort(reverse=True)
        return by_card[candidates[0][2]]
    if trumps:
        return by_card[trumps[0]] if boss(trumps[0]) else by_card[trumps[-1]]
    return next(iter(plays))


# Version 2 leads as the last tricks are led, from a hand of at most SHORT_HAND cards or in a deck of at most
# SHORT_DECK cards (8 a suit and a Joker: every variant but Ultimate), where no suit goes round often enough for
# a low lead to gain by waiting.
SHORT_HAND = 5
SHORT_DECK = 33


def _suits_led_by(view: View, seat: int, tables: TrumpTables) -> list[int]:
    """The effective suits of the cards ``seat`` led, trick by trick."""
    return [tables.effective_suit[cards[0][1]] for _, cards in view.tricks_led() if cards[0][0] == seat]


def _suits_discarded_by(view: View, seat: int, tables: TrumpTables) -> set[int]:
    """Side suits ``seat`` threw when it could not follow (a discard from weakness)."""
    suits: set[int] = set()
    effective = tables.effective_suit
    for _, cards in view.tricks_led():
        led = effective[cards[0][1]]
        for player, card in cards[1:]:
            suit = effective[card]
            if player == seat and suit != led and suit != tables.trump and suit < 4:
                suits.add(suit)
    return suits


def _of_kind(view: View, actions: list[str], kind: int) -> list[str]:
    """The actions of one kind (``bowers.actions``' ``CALL``, ``PLAY``...), in order."""
    decode = view.space.decode_text
    return [action for action in actions if decode(action).kind == kind]


def _jambone_choice(view: View, plays: dict[str, int], tables: TrumpTables) -> str:
    """Choosing the Jambone hand's card: its weakest lead, or a card that loses (else its highest)."""
    if not view.trick:

        def lead_strength(action: str) -> tuple[int, int]:
            card = plays[action]
            suit = tables.effective_suit[card]
            return tables.power[suit if suit < 4 else 0][card], card

        return min(plays, key=lead_strength)
    led = view.led
    power = tables.power[led]
    best_power = max(power[c] for _, c in view.trick)
    losing = [a for a, c in plays.items() if power[c] <= best_power]
    if losing:
        return max(losing, key=lambda a: (tables.effective_suit[plays[a]] == tables.trump, rank_of(plays[a])))
    return max(plays, key=lambda a: power[plays[a]])


register("heuristic", HeuristicBot)

__all__ = ["DEFAULTS", "HeuristicBot", "decide", "hand_tricks"]
