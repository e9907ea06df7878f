"""Why the rules refuse an action, worked out once, from what the seat to act may see.

``why_refused`` reads the seat's observation (``Game.observation``) and the rules, and gives the kind of
refusal (``Refusal``), its details and the library's English reason.  ``Game`` raises ``IllegalAction`` with
all three; the terminal and the web page translate the kind and details into their own words, so none of them
works the rules out again, and nothing beyond the seat's own view can leak into a message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bowers.actions import space_for
from bowers.cards import parse_card
from bowers.errors import Refusal
from bowers.variants import AUCTION, Rules

CARD_KEYWORDS = ("play", "discard", "give")  # actions of one card each, checked against the cards held


def why_refused(action: str, observation: Mapping[str, Any], rules: Rules) -> tuple[Refusal, dict[str, Any], str]:
    """The kind, details and English reason of the refusal of ``action`` (canonical text) by the seat to act,
    whose observation is ``observation`` (with its legal actions), under ``rules``."""
    space = space_for(rules)
    if action not in space.index:
        return _why_absent(action, observation, rules)
    seat = observation.get("to_act")
    phase = observation["phase"]
    legal: list[str] = list(observation.get("legal_actions") or [])
    keyword = action.split(":")[0]
    legal_keywords = sorted({name.split(":")[0] for name in legal})
    details: dict[str, Any] = {"phase": phase, "keywords": legal_keywords}
    if action == "pass" and phase == "round-2" and seat == observation.get("dealer"):
        return Refusal.MUST_NAME_TRUMP, details, "the dealer is stuck and must name a suit (call:<suit>)"
    if keyword not in legal_keywords:
        kind = Refusal.MUST_NAME_TRUMP if action == "pass" and phase == "joker-call" else Refusal.WRONG_STEP
        return kind, details, f"the hand is in the {phase} step, where seat {seat} may: {', '.join(legal_keywords)}"
    cards = action.split(":")[1].split(",") if ":" in action else []
    turn_up = observation.get("turn_up")
    if keyword in CARD_KEYWORDS and seat is not None:
        exposed, held = _held(keyword, observation)
        missing = [card for card in cards if card not in held]
        if missing:
            owner = "the hand it plays from" if exposed else "its hand"
            return Refusal.NOT_HELD, {"cards": missing, "exposed": exposed}, f"{', '.join(missing)} is not in {owner}"
        if keyword == "discard" and not rules.discard_turn_up and turn_up in cards:
            reason = f"the dealer keeps the card just taken up ({turn_up}): discard_turn_up is off"
            return Refusal.KEEP_TURN_UP, {"card": turn_up}, reason
        trick = observation.get("trick") or []
        if keyword == "play" and trick and observation.get("trump") is not None:
            led = observation.get("led")
            suit = None if led == "NT" else led
            details = {"suit": suit, "card": trick[0][1], "trump": suit is not None and suit == observation.get("trump")}
            return Refusal.MUST_FOLLOW, details, f"must follow {suit or 'the led suit'} (the suit led) while holding it"
        if action == "play:JK":
            return Refusal.JOKER_NEEDS_SUIT, {}, "the Joker leads a no-trump hand only with a suit named: play:JK:S"
    if keyword == "call" and turn_up is not None:
        reason = f"the turned-down suit ({turn_up[1]}) cannot be named; legal: {', '.join(legal)}"
        return Refusal.TURNED_DOWN_SUIT, {"suit": action.split(":")[1]}, reason
    if keyword == "bid":
        reason = f"a bid must beat the standing bid; legal: {', '.join(legal)}"
        return Refusal.BID_TOO_LOW, {"contract": observation.get("contract")}, reason
    if keyword == "twos-threes":
        missing = [card for card in cards if card not in (observation.get("hand") or [])]
        reason = "twos and threes returns exactly three cards ranked 2 or 3 from the hand"
        return Refusal.TWOS_THREES, {"missing": missing}, reason
    return Refusal.NOT_LEGAL, {}, f"not legal now; legal: {', '.join(legal)}"


def _held(keyword: str, observation: Mapping[str, Any]) -> tuple[bool, set[str]]:
    """Whether a card action of ``keyword`` takes the exposed hand's cards (a Jambone's chooser playing for it),
    and the cards it may name: the hand played from (a discard may also name a turn-up it is offered)."""
    seat, turn = observation.get("to_act"), observation.get("turn")
    if keyword == "play" and turn is not None and turn != seat:
        return True, set((observation.get("exposed") or {}).get(str(turn)) or [])
    held = set(observation.get("hand") or [])
    turn_up = observation.get("turn_up")
    if keyword == "discard" and f"discard:{turn_up}" in (observation.get("legal_actions") or []):
        held.add(turn_up)
    return False, held


def _why_absent(action: str, observation: Mapping[str, Any], rules: Rules) -> tuple[Refusal, dict[str, Any], str]:
    """The refusal of an action the variant does not have at all."""
    parts = action.split(":")
    keyword = parts[0]
    legal = observation.get("legal_actions") or []
    details: dict[str, Any] = {
        "keyword": keyword,
        "keyword_legal": any(name.split(":")[0] == keyword for name in legal),
        "cards": [],
        "missing": [],
        "exposed": False,
    }
    why = f"its actions are: {', '.join(sorted({name.split(':')[0] for name in space_for(rules).names}))}"
    if keyword in (*CARD_KEYWORDS, "twos-threes") and len(parts) > 1:
        cards = parts[1].split(",")
        exposed, held = _held(keyword, observation)
        details.update(cards=cards, missing=[card for card in cards if card not in held], exposed=exposed)
    if keyword in CARD_KEYWORDS and len(parts) > 1:
        cards = parts[1].split(",")
        foreign = [card for card in cards if parse_card(card) not in rules.deck]
        if keyword == "give" and not rules.loner_exchange:
            why = "there is no loner exchange"
        elif len(parts) > 2:
            why = "only the Joker in a no-trump hand is played with a suit"
        elif foreign:
            why = f"{', '.join(foreign)} is not a card of its deck"
        elif keyword == "discard":
            size = rules.kitty_size if rules.bidding == AUCTION else 1
            why = f"a discard here is {size} card{'s' if size > 1 else ''}, not {len(cards)}"
        else:
            why = f"{keyword} takes one card"
    return Refusal.NO_SUCH_ACTION, details, f"{rules.variant} has no such action ({why})"


__all__ = ["why_refused"]
