"""The text table the RL environments render: what anyone watching may see, never a hidden card."""

from __future__ import annotations

from typing import Any

from bowers.game import Game

RECENT_ACTIONS = 8  # how many of the hand's last actions the table lists


def render_table(game: Game, learner: int | None = None) -> str:
    """A few lines: the game and score, the contract, each seat's cards held and tricks, the trick and the last actions."""
    view: dict[str, Any] = game.public_observation()
    players = len(view["hand_sizes"])
    teams = len(view["scores"])
    scores = "  ".join(f"team {team}: {score}" for team, score in enumerate(view["scores"]))
    lines = [f"bowers {view['variant']}  hand {view['hand_number']}  phase {view['phase']}  target {view['target']}  {scores}"]
    contract = "trump " + (view["trump"] or "undecided")
    if view["maker"] is not None:
        contract += f", made by seat {view['maker']}" + (" alone" if view["alone"] else "")
    if view.get("contract"):
        contract += f", contract {view['contract']}"
    if view.get("turn_up"):
        contract += f", turn-up {view['turn_up']} ({view['turn_up_state']})"
    lines.append(contract)
    lines.append("seat  team  cards  tricks  note")
    played = {seat: card for seat, card in view["trick"]}
    for seat in range(players):
        notes = []
        if seat == view["dealer"]:
            notes.append("dealer")
        if seat == view["to_act"]:
            notes.append("to act")
        if seat in view["sitting_out"]:
            notes.append("sits out")
        if seat == learner:
            notes.append("learner")
        if seat in played:
            notes.append(f"played {played[seat]}")
        cards, tricks = view["hand_sizes"][seat], view["tricks_won"][seat]
        lines.append(f"{seat:>4}  {seat % teams:>4}  {cards:>5}  {tricks:>6}  {', '.join(notes)}")
    recent = view["history"][-RECENT_ACTIONS:]
    lines.append("last actions: " + (" ".join(f"{seat}:{action}" for seat, action in recent) or "(none)"))
    return "\n".join(lines)
