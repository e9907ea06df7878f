"""The one sampler of hidden cards, shared by every bot and by ``advise``.

``sample_worlds`` deals the cards a seat has not seen to the places they may
be (the other hands, the kitty, the discards) consistently with everything
the seat has seen: its own cards, every card played, the suits each seat has
shown out of, the turn-up taken by the dealer, cards made public (a Jambone
hand, a Jamboree, returned twos and threes) and a card given or received in a
loner exchange.  A buried card (the kitty, a discard, a card passed between
two other seats) is never treated as known.  Each sample is rebuilt as a full
``Game`` with ``Game.from_deal`` and the hand's history, its masked actions
(``discard:??``, ``give:??``) replaced by sampled cards, so that the world is
exactly the observed position with the hidden cards filled in.

Given a model of the other seats' bidding, a world is also made to explain
their bids: whole deals are drawn and the first the model bids through as
the others did is kept.  From the model's version 2, in the bid variants each
other seat that bid in the auction is first dealt a hand that keeps its bids'
promises (``auction.promised_tricks``: a five-level heart bid holds top
hearts), since whole deals that the model bids through exactly are too rare
to find by chance and the worlds would otherwise give partner's strong bid a
random hand.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from bowers.actions import DISCARD, DISCARD_KITTY, GIVE, PLAY, PLAY_JOKER, TWOS_THREES
from bowers.bots.auction import bids_by_seat, promised_tricks
from bowers.bots.base import Bot
from bowers.bots.heuristic import HeuristicBot, tables_for
from bowers.bots.strength import expected_tricks
from bowers.bots.view import View
from bowers.cards import CARD_NAMES, cards_of, hand_names, parse_cards, to_hand
from bowers.game import Game
from bowers.hand import Hand

RETRIES = 30
RARE_CALLS = ("alone", "jambone", "defend-alone")
RARE_MISS_WEIGHT = 4  # a rare call the model would not have made counts as this many ordinary misses
PROMISE_DRAWS = 24  # hands drawn for a seat that bid, to find one that keeps its bids' promises
PROMISE_SHARPNESS = 3.0  # a hand short of its bids' promise by t tricks is kept with chance exp(-3 t)
BIDDING_WORDS = {"pass", "order", "call", "bid", "alone", "partner", "jambone", "defend-alone", "twos-threes", "decline"}


def _miss_weight(action: str) -> int:
    """What a bid the model would not have made counts as: a rare call ``RARE_MISS_WEIGHT`` ordinary misses."""
    return RARE_MISS_WEIGHT if action in RARE_CALLS else 1


def _pick(rng: random.Random, pool: int, count: int) -> int:
    """``count`` cards drawn uniformly from ``pool``, as a bit set."""
    if count <= 0:
        return 0
    return to_hand(rng.sample(cards_of(pool), count))


class Sampler:
    """Samples full-information worlds consistent with one observation (parsed once, sampled many times)."""

    def __init__(self, observation: Mapping[str, Any]) -> None:
        self.view = view = View(observation)
        self.observation = observation
        rules = view.rules
        self.options = dict(rules.options)
        self.options["initial_scores"] = list(observation.get("scores") or rules.initial_scores)
        if "draw" in self.options:
            self.options["draw"] = False  # the seats are already drawn; a world starts from this deal
        n = view.players
        me = view.seat
        deck = to_hand(rules.deck)
        known = [0] * n
        for seat in range(n):
            known[seat] |= view.exposed[seat] & ~view.played
            known[seat] |= view.jamboree[seat] & ~view.played
        own_discards = 0  # cards the seat itself laid away (it saw them)
        decode = view.space.decode_text
        for actor, action in view.history:
            if actor == me and decode(action).kind in (DISCARD, DISCARD_KITTY):
                own_discards |= to_hand(decode(action).cards)
        self.own_discards = own_discards
        # The turn-up in the dealer's hand once taken (unless played, or shown impossible by a void).
        turn_up = view.turn_up
        forced_discard = 0
        taken = turn_up >= 0 and view.turn_up_state == "taken" and view.dealer != me and not view.played >> turn_up & 1
        # In a dealer's exposed (Jambone) hand the turn-up, if kept, is in sight: nothing to place.
        if taken and not known[view.dealer] >> turn_up & 1:
            dealer = view.dealer
            suit = view.tables.effective_suit[turn_up] if view.tables is not None else -1
            if (suit >= 0 and view.voids[dealer] >> suit & 1) or view.hand_sizes[dealer] <= known[dealer].bit_count():
                forced_discard = 1 << turn_up
            else:
                known[dealer] |= 1 << turn_up
        # A card this seat gave in a loner exchange stays with the receiver until played, unless the receiver (a
        # dealer, a declarer) discarded it: it did when the receiver holds too few cards for it, or has shown out
        # of its suit since.
        if view.given:
            receiver = view.partner
            for card in cards_of(view.given & ~view.played & ~known[receiver]):  # not in an exposed hand
                suit = view.tables.effective_suit[card] if view.tables is not None else -1
                shown_out = suit >= 0 and view.voids[receiver] >> suit & 1
                if shown_out or known[receiver].bit_count() >= view.hand_sizes[receiver]:
                    forced_discard |= 1 << card
                else:
                    known[receiver] |= 1 << card
        known[me] = 0
        self.known = known
        self.forced_discard = forced_discard
        visible = view.hand | view.out_of_play | own_discards
        if turn_up >= 0 and view.turn_up_state != "taken":
            visible |= 1 << turn_up  # still in the kitty
        for cards in known:
            visible |= cards
        self.pool = deck & ~visible & ~forced_discard
        self.needs = [0 if seat == me else view.hand_sizes[seat] - known[seat].bit_count() for seat in range(n)]
        self.allowed = [0] * n
        for seat in range(n):
            banned = 0
            if view.tables is not None and seat not in view.sitting_out:
                for suit in range(5):
                    if view.voids[seat] >> suit & 1:
                        banned |= view.tables.suit_mask[suit]
            self.allowed[seat] = self.pool & ~banned
        self._template: Game | None = None
        # The other seats' bidding choices: what a model of them must reproduce (a pass once a card is played is
        # a renege review).
        first_play = next(
            (index for index, (_, action) in enumerate(view.history) if decode(action).kind in (PLAY, PLAY_JOKER)),
            len(view.history),
        )
        self.bids = {
            index
            for index, (actor, action) in enumerate(view.history[: first_play + 1])
            if actor != me and decode(action).keyword in BIDDING_WORDS
        }
        # With a rare call among them, most drawn deals fail to explain it: checking it first rejects them cheaply.
        self.last_rare = max((index for index in self.bids if view.history[index][1] in RARE_CALLS), default=-1)
        self.rare_bid = self.last_rare >= 0
        # The model's answers, by the question: it sees nothing at a bid of the history but its own hand there
        # and what was public (with any hidden card the draw filled in before it), and answers the same each time.
        self._answers: dict[tuple[Any, ...], str] = {}
        self.order = sorted(
            (s for s in range(n) if s != me and self.needs[s] > 0), key=lambda s: self.allowed[s].bit_count() - self.needs[s]
        )
        # The cards this seat took from the kitty, in the kitty's order: they go back where they lay.
        self.own_from_kitty = parse_cards(observation.get("from_kitty") or ())
        # The auction's declarer has taken the kitty once it discards.
        self.declarer_took_kitty = (
            rules.bidding == "auction" and view.maker >= 0 and view.phase in ("discard", "play", "renege-review")
        )
        # What each other seat's auction bids say of the hand it was dealt: its highest level in each trump, for
        # the seats whose dealt hand is the one held now with the cards played (not a declarer who took the
        # kitty, nor a seat that gave or received a card in a loner exchange).
        exchanged = {actor for actor, action in view.history if decode(action).kind == GIVE}
        exchanged |= {view.partner_of(actor) for actor in exchanged}
        self.bid_levels: dict[int, dict[int, int]] = {}
        if rules.bidding == "auction":
            for seat, bids in bids_by_seat(view).items():
                if seat != me and seat not in exchanged and not (self.declarer_took_kitty and seat == view.maker):
                    self.bid_levels[seat] = bids.levels

    # ------------------------------------------------------------------ current holdings

    def _holdings(self, rng: random.Random, promises: dict[int, list[tuple[int, float]]] | None = None) -> tuple[list[int], int]:
        """Each seat's cards now, and the rest of the unseen cards (kitty and discards).

        With ``promises`` (the tricks each seat's bids promise in each trump) the seats that bid are drawn first,
        each hand kept by how well it keeps them (``_promising_pick``).
        """
        view = self.view
        order = self.order if not promises else sorted(self.order, key=lambda seat: seat not in promises)
        for _ in range(RETRIES):
            # Quick draws, seat by seat, the most constrained first; usually the first succeeds.
            holdings = [0] * view.players
            holdings[view.seat] = view.hand
            remaining = self.pool
            ok = True
            for seat in order:
                allowed = self.allowed[seat] & remaining
                need = self.needs[seat]
                if allowed.bit_count() < need:
                    ok = False
                    break
                if promises and seat in promises:
                    chosen = self._promising_pick(rng, seat, allowed, need, promises[seat])
                else:
                    chosen = _pick(rng, allowed, need)
                holdings[seat] = chosen
                remaining &= ~chosen
            if ok:
                return self._with_known(holdings), remaining | self.forced_discard | self.own_discards
        # Tight constraints (the cards of a suit that only one seat may hold): a draw card by card that keeps
        # every seat's need satisfiable, so it never fails when any consistent deal exists.
        holdings, remaining = self._constrained_holdings(rng)
        return self._with_known(holdings), remaining | self.forced_discard | self.own_discards

    def holdings(self, rng: random.Random) -> tuple[list[int], int]:
        """Each seat's cards now, consistent with what the seat has seen (the suits shown out of, the cards known
        to be held) but not with the bidding, and the rest of the unseen cards: a cheap world for counting the last
        tricks."""
        return self._holdings(rng)

    def holdings_known(self) -> list[int]:
        """The cards each seat is known to hold now: this seat's own hand, and any card seen to be in another's."""
        holdings = self._with_known([0] * self.view.players)
        holdings[self.view.seat] = self.view.hand
        return holdings

    def promises(self, model: Bot | None) -> dict[int, list[tuple[int, float]]]:
        """The tricks each other seat's auction bids promise from its dealt hand, by seat, as (trump, tricks) pairs:
        none for a model before version 2 (or none at all), whose worlds explain bids by the model's replay alone."""
        if not isinstance(model, HeuristicBot) or model.settings["version"] < 2:
            return {}
        rules = self.view.rules
        return {
            seat: [(trump, promised_tricks(rules, model.settings, level)) for trump, level in levels.items()]
            for seat, levels in self.bid_levels.items()
        }

    def _shortfall(self, seat: int, hand: int, promised: list[tuple[int, float]]) -> float:
        """How many tricks the dealt ``hand`` of ``seat`` falls short of what its bids promise, all trumps together,
        measured as its bidder saw it then (every other card outstanding)."""
        view = self.view
        rules = view.rules
        dealt = hand | view.played_by[seat]
        deck = to_hand(rules.deck)
        live = 2 * rules.hand_size / max(1, len(rules.deck) - rules.hand_size)
        short = 0.0
        for trump, tricks in promised:
            held = expected_tricks(dealt, tables_for(view, trump), rules.deck, deck & ~dealt, live)
            short += max(0.0, tricks - held)
        return short

    def _promising_pick(self, rng: random.Random, seat: int, allowed: int, need: int, promised: list[tuple[int, float]]) -> int:
        """``need`` cards of ``allowed`` for a seat that bid: up to ``PROMISE_DRAWS`` hands, each kept with a chance
        that falls with how far it falls short of the bids' promise (else the one that falls least short)."""
        best, best_short = 0, math.inf
        for _ in range(PROMISE_DRAWS):
            chosen = _pick(rng, allowed, need)
            short = self._shortfall(seat, chosen | self.known[seat], promised)
            if short <= 0.0 or rng.random() < math.exp(-PROMISE_SHARPNESS * short):
                return chosen
            if short < best_short:
                best, best_short = chosen, short
        return best

    def _with_known(self, holdings: list[int]) -> list[int]:
        """The drawn holdings with the cards known to be in each hand added."""
        return [cards | known for cards, known in zip(holdings, self.known, strict=True)]

    def _satisfiable(self, needs: dict[int, int], cards: list[int]) -> bool:
        """Hall's condition: every group of seats can be given its needs from the cards that any of them may hold."""
        seats = [seat for seat, need in needs.items() if need > 0]
        for subset in range(1, 1 << len(seats)):
            group = [seat for bit, seat in enumerate(seats) if subset >> bit & 1]
            mask = 0
            for seat in group:
                mask |= self.allowed[seat]
            if sum(needs[seat] for seat in group) > sum(1 for card in cards if mask >> card & 1):
                return False
        return True

    def _constrained_holdings(self, rng: random.Random) -> tuple[list[int], int]:
        """Each unseen card in random order goes to a seat that may hold it (or stays out), never to a dead end."""
        view = self.view
        needs = {seat: self.needs[seat] for seat in self.order}
        cards = cards_of(self.pool)
        rng.shuffle(cards)
        if not self._satisfiable(needs, cards):
            raise AssertionError(f"no deal of the unseen cards fits what seat {view.seat} has seen")
        holdings = [0] * view.players
        holdings[view.seat] = view.hand
        remaining = 0
        for index, card in enumerate(cards):
            later = cards[index + 1 :]
            spare = len(cards) - index - sum(needs.values())  # cards that may stay out of every hand
            options = [seat for seat, need in needs.items() if need > 0 and self.allowed[seat] >> card & 1]
            weights = [needs[seat] for seat in options]
            if spare > 0:
                options.append(-1)
                weights.append(spare)
            while True:
                choice = rng.choices(options, weights)[0]
                if choice >= 0:
                    needs[choice] -= 1
                if self._satisfiable(needs, later):
                    break
                if choice >= 0:
                    needs[choice] += 1
                at = options.index(choice)
                del options[at], weights[at]
            if choice >= 0:
                holdings[choice] |= 1 << card
            else:
                remaining |= 1 << card
        return holdings, remaining

    # ------------------------------------------------------------------ rebuilding the deal

    def sample(self, rng: random.Random, model: Bot | None = None, tries: int = 1) -> Game:
        """One world: a ``Game`` at the observed position, hidden cards filled in.

        With a ``model`` (a bot that stands for the other players), up to
        ``tries`` deals are drawn and the first in which the model would have
        bid exactly as the other seats did is kept (else the one closest to
        it): a seat that went alone then holds a hand worth going alone with.
        """
        best: Game | None = None
        best_misses = -1
        for _ in range(max(1, tries)):
            world, misses = self._draw(rng, model, best_misses)
            if world is not None and (best is None or misses < best_misses):
                best, best_misses = world, misses
            if best_misses == 0:
                break
        assert best is not None
        return best

    def _draw(self, rng: random.Random, model: Bot | None, limit: int) -> tuple[Game | None, int]:
        """A world and how many of the other seats' bids the model disagrees with (None past ``limit``)."""
        view = self.view
        rules = view.rules
        n = view.players
        holdings, rest = self._holdings(rng, self.promises(model))
        dealt = [holdings[s] | view.played_by[s] for s in range(n)]
        history = list(view.history)
        replacements: dict[int, str] = {}
        # Undo the discard (the dealer's, or the auction declarer's).
        kitty_from_declarer: list[int] = []
        forced = self.forced_discard  # cards known to have been discarded: the first hidden discards are they
        decode = view.space.decode_text
        for index, (actor, action) in enumerate(history):
            decoded = decode(action)
            if decoded.kind not in (DISCARD, DISCARD_KITTY):
                continue
            if decoded.hidden:
                count = rules.kitty_size if decoded.kind == DISCARD_KITTY else 1
                cards = to_hand(cards_of(forced)[:count])
                forced &= ~cards
                cards |= _pick(rng, rest & ~forced & ~cards, count - cards.bit_count())
                rest &= ~cards
                replacements[index] = "discard:" + ",".join(CARD_NAMES[c] for c in cards_of(cards))
            else:
                cards = to_hand(decoded.cards)
                rest &= ~cards
            dealt[actor] |= cards
        # Undo the pick-up: the dealer's turn-up, or the kitty the auction declarer took.
        if rules.bidding == "auction":
            if self.declarer_took_kitty:
                # A card the declarer received in a loner exchange came before the kitty (bid-railroad), not from it.
                received = 0
                for actor, action in history:
                    decoded = decode(action)
                    if decoded.kind == GIVE and not decoded.hidden and view.partner_of(actor) == view.maker:
                        received |= 1 << decoded.card
                # (The draw is made even where the seat knows its kitty, so that the generator runs as it always has.)
                taken_kitty = _pick(rng, dealt[view.maker] & ~received, rules.kitty_size)
                kitty_from_declarer = cards_of(taken_kitty)
                if view.maker == view.seat and self.own_from_kitty:
                    kitty_from_declarer = list(self.own_from_kitty)  # the kitty as it lay
                    taken_kitty = to_hand(kitty_from_declarer)
                dealt[view.maker] &= ~taken_kitty
        elif view.turn_up >= 0 and view.turn_up_state == "taken":
            dealt[view.dealer] &= ~(1 << view.turn_up)
        # Undo the loner exchanges, last first.
        gives = [
            (index, actor, decoded) for index, (actor, action) in enumerate(history) if (decoded := decode(action)).kind == GIVE
        ]
        for index, giver, decoded in reversed(gives):
            receiver = view.partner_of(giver)
            if decoded.hidden:
                card = rng.choice(cards_of(dealt[receiver]))
                replacements[index] = f"give:{CARD_NAMES[card]}"
            else:
                card = decoded.card
            dealt[receiver] &= ~(1 << card)
            dealt[giver] |= 1 << card
        # Undo twos and threes, last first: each took the next three cards from the bottom of the kitty.
        bottoms: list[list[int]] = []
        for actor, action in reversed(history):
            decoded = decode(action)
            if decoded.kind == TWOS_THREES:
                group = to_hand(decoded.cards)
                taken = _pick(rng, dealt[actor] & ~group, 3)  # drawn even where known, as the generator always ran
                own = actor == view.seat and len(self.own_from_kitty) == 3
                if own:
                    taken = to_hand(self.own_from_kitty)
                dealt[actor] = (dealt[actor] & ~taken) | group
                bottoms.append(list(self.own_from_kitty) if own else cards_of(taken))
        bottoms.reverse()  # the first caller took the very bottom
        kitty = self._kitty(rng, rest, kitty_from_declarer, bottoms)
        game = self._game(dealt, kitty)
        return self._replay(game, model, history, replacements, limit)

    def _replay(
        self, game: Game, model: Bot | None, history: list[tuple[int, str]], replacements: dict[int, str], limit: int
    ) -> tuple[Game | None, int]:
        """Play the history in the drawn deal, counting the other seats' bids the model would not have made.

        The count is weighted (a rare call missed counts ``RARE_MISS_WEIGHT``), and the draw is given up (None) as
        soon as it reaches ``limit``, the best world's count so far.  A bid is asked about when it is reached, except
        that while a rare call lies ahead (with ``rare_bid``), questions not answered before are kept until the last
        rare call has been asked: most deals fail to explain a loner and are then given up after one question, not
        after the whole bidding.  The model answers each question the same whatever the order, so the order changes
        only how many questions a rejected draw costs, never the world kept or its count.
        """
        index_of = game.space.index
        last_rare = self.last_rare if self.rare_bid else -1
        kept: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []  # questions waiting for the rare calls
        misses = 0

        def missed(action: str, answer: str) -> bool:
            """Count a bid the model would not have made; True once the draw is past the limit."""
            nonlocal misses
            if answer != action:
                misses += _miss_weight(action)
            return 0 <= limit <= misses

        for index, (actor, action) in enumerate(history):
            if model is not None and index in self.bids and len(game.legal_action_ids()) > 1:
                key = self._question(model, game, index, actor, replacements)
                answer = self._answers.get(key)
                if answer is None and index < last_rare and action not in RARE_CALLS:
                    kept.append((action, key, game.observation(actor)))
                else:
                    if answer is None:
                        answer = self._answers[key] = model.act(game.observation(actor))
                    if missed(action, answer):
                        return None, misses
            if index == last_rare and model is not None:
                for waiting, key, observation in kept:
                    answer = self._answers.get(key)
                    if answer is None:
                        answer = self._answers[key] = model.act(observation)
                    if missed(waiting, answer):
                        return None, misses
            game.apply_id(index_of[replacements.get(index, action)])
        return game, misses

    @staticmethod
    def _question(model: Bot, game: Game, index: int, actor: int, replacements: dict[int, str]) -> tuple[Any, ...]:
        """What the model is asked at bid ``index``: the actor's hand there, and the hidden cards filled in before."""
        filled = tuple(item for item in replacements.items() if item[0] < index) if replacements else ()
        return (model, index, game.hand.hands[actor], filled)

    def _game(self, dealt: list[int], kitty: list[int]) -> Game:
        """A game whose first hand deals these cards, with this observation's rules and scores.

        The first world is built through ``Game.from_deal``, which checks the deal; later ones skip
        the card notation and the checks (the sampler deals every card exactly once).
        """
        if self._template is None:
            hands = [hand_names(cards) for cards in dealt]
            kitty_names = [CARD_NAMES[c] for c in kitty]
            rules = self.view.rules
            self._template = Game.from_deal(
                rules.variant, dealer=self.view.dealer, hands=hands, kitty=kitty_names, seed=0, **self.options
            )
            return self._template.copy()
        game = self._template.copy()
        game._hand = Hand(game.rules, game.space, self.view.dealer, list(dealt), list(kitty))
        return game

    def _kitty(self, rng: random.Random, rest: int, from_declarer: list[int], bottoms: list[list[int]]) -> list[int]:
        """The kitty in dealt order: the turn-up first, the twos-and-threes cards at the bottom, the rest shuffled."""
        view = self.view
        size = view.rules.kitty_size
        if from_declarer:
            cards = from_declarer + cards_of(rest)
            rng.shuffle(cards)
            if from_declarer == self.own_from_kitty:
                return list(from_declarer)  # the declarer's own kitty, in the order it lay
            return cards[:size]
        loose = cards_of(rest & ~(1 << view.turn_up)) if view.turn_up >= 0 else cards_of(rest)
        rng.shuffle(loose)
        kitty: list[int] = [view.turn_up] if view.turn_up >= 0 else []
        bottom: list[int] = []
        for taken in reversed(bottoms):  # later callers' cards lie above earlier ones'
            bottom.extend(taken)
        middle = size - len(kitty) - len(bottom)
        kitty.extend(loose[:middle])
        kitty.extend(bottom)
        return kitty


def sample_worlds(observation: Mapping[str, Any], count: int, seed: int | None = None) -> list[Game]:
    """``count`` full-information games consistent with what the observing seat has seen."""
    sampler = Sampler(observation)
    rng = random.Random(seed)
    return [sampler.sample(rng) for _ in range(count)]


__all__ = ["Sampler", "sample_worlds"]
