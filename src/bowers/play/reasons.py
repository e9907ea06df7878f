"""Why the rules refuse an action, said in the screen's own words and symbols.

The engine decides why (``bowers.refusals``: a ``Refusal`` kind and its details, from the person's
observation alone, so a reason can never reveal a hidden card); this module only translates that into
the table's words, which never show the engine's notation (``play:9D``, ``seat 0``, ``must follow S``).

>>> from bowers.variants import make_rules
>>> observation = {"phase": "play", "to_act": 2, "turn": 2, "dealer": 0, "hand": ["9D", "KS"],
...                "legal_actions": ["play:9D"], "trick": [[1, "AD"]], "trump": "S", "led": "D"}
>>> refusal("play:KS", observation, make_rules("standard"))
'You must follow ♦ (the suit led).'
>>> refusal("play:AS", observation, make_rules("standard"))
"You don't hold A♠."
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bowers.errors import IllegalAction, Refusal
from bowers.play.render import ACTION_WORDS, card_label, describe_action, suit_label
from bowers.refusals import why_refused
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
    if not observation.get("legal_actions"):
        return "It is not your turn."
    kind, details, _ = why_refused(action, observation, rules)
    return refusal_words(kind, details, action, observation)


def error_words(error: IllegalAction, observation: Mapping[str, Any]) -> str:
    """An ``IllegalAction`` the engine raised for the observing seat, in the screen's words."""
    if not observation.get("legal_actions"):
        return "It is not your turn."
    return refusal_words(error.kind, error.details, error.action, observation)


def refusal_words(kind: Refusal, details: Mapping[str, Any], action: str, observation: Mapping[str, Any]) -> str:
    """A refusal's kind and details (``bowers.refusals``) in one sentence of the screen's words; the observation
    gives only the choices to offer instead."""
    legal: list[str] = list(observation.get("legal_actions") or [])
    if not legal:
        return "It is not your turn."
    keyword, _, argument = action.partition(":")
    now = choices_words(legal, len(observation.get("hand") or []))
    if kind is Refusal.MUST_NAME_TRUMP:
        return f"The dealer is stuck and must name trump: {now}."
    absent = kind is Refusal.NO_SUCH_ACTION
    if kind is Refusal.WRONG_STEP or (absent and not details.get("keyword_legal")):
        return f"You can't {VERBS.get(keyword, 'do that')} now: {now}."
    missing = details.get("cards") if kind is Refusal.NOT_HELD else details.get("missing")
    if missing:
        labels = or_list([card_label(card) for card in missing])
        return f"The exposed hand has no {labels}." if details.get("exposed") else f"You don't hold {labels}."
    same = [choice.partition(":")[2].split(":")[0] for choice in legal if choice.startswith(keyword + ":")]
    example = " ".join(card_label(card) for card in same[0].split(",")) if same else ""
    word = ACTION_WORDS.get(keyword, keyword)
    if keyword == "twos-threes":
        return f"Return exactly three cards ranked 2 or 3, such as: {word} {example}."
    cards = argument.split(":")[0].split(",") if argument else []
    wanted = same[0].count(",") + 1 if same else len(cards)
    if absent and keyword in CARD_KEYWORDS and len(cards) != wanted:
        plural = "s" if wanted != 1 else ""
        return f"{word.capitalize()} exactly {wanted} card{plural} at once, such as: {word} {example}."
    if kind is Refusal.KEEP_TURN_UP:
        return f"You must keep the card you took up ({card_label(str(details['card']))}): {choices_words(legal)}."
    if kind is Refusal.MUST_FOLLOW and details.get("suit") is not None:
        if details.get("trump"):
            return f"You must follow trumps ({card_label(str(details['card']))} led)."
        return f"You must follow {suit_label(str(details['suit']))} (the suit led)."
    if kind is Refusal.TURNED_DOWN_SUIT:
        return f"You can't name {suit_label(str(details['suit']))}: it was turned down. Choose {now}."
    if absent and keyword == "bid":  # a level or no-trump bid the game does not have, high bid or not
        return f"There is no bid of {describe_action(action)[4:]} in this game: {now}."
    if kind is Refusal.BID_TOO_LOW:
        contract = observation.get("contract")
        standing = f" ({describe_action('bid:' + contract)[4:]})" if contract else ""
        return f"A bid must beat the high bid{standing}: {now}."
    return f"You can't {describe_action(action)} now: {now}."


__all__ = ["choices_words", "error_words", "or_list", "refusal", "refusal_words"]
