"""The ``bowers serve`` command: the card room in a browser."""

from __future__ import annotations

import click


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for every network).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--db", "db_path", metavar="PATH", help="SQLite database of the tables (default: in the user data directory).")
@click.option(
    "--bot-delay",
    default=0.6,
    show_default=True,
    type=click.FloatRange(0, 10),
    help="Seconds a bot waits before acting while people watch.",
)
@click.option(
    "--unwatched-minutes",
    default=10.0,
    show_default=True,
    type=click.FloatRange(min=0, min_open=True),
    help="Minutes a table of bots no one watches lasts before it ends.",
)
@click.option(
    "--abandoned-days",
    default=7.0,
    show_default=True,
    type=click.FloatRange(min=0, min_open=True),
    help="Days a table no one comes to lasts before it ends.",
)
@click.option(
    "--allowed-host",
    "allowed_hosts",
    metavar="NAME",
    multiple=True,
    help="A host name the server answers to besides localhost and IP addresses (repeatable; * for any).",
)
@click.option(
    "--forwarded-allow-ips",
    metavar="IPS",
    default="",
    help="Comma-separated proxy addresses or networks whose X-Forwarded-For/-Proto/-Host are believed (default: none).",
)
@click.option(
    "--max-sockets",
    default=20,
    show_default=True,
    type=click.IntRange(1),
    help="Websockets (tables open in pages) one client address may hold at once.",
)
@click.option(
    "--idle-minutes",
    default=30.0,
    show_default=True,
    type=click.FloatRange(min=0, min_open=True),
    help="Minutes a websocket with no message either way stays open.",
)
@click.option(
    "--absent-minutes",
    default=2.0,
    show_default=True,
    type=click.FloatRange(min=0, min_open=True),
    help="Minutes a person's seat waits on its turn with no one at it before the others may give it to a bot.",
)
def serve_command(
    host: str,
    port: int,
    db_path: str | None,
    bot_delay: float,
    unwatched_minutes: float,
    abandoned_days: float,
    allowed_hosts: tuple[str, ...],
    forwarded_allow_ips: str,
    max_sockets: int,
    idle_minutes: float,
    absent_minutes: float,
) -> None:
    """Run the card room: play in a browser with friends and bots."""
    from bowers.server import serve

    serve(
        host=host,
        port=port,
        db_path=db_path,
        bot_delay=bot_delay,
        unwatched_minutes=unwatched_minutes,
        abandoned_days=abandoned_days,
        allowed_hosts=allowed_hosts,
        forwarded_allow_ips=tuple(ip.strip() for ip in forwarded_allow_ips.split(",") if ip.strip()),
        max_sockets=max_sockets,
        idle_minutes=idle_minutes,
        absent_minutes=absent_minutes,
    )
