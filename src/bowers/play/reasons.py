"""Why the rules refuse an action, said in the screen's own words and symbols.

The table's messages never show the engine's notation (``play:9D``, ``seat 0``,
``must follow S``): every reason here is worked out from the person's
observation alone, so it can never reveal a hidden card either.

>>> from bowers.variants import make_rules
>>> observation = {"hand": ["9D", "KS"], "legal_actions": ["play:9D"], "trick": [[1, "AD"]], "trump": "S"}
>>> refusal("play:KS", observation, make_rules("standard"))
'You must follow ♦ (the suit led).'
>>> refusal("play:AS", observation, make_rules("standard"))
"You don't hold A♠."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bowers.cards import SUIT_LETTERS, parse_card
from bowers.errors import NotationError
from bowers.play.render import ACTION_WORDS, card_label, describe_action, suit_label, trump_index
from bowers.tables import NO_TRUMP, trump_tables
from bowers.variants import Rules

# What trying each kind of action is called in a sentence such as "You can't <verb> now".
VERBS = {
    "play": "play a card",
    "discard": "discard",
    "give": "give a card",
    "twos-threes": "swap twos and threes",
    "pass": "pass",
    "order": "order up",
    "call": "name trump",
    "bid": "bid",
    "decline": "decline the turn-up",
    "partner": "play with your partner",
    "alone": "go alone",
    "jambone": "play a Jambone",
    "defend-alone": "defend alone",
    "claim-renege": "claim a renege",
}
CARD_KEYWORDS = ("play", "discard", "give", "twos-threes")
SHOWN_AT_MOST = 6  # choices listed in one message before "..."


def or_list(words: Sequence[str]) -> str:
    """Words joined as a person says them: ``a``, ``a or b``, ``a, b or c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def choices_words(legal: Sequence[str], hand_size: int = 0) -> str:
    """The legal actions in words, cards by their symbols: ``pass or order up``, ``play 9♣, A♠ or K♦``; with
    ``hand_size``, a choice of every card in the hand reads ``give any of your cards``."""
    groups: dict[str, list[str]] = {}
    for action in legal:
        keyword, _, argument = action.partition(":")
        groups.setdefault(keyword, []).append(argument)
    phrases = []
    for keyword, arguments in groups.items():
        word = ACTION_WORDS.get(keyword, keyword)
        if keyword in CARD_KEYWORDS and all("," in argument for argument in arguments if argument):
            count = arguments[0].count(",") + 1
            phrases.append(f"{word} {count} cards")
        elif keyword in CARD_KEYWORDS:
            cards = list(dict.fromkeys(card_label(argument.partition(":")[0]) for argument in arguments))
            if hand_size > 1 and len(cards) == hand_size:
                phrases.append(f"{word} any of your cards")
            else:  # every card allowed, in full: a hand has at most 11
                phrases.append(f"{word} " + or_list(cards))
        else:
            phrases.extend(describe_action(f"{keyword}:{argument}" if argument else keyword) for argument in arguments)
    if len(phrases) > SHOWN_AT_MOST:  # the bids of an auction: the Choices line lists them all
        return ", ".join(phrases[:SHOWN_AT_MOST]) + " and more (see Choices)"
    return or_list(phrases)


def refusal(action: str, observation: Mapping[str, Any], rules: Rules) -> str:
    """Why ``action`` (canonical, and not legal now) is refused, in one sentence of the screen's words."""
    legal: list[str] = list(observation.get("legal_actions") or [])
    if not legal:
        return "It is not your turn."
    keyword, _, argument = action.partition(":")
    legal_keywords = {choice.partition(":")[0] for choice in legal}
    now = choices_words(legal, len(observation.get("hand") or []))
    if keyword not in legal_keywords:
        if keyword == "pass" and "call" in legal_keywords and observation.get("dealer") == observation.get("seat"):
            return f"The dealer is stuck and must name trump: {now}."
        return f"You can't {VERBS.get(keyword, 'do that')} now: {now}."
    if keyword in CARD_KEYWORDS:
        reason = _card_refusal(keyword, argument, observation, rules, legal)
        if reason is not None:
            return reason
    if keyword == "call" and argument == _turned_down_suit(observation):
        return f"You can't name {suit_label(argument)}: it was turned down. Choose {now}."
    if keyword == "bid":
        contract = observation.get("contract")
        standing = f" ({describe_action('bid:' + contract)[4:]})" if contract else ""
        return f"A bid must beat the high bid{standing}: {now}."
    return f"You can't {describe_action(action)} now: {now}."


def _turned_down_suit(observation: Mapping[str, Any]) -> str | None:
    turn_up = observation.get("turn_up")
    if not turn_up or observation.get("turn_up_state") in (None, "face-up", "taken"):
        return None
    return str(turn_up)[-1]


def _card_refusal(keyword: str, argument: str, observation: Mapping[str, Any], rules: Rules, legal: list[str]) -> str | None:
    """Why a card action is refused: a card not held, a wrong number of cards, not following suit; None when none fits."""
    cards = [card for card in argument.split(":")[0].split(",") if card]
    hand = set(observation.get("hand") or [])
    playing_for = observation.get("playing_for")
    exposed = (observation.get("exposed") or {}).get(str(playing_for)) if playing_for is not None else None
    if keyword == "play" and exposed is not None:
        missing = [card for card in cards if card not in exposed]
        if missing:
            return f"The exposed hand has no {or_list([card_label(card) for card in missing])}."
    else:
        turn_up = observation.get("turn_up")
        held = hand | ({turn_up} if keyword == "discard" and f"discard:{turn_up}" in legal else set())
        missing = [card for card in cards if card not in held]
        if missing:
            return f"You don't hold {or_list([card_label(card) for card in missing])}."
    same = [choice.partition(":")[2].split(":")[0] for choice in legal if choice.startswith(keyword + ":")]
    example = " ".join(card_label(card) for card in same[0].split(",")) if same else ""
    word = ACTION_WORDS.get(keyword, keyword)
    if keyword == "twos-threes":
        return f"Return exactly three cards ranked 2 or 3, such as: {word} {example}."
    wanted = same[0].count(",") + 1 if same else len(cards)
    if len(cards) != wanted:
        plural = "s" if wanted != 1 else ""
        return f"{word.capitalize()} exactly {wanted} card{plural} at once, such as: {word} {example}."
    if keyword == "discard" and observation.get("turn_up") in cards and observation.get("turn_up_state") == "taken":
        return f"You must keep the card you took up ({card_label(str(observation['turn_up']))}): {choices_words(legal)}."
    if keyword == "play":
        led = _led_suit(observation, rules)
        if led is not None:
            return f"You must follow trumps ({led[1:]} led)." if led.startswith("*") else f"You must follow {led} (the suit led)."
    return None


def _led_suit(observation: Mapping[str, Any], rules: Rules) -> str | None:
    """The suit led to the trick in progress as a symbol, or ``*`` and the card led when it is a trump; None in doubt."""
    trick = observation.get("trick") or []
    trump = trump_index(observation.get("trump"))
    if not trick or trump is None:
        return None
    try:
        led_card = parse_card(str(trick[0][1]).split(":")[0])
    except NotationError:
        return None
    tables = trump_tables(rules.deck, rules.trump_jokers, rules.left_above_right, trump)
    suit = tables.effective_suit[led_card]
    if not 0 <= suit < 4:
        return None
    label = suit_label(SUIT_LETTERS[suit])
    return f"*{card_label(str(trick[0][1]))}" if trump != NO_TRUMP and suit == trump else label


__all__ = ["choices_words", "or_list", "refusal"]
