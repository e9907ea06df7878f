"""The browser front end: ``bowers serve``, a card room where people play with friends and bots.

``create_app`` builds the Starlette application (tables in SQLite, bots in a
worker pool, typed websocket messages); ``serve`` runs it with uvicorn.
"""

from __future__ import annotations

from bowers.server.app import create_app, serve

__all__ = ["create_app", "serve"]
