"""The table drawing and the input reading, tested directly (no terminal)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console, Group

import bowers
from bowers.play.parse import Choice, Command, InputError, completions, parse_input
from bowers.play.render import (
    TableView,
    card_label,
    choices_text,
    completed_tricks,
    contract_text,
    describe_action,
    grouped_hand,
    hand_order,
    header,
    numbered_cards,
    render_table,
    team_label,
    team_verb,
    twos_threes_step_length,
    waiting_words,
)
from bowers.play.session import renege_shown, result_summary, seat_names, variant_title
from bowers.variants import make_rules


def draw(game: bowers.Game, seat: int = 0, colour: bool = False) -> str:
    system = "standard" if colour else None
    console = Console(width=80, record=True, no_color=not colour, force_terminal=colour, color_system=system)
    view = TableView(
        observation=game.observation(seat),
        rules=game.rules,
        names=seat_names(game.rules.players, seat),
        players=["you" if s == seat else "random" for s in range(game.rules.players)],
        messages=["West: pass", "North: order up"],
        title="Test",
    )
    console.print(render_table(view))
    return console.export_text(styles=colour)


def test_cards_read_as_players_write_them() -> None:
    assert card_label("TH") == "10♥"
    assert card_label("JS") == "J♠"
    assert card_label("JK") == "JK"
    assert describe_action("call:S") == "call ♠"
    assert describe_action("bid:5NT") == "bid 5 NT"
    assert describe_action("discard:??") == "discarded a card"
    assert describe_action("discard:??,??,??") == "discarded 3 cards"
    assert describe_action("pass", phase="twos-threes") == "no swap"
    # A card passed face down reads in the same words as a hidden discard: what was done.
    assert describe_action("give:??") == "gave a card"
    assert describe_action("give:JH") == "give J♥"
    assert describe_action("pass", phase="defend") == "won't defend alone"
    assert describe_action("twos-threes:2C,3D,2H") == "return 2♣ 3♦ 2♥"


def test_the_hand_groups_trumps_first_with_both_bowers() -> None:
    rules = make_rules("standard")
    hand = ["9H", "JD", "AS", "JH", "KC"]
    groups = grouped_hand(hand, "H", rules)
    assert groups[0].trump and groups[0].cards == ("JH", "JD", "9H")
    assert [group.cards for group in groups[1:]] == [("KC",), ("AS",)]
    assert hand_order(hand, None, rules) == ["AS", "JH", "9H", "KC", "JD"]


def test_the_benny_and_jokers_are_trumps() -> None:
    british = make_rules("british")
    assert grouped_hand(["9S", "JK", "AC"], "S", british)[0].cards == ("JK", "9S")
    ultimate = make_rules("ultimate")
    assert grouped_hand(["LJ", "2D", "RJ"], "D", ultimate)[0].cards == ("RJ", "LJ", "2D")


def test_completed_tricks_place_the_jambone_cards_with_their_seat() -> None:
    observation = {
        "history": [[1, "order"], [1, "jambone"], [2, "play:9S"], [2, "play:AS"], [0, "play:KS"], [0, "play:QS"]],
        "sitting_out": [3],
        "maker": 1,
        "jambone": True,
    }
    # Seat 3 sits out; seat 1's exposed cards are chosen by an opponent (here seat 2, for the lead).
    assert completed_tricks(observation, 4) == [[(1, "9S"), (2, "AS"), (0, "KS")]]
    observation["history"] += [[0, "play:TS"], [2, "play:JS"]]
    assert completed_tricks(observation, 4)[1] == [(0, "QS"), (1, "TS"), (2, "JS")]


def play_to_middle(variant: str, seed: int, actions: int) -> bowers.Game:
    game = bowers.Game(variant, seed=seed)
    generator = random.Random(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(generator.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("variant", bowers.variants())
def test_every_table_fits_80x24_and_shows_no_hidden_card(variant: str) -> None:
    for seed in range(4):
        for actions in (0, 7, 19, 40):
            game = play_to_middle(variant, seed, actions)
            text = draw(game)
            lines = text.rstrip("\n").split("\n")
            assert len(lines) <= 20, text  # the prompt and a note line fit below
            assert all(len(line) <= 80 for line in lines), text
            observation = game.observation(0)
            known = {observation["turn_up"]} | {card for cards in observation["exposed"].values() for card in cards}
            for seat, action in observation["history"]:
                if seat == 0 and ":" in action:
                    known.update(action.split(":")[1].split(","))
            for seat in range(1, game.rules.players):
                for card in set(game.hand_cards(seat)) - known:
                    assert not re.search(rf"(?<![0-9A-Za-z]){re.escape(card_label(card))}", text), (card, text)


def test_without_colour_trumps_and_turn_are_still_marked() -> None:
    game = bowers.Game("standard", seed=1)
    game.apply("order")
    game.apply("alone")
    seat = game.to_act
    text = draw(game, seat)
    assert "\x1b[" not in text
    assert "trumps " in text.split("Your hand:")[1]
    assert "> You" in text
    coloured = draw(game, seat, colour=True)
    assert "\x1b[" in coloured


def test_choices_show_numbers_in_hand_order() -> None:
    text = choices_text(["play:AS", "play:9H"], ["9H", "JD", "AS"]).plain
    assert text == "Choices: 1:9♥ 3:A♠"
    assert choices_text(["pass", "call:C", "call:S"], []).plain == "Choices: pass  ·  call ♣ ♠"


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("jh", "play:JH"),
        ("JH", "play:JH"),
        ("J♥", "play:JH"),
        ("2", "play:JH"),
        ("play jh", "play:JH"),
        ("play:jh", "play:JH"),
        ("10s", "play:TS"),
    ],
)
def test_a_card_may_be_typed_many_ways(typed: str, expected: str) -> None:
    assert parse_input(typed, ["play:JH", "play:TS"], ["TS", "JH", "AD"]) == Choice(expected)


@pytest.mark.parametrize(
    ("typed", "legal", "expected"),
    [
        ("pass", ["pass", "call:S"], "pass"),
        ("PASS", ["pass", "call:S"], "pass"),
        ("call s", ["pass", "call:S"], "call:S"),
        ("call spades", ["pass", "call:S"], "call:S"),
        ("♠", ["pass", "call:S"], "call:S"),
        ("bid 4h", ["pass", "bid:4H", "bid:5NT"], "bid:4H"),
        ("bid 5 nt", ["pass", "bid:4H", "bid:5NT"], "bid:5NT"),
        ("order", ["pass", "order"], "order"),
        ("discard 9c", ["discard:9C", "discard:AS"], "discard:9C"),
        ("as 9c kd", ["discard:9C,KD,AS"], "discard:9C,KD,AS"),
        ("jk s", ["play:JK:C", "play:JK:S"], "play:JK:S"),
    ],
)
def test_actions_are_typed_as_in_the_rules(typed: str, legal: list[str], expected: str) -> None:
    assert parse_input(typed, legal, ["9C", "KD", "AS", "JK"]) == Choice(expected)


@pytest.mark.parametrize("word", ["hint", "undo", "last", "score", "rules", "help", "quit", "Quit ", "?"])
def test_commands(word: str) -> None:
    assert isinstance(parse_input(word, ["pass"], []), Command)


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("", "type a card, an action or a command"),
        ("zz top", "is not a card, an action or a command"),
        ("7", "there is no card 7; your cards are numbered 1 to 3"),
        ("alone", "the rules say no"),
        ("qs", "the rules say no"),
        ("call", "'call' is not a choice now"),
        ("play", "'play' needs cards"),
        ("jk", "name the suit the JK calls for"),
        ("bid 4x", "'x' is not a suit: type c, d, h or s"),
        ("call x", "'x' is not a suit: type c, d, h or s"),
        ("play zz", "'zz' is not a card"),
        (",", "is not a card, an action or a command"),
    ],
)
def test_wrong_input_gets_a_one_line_reason(typed: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_input(typed, ["play:JH", "play:JK:C", "play:JK:S"], ["JH", "QS", "JK"], explain=lambda action: "the rules say no")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_nothing_is_legal_when_it_is_not_your_turn() -> None:
    with pytest.raises(InputError, match="not your turn"):
        parse_input("jh", [], ["JH"])


def test_completion_offers_legal_words_and_commands() -> None:
    words = completions(["pass", "call:S", "play:JH"])
    assert {"pass", "call s", "jh", "hint", "undo"} <= set(words)
    # Only the words a person types: never the records' notation.
    assert not any(":" in word for word in words)
    discards = completions(["discard:QC", "discard:9S"])
    assert {"discard qc", "discard 9s", "qc", "9s"} <= set(discards)
    assert [word for word in discards if word.startswith("discard ")] == ["discard qc", "discard 9s"]
    assert completions(["twos-threes:2C,3D,2H", "bid:5NT", "play:JK:S"])[:3] == ["return 2c 3d 2h", "bid 5nt", "jk s"]


def test_enter_takes_a_sole_choice() -> None:
    assert parse_input("", ["pass"], []) == Choice("pass")
    assert parse_input("  ", ["play:JH"], ["JH"]) == Choice("play:JH")
    assert "Enter takes it" in choices_text(["play:JH"], ["JH"]).plain.replace("\xa0", " ")
    assert "Enter" not in choices_text(["pass", "order"], []).plain
    with pytest.raises(InputError, match="type a card, an action or a command"):
        parse_input("", ["pass", "order"], [])


def test_a_keyword_alone_asks_for_what_it_needs() -> None:
    with pytest.raises(InputError, match="'call' needs more: call ♣ or call ♠"):
        parse_input("call", ["pass", "call:C", "call:S"], [])


def test_exposed_hands_jamborees_and_twos_and_threes_are_announced() -> None:
    game = bowers.Game("railroad", seed=3)
    observation = dict(game.observation(0))
    observation.update(
        exposed={"1": ["JH", "JD"]},
        jamboree={"2": ["JK", "JH", "JD", "AH", "KH"]},
        twos_threes={"3": ["2C", "3D", "2H"]},
    )
    view = TableView(observation, game.rules, seat_names(4, 0), ["you", "a", "b", "c"], title="Test")
    console = Console(width=80, record=True, no_color=True)
    console.print(render_table(view))
    text = console.export_text()
    assert "West's Jambone hand: J♥ J♦" in text
    assert "North's Jamboree: JK J♥ J♦ A♥ K♥" in text
    assert "East returned: 2♣ 3♦ 2♥" in text


def test_choosing_the_jambone_hands_card_is_said() -> None:
    game = bowers.Game("railroad", seed=3)
    observation = dict(game.observation(0))
    observation.update(playing_for=2, legal_actions=["play:JH", "play:AH"], exposed={"2": ["JH", "AH"]})
    view = TableView(observation, game.rules, seat_names(4, 0), ["you", "a", "b", "c"], title="Test")
    console = Console(width=80, record=True, no_color=True)
    console.print(render_table(view))
    text = console.export_text()
    # The exposed hand's cards are numbered as the person's own would be, and a number picks from them.
    assert re.search(r"Jambone: you choose North's card: 1:[AJ]♥ 2:[AJ]♥", text), text
    assert re.search(r"Choices: 1:[AJ]♥ 2:[AJ]♥", text), text
    first = re.search(r"Choices: 1:([AJ])♥", text)
    assert first is not None
    chosen = parse_input("1", observation["legal_actions"], numbered_cards(observation, game.rules))
    assert isinstance(chosen, Choice) and chosen.action == f"play:{first.group(1)}H"


LEGAL_SETS = [
    ["pass", "order"],
    ["pass", "call:C", "call:S"],
    ["play:JH", "play:JK:C", "play:JK:S"],
    ["discard:9C,KD,AS", "discard:9C,KD,JK"],
    ["pass", "bid:3S", "bid:5NT"],
    ["pass", "twos-threes:2C,3D,2H"],
    [],
]


WORDS = st.sampled_from(["bid", "call", "play", "discard", "order", "jk", "4x", "5nt", "s", "9c", "12", ",", ":", " "])


@given(text=st.text(max_size=30) | st.lists(WORDS, max_size=4).map(" ".join), legal=st.sampled_from(LEGAL_SETS))
@settings(max_examples=400, deadline=None)
def test_anything_typed_is_a_command_a_legal_choice_or_a_reason(text: str, legal: list[str]) -> None:
    try:
        parsed = parse_input(text, legal, ["9C", "KD", "AS", "JK", "JH"], explain=lambda action: "not now")
    except InputError as error:
        assert str(error) and "\n" not in str(error)
        return
    assert isinstance(parsed, Command) or parsed.action in legal


def test_hidden_discards_in_a_row_read_as_one_count() -> None:
    game = bowers.Game("bid-railroad", seed=3)
    for action in ["pass", "pass", "bid:4S", "pass", "partner"]:
        game.apply(action)
    while game.legal_actions()[0].startswith("discard:"):
        game.apply(game.legal_actions()[0])
    text = draw(game)
    west = next(line for line in text.splitlines() if line[2:].startswith("West "))
    assert "bid 4 ♠, with partner," in west and "discarded 5 cards" in text
    assert "discard, discard" not in text
    assert "High bid" not in text and "(bid 4 ♠)" in text and "(4S)" not in text


def test_a_variant_whose_summary_runs_long_is_titled_by_name() -> None:
    assert variant_title("british") == "British Euchre"
    assert variant_title("standard") == "American 4-player Euchre"


def test_summaries_name_the_bid_as_the_screen_does() -> None:
    game = bowers.Game("bid", seed=1)
    view = TableView(game.observation(0), game.rules, seat_names(4, 0), ["you", "a", "b", "c"], title="Test")
    result = {"maker": 1, "trump": "H", "contract": "4H", "tricks": [0, 3, 0, 1], "made": True, "points": [0, 4]}
    # The tricks are the side's, not the maker's alone.
    assert result_summary(result, view) == "West made ♥ (bid 4 ♥); West & East took 4 of 5 tricks: made it."
    alone = {**result, "alone": True, "tricks": [0, 5, 0, 0]}
    assert result_summary(alone, view) == "West went alone in ♥ (bid 4 ♥); West took all 5 tricks: a march."


def test_the_twos_and_threes_step_is_told_apart_from_the_bidding() -> None:
    rules = make_rules("ultimate")
    history = [[3, "pass"], [0, "twos-threes:2C,3D,2H"], [1, "pass"], [2, "pass"], [3, "pass"], [0, "order"]]
    assert twos_threes_step_length(history, rules) == 4
    assert twos_threes_step_length(history, make_rules("standard")) == 0


@pytest.mark.parametrize(("width", "lines"), [(80, 2), (60, 3)])
def test_the_header_fits_the_width_without_losing_the_hand_or_the_target(width: int, lines: int) -> None:
    game = bowers.Game("railroad-6", seed=1)
    view = TableView(game.observation(0), game.rules, seat_names(6, 0), ["you"] + ["random"] * 5, title="Railroad Euchre for six")
    view.width = width
    console = Console(width=width, record=True, no_color=True)
    console.print(Group(*header(view)))
    text = console.export_text().rstrip("\n").split("\n")
    assert len(text) == lines and all(len(line) <= width for line in text)
    assert "hand 1" in text[0] and "(to 64)" in text[-1]


@pytest.mark.parametrize("width", range(30, 81, 5))
def test_a_bid_on_the_choices_line_is_never_split(width: int) -> None:
    for variant in ("bid", "bid-railroad"):
        game = bowers.Game(variant, seed=4)
        console = Console(width=width, record=True, no_color=True)
        names = seat_names(4, game.to_act)
        view = TableView(game.observation(game.to_act), game.rules, names, ["you", "a", "b", "c"], title="T", width=width)
        console.print(render_table(view))
        text = console.export_text()
        start = text.index("Choices:")
        lines = text[start:].splitlines()
        assert all(len(line) <= width for line in lines), lines
        # No line starts with a bid's suit or NT, and none ends with its level alone.
        assert not any(re.match(r"(NT|[♠♣♥♦])", line) for line in lines[1:]), lines
        assert re.search(r"[57] NT", text[start:])


def test_the_loner_exchange_is_named_for_the_lone_player_and_the_partner() -> None:
    game = bowers.Game("railroad", seed=5)
    seat = game.to_act
    game.apply("order")
    game.apply("jambone")
    assert all(action.startswith("give:") for action in game.legal_actions()) and game.to_act == seat
    view = TableView(game.observation(seat), game.rules, seat_names(4, seat), ["you", "a", "b", "c"], title="T")
    console = Console(width=80, record=True, no_color=True)
    console.print(render_table(view))
    text = console.export_text()
    assert "You play alone: give your partner a card; your partner gives you one back." in text
    game.apply(game.legal_actions()[0])
    partner = game.to_act
    view = TableView(game.observation(partner), game.rules, seat_names(4, partner), ["you", "a", "b", "c"], title="T")
    console = Console(width=80, record=True, no_color=True)
    console.print(render_table(view))
    assert "North plays alone: give them a card in exchange." in console.export_text()


def test_a_turned_down_card_reads_as_players_say_it() -> None:
    game = bowers.Game("standard", seed=2)
    for _ in range(4):
        game.apply("pass")
    assert "(turned down)" in draw(game, game.to_act)


def test_a_refusal_when_every_card_is_allowed_says_so() -> None:
    game = bowers.Game("railroad", seed=5)
    seat = game.to_act
    game.apply("order")
    game.apply("jambone")
    with pytest.raises(InputError, match=r"You can't pass now: give any of your cards\."):
        parse_input("pass", game.legal_actions(), game.observation(seat)["hand"])


def test_the_words_agree_with_you_and_with_a_single_opponent() -> None:
    game = bowers.Game("railroad", seed=3)
    observation = dict(game.observation(0))
    observation.update(trump="S", maker=1, alone=True, lone_defender=0)
    view = TableView(observation, game.rules, seat_names(4, 0), ["you", "a", "b", "c"], title="Test")
    assert "; You defend alone" in contract_text(view).plain
    observation.update(lone_defender=2)
    assert "; North defends alone" in contract_text(view).plain
    two = bowers.Game("two-hand", seed=1)
    duel = TableView(dict(two.observation(1)), two.rules, seat_names(2, 1), ["a", "you"], title="Test")
    assert [f"{team_label(duel, team)} {team_verb(duel, team, 'win')}" for team in (0, 1)] == ["Opponent wins", "You win"]
    assert f"{team_label(view, 1)} {team_verb(view, 1, 'win')}" == "West & East win"


def _railroad_to_the_defence() -> bowers.Game:
    """Railroad, seed 0: East orders up and goes alone, the exchange is made, and You (seat 0) may defend alone."""
    game = bowers.Game("railroad", seed=0)
    for action in ["order", "alone", "give:8C", "give:7C"]:
        game.apply(action)
    assert game.to_act == 0 and "defend-alone" in game.legal_actions()
    return game


def test_the_lone_defenders_exchange_is_with_its_own_partner() -> None:
    game = _railroad_to_the_defence()
    game.apply("defend-alone")
    assert game.to_act == 0 and all(action.startswith("give:") for action in game.legal_actions())
    assert "You defend alone: give your partner a card; your partner gives you one back." in draw(game, 0)
    game.apply(game.legal_actions()[0])
    assert game.to_act == 2
    assert "North defends alone: give them a card in exchange." in draw(game, 2)
    assert "plays alone" not in draw(game, 2)


def test_declining_to_defend_alone_is_not_a_pass() -> None:
    game = _railroad_to_the_defence()
    game.apply("pass")
    you = next(line for line in draw(game, 0).splitlines() if line[2:].startswith("You "))
    assert "won't defend alone" in you and "pass" not in you


def test_a_declined_turn_up_is_marked_on_the_table() -> None:
    game = bowers.Game("two-hand", seed=0)
    game.apply("order")
    assert "decline" in game.legal_actions()
    game.apply("decline")
    assert f"Turn-up {card_label(game.observation(0)['turn_up'])} (declined)" in draw(game, 0)


def test_a_declined_turn_up_and_a_caught_renege_are_in_the_summary() -> None:
    game = bowers.Game("two-hand", seed=1)
    view = TableView(dict(game.observation(0)), game.rules, seat_names(2, 0), ["you", "a"], title="Test")
    view.observation["history"] = [[1, "order"], [0, "decline"]]
    view.observation["turn_up"] = "9S"
    result = {"maker": 1, "trump": "S", "tricks": [2, 3], "made": True, "points": [0, 1]}
    assert result_summary(result, view).endswith("You declined the turn-up 9♠.")
    renege = {"renege": {"claimant": 0, "reneger": 1, "penalty": 2, "card": "JD", "led": "C"}}
    assert result_summary(renege, view) == (
        "Opponent reneged (played J♦ though holding ♣, the suit led) and You caught it: You score the penalty of 2."
    )


def test_the_renege_caught_is_found_in_the_hands_record() -> None:
    rng = random.Random(0)
    game = bowers.Game("standard", seed=0, reneges=True)
    while len(game.results) < 2:
        legal = game.legal_actions()
        game.apply("claim-renege" if "claim-renege" in legal and rng.random() < 0.9 else rng.choice(legal))
    assert game.results[1]["renege"] == {"claimant": 2, "reneger": 1, "penalty": 4}
    assert renege_shown(game, 1) == {"card": "JD", "led": "C"}
    assert renege_shown(game, 0) == {}


def test_while_a_jambone_hand_plays_the_table_says_who_chooses_its_cards() -> None:
    game = bowers.Game("railroad", seed=3)
    observation = dict(game.observation(0))
    observation.update(jambone=True, maker=0, turn=0, to_act=1, legal_actions=[])
    view = TableView(observation, game.rules, seat_names(4, 0), ["you", "a", "b", "c"], title="Test")
    assert waiting_words(view) == "Waiting for West, who chooses your card from the Jambone hand shown face up..."
    observation.update(turn=1, to_act=1)
    assert waiting_words(view) == "Waiting for West..."
