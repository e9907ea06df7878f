"""Specification sections 1 and 9: cards, tricks, dealing, the game, bad input, hidden information, actions."""

from __future__ import annotations

import pytest

import bowers
from bowers import IllegalAction, NotationError, OptionError, RecordError
from bowers.cards import CARD_NAMES, hand_names, parse_card
from bowers.game import deal_from_order, shuffled

from .deals import (
    CARD_TOKEN,
    EFFECTIVE,
    EFFECTIVE_KITTY,
    MARCH,
    MARCH_BIDS,
    MARCH_KITTY,
    MARCH_PLAY,
    deal,
    deck,
    run,
    snapshot,
    visible_cards,
    winning_card,
)


def march_game(**options: object) -> bowers.Game:
    return deal("standard", 0, MARCH, MARCH_KITTY, **options)


# ---------------------------------------------------------------------- seats and teams


def test_seats_clockwise_left_of_x_is_x_plus_one() -> None:
    """Seats: "Left of X" is seat (X+1) mod n; bidding goes round from the dealer's left."""
    game = deal("standard", 3, ["", "", "", ""])
    order = []
    for _ in range(4):
        order.append(game.to_act)
        game.apply("pass")
    assert order == [0, 1, 2, 3]


def test_partners_sit_opposite_teams_0_2_and_1_3() -> None:
    """Teams: with 4 players teams are {0,2} and {1,3}; scores are kept per team."""
    game = march_game()
    assert [game.observation(s)["team"] for s in range(4)] == [0, 1, 0, 1]
    run(game, MARCH_BIDS + " " + MARCH_PLAY)
    assert game.results[0]["tricks"] == [0, 5, 0, 0]
    assert game.scores == [0, 2]


# ---------------------------------------------------------------------- card notation


def test_card_notation_input_accepts_ten_lower_case_and_symbols() -> None:
    """Cards: input also accepts `10` for `T`, lower case, and the symbols ♣ ♦ ♥ ♠; records use the notation."""
    game = deal("standard", 0, EFFECTIVE, EFFECTIVE_KITTY)
    run(game, "1:pass 2:pass 3:pass 0:pass")
    assert game.apply("Call:♥", seat=1) == "call:H"
    assert game.apply("PARTNER", seat=1) == "partner"
    assert game.apply("play:a♦", seat=1) == "play:AD"
    assert game.apply("PLAY:10d", seat=2) == "play:TD"
    assert game.apply("play:9♢", seat=3) == "play:9D"
    assert game.apply("Play:Ac", seat=0) == "play:AC"
    actions = [action for _, action in game.record()["deals"][0]["actions"]]
    assert actions == ["pass"] * 4 + ["call:H", "partner", "play:AD", "play:TD", "play:9D", "play:AC"]


def test_action_notation_any_case_recorded_canonical() -> None:
    """Actions: `apply` accepts any case and records the canonical form (`pass`, `order`, `discard:C`)."""
    game = march_game()
    assert game.apply("PASS") == "pass"
    assert game.apply(" Order ") == "order"
    assert game.apply("pArTnEr") == "partner"
    assert game.apply("DISCARD:10c") == "discard:TC"
    assert game.record()["deals"][0]["actions"] == [[1, "pass"], [2, "order"], [2, "partner"], [0, "discard:TC"]]


# ---------------------------------------------------------------------- effective suit and rank


def test_left_bower_is_not_a_card_of_its_printed_suit() -> None:
    """Effective suit: the left bower belongs to trump, it is not a card of its printed suit."""
    game = deal("standard", 0, EFFECTIVE, EFFECTIVE_KITTY)
    run(game, "1:pass 2:pass 3:pass 0:pass 1:call:H 1:partner 1:AD")
    # Seat 2 holds JD and TD: only TD follows diamonds.
    assert game.legal_actions() == ["play:TD"]


def test_left_bower_follows_trump() -> None:
    """Effective suit: the left bower "follows trump": holding it and no other trump, it must be played to a trump lead."""
    game = deal("standard", 0, EFFECTIVE, EFFECTIVE_KITTY)
    run(game, "1:pass 2:pass 3:pass 0:pass 1:call:H 1:partner 1:AD 2:TD 3:9D 0:AC 1:9H")
    assert game.to_act == 2
    assert game.legal_actions() == ["play:JD"]


def test_left_bower_led_is_a_trump_lead() -> None:
    """Effective suit: the left bower "is led as trump": the others must follow trump, not its printed suit."""
    game = deal("standard", 1, EFFECTIVE, EFFECTIVE_KITTY)
    run(game, "2:pass 3:pass 0:pass 1:pass 2:pass 3:pass 0:pass 1:call:H 1:partner")
    assert game.to_act == 2
    game.apply("play:JD", seat=2)
    assert game.legal_actions() == ["play:JH", "play:AH"]  # seat 3 holds KD QD 9D too
    game.apply("play:AH", seat=3)
    assert game.legal_actions() == ["play:QC", "play:KC", "play:AC", "play:KS", "play:AS"]  # seat 0 has no trump
    game.apply("play:AC", seat=0)
    assert game.legal_actions() == ["play:9H"]


def test_jack_of_other_colour_is_an_ordinary_card() -> None:
    """Effective suit: only the Jack of the other suit of trump's colour is a bower; JC is a plain club when hearts are trump."""
    game = deal("standard", 0, EFFECTIVE, EFFECTIVE_KITTY)
    run(game, "1:pass 2:pass 3:pass 0:pass 1:call:H 1:partner 1:AD 2:TD 3:9D 0:AC 1:9H 2:JD 3:AH 0:KS")
    assert game.to_act == 2  # the left bower beat the ace of trump
    game.apply("play:JC", seat=2)
    assert game.legal_actions() == ["play:QD", "play:KD", "play:JH"]  # seat 3 has no club
    game.apply("play:JH", seat=3)
    assert game.legal_actions() == ["play:QC", "play:KC"]  # seat 0 must follow clubs
    run(game, "0:KC 1:TS")
    assert game.observation(0)["tricks_won"] == [0, 1, 1, 1]
    assert game.to_act == 3


def test_non_trump_suit_rank_a_k_q_j_10_9_minus_left_bower() -> None:
    """Effective rank: non-trump suits rank A K Q J 10 9; the left bower is missing from its printed suit."""
    clubs = ["AC", "KC", "QC", "JC", "TC", "9C"]
    for i, high in enumerate(clubs):
        for low in clubs[i + 1 :]:
            assert winning_card("standard", "H", [low, high, "9D", "9S"]) == high
            assert winning_card("standard", "H", [high, low, "9D", "9S"]) == high
    # Diamonds led with hearts trump: the JD played by another seat is a trump, so it wins.
    assert winning_card("standard", "H", ["AD", "JD", "KD", "QD"]) == "JD"
    assert winning_card("standard", "H", ["TD", "9D", "KS", "AC"]) == "TD"


# ---------------------------------------------------------------------- tricks


def test_trick_highest_trump_wins() -> None:
    """Tricks: "The highest trump wins" — even the lowest trump beats the ace of the suit led."""
    assert winning_card("standard", "H", ["AC", "9H", "KC", "QC"]) == "9H"
    assert winning_card("standard", "H", ["AC", "9H", "TH", "QC"]) == "TH"


def test_trick_no_trump_played_highest_of_suit_led_wins() -> None:
    """Tricks: "if no trump was played, the highest card of the suit led wins" (off-suit aces do not)."""
    assert winning_card("standard", "H", ["9C", "AS", "TC", "AD"]) == "TC"


def test_follow_effective_suit_led_if_able_else_any_card() -> None:
    """Tricks: "Each other player must follow the effective suit led if able, else may play any card"."""
    game = deal("standard", 0, EFFECTIVE, EFFECTIVE_KITTY)
    run(game, "1:pass 2:pass 3:pass 0:pass 1:call:H 1:partner")
    assert sorted(game.legal_actions()) == sorted(["play:AD", "play:9H", "play:QS", "play:JS", "play:TS"])  # the leader: any card
    run(game, "1:AD 2:TD")
    assert game.legal_actions() == ["play:9D", "play:QD", "play:KD"]
    game.apply("play:9D", seat=3)
    assert sorted(game.legal_actions()) == sorted(["play:AC", "play:KC", "play:QC", "play:AS", "play:KS"])  # void: any card


def test_winner_leads_next_trick() -> None:
    """Tricks: "The winner leads next"."""
    game = deal("standard", 0, EFFECTIVE, EFFECTIVE_KITTY)
    run(game, "1:pass 2:pass 3:pass 0:pass 1:call:H 1:partner 1:AD 2:TD 3:9D 0:AC")
    assert game.to_act == 1
    run(game, "1:9H 2:JD 3:AH 0:KS")
    assert game.to_act == 2
    assert game.observation(1)["leader"] == 2


# ---------------------------------------------------------------------- dealing


def test_deal_order_given_explicitly_follows_packets_from_dealers_left() -> None:
    """Dealing: packets (2-3) are followed when a deck order is given, from the dealer's left; the kitty is what is left."""
    rules = bowers.make_rules("standard")
    order = [parse_card(c) for c in deck("standard")]
    hands, kitty = deal_from_order(rules, 0, order)
    assert [hand_names(h) for h in hands] == [
        ["9D", "TD", "AH", "9S", "TS"],
        ["9C", "TC", "JD", "QD", "KD"],
        ["JC", "QC", "AD", "9H", "TH"],
        ["KC", "AC", "JH", "QH", "KH"],
    ]
    assert [CARD_NAMES[c] for c in kitty] == ["JS", "QS", "KS", "AS"]


def test_kitty_top_card_is_the_turn_up() -> None:
    """Dealing: "The kitty is what is left; its top card is the turn-up"."""
    game = march_game()
    assert all(game.observation(s)["turn_up"] == "KS" for s in range(4))
    assert game.observation(0)["turn_up_state"] == "face-up"


def test_shuffle_is_a_permutation_and_roughly_uniform() -> None:
    """Dealing: "Cards are shuffled uniformly" — every card lands in every position about equally often."""
    cards = list(bowers.make_rules("standard").deck)
    counts = [0] * 24
    for seed in range(2400):
        order = shuffled(cards, seed, "deal:0")
        assert sorted(order) == cards
        counts[order.index(cards[0])] += 1
    assert min(counts) > 50 and max(counts) < 160


def test_deal_passes_left_after_every_hand() -> None:
    """Dealing: "After every hand, misdeal or not, the deal passes to the left"."""
    game = march_game(seed=5)
    run(game, MARCH_BIDS + " " + MARCH_PLAY)
    assert game.dealer == 1
    for _ in range(8):
        game.apply("pass")
    assert game.results[1]["misdeal"] is True
    assert game.dealer == 2


def test_first_dealer_drawn_from_seed() -> None:
    """Decision: "in a game started from a seed, the first dealer is drawn from the seed"."""
    dealers = [bowers.Game("standard", seed=s).dealer for s in range(200)]
    assert dealers == [bowers.Game("standard", seed=s).dealer for s in range(200)]
    assert all(dealers.count(seat) > 25 for seat in range(4))
    assert all(bowers.Game("standard", seed=s).first_dealer == d for s, d in enumerate(dealers[:10]))


def test_same_seed_deals_the_same_cards() -> None:
    """Deal k depends only on (seed, k): two games with the same seed deal the same, different seeds differ."""
    first = bowers.Game("standard", seed=42).record()["deals"][0]
    again = bowers.Game("standard", seed=42).record()["deals"][0]
    other = bowers.Game("standard", seed=43).record()["deals"][0]
    assert (first["hands"], first["kitty"], first["dealer"]) == (again["hands"], again["kitty"], again["dealer"])
    assert (first["hands"], first["kitty"]) != (other["hands"], other["kitty"])


def test_deal_k_does_not_depend_on_play_of_earlier_hands() -> None:
    """Deal k depends only on (seed, k): a misdeal and a played hand lead to the same next deal."""
    passed = bowers.Game("standard", seed=11)
    for _ in range(8):
        passed.apply("pass")
    played = bowers.Game("standard", seed=11)
    while played.hand_number == 0:
        played.apply(played.legal_actions()[-1])
    assert played.results[0]["misdeal"] is False
    a, b = passed.record()["deals"][1], played.record()["deals"][1]
    assert (a["dealer"], a["hands"], a["kitty"]) == (b["dealer"], b["hands"], b["kitty"])


def test_from_deal_continues_with_the_seeded_later_deals() -> None:
    """Deal k depends only on (seed, k): `from_deal(..., seed=s)` deals hand 1 as `Game(seed=s)` does."""
    seeded = bowers.Game("standard", seed=2024)
    fixed = deal("standard", seeded.dealer, MARCH, MARCH_KITTY, seed=2024)
    for game in (seeded, fixed):
        for _ in range(8):
            game.apply("pass")
    a, b = seeded.record()["deals"], fixed.record()["deals"]
    assert [set(h) for h in b[0]["hands"]] == [set(h.split()) for h in MARCH] and b[0]["kitty"] == MARCH_KITTY.split()
    assert (a[1]["dealer"], a[1]["hands"], a[1]["kitty"]) == (b[1]["dealer"], b[1]["hands"], b[1]["kitty"])


# ---------------------------------------------------------------------- misdeal


def test_misdeal_when_every_player_passes_every_round() -> None:
    """Misdeal: "If every player passes every bidding round, the hand is dead (no points) and the deal passes to the left"."""
    game = march_game(initial_scores=[3, 4])
    for _ in range(8):
        game.apply("pass")
    result = game.results[0]
    assert result["misdeal"] is True
    assert result["points"] == [0, 0]
    assert result["maker"] is None and result["trump"] is None
    assert game.scores == [3, 4]
    assert game.hand_number == 1 and game.dealer == 1


# ---------------------------------------------------------------------- the game and its target


def test_game_ends_when_a_team_reaches_the_target() -> None:
    """Game: "Hands are played until a team reaches the variant's target" (10 in standard)."""
    game = march_game(initial_scores=[0, 8])
    run(game, MARCH_BIDS + " " + MARCH_PLAY)
    assert game.scores == [0, 10]
    assert game.is_over and game.winner == 1
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction):
        game.apply("pass")


def test_game_goes_on_below_the_target() -> None:
    """Game: a team below the target has not won; the next hand is dealt."""
    game = march_game(initial_scores=[0, 7])
    run(game, MARCH_BIDS + " " + MARCH_PLAY)
    assert game.scores == [0, 9]
    assert not game.is_over and game.winner is None
    assert game.hand_number == 1


def test_target_option_changes_the_target() -> None:
    """Game: the target is the variant's option `target`."""
    game = march_game(target=2)
    run(game, MARCH_BIDS + " " + MARCH_PLAY)
    assert game.is_over and game.winner == 1


def test_both_teams_at_target_highest_score_wins() -> None:
    """Decision: "if more than one team reaches the target on the same hand, the highest score wins"."""
    game = march_game()
    game._scores[:] = [12, 9]  # as earlier hands could leave it: initial scores must stay below the target
    run(game, MARCH_BIDS + " " + MARCH_PLAY)
    assert game.scores == [12, 11]
    assert game.is_over and game.winner == 0


def test_exact_tie_at_target_plays_another_hand() -> None:
    """Decision: "an exact tie plays another hand"."""
    game = march_game(seed=3)
    game._scores[:] = [11, 9]  # as earlier hands could leave it: initial scores must stay below the target
    run(game, MARCH_BIDS + " " + MARCH_PLAY)
    assert game.scores == [11, 11]
    assert not game.is_over and game.winner is None
    assert game.hand_number == 1 and game.legal_actions() == ["pass", "order"]


# ---------------------------------------------------------------------- illegal input


def test_not_your_turn_with_seat_is_illegal_and_changes_nothing() -> None:
    """Illegal input: an action from a seat that is not to act is refused, naming the seat; the state does not change."""
    game = march_game()
    before = snapshot(game)
    with pytest.raises(IllegalAction) as error:
        game.apply("pass", seat=3)
    assert error.value.seat == 3 and error.value.action == "pass"
    assert "seat 3" in str(error.value) and "seat 1" in str(error.value)
    assert snapshot(game) == before


def test_card_not_held_is_illegal_and_changes_nothing() -> None:
    """Illegal input: playing a card the seat does not hold is refused with the reason; the state does not change."""
    game = march_game()
    run(game, MARCH_BIDS)
    before = snapshot(game)
    with pytest.raises(IllegalAction) as error:
        game.apply("play:AS", seat=1)
    assert error.value.action == "play:AS" and error.value.seat == 1
    assert "AS is not in" in error.value.reason
    assert snapshot(game) == before


def test_not_following_suit_is_illegal_and_changes_nothing() -> None:
    """Illegal input: not following the suit led while able is refused; the state does not change."""
    game = deal("standard", 0, EFFECTIVE, EFFECTIVE_KITTY)
    run(game, "1:pass 2:pass 3:pass 0:pass 1:call:H 1:partner 1:AD")
    before = snapshot(game)
    for card in ("JD", "9C"):
        with pytest.raises(IllegalAction) as error:
            game.apply(f"play:{card}", seat=2)
        assert "follow" in error.value.reason
        assert snapshot(game) == before


def test_action_of_another_step_is_illegal_and_changes_nothing() -> None:
    """Illegal input: an action of another step (a play during bidding, a call in round 1) is refused."""
    game = march_game()
    before = snapshot(game)
    for action in ("play:JH", "call:H", "partner", "discard:JH", "alone"):
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert snapshot(game) == before


def test_action_absent_from_the_variant_is_illegal() -> None:
    """Illegal input: a well-formed action the variant does not have (`defend-alone` with the option off) is IllegalAction."""
    game = march_game()
    run(game, "1:pass 2:pass 3:pass 0:pass 1:call:H")
    before = snapshot(game)
    for action in ("defend-alone", "jambone", "decline", "order:H", "bid:3H", "give:JH", "twos-threes:9C,9D,9H"):
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert snapshot(game) == before


def test_every_non_legal_action_is_refused_in_every_state() -> None:
    """Illegal input: "Nothing a player does can crash the game or corrupt it" — every action not listed as legal is refused."""
    space = bowers.action_space("standard")
    for seed in (1, 2):
        game = bowers.Game("standard", seed=seed)
        step = 0
        while game.hand_number == 0:
            legal = game.legal_actions()
            before = snapshot(game)
            for action in space:
                if action not in legal:
                    with pytest.raises(IllegalAction):
                        game.apply(action)
            assert snapshot(game) == before
            game.apply(legal[step % len(legal)])
            step += 1


@pytest.mark.parametrize(
    "text",
    [
        "",
        "bogus",
        "pass:now",
        "play",
        "play:",
        "play:1H",
        "play:ZZ",
        "play:AX",
        "call:X",
        "call:",
        "call:H:S",
        "discard:9C,9C",
        "order:H:S",
        "partner:1",
        "play:AH:S",
        "bid:9H",
    ],
)
def test_malformed_action_raises_notation_error_and_changes_nothing(text: str) -> None:
    """Illegal input: a malformed action raises `NotationError` (not `IllegalAction`); the state does not change."""
    game = march_game()
    before = snapshot(game)
    with pytest.raises(NotationError):
        game.apply(text)
    assert snapshot(game) == before


def test_non_string_action_raises_notation_error() -> None:
    """Illegal input: an action that is not a string (or an action id) is malformed."""
    game = march_game()
    before = snapshot(game)
    for value in (None, 1.5, ["pass"]):
        with pytest.raises(NotationError):
            game.apply(value)  # type: ignore[arg-type]
    assert snapshot(game) == before


def test_illegal_action_error_is_a_value_error_naming_action_seat_and_why() -> None:
    """Illegal input: "refused with an error naming the action, the seat and why"."""
    game = march_game()
    run(game, "1:pass 2:pass 3:pass 0:pass")
    with pytest.raises(ValueError) as error:
        game.apply("call:S")
    assert isinstance(error.value, IllegalAction)
    message = str(error.value)
    assert "call:S" in message and "seat 1" in message and "turned-down" in message


# ---------------------------------------------------------------------- options and deals


def test_unknown_variant_raises_option_error_listing_variants() -> None:
    """Options: an unknown variant raises `OptionError` whose message lists the variants."""
    with pytest.raises(OptionError) as error:
        bowers.Game("canasta")
    for name in ("standard", "two-hand", "british"):
        assert name in str(error.value)


def test_unknown_option_raises_option_error_listing_options() -> None:
    """Options: an unknown option raises `OptionError` whose message lists the variant's options."""
    with pytest.raises(OptionError) as error:
        bowers.Game("standard", trumps_high=True)
    for name in ("deck", "stick_the_dealer", "defend_alone", "alone_lead", "target", "initial_scores"):
        assert name in str(error.value)


@pytest.mark.parametrize(
    ("option", "value", "allowed"),
    [
        ("deck", 20, "24, 32, 25"),
        ("alone_lead", "dealer", "dealer-left, maker-left"),
        ("stick_the_dealer", "maybe", "true or false"),
        ("defend_alone", 7, "true or false"),
        ("target", 0, "at least 1"),
        ("initial_scores", [1, 2, 3], "one per team"),
    ],
)
def test_bad_option_value_raises_option_error_listing_allowed(option: str, value: object, allowed: str) -> None:
    """Options: a value not allowed raises `OptionError` whose message lists the allowed values."""
    with pytest.raises(OptionError) as error:
        bowers.Game("standard", **{option: value})
    assert allowed in str(error.value)
    assert error.value.name == option


def test_from_deal_refuses_wrong_card_counts() -> None:
    """`from_deal`: a hand or kitty of the wrong size is refused with a clear error."""
    hands = [h.split() for h in MARCH]
    with pytest.raises(RecordError, match="seat 0's hand must hold 5 cards"):
        bowers.Game.from_deal("standard", 0, [hands[0][:4], *hands[1:]], [*MARCH_KITTY.split(), "9C"][1:])
    with pytest.raises(RecordError, match="kitty must hold 4 cards"):
        bowers.Game.from_deal("standard", 0, hands, MARCH_KITTY.split()[:3])
    with pytest.raises(RecordError, match="4 hands"):
        bowers.Game.from_deal("standard", 0, hands[:3], MARCH_KITTY.split())


def test_from_deal_refuses_duplicate_cards() -> None:
    """`from_deal`: a card dealt twice is refused, naming the card."""
    hands = [h.split() for h in MARCH]
    hands[0][0] = "JH"
    with pytest.raises(RecordError, match="JH is dealt twice"):
        bowers.Game.from_deal("standard", 0, hands, MARCH_KITTY.split())


def test_from_deal_refuses_cards_foreign_to_the_deck() -> None:
    """`from_deal`: a card not in the variant's deck (a 7 or the Joker in the 24-card deck) is refused, naming it."""
    hands = [h.split() for h in MARCH]
    hands[0][0] = "7C"
    with pytest.raises(RecordError, match="7C is not in the standard deck"):
        bowers.Game.from_deal("standard", 0, hands, MARCH_KITTY.split())
    hands[0][0] = "JK"
    with pytest.raises(RecordError, match="JK is not in the standard deck"):
        bowers.Game.from_deal("standard", 0, hands, MARCH_KITTY.split())
    hands[0][0] = "XX"
    with pytest.raises(RecordError):
        bowers.Game.from_deal("standard", 0, hands, MARCH_KITTY.split())


def test_from_deal_refuses_bad_dealer() -> None:
    """`from_deal`: the dealer must be a seat."""
    with pytest.raises(RecordError, match="dealer"):
        bowers.Game.from_deal("standard", 4, [h.split() for h in MARCH], MARCH_KITTY.split())


# ---------------------------------------------------------------------- results, records, undo


def test_results_keys_of_a_played_hand() -> None:
    """Results: each hand reports dealer, maker, trump, alone, lone_defender, tricks, points, misdeal."""
    game = march_game()
    run(game, MARCH_BIDS + " " + MARCH_PLAY)
    result = game.results[0]
    expected = {
        "dealer": 0,
        "maker": 1,
        "trump": "H",
        "alone": False,
        "lone_defender": None,
        "tricks": [0, 5, 0, 0],
        "points": [0, 2],
        "misdeal": False,
    }
    assert {key: result[key] for key in expected} == expected
    assert game.record()["deals"][0]["result"]["points"] == [0, 2]


def test_record_replays_to_the_same_game() -> None:
    """Records: "replaying a record re-checks every action" and rebuilds the same game."""
    game = march_game(seed=9)
    run(game, MARCH_BIDS + " " + MARCH_PLAY + " 2:pass 3:pass")
    again = bowers.replay(game.record())
    assert again.record() == game.record()
    assert [again.observation(s) for s in range(4)] == [game.observation(s) for s in range(4)]


def test_record_with_an_illegal_action_does_not_replay() -> None:
    """Records: replay re-checks every action; an illegal one raises `RecordError` naming the deal and action."""
    game = march_game()
    run(game, MARCH_BIDS)
    record = game.record()
    record["deals"][0]["actions"].append([1, "play:AS"])
    with pytest.raises(RecordError) as error:
        bowers.replay(record)
    assert error.value.deal == 0 and error.value.action_index == 6


def test_undo_restores_the_previous_state_exactly() -> None:
    """Undo: `undo()` takes back the last action and restores the state exactly (record and every observation)."""
    game = march_game(seed=1)
    for step in (MARCH_BIDS + " " + MARCH_PLAY).split():
        before = snapshot(game)
        run(game, step)
        after = snapshot(game)
        game.undo()
        assert snapshot(game) == before
        run(game, step)
        assert snapshot(game) == after


def test_undo_across_the_end_of_a_hand() -> None:
    """Undo: taking back the last card of a hand restores that hand, its trick and the scores."""
    game = march_game(seed=1)
    run(game, MARCH_BIDS + " " + MARCH_PLAY[: -len(" 0:KC")])
    before = snapshot(game)
    run(game, "0:KC")
    assert game.hand_number == 1 and game.scores == [0, 2]
    game.undo()
    assert game.hand_number == 0 and game.scores == [0, 0] and game.results == []
    assert snapshot(game) == before
    assert game.legal_actions() == ["play:KC"]


def test_undo_across_a_misdeal() -> None:
    """Undo: taking back the last pass of a misdeal returns to the second round with the dealer to act."""
    game = march_game(seed=1)
    run(game, "1:pass 2:pass 3:pass 0:pass 1:pass 2:pass 3:pass")
    before = snapshot(game)
    game.apply("pass")
    assert game.hand_number == 1
    game.undo()
    assert snapshot(game) == before


def test_undo_after_the_game_is_over() -> None:
    """Undo: taking back the action that ended the game restores the last hand in progress."""
    game = march_game(initial_scores=[0, 9])
    run(game, MARCH_BIDS + " " + MARCH_PLAY[: -len(" 0:KC")])
    before = snapshot(game)
    game.apply("play:KC")
    assert game.is_over
    game.undo()
    assert not game.is_over
    assert snapshot(game) == before


def test_undo_with_nothing_to_take_back_is_refused() -> None:
    """Undo: with no action taken there is nothing to take back; the state does not change."""
    game = march_game()
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.undo()
    assert snapshot(game) == before


# ---------------------------------------------------------------------- hidden information


def test_observation_shows_own_cards_and_turn_up_only() -> None:
    """Hidden information: a player sees its own cards and the turn-up, never another hand or the kitty."""
    game = march_game()
    for seat in range(4):
        observation = game.observation(seat)
        assert observation["hand"] == sorted(MARCH[seat].split(), key=lambda c: parse_card(c))
        assert visible_cards(observation) == set(MARCH[seat].split()) | {"KS"}


def test_observation_hides_the_dealers_discard() -> None:
    """Hidden information: a player never sees discards; the history shows `discard:??` to the other seats."""
    game = march_game()
    run(game, "1:order 1:partner 0:discard:QC")
    assert game.observation(0)["history"][-1] == [0, "discard:QC"]
    for seat in (1, 2, 3):
        observation = game.observation(seat)
        assert observation["history"][-1] == [0, "discard:??"]
        assert "QC" not in visible_cards(observation)
    assert game.observation(0)["hand"] == ["9C", "TC", "JC", "KC", "KS"]


def test_observation_during_play_shows_only_played_cards_of_others() -> None:
    """Hidden information: during play a seat sees its own cards, the turn-up and the cards played, nothing else."""
    game = march_game()
    played: set[str] = set()
    for step in (MARCH_BIDS + " " + MARCH_PLAY).split()[:-1]:
        run(game, step)
        if CARD_TOKEN.fullmatch(step[2:]):
            played.add(step[2:])
        for seat in range(4):
            observation = game.observation(seat)
            assert visible_cards(observation) <= set(observation["hand"]) | {"KS"} | played


def test_legal_actions_only_for_the_seat_to_act() -> None:
    """Hidden information: an observation lists legal actions only for the seat to act."""
    game = march_game()
    run(game, "1:pass 2:order")
    assert game.to_act == 2
    assert game.observation(2)["legal_actions"] == ["partner", "alone"]
    assert [game.observation(s)["legal_actions"] for s in (0, 1, 3)] == [[], [], []]


def test_observation_of_a_seat_that_does_not_exist() -> None:
    """Options: an observation for a seat outside 0..n-1 is refused with `OptionError`."""
    with pytest.raises(OptionError):
        march_game().observation(4)


# ---------------------------------------------------------------------- reneges

# EFFECTIVE played out; in the third trick seat 0 plays AS holding QC and KC: a renege when the option is on.
RENEGE_PLAY = "1:AD 2:TD 3:9D 0:AC 1:9H 2:JD 3:AH 0:KS 2:JC 3:JH 0:AS 1:TS 3:KD 0:KC 1:QS 2:9C 3:QD 0:QC 1:JS 2:TC"


def renege_game() -> bowers.Game:
    game = deal("standard", 0, EFFECTIVE, EFFECTIVE_KITTY, reneges=True)
    run(game, "1:pass 2:pass 3:pass 0:pass 1:call:H 1:partner")
    return game


def test_reneges_off_by_default_no_claim() -> None:
    """Reneges (option `reneges`, default off): "the engine allows only legal plays"; `claim-renege` is refused."""
    game = deal("standard", 0, EFFECTIVE, EFFECTIVE_KITTY)
    assert game.options["reneges"] is False
    run(game, "1:pass 2:pass 3:pass 0:pass 1:call:H 1:partner 1:AD")
    assert "claim-renege" not in game.legal_actions()
    with pytest.raises(IllegalAction):
        game.apply("claim-renege")


def test_reneges_on_any_card_may_be_played() -> None:
    """Reneges on: "any card in hand may be played"; the seat to play may also claim."""
    game = renege_game()
    run(game, "1:AD")
    assert game.legal_actions() == ["play:9C", "play:TC", "play:JC", "play:TD", "play:JD", "claim-renege"]


def test_renege_claim_by_an_opponent_ends_the_hand() -> None:
    """Reneges: "A correct claim ends the hand at once" — the non-reneging team scores the penalty, nothing else."""
    game = renege_game()
    run(game, RENEGE_PLAY.split(" 1:TS")[0])  # seat 0 has just reneged; seat 1 is to play
    assert game.legal_actions()[-1] == "claim-renege"
    run(game, "1:claim-renege")
    assert game.hand_number == 1
    assert game.results[0]["points"] == [0, 2]
    assert game.results[0]["renege"] == {"claimant": 1, "reneger": 0, "penalty": 2}


def test_renege_wrong_claim_changes_nothing_and_claimant_plays() -> None:
    """Reneges: "A wrong claim changes nothing, and a player who claimed wrongly during play then plays its card"."""
    game = renege_game()
    before = snapshot(game)[1]
    run(game, "1:claim-renege")
    assert game.to_act == 1 and game.phase == "play"
    assert game.hand_cards(1) == before[1]["hand"]
    assert "claim-renege" not in game.legal_actions()  # once per hand
    run(game, "1:AD")
    assert game.to_act == 2


def test_renege_claim_by_the_renegers_partner_is_wrong() -> None:
    """Reneges: a claim says "an opponent of mine has reneged"; a partner's renege does not count."""
    game = renege_game()
    run(game, RENEGE_PLAY.split(" 2:JC")[0] + " 2:claim-renege")
    assert game.to_act == 2 and game.hand_number == 0 and game.results == []


def test_renege_review_after_the_last_trick_from_dealers_left() -> None:
    """Reneges: "after the last trick there is a review: each active player in turn from the dealer's left" claims or passes."""
    game = renege_game()
    run(game, RENEGE_PLAY)
    assert game.phase == "renege-review" and game.to_act == 1
    assert game.legal_actions() == ["pass", "claim-renege"]
    run(game, "1:pass 2:claim-renege")  # seat 2 is the reneger's partner: a wrong claim
    assert game.to_act == 3
    run(game, "3:claim-renege")
    assert game.results[0]["points"] == [0, 2]
    assert game.results[0]["renege"]["reneger"] == 0


def test_renege_review_all_pass_scores_the_tricks() -> None:
    """Reneges: an unclaimed renege changes nothing; the hand is scored on its tricks."""
    game = renege_game()
    run(game, RENEGE_PLAY + " 1:pass 2:pass 3:pass 0:pass")
    assert game.results[0]["tricks"] == [0, 1, 1, 3]
    assert game.results[0]["points"] == [0, 1]
    assert game.results[0]["renege"] is None


def test_renege_each_player_claims_once_per_hand() -> None:
    """Reneges: "Each player may claim once per hand": a seat that claimed in play is not asked in the review."""
    game = renege_game()
    run(game, "1:claim-renege " + RENEGE_PLAY)
    assert game.phase == "renege-review" and game.to_act == 2
    run(game, "2:pass 3:pass 0:pass")
    assert game.results[0]["points"] == [0, 1]


def test_renege_is_hidden_from_observations() -> None:
    """Reneges: a renege is "recorded in the hidden state": observations show only the card played."""
    game = renege_game()
    run(game, RENEGE_PLAY.split(" 1:TS")[0])
    for seat in range(4):
        observation = game.observation(seat)
        observation.pop("legal_actions")
        assert observation.pop("options")["reneges"] is True  # the rule is public; a renege is not
        assert "reneg" not in repr(observation)


FUZZ_KEYWORDS = ["pass", "order", "call", "play", "discard", "give", "bid", "alone", "decline", "defend-alone", "x", ""]
FUZZ_ARGS = ["", "10h", "JK", "♠", "H", "ZZ", "1", "5NT", "9C,TC", "9C,9C", "AH", "JK:S", "::", "10", "ＡＨ", "9C,"]


@pytest.mark.parametrize(
    ("variant", "options"), [("standard", {}), ("standard", {"deck": 25}), ("two-hand", {}), ("british", {})]
)
def test_any_input_string_is_accepted_or_refused_with_a_bowers_error(variant: str, options: dict[str, object]) -> None:
    """Illegal input: "Nothing a player does can crash the game or corrupt it" — any text applies or raises `BowersError`."""
    texts = set(FUZZ_KEYWORDS) | {f"{k}:{a}" for k in FUZZ_KEYWORDS for a in FUZZ_ARGS}
    game = bowers.Game(variant, seed=7, **options)
    step = 0
    while game.hand_number == 0:
        before = snapshot(game)
        for text in sorted(texts):
            try:
                game.apply(text)
            except bowers.BowersError:
                continue
            game.undo()
        assert snapshot(game) == before
        legal = game.legal_actions()
        game.apply(legal[step % len(legal)])
        step += 1
