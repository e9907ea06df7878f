"""Reviewing a finished game: one seat's decisions as the strong bot values them, and the chance of winning hand by hand.

``POST /api/reviews`` with ``{"table", "token", "seat"}`` (a finished or ended table) or ``{"replay", "seat"}``
(a kept replay) starts a review, or answers how far it has come (``202``, ``"reviewing hand 3 of 9"``) until it
is done (``200``).  A review runs in the server's worker pool, one hand per job, in the asking address's share:
an address has one review running at a time, starts at most ``REVIEW_BURST`` at once and ``REVIEWS_PER_HOUR``
after that, and a review once done is kept for its table (or replay) and seat.  A seat's token reviews that seat
only; a spectator, and a replay, choose the seat.  A review shows only what its seat saw: the seat's own hand at
each decision, the actions it could take and the bot's values of them, never another seat's cards.  A long game's
last ``REVIEW_HANDS`` hands are reviewed, and the answer says so.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bowers.bots.analysis import analyze_record
from bowers.bots.win_probability import table_for
from bowers.errors import BowersError, OptionError
from bowers.game import replay
from bowers.server import replay as replays
from bowers.server.limits import AddressLimits, client_address
from bowers.server.pool import TimeLimitExceeded
from bowers.server.rooms import Lobby, matching_seat

log = logging.getLogger("bowers.server")

REVIEW_LEVEL = 2  # the strong bot's level for reviews: quick, as ``bowers analyze`` runs by default
REVIEW_THINKING_SECONDS = 0.5  # the bot's thinking budget over one decision of a review
# A hand whose review ran past the job's time limit (on a busy server) is tried once more with this budget a decision.
REVIEW_RETRY_SECONDS = 0.15
REVIEW_HANDS = 12  # a long game's last hands reviewed
REVIEW_BURST = 6  # reviews one address may start at once
REVIEWS_PER_HOUR = 20.0  # and then at this pace
KEPT_REVIEWS = 256  # reviews (done or running) kept in memory, the least recently asked for going first


def hand_decisions(record: dict[str, Any], seat: int, thinking: float = REVIEW_THINKING_SECONDS) -> list[dict[str, Any]]:
    """The seat's decisions in a one-deal record, as the review shows them (runs in the worker pool): its own hand,
    the action chosen, the bot's best and the expected points of each choice; nothing of any other seat's cards.
    ``thinking`` is the bot's budget in seconds over each decision."""
    decisions = analyze_record(record, seats=[seat], level=REVIEW_LEVEL, time_budget=thinking)
    return [
        {
            "index": decision.action_index,
            "phase": decision.phase,
            "cards": decision.hand,
            "played": decision.played,
            "best": decision.best if decision.judged else None,
            "cost": decision.cost,
            "mistake": decision.mistake,
            "judged": decision.judged,
            "choices": [
                {
                    "action": str(choice.action),
                    "value": round(float(choice.value), 3),
                    "chance": None if choice.win_chance is None else round(float(choice.win_chance), 4),
                }
                for choice in decision.choices
            ],
        }
        for decision in decisions
    ]


def plan(record: dict[str, Any], seat: int) -> dict[str, Any]:
    """What a review of ``seat`` covers (runs in the worker pool): the hands to review, each as a one-deal record
    starting from the scores before it, and the seat's team's chance of winning before the first hand and after
    each hand, as the bots' tables reckon it (None where no table covers the variant)."""
    game = replay(dict(record))
    rules = game.rules
    if not 0 <= seat < rules.players:
        raise OptionError(f"no seat {seat}; seats are 0 to {rules.players - 1}", "seat")
    deals = record["deals"]
    team = rules.team_of(seat)
    table = table_for(rules)
    scores = list(rules.initial_scores)
    before: list[list[int]] = []
    chances: list[dict[str, Any]] = []

    def chance(after: int) -> None:
        if table is None:
            return
        dealer = deals[after + 1]["dealer"] if after + 1 < len(deals) else deals[-1]["dealer"] + 1
        value = table.chance(scores, rules.team_of(dealer % rules.players), team)
        chances.append({"hand": after + 1, "scores": list(scores), "chance": round(value, 4)})

    chance(-1)
    for number in range(len(deals)):
        before.append(list(scores))
        if number < len(game.results):
            scores = [s + p for s, p in zip(scores, game.results[number]["points"], strict=True)]
            chance(number)
    first = max(0, len(deals) - REVIEW_HANDS)
    options = {key: value for key, value in record.get("options", {}).items() if key != "draw"}
    base = {key: value for key, value in record.items() if key not in ("deals", "scores", "options")}
    hands = [
        (number, {**base, "options": {**options, "initial_scores": before[number]}, "deals": [deals[number]]})
        for number in range(first, len(deals))
    ]
    return {"team": team, "hands_total": len(deals), "first_hand": first, "chances": chances if table else None, "hands": hands}


def plan_replay(replay_id: str, packed: bytes, seat: int) -> dict[str, Any]:
    """``plan`` for a kept replay, unpacked here (runs in the worker pool)."""
    return plan(replays.unpack(replay_id, packed), seat)


@dataclass(eq=False)
class Review:
    """One review, under way or done: how far it has come, and its answer once done."""

    address: str
    hand: int = 0  # the hands reviewed so far
    hands: int = 0  # the hands it reviews
    answer: dict[str, Any] | None = None
    failure: str | None = None
    task: asyncio.Task[None] | None = field(default=None, repr=False)

    @property
    def running(self) -> bool:
        """Whether its work is still under way."""
        return self.task is not None and not self.task.done()

    def progress(self) -> dict[str, Any]:
        """The answer while it runs: the hand under review, of how many."""
        if self.hands == 0:
            words = "getting the game ready for review"
        else:
            words = f"reviewing hand {min(self.hand + 1, self.hands)} of {self.hands}"
        return {"status": "running", "hand": self.hand, "hands": self.hands, "message": words}


class Reviews:
    """The card room's reviews: those kept, each address's running one, and each address's budget."""

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple[str, str, int], Review] = OrderedDict()
        self.running: dict[str, Review] = {}
        self.limits = AddressLimits(REVIEWS_PER_HOUR / 60, REVIEW_BURST)

    def keep(self, key: tuple[str, str, int], review: Review) -> None:
        """Keep a review, forgetting the least recently asked for past ``KEPT_REVIEWS`` (running ones stay)."""
        self.kept[key] = review
        for old in list(self.kept)[: max(0, len(self.kept) - KEPT_REVIEWS)]:
            if not self.kept[old].running:
                del self.kept[old]

    async def run(self, lobby: Lobby, group: str, review: Review, first: tuple[Any, ...]) -> None:
        """Do a review's work in the worker pool, in ``group``'s share: ``first`` (a planning job and its arguments),
        then each hand as a job of its own, counting them as it goes."""
        key = f"review:{review.address}"
        try:
            try:
                planned = await lobby.think(key, *first, group=group)
            except (BowersError, KeyError, TypeError, IndexError) as problem:
                review.failure = f"this game cannot be reviewed: {problem}"
                return
            seat = first[-1]
            review.hands = len(planned["hands"])
            decisions: list[dict[str, Any]] = []
            skipped: list[int] = []
            for number, hand in planned["hands"]:
                found = None
                for thinking in (REVIEW_THINKING_SECONDS, REVIEW_RETRY_SECONDS):  # a second, quicker try on a busy server
                    try:
                        found = await lobby.think(key, hand_decisions, hand, seat, thinking, group=group)
                        break
                    except TimeLimitExceeded:
                        continue
                if found is None:
                    skipped.append(number)
                else:
                    decisions.extend({"hand": number, **decision} for decision in found)
                review.hand += 1
            review.answer = {
                "status": "done",
                "seat": seat,
                "team": planned["team"],
                "hands_total": planned["hands_total"],
                "first_hand": planned["first_hand"],
                "hands_reviewed": review.hands,
                "hands_skipped": skipped,
                "decisions": decisions,
                "chances": planned["chances"],
                "level": REVIEW_LEVEL,
            }
        except TimeLimitExceeded:
            review.failure = "this game took too long to read for a review"
        except Exception:  # a fault of the server's own: logged, and said to the asker
            log.exception("a review for %s failed", review.address)
            review.failure = "the server could not review this game; try again later"
        finally:
            if self.running.get(review.address) is review:
                del self.running[review.address]


def reviews_of(request: Request) -> Reviews:
    """The application's reviews (made at the first request for one)."""
    state = request.app.state
    found: Reviews | None = getattr(state, "reviews", None)
    if found is None:
        found = Reviews()
        state.reviews = found
    return found


async def review_endpoint(request: Request) -> Response:
    """Start a review of a finished game's seat, or say how far it has come, or answer it once done."""
    # The application's helpers, imported here: app.py imports this module for its route.
    from bowers.server.app import address_group, card_room, finished_record, read_body, read_json_body

    reviews = reviews_of(request)
    lobby = card_room(request).lobby
    address = client_address(request)
    try:
        data = read_json_body(await read_body(request))
    except BowersError as problem:
        return JSONResponse({"error": str(problem)}, status_code=400)
    if not isinstance(data, dict):
        return JSONResponse({"error": "send an object with table (and token or seat), or replay and seat"}, status_code=400)
    table_id, replay_id, token, seat = data.get("table"), data.get("replay"), data.get("token"), data.get("seat")
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 8):
        return JSONResponse({"error": f"seat is a seat's number from 0, not {seat!r}"}, status_code=400)
    if token is not None and (not isinstance(token, str) or not 0 < len(token) <= 128):
        return JSONResponse({"error": "token is a seat's key"}, status_code=400)
    source = table_id if isinstance(table_id, str) else replay_id if isinstance(replay_id, str) else None
    if source is None or not 0 < len(source) <= 64:
        return JSONResponse({"error": "name the table or the replay to review"}, status_code=400)
    kind = "table" if isinstance(table_id, str) else "replay"
    if kind == "table" and token is not None:
        mine = own_seat(lobby, source, token)
        if mine is None:
            return JSONResponse({"error": "this key opens no seat at this table"}, status_code=403)
        if seat is not None and seat != mine:
            return JSONResponse({"error": "a player reviews their own seat's decisions only"}, status_code=403)
        seat = mine
    if seat is None:
        return JSONResponse({"error": "choose the seat to review"}, status_code=400)
    key = (kind, source, seat)
    review = reviews.kept.get(key)
    if review is not None:
        reviews.kept.move_to_end(key)
        if review.failure is not None:  # said once; asked again, it starts afresh
            del reviews.kept[key]
            return JSONResponse({"error": review.failure}, status_code=400)
        return JSONResponse(review.answer) if review.answer is not None else JSONResponse(review.progress(), status_code=202)
    running = reviews.running.get(address)
    if running is not None:
        words = "a review you asked for is still under way; this one can start when it is done"
        return JSONResponse({"error": words, "busy": running.progress()}, status_code=429)
    first: tuple[Any, ...]
    if kind == "table":
        found = await finished_record(request, source)
        if isinstance(found, Response):
            return found
        first = (plan, found[0], seat)
    else:
        packed = card_room(request).replay(source)
        if packed is None:
            return JSONResponse({"error": "no such replay (they are kept for a while only)"}, status_code=404)
        first = (plan_replay, source, packed, seat)
    if not reviews.limits.allow_address(address):
        words = f"at most {reviews.limits.per_minute * 60:g} reviews an hour from one address; wait a little"
        return JSONResponse({"error": words}, status_code=429)
    review = Review(address)
    reviews.running[address] = review
    reviews.keep(key, review)
    review.task = asyncio.get_running_loop().create_task(reviews.run(lobby, address_group(request), review, first))
    return JSONResponse(review.progress(), status_code=202)


def own_seat(lobby: Lobby, table_id: str, key: str) -> int | None:
    """The seat a key opens at a table, live or stored: a claimed seat's secret, or an invite token whose seat no
    browser has claimed (None for no seat: the invite link of a claimed seat is a spectator's)."""
    live = lobby.rooms.get(table_id)
    if live is not None:
        try:
            return live.seat_of_key(key)
        except PermissionError:  # no seat, or the invite link of a seat another browser claimed
            return None
    stored = lobby.database.table(table_id)
    if stored is None:
        return None
    claims = stored.claims or [None] * len(stored.tokens)
    seat = matching_seat(claims, key)
    if seat is not None:
        return seat
    seat = matching_seat(stored.tokens, key)
    return seat if seat is not None and claims[seat] is None else None


__all__ = ["REVIEW_HANDS", "REVIEW_LEVEL", "Review", "Reviews", "hand_decisions", "plan", "plan_replay", "review_endpoint"]
