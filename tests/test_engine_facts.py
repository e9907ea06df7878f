"""The rule facts the engine owns and gives out: what each action id means, the tricks the makers need, the
first leader, the Jamboree bonus, how trump was made, each trick's leader, winner and cards, and the view of a
finished hand."""

from __future__ import annotations

import json
import random
from itertools import pairwise
from typing import Any

import pytest

import bowers
from bowers.actions import (
    BID,
    DISCARD,
    DISCARD_KITTY,
    GIVE,
    HIDDEN,
    KEYWORDS,
    NO_TRUMP,
    PLAY_JOKER,
    bid_name,
    contract_level,
    parse_contract,
    space_for,
)
from bowers.cards import CARD_NAMES, SUIT_LETTERS, parse_card
from bowers.errors import NotationError
from bowers.hand import JAMBOREE_BONUS, TrumpMade, add_jamboree_bonus, first_leader, hand_points, tricks_needed
from bowers.variants import make_rules, variants

VARIANTS = variants()


# ---------------------------------------------------------------------- decoding actions


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_action_decodes_to_what_its_text_says(variant: str) -> None:
    space = space_for(make_rules(variant))
    for action, name in enumerate(space.names):
        decoded = space.decode(action)
        assert decoded is space.decode(action)  # cached
        assert space.decode_text(name) is decoded
        assert (decoded.id, decoded.name, decoded.kind, decoded.hidden) == (action, name, space.kinds[action], False)
        keyword, _, argument = name.partition(":")
        assert decoded.keyword == keyword == KEYWORDS[decoded.kind]
        if decoded.kind == BID:
            assert bid_name(decoded.level, decoded.suit) == argument and parse_contract(argument) == (decoded.level, decoded.suit)
            assert decoded.cards == () and decoded.card == -1
        elif keyword in ("order", "call") and argument:
            assert SUIT_LETTERS[decoded.suit] == argument and decoded.cards == ()
        elif argument:
            card_text, _, suit_text = argument.partition(":")
            cards = tuple(parse_card(text) for text in card_text.split(","))
            assert decoded.cards == cards
            assert decoded.card == (cards[0] if len(cards) == 1 else -1)
            assert decoded.suit == (SUIT_LETTERS.index(suit_text) if suit_text else -1)
            assert (decoded.kind == PLAY_JOKER) == bool(suit_text)
        else:
            assert (decoded.cards, decoded.card, decoded.suit, decoded.level) == ((), -1, -1, 0)


def test_decoding_reads_any_spelling_and_the_masked_history_texts() -> None:
    space = space_for(make_rules("railroad"))
    assert space.decode_text("Play:10h") is space.decode(space.index["play:TH"])
    for text, kind in ((f"discard:{HIDDEN}", DISCARD), (f"give:{HIDDEN}", GIVE)):
        hidden = space.decode_text(text)
        assert (hidden.id, hidden.kind, hidden.cards, hidden.card, hidden.hidden) == (-1, kind, (), -1, True)
    bid = space_for(make_rules("bid"))
    assert bid.decode_text("discard:??,??,??").kind == DISCARD_KITTY
    with pytest.raises(KeyError):
        space.decode_text("bid:4H")
    with pytest.raises(NotationError):
        space.decode_text("dance")
    with pytest.raises(IndexError):
        space.decode(len(space))


def test_contracts_read_back() -> None:
    assert parse_contract("4H") == (4, 2) and parse_contract("5NT") == (5, NO_TRUMP) and parse_contract("7nt") == (7, NO_TRUMP)
    assert contract_level("6S") == 6 and contract_level(None) == 0 and contract_level("") == 0
    with pytest.raises(NotationError):
        parse_contract("H4")


# ---------------------------------------------------------------------- rule facts


def test_tricks_needed_follow_the_rules() -> None:
    assert tricks_needed(make_rules("standard")) == 3
    assert tricks_needed(make_rules("standard"), jambone=True) == 5
    assert tricks_needed(make_rules("railroad"), jambone=True) == make_rules("railroad").hand_size
    assert tricks_needed(make_rules("bid"), contract_level=4) == 4
    assert tricks_needed(make_rules("ultimate")) == make_rules("ultimate").tricks_to_make


def test_first_leader_follows_the_rules() -> None:
    standard = make_rules("standard")
    assert first_leader(standard, dealer=3, maker=1, alone=False) == 0
    assert first_leader(standard, dealer=3, maker=1, alone=True, sitting_out=[0]) == 1
    assert first_leader(make_rules("bid"), dealer=3, maker=2, alone=False) == 2


def test_the_jamboree_bonus_goes_to_the_holders_team() -> None:
    assert JAMBOREE_BONUS == 16
    assert add_jamboree_bonus([1, 0], [3], 2) == [1, 16]
    assert add_jamboree_bonus([0, 0, 2], [], 3) == [0, 0, 2]


def _making_seen(action: str, observation: dict[str, Any]) -> TrumpMade:
    """How an order or call makes trump, told apart by what the seat saw when it acted."""
    if action.startswith("bid"):
        return TrumpMade.BID
    if action.startswith("order"):
        return TrumpMade.ORDERED_UP
    if observation["phase"] == "joker-call":
        return TrumpMade.JOKER_TURN_UP
    return TrumpMade.CALLED if "pass" in observation["legal_actions"] else TrumpMade.STUCK_DEALER


def _random_hands(variant: str, seeds: range, hands: int = 3, **options: Any) -> list[tuple[bowers.Game, list[TrumpMade | None]]]:
    """Games played at random for a few hands, with how trump was made in each hand as its players saw it."""
    games = []
    for seed in seeds:
        game = bowers.Game(variant, seed=seed, **options)
        rng = random.Random(seed)
        makings: list[TrumpMade | None] = [None]
        while not game.is_over and game.hand_number < hands:
            seat = game.to_act
            observation = game.observation(seat)
            action = rng.choice(observation["legal_actions"])
            number = game.hand_number
            if action.startswith(("order", "call", "bid")):
                makings[number] = _making_seen(action, observation)
            game.apply(action)
            if game.hand_number != number and not game.is_over:
                makings.append(None)
        games.append((game, makings))
    return games


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_finished_hand_tells_its_facts(variant: str) -> None:
    rules = make_rules(variant)
    for game, makings in _random_hands(variant, range(12)):
        for number, result in enumerate(game.results):
            view = game.hand_over_view(None, number)
            json.dumps(view)
            expected = makings[number]
            if rules.bidding == "auction" and result["maker"] is not None:
                expected = TrumpMade.BID
            assert view["trump_made"] == (None if expected is None else expected.value)
            assert view["tricks_won"] == result["tricks"]
            assert view["team_tricks"] == [
                sum(result["tricks"][s] for s in range(t, rules.players, rules.teams)) for t in range(rules.teams)
            ]
            if result["maker"] is None:
                assert view["tricks_needed"] is None
                continue
            needed = view["tricks_needed"]
            assert needed == tricks_needed(rules, contract_level(result["contract"]), result["jambone"])
            if result["renege"] is None:
                assert result["made"] == (view["team_tricks"][result["maker"] % rules.teams] >= needed)
                team_tricks = view["team_tricks"]
                maker_team = result["maker"] % rules.teams
                points = hand_points(
                    rules.scoring, rules.hand_size, team_tricks, maker_team, result["made"], result["alone"],
                    result["lone_defender"] is not None, result["jambone"],
                )  # fmt: skip
                assert add_jamboree_bonus(points, result["jamboree"], rules.teams) == result["points"]
            _check_tricks(rules, view, result)


def _check_tricks(rules: bowers.Rules, view: dict[str, Any], result: dict[str, Any]) -> None:
    """Each trick's leader, cards and winner agree with one another and with the result."""
    tricks, leaders, winners = view["tricks"], view["trick_leaders"], view["trick_winners"]
    assert len(winners) == len(tricks)
    unfinished = [view["trick"][0][0]] if view["trick"] else []  # a hand can end in the middle of a trick
    assert leaders == [trick[0][0] for trick in tricks] + unfinished  # a finished hand names no next leader
    assert [trick[0][0] for trick in tricks[1:]] == winners[: len(tricks) - 1]  # each winner leads the next trick
    if tricks:
        assert leaders[0] == first_leader(rules, result["dealer"], result["maker"], result["alone"], view["sitting_out"])
    wins = [0] * rules.players
    for winner in winners:
        wins[winner] += 1
    assert wins == result["tricks"]
    active = rules.players - len(view["sitting_out"])
    for trick in tricks:
        seats = [seat for seat, _ in trick]
        assert len(set(seats)) == len(seats) == active and all(seat not in view["sitting_out"] for seat in seats)
        assert all((b - a) % rules.players != 0 for a, b in pairwise(seats))
    assert len(view["suits_led"]) == len(tricks)
    for trick, suit in zip(tricks, view["suits_led"], strict=True):
        led = trick[0][1]
        named = next((text for _, text in view["history"] if text.startswith(f"play:{led}:")), None)
        assert suit == named.split(":")[2] if named else suit in ("C", "D", "H", "S")
        if not named and parse_card(led) < 52 and led[0] != "J" and view["trump"] not in (None, "NT"):
            assert suit == (view["trump"] if led[1] == view["trump"] else led[1])
    cards = [card for trick in tricks for _, card in trick]
    played = [text.split(":")[1] for _, text in view["history"] if text.startswith("play:")]
    assert cards == played[: len(cards)]


def _making_of_first_hand(variant: str, seed: int, **options: Any) -> TrumpMade | None:
    """Play the first hand passing whenever allowed, else the first legal action; how the engine says trump was made."""
    game = bowers.Game(variant, seed=seed, **options)
    while game.hand_number == 0:
        legal = game.legal_actions()
        game.apply("pass" if "pass" in legal else legal[0])
    hand = game._finished[0]
    assert game.hand_over_view(0)["trump_made"] == (None if hand.trump_made is None else hand.trump_made.value)
    return hand.trump_made


def test_stuck_dealer_and_joker_turn_up_are_told_apart() -> None:
    assert _making_of_first_hand("standard", 1, stick_the_dealer=True) is TrumpMade.STUCK_DEALER
    assert _making_of_first_hand("standard", 1) is None  # a misdeal: no one made trump
    makings = {_making_of_first_hand("british", seed) for seed in range(60)}
    assert makings == {None, TrumpMade.JOKER_TURN_UP}  # the dealer names trump for a turned Joker, the rest misdeal
    assert _making_of_first_hand("ultimate", 1) is TrumpMade.STUCK_DEALER


def test_a_jambone_credits_each_card_to_the_hand_it_came_from() -> None:
    for seed in range(300):
        game = bowers.Game("railroad", seed=seed)
        rng = random.Random(seed)
        exposed: list[str] = []
        while game.hand_number == 0:
            legal = game.legal_actions()
            choice = "jambone" if "jambone" in legal else "order" if "order" in legal else rng.choice(legal)
            game.apply(choice)
            shown = game.public_observation()["exposed"] if game.hand_number == 0 else {}
            exposed = exposed or next(iter(shown.values()), [])
        result = game.results[0]
        if not result["jambone"]:
            continue
        maker_cards = [card for trick in game.hand_over_view(0)["tricks"] for seat, card in trick if seat == result["maker"]]
        assert maker_cards and set(maker_cards) <= set(exposed)
        return
    pytest.skip("no Jambone in these deals")


# ---------------------------------------------------------------------- the observation in play


def test_the_observation_in_play_carries_tricks_leaders_and_winners() -> None:
    game = bowers.Game("standard", seed=3)
    rng = random.Random(3)
    while game.hand_number == 0:
        observation = game.observation(game.to_act)
        started = [trick[0][0] for trick in observation["tricks"]]
        in_play = observation["phase"] == "play"
        assert observation["trick_leaders"] == ([*started, observation["leader"]] if in_play else [])
        assert len(observation["trick_winners"]) == len(observation["tricks"])
        if observation["trick"]:
            led = observation["led"]
            first = observation["trick"][0][1]
            assert led is not None and (led == observation["trump"] or first.endswith(led) or first.startswith("J"))
        else:
            assert observation["led"] is None
        game.apply(rng.choice(observation["legal_actions"]))


def test_the_hand_over_view_is_the_finished_hand_as_each_seat_saw_it() -> None:
    game = bowers.Game("standard", seed=5)
    rng = random.Random(5)
    with pytest.raises(IndexError):
        game.hand_over_view(0)
    while game.hand_number == 0:
        legal = game.legal_actions()
        game.apply(next((choice for choice in ("order", "partner") if choice in legal), rng.choice(legal)))
    for seat in range(4):
        view = game.hand_over_view(seat)
        assert view["seat"] == seat and view["phase"] == "over" and view["to_act"] is None and view["turn"] is None
        assert view["legal_actions"] == [] and view["hand_number"] == 0 and view["scores"] == game.scores
        assert view["hand"] == [] and view["trick"] == [] and sum(view["tricks_won"]) == 5
        assert view["history"] == game.hand_over_view(seat, 0)["history"]
        assert "discard:??" not in view["history"] or seat != game.results[0]["dealer"]
    public = game.hand_over_view()
    assert public["seat"] is None and public["hand"] == []
    with pytest.raises(IndexError):
        game.hand_over_view(0, 1)
    with pytest.raises(bowers.OptionError):
        game.hand_over_view(4)


# ---------------------------------------------------------------------- dealing


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_deal_order_deals_back_into_its_hands(variant: str) -> None:
    rules = make_rules(variant)
    rng = random.Random(variant)
    for dealer in range(rules.players):
        order = list(rules.deck)
        rng.shuffle(order)
        hands, kitty = bowers.game.deal_from_order(rules, dealer, order)
        recipients = bowers.game.deal_recipients(rules, dealer)
        assert [seat for seat in recipients if seat >= 0].count(dealer) == rules.hand_size
        assert [card for card, seat in zip(order, recipients, strict=True) if seat < 0] == kitty
        again = bowers.game.deal_order(rules, dealer, hands, kitty)
        assert bowers.game.deal_from_order(rules, dealer, again) == (hands, kitty)


def test_a_hand_dealt_again_before_its_first_action() -> None:
    game = bowers.Game("standard", seed=4)
    while game.hand_number == 0:
        game.apply(game.legal_actions()[0])
    number, dealer = game.hand_number, game.dealer
    other = bowers.Game("standard", seed=99)
    hands = [other.hand_cards(seat) for seat in range(4)]
    kitty = [CARD_NAMES[card] for card in other.hand.kitty_as_dealt]
    copy = game.copy()
    game.redeal(hands, kitty)
    assert [game.hand_cards(seat) for seat in range(4)] == hands and game.dealer == dealer == copy.dealer
    assert copy.hand_cards(0) != hands[0] or copy.hand_cards(1) != hands[1]  # the copy keeps its own deal
    record = game.record()
    assert record["deals"][number]["hands"] == hands and bowers.replay(record).record() == record
    game.apply(game.legal_actions()[0])
    with pytest.raises(bowers.IllegalAction):
        game.redeal(hands, kitty)
    with pytest.raises(bowers.RecordError):
        copy.redeal(hands, kitty[:-1])


def test_a_hand_ended_by_a_renege_claim_names_no_next_leader() -> None:
    ended_early = 0
    for seed in range(40):
        game = bowers.Game("standard", seed=seed, reneges=True)
        rng = random.Random(seed)
        while game.hand_number < 2 and not game.is_over:
            game.apply_id(rng.choice(game.legal_action_ids()))
        for number, result in enumerate(game.results):
            view = game.hand_over_view(None, number)
            shown = [trick[0][0] for trick in view["tricks"]] + ([view["trick"][0][0]] if view["trick"] else [])
            assert view["trick_leaders"] == shown, (seed, number)
            ended_early += result["renege"] is not None and len(view["tricks"]) < 5
    assert ended_early  # claims did end hands before their last trick
