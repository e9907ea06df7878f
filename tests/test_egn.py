"""EGN import and export: real tournament games, the ruleset mapping, the inference of unseen cards, bad files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import bowers
from bowers.cards import CARD_NAMES, parse_card
from bowers.egn import dump_egn, egn_to_record, load_egn, parse_egn_card, record_to_egn
from bowers.errors import RecordError
from bowers.simulate import play_random_game
from bowers.variants import make_rules
from tests.shared_data import EGN_DIRECTORY

# The games' table in tests/data/egn/README.md: deals, initial score and final score, counted independently of bowers.
GAMES: dict[str, tuple[int, list[int], list[int]]] = {
    "Another_fun_euchre.egn": (1, [0, 1], [0, 2]),
    "Epic_Comeback.egn": (9, [0, 7], [11, 9]),
    "Euchre_com_July_5th_Pairs_Finals_Annotated.egn": (11, [2, 0], [9, 10]),
    "July_4th_Pairs_Finals.egn": (11, [1, 0], [8, 10]),
    "Masters_of_the_Euchreverse_Week_1_Game_1.egn": (9, [0, 0], [3, 11]),
    "Masters_of_the_Euchreverse_Week_1_Game_2.egn": (8, [0, 0], [7, 10]),
    "Masters_of_the_Euchreverse_Week_1_Game_3.egn": (9, [0, 0], [10, 5]),
    "Masters_of_the_Euchreverse_Week_1_Game_5.egn": (10, [0, 0], [5, 10]),
    "Masters_of_the_Euchreverse_Week_1_Game_6.egn": (13, [0, 0], [11, 6]),
    "Me_and_Bears.egn": (12, [0, 0], [10, 9]),
    "Me_and_Mike_Mike_Mike.egn": (9, [0, 0], [11, 2]),
    "MotE_W5_G1.egn": (11, [0, 0], [10, 3]),
    "MotE_W5_G2.egn": (12, [0, 0], [8, 10]),
    "MotE_W5_G3.egn": (11, [0, 0], [10, 6]),
    "MotE_W5_G4.egn": (13, [0, 0], [8, 10]),
    "MotE_W5_G5.egn": (10, [0, 0], [11, 7]),
    "MotE_W5_G6.egn": (16, [0, 0], [10, 9]),
    "Quite_the_Hustle_Annotated.egn": (11, [0, 0], [10, 7]),
    "Six_Points_in_Two_Hands.egn": (2, [4, 9], [10, 9]),
    "VWEC_Finals.egn": (13, [0, 0], [8, 10]),
}
FRAGMENTS = {"Another_fun_euchre.egn"}  # one deal out of a game, not a whole game


def _raw(name: str) -> dict[str, Any]:
    return json.loads((EGN_DIRECTORY / name).read_text(encoding="utf-8"))


def _egn(deals: list[dict[str, Any]], initial: list[int] | None = None, **ruleset: Any) -> dict[str, Any]:
    """A small EGN document around the given deals."""
    rules = {"std": True, "canadian": False, "loner_lead": "LEFT_OF_DEALER", **ruleset}
    metadata = {"title": "test", "players": ["a", "b", "c", "d"], "initialScore": initial or [0, 0], "ruleset": rules}
    return {"fileType": "Euchre Game Notation", "version": "1.4", "metadata": metadata, "deals": deals}


def _deal(dealer: int, up: str, calls: list[str], tricks: list[list[str]], alone: bool = False, **bidding: Any) -> dict[str, Any]:
    phases: list[dict[str, Any]] = [
        {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls, "isAlone": alone, **bidding},
        {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks},
    ]
    return {"dealNumber": 0, "initialState": {"dealer": dealer, "upCard": up}, "phases": phases}


def test_the_data_holds_every_listed_game() -> None:
    assert EGN_DIRECTORY.is_dir(), f"the real games are expected in {EGN_DIRECTORY} (tests/data/egn in the repository)"
    assert sorted(p.name for p in EGN_DIRECTORY.glob("*.egn")) == sorted(GAMES)


# ---------------------------------------------------------------------- real games


@pytest.mark.parametrize("name", sorted(GAMES))
def test_real_game_replays_to_the_published_final_score(name: str) -> None:
    deals, initial, final = GAMES[name]
    record = load_egn(EGN_DIRECTORY / name)
    assert len(record["deals"]) == deals
    assert list(record["options"].get("initial_scores", [0, 0])) == initial
    game = bowers.replay(record)  # every action re-checked by the engine
    assert game.scores == final
    assert record["scores"] == final
    assert game.is_over == (name not in FRAGMENTS)
    assert record["metadata"]["title"] == _raw(name)["metadata"]["title"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_import_export_import_is_identical(name: str) -> None:
    record = load_egn(EGN_DIRECTORY / name)
    text = dump_egn(record)
    exported = json.loads(text)
    assert exported["fileType"] == "Euchre Game Notation"
    assert exported["version"] == "1.4"
    assert egn_to_record(exported) == record


@pytest.mark.parametrize("name", sorted(set(GAMES) - FRAGMENTS))
def test_the_engine_record_exports_to_the_same_game(name: str) -> None:
    record = load_egn(EGN_DIRECTORY / name)
    again = egn_to_record(record_to_egn(bowers.replay(record).record()))
    assert again == record


@pytest.mark.parametrize("name", sorted(GAMES))
def test_unseen_cards_follow_the_documented_rule(name: str) -> None:
    """Unseen cards in deck order: the sitting-out hands first, then the dealer's discard, then the kitty."""
    deck = make_rules("standard").deck
    for raw, deal in zip(_raw(name)["deals"], load_egn(EGN_DIRECTORY / name)["deals"], strict=True):
        state, phases = raw["initialState"], raw["phases"]
        shown = {parse_card(deal["kitty"][0])} | {parse_card(a[5:]) for _, a in deal["actions"] if a.startswith("play:")}
        shown |= {parse_egn_card(p["discard"]) for p in phases if p.get("discard")}
        shown |= {parse_egn_card(c) for hand in state.get("playerCards", state.get("player_cards", [])) for c in hand}
        inferred = [parse_card(c) for c in deal["inferred"]]
        assert inferred == sorted(set(deck) - shown)  # exactly the unseen cards, listed in deck order
        cards = [parse_card(c) for hand in deal["hands"] for c in hand] + [parse_card(c) for c in deal["kitty"]]
        assert sorted(cards) == sorted(deck)
        playing = {seat for seat, a in deal["actions"] if a.startswith("play:")}
        out = [seat for seat in ((deal["dealer"] + k) % 4 for k in range(1, 5)) if seat not in playing]
        placed = [c for seat in out for c in deal["hands"][seat] if parse_card(c) in inferred]
        assert placed == [CARD_NAMES[c] for c in inferred[: len(placed)]]
        assert deal["kitty"][1:] == [CARD_NAMES[c] for c in inferred[-3:]]


def test_the_dealer_may_discard_the_turn_up() -> None:
    """Masters of the Euchreverse week 1 game 6, deal 4: the dealer discards the turned-up ten of diamonds."""
    deal = load_egn(EGN_DIRECTORY / "Masters_of_the_Euchreverse_Week_1_Game_6.egn")["deals"][4]
    assert deal["kitty"][0] == "TD"
    assert [deal["dealer"], "discard:TD"] in deal["actions"]
    assert "TD" not in deal["inferred"]


def test_ruleset_mapping_of_the_real_games() -> None:
    assert load_egn(EGN_DIRECTORY / "Epic_Comeback.egn")["options"] == {"stick_the_dealer": True, "initial_scores": [0, 7]}
    assert load_egn(EGN_DIRECTORY / "VWEC_Finals.egn")["options"] == {"stick_the_dealer": True, "alone_lead": "maker-left"}


def test_annotations_and_alternative_lines_survive_export() -> None:
    name = "Euchre_com_July_5th_Pairs_Finals_Annotated.egn"
    raw = _raw(name)
    exported = record_to_egn(load_egn(EGN_DIRECTORY / name))
    for original, written in zip(raw["deals"], exported["deals"], strict=True):
        assert written.get("alternativeLines") == original.get("alternativeLines")
        for kind, key in (("EUCHRE_BIDDING", "callAnnotations"), ("TRICK_PLAY", "playAnnotations")):
            before = [p.get(key) for p in original["phases"] if p["type"] == kind]
            after = [p.get(key) for p in written["phases"] if p["type"] == kind]
            assert before == after


def test_a_game_that_continues_after_it_was_won_is_refused() -> None:
    """July 4th Pairs Finals with its published initial score [0, 1] is won by seats 1 and 3 after 9 deals of 11."""
    raw = _raw("July_4th_Pairs_Finals.egn")
    raw["metadata"]["initialScore"] = [0, 1]
    with pytest.raises(RecordError, match="already won") as caught:
        egn_to_record(raw)
    assert caught.value.deal == 9


def test_the_deal_must_pass_to_the_left() -> None:
    raw = _raw("Epic_Comeback.egn")
    raw["deals"][1]["initialState"]["dealer"] = 3
    with pytest.raises(RecordError, match="passes to the left") as caught:
        egn_to_record(raw)
    assert caught.value.deal == 1


# ---------------------------------------------------------------------- rulesets


@pytest.mark.parametrize(
    ("rule", "value"),
    [
        ("canadian", True),
        ("farmers", True),
        ("partners_best", True),
        ("go_under", True),
        ("allow_no_trump", True),
        ("fast_break", True),
        ("four_trick_tokens", True),
        ("min_rank", 8),
        ("num_players", 3),
        ("loner_march_score", 5),
        ("loner_euchred_score", 3),
        ("num_deals", 8),
        ("some_new_rule", True),
    ],
)
def test_a_rule_bowers_does_not_play_is_refused_by_name(rule: str, value: Any) -> None:
    raw = _raw("Six_Points_in_Two_Hands.egn")
    raw["metadata"]["ruleset"][rule] = value
    with pytest.raises(RecordError, match=rule):
        egn_to_record(raw)


def test_canadian_loner_is_refused_with_its_name() -> None:
    raw = _raw("Epic_Comeback.egn")
    raw["metadata"]["ruleset"]["canadian"] = True
    with pytest.raises(RecordError, match=r"'canadian' \(Canadian loner.*bowers does not play it"):
        egn_to_record(raw)


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ({"std": False}, {}),
        ({}, {"stick_the_dealer": True}),
        ({"std": True, "loner_lead": "LEFT_OF_LONER"}, {"stick_the_dealer": True, "alone_lead": "maker-left"}),
        ({"std": False, "defend_alone": True, "winning_score": 11}, {"defend_alone": True, "target": 11}),
        ({"std": False, "min_rank": 7}, {"deck": 32}),
        ({"std": False, "joker": True}, {"deck": 25}),
        ({"std": False, "canadian": False, "farmers": False, "num_deals": 0, "min_rank": 9}, {}),
    ],
)
def test_ruleset_to_options(ruleset: dict[str, Any], options: dict[str, Any]) -> None:
    raw = _raw("Six_Points_in_Two_Hands.egn")
    raw["metadata"]["ruleset"] = ruleset
    raw["metadata"]["initialScore"] = [0, 0]
    raw["deals"] = raw["deals"][:1]
    assert egn_to_record(raw)["options"] == options


def test_the_initial_score_of_a_game_already_won_is_refused() -> None:
    raw = record_to_egn(bowers.Game("standard", seed=1, initial_scores=[10, 10]).record())
    assert egn_to_record(raw)["options"]["initial_scores"] == [10, 10]
    raw["metadata"]["initialScore"] = [10, 4]
    with pytest.raises(RecordError, match="already won"):
        egn_to_record(raw)


def test_options_to_ruleset() -> None:
    record = bowers.Game("standard", seed=1, target=12, defend_alone=True, initial_scores=[4, 9]).record()
    ruleset = record_to_egn(record)["metadata"]["ruleset"]
    assert ruleset == {"std": False, "canadian": False, "loner_lead": "LEFT_OF_DEALER", "defend_alone": True, "winning_score": 12}


def test_export_refuses_what_egn_cannot_hold() -> None:
    with pytest.raises(RecordError, match="reneges"):
        record_to_egn(bowers.Game("standard", seed=1, reneges=True).record())
    with pytest.raises(RecordError, match="standard Euchre only"):
        record_to_egn(bowers.Game("two-hand", seed=1).record())


# ---------------------------------------------------------------------- files that are not EGN


def test_invalid1_is_not_egn() -> None:
    with pytest.raises(RecordError, match="not an EGN file: fileType is 'Euchre Layout Template'"):
        load_egn(EGN_DIRECTORY / "invalid1.json")


def test_invalid2_is_not_egn() -> None:
    with pytest.raises(RecordError, match="not an EGN file: the top level is a list"):
        load_egn(EGN_DIRECTORY / "invalid2.json")


def test_bad_json_names_the_file_and_place(tmp_path: Path) -> None:
    path = tmp_path / "broken.egn"
    path.write_text('{"fileType": "Euchre Game Notation", ', encoding="utf-8")
    with pytest.raises(RecordError, match=r"broken\.egn: not valid JSON \(line 1"):
        load_egn(path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version="2.0"), "version"),
        (lambda d: d.pop("deals"), "no deals"),
        (lambda d: d["deals"].__setitem__(0, "AAAA"), "condensed"),
        (lambda d: d["deals"][0]["phases"][1]["tricks"][0].__setitem__(0, "Xx"), "unknown"),
        (lambda d: d["deals"][0]["phases"][1]["tricks"][1].__setitem__(0, "Th"), "already played"),
        (lambda d: d["deals"][0]["phases"][0]["calls"].__setitem__(1, "x"), "unknown"),
        (lambda d: d["deals"][0]["phases"][0]["calls"].append("Pass"), "after seat"),
        (lambda d: d["deals"][0]["phases"][1]["tricks"].pop(), "only the last deal"),
    ],
)
def test_broken_egn_is_refused_clearly(change: Any, message: str) -> None:
    raw = _raw("Epic_Comeback.egn")
    change(raw)
    with pytest.raises(RecordError, match=message):
        egn_to_record(raw)


# ---------------------------------------------------------------------- constructed deals


def test_unfinished_last_deal_keeps_every_play_legal() -> None:
    """Seat 2 fails to follow diamonds, so no diamond may be inferred into its unplayed cards."""
    deal = _deal(0, "Ah", ["Order"], [["Ac", "9c", "Kc", "Qs"], ["Ad", "Ts", "Kd", "Td"]])
    record = egn_to_record(_egn([deal]))
    hands = record["deals"][0]["hands"]
    assert hands[1] == ["TC", "JC", "QC", "AC", "AD"]
    assert hands[2] == ["9C", "JD", "9H", "TH", "TS"]  # not 9D or QD, lower in deck order: seat 2 did not follow diamonds
    assert hands[3] == ["KC", "9D", "QD", "KD", "JH"]
    assert hands[0] == ["TD", "QH", "KH", "9S", "QS"]
    assert record["deals"][0]["kitty"] == ["AH", "JS", "KS", "AS"]
    assert [0, "discard:AH"] in record["deals"][0]["actions"]  # the dealer never played the turn-up
    game = bowers.replay(record)
    assert not game.is_over and game.to_act == 1
    assert egn_to_record(record_to_egn(record)) == record


def test_lone_defender() -> None:
    """Seat 2 orders alone (the dealer sits out), seat 3 defends alone (seat 1 sits out) and takes every trick."""
    tricks = [["Ah", "Jh"], ["Jd", "Kh"], ["Ac", "As"], ["Kc", "Ks"], ["Ad", "Qs"]]
    deal = _deal(0, "9h", ["Pass", "Order"], tricks, alone=True, aloneDefender=3)
    record = egn_to_record(_egn([deal], std=False, defend_alone=True))
    actions = record["deals"][0]["actions"]
    assert actions[:4] == [[1, "pass"], [2, "order"], [2, "alone"], [3, "defend-alone"]]
    assert not any(a.startswith("discard") for _, a in actions)  # the dealer sits out: no pick-up
    assert len(record["deals"][0]["inferred"]) == 13  # two sitting-out hands and the kitty under the turn-up
    game = bowers.replay(record)
    assert game.scores == record["scores"] == [0, 4]
    exported = record_to_egn(record)
    assert exported["deals"][0]["phases"][0]["aloneDefender"] == 3
    assert egn_to_record(exported) == record


def test_a_renege_in_the_file_is_reported() -> None:
    deal = _deal(0, "9h", ["Order"], [["As", "Ks", "Ac", "Qs"], ["Ts", "9s", "Js"]], discard="9c")
    with pytest.raises(RecordError, match="seat 3 plays Ac without following suit while holding Js"):
        egn_to_record(_egn([deal]))


def test_old_egn_versions_are_read() -> None:
    """EGN 1.0 files carry snake_case player_cards, an empty kitty and initialLead, which is checked."""
    raw = _raw("MotE_W5_G1.egn")
    assert raw["version"] == "1.0.0"
    assert load_egn(EGN_DIRECTORY / "MotE_W5_G1.egn")["scores"] == [10, 3]
    raw["deals"][0]["phases"][1]["initialLead"] = 3
    with pytest.raises(RecordError, match="initialLead"):
        egn_to_record(raw)


def test_known_player_cards_are_used() -> None:
    """Cards a file gives in playerCards take precedence over the inference and survive export."""
    raw = _raw("Me_and_Bears.egn")
    record = load_egn(EGN_DIRECTORY / "Me_and_Bears.egn")
    number = next(i for i, d in enumerate(record["deals"]) if len(d["inferred"]) > 4)
    deal = record["deals"][number]
    seat = next(s for s, hand in enumerate(deal["hands"]) if set(hand) <= set(deal["inferred"]))
    cards = deal["inferred"][-5:]  # by the rule these would not all go to this seat
    assert sorted(deal["hands"][seat]) != sorted(cards)
    raw["deals"][number]["initialState"]["playerCards"] = [[], [], [], []]
    raw["deals"][number]["initialState"]["playerCards"][seat] = [c[0] + c[1].lower() for c in cards]
    again = egn_to_record(raw)
    assert sorted(again["deals"][number]["hands"][seat]) == sorted(cards)
    assert set(cards).isdisjoint(again["deals"][number]["inferred"])
    assert bowers.replay(again).scores == [10, 9]
    exported = record_to_egn(again)
    assert "playerCards" in exported["deals"][number]["initialState"]
    assert egn_to_record(exported) == again


def test_a_known_dealer_hand_settles_the_discard() -> None:
    """With the dealer's dealt hand given and no discard named, the card it never played is its discard."""
    raw = _raw("Epic_Comeback.egn")
    record = load_egn(EGN_DIRECTORY / "Epic_Comeback.egn")
    number, deal = next(
        (i, d)
        for i, d in enumerate(record["deals"])
        if any(a.startswith("discard:") and a[8:] in d["inferred"] for _, a in d["actions"])
    )
    dealer = deal["dealer"]
    raw["deals"][number]["initialState"]["playerCards"] = [[], [], [], []]
    raw["deals"][number]["initialState"]["playerCards"][dealer] = [c[0] + c[1].lower() for c in deal["hands"][dealer]]
    again = egn_to_record(raw)["deals"][number]
    assert again["hands"] == deal["hands"] and again["actions"] == deal["actions"]
    assert len(again["inferred"]) == len(deal["inferred"]) - 1


# ---------------------------------------------------------------------- bowers games as EGN


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"stick_the_dealer": True, "alone_lead": "maker-left"},
        {"defend_alone": True},
        {"deck": 32},
        {"initial_scores": [10, 10]},  # tied at the top past the target: the game plays on from there
    ],
)
def test_bowers_games_export_and_import(options: dict[str, Any]) -> None:
    for seed in range(4):
        game, _ = play_random_game("standard", seed, seed + 100, options)
        record = game.record()
        imported = egn_to_record(json.loads(dump_egn(record)))
        assert bowers.replay(imported).scores == game.scores
        for original, deal in zip(record["deals"], imported["deals"], strict=True):
            assert deal["actions"] == original["actions"]
            known = [[c for c in hand if c not in deal["inferred"]] for hand in deal["hands"]]
            assert all(set(k) <= set(h) for k, h in zip(known, original["hands"], strict=True))
        assert egn_to_record(record_to_egn(imported)) == imported
