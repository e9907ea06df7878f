"""What each choice of one decision is worth in real play: force it, let the bots play the hand out, compare.

A seat's hand is fixed; the other cards are dealt at random for each deal.
The first decision is that seat's (the seats before it pass, where they act
first); each listed action is forced in turn on the same deal, and the bot
(``pimc`` at its defaults unless ``--setting`` says otherwise) then plays
every seat, this one included, to the end of the hand.  It prints each
action's mean net points for the seat's team and each action's difference
from the first, paired over the deals, with 95% intervals.  Unlike the bot's
own valuation (solved worlds, where every seat sees every card) this is
what the choice scores when the hand is played by bots that see only their
own cards.

Usage::

    python benchmarks/forced_choice.py --variant bid --dealer 0 --seat 1 --hand "JH JD AD KD QD" \\
        --actions bid:5NT,bid:5D,bid:3D --deals 60 [--seed 1000] [--workers 2] [--setting NAME=VALUE ...]
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from arguments import interval_text, setting

import bowers
from bowers.bots import create
from bowers.cards import card_name, cards_of, parse_card, to_hand
from bowers.facts import net as side_net


def _deal(variant: str, seat: int, hand: list[str], seed: int) -> tuple[list[list[str]], list[str]]:
    """The seat's hand and the rest of the deck dealt at random to the other hands and the kitty."""
    rules = bowers.make_rules(variant)
    mine = to_hand(parse_card(name) for name in hand)
    rest = [card_name(card) for card in cards_of(to_hand(rules.deck) & ~mine)]
    random.Random(seed).shuffle(rest)
    hands: list[list[str]] = []
    for other in range(rules.players):
        if other == seat:
            hands.append(list(hand))
        else:
            hands.append(rest[: rules.hand_size])
            rest = rest[rules.hand_size :]
    return hands, rest[: rules.kitty_size]


def _play(job: tuple[str, int, int, list[str], list[str], int, dict[str, Any], str]) -> dict[str, float]:
    """Each forced action's net points for the seat's team on one deal."""
    variant, dealer, seat, hand, actions, seed, settings, bot = job
    hands, kitty = _deal(variant, seat, hand, seed)
    nets = {}
    for action in actions:
        game = bowers.Game.from_deal(variant, dealer=dealer, hands=hands, kitty=kitty)
        while game.to_act != seat:
            game.apply("pass")
        game.apply(action)
        players = [create(bot, seed=seed * 8 + other, **settings) for other in range(game.rules.players)]
        while not game.results:
            acting = game.to_act
            assert acting is not None
            game.apply(players[acting].act(game.observation(acting)))
        nets[action] = side_net(game.results[0]["points"], game.rules.team_of(seat))
    return nets


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="bid")
    parser.add_argument("--dealer", type=int, default=0)
    parser.add_argument("--seat", type=int, default=1, help="the seat whose first decision is forced")
    parser.add_argument("--hand", required=True, help="the seat's cards, space-separated (e.g. 'JH JD AD KD QD')")
    parser.add_argument("--actions", required=True, help="the choices to compare, comma-separated")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000, help="deal k is dealt from seed + k")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--setting", action="append", default=[], type=setting, help="a bot setting, NAME=VALUE")
    arguments = parser.parse_args()
    actions = arguments.actions.split(",")
    settings = dict(arguments.setting)
    hand = arguments.hand.split()
    jobs = [
        (arguments.variant, arguments.dealer, arguments.seat, hand, actions, arguments.seed + k, settings, arguments.bot)
        for k in range(arguments.deals)
    ]
    with ProcessPoolExecutor(arguments.workers) as pool:
        results = list(pool.map(_play, jobs))
    where = f"{arguments.variant}: seat {arguments.seat} holding {arguments.hand}"
    print(f"{where}, {arguments.deals} deals, {arguments.bot} in every seat")
    first = actions[0]
    for action in actions:
        line = f"{action:>10}: {interval_text([r[action] for r in results])} net points a deal"
        if action != first:
            line += f"; against {first}: {interval_text([r[action] - r[first] for r in results])}"
        print(line)


if __name__ == "__main__":
    main()
