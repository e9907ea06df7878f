"""The ``bowers replay`` command: replay a game record, checking every action, and summarise it."""

from __future__ import annotations

import click

from bowers.cli.common import from_file, hand_line, read_json, show, team_name


@click.command("replay")
@click.argument("path", metavar="FILE")
def replay_command(path: str) -> None:
    """Replay a JSON game record, checking every action, and summarise it."""
    from bowers import replay

    record = read_json(path)
    game = from_file(path, "game record", lambda: replay(record))
    rules = game.rules
    scores = list(rules.initial_scores)
    lines = []
    for index, result in enumerate(game.results):
        for team, points in enumerate(result.get("points") or ()):
            scores[team] += points
        lines.append(hand_line(index, result, rules, scores))
    click.echo(f"variant: {rules.variant}")
    click.echo("options: " + (", ".join(f"{k}={show(v)}" for k, v in rules.options.items()) or "none"))
    click.echo(f"deals: {len(game.results)}")
    final = ", ".join(f"{team_name(rules, team)} {score}" for team, score in enumerate(game.scores))
    click.echo(f"final scores: {final}")
    click.echo(f"winner: {team_name(rules, game.winner) if game.winner is not None else 'none (the game is not finished)'}")
    for line in lines:
        click.echo(line)
