"""What a new table can be: every variant with its options, and the bots a seat can hold (``/api/variants``)."""

from __future__ import annotations

from typing import Any

import bowers
import bowers.bots
from bowers.server import replay, worker
from bowers.server.rooms import max_target


def variant_catalogue() -> list[dict[str, Any]]:
    """Every variant with its options (the same choices and defaults as ``bowers variants``)."""
    out = []
    for name in bowers.variants():
        declaration = bowers.variant(name)
        rules = bowers.make_rules(name)
        options = []
        for option in declaration.options:
            default = list(option.default) if isinstance(option.default, tuple) else option.default
            options.append(
                {
                    "name": option.name,
                    "default": default,
                    "doc": option.doc,
                    "kind": option.kind,
                    "choices": list(option.choices) if option.choices is not None else None,
                    "allowed": option.describe_allowed(declaration.teams),
                    **({"max": max_target(declaration)} if option.name == "target" else {}),
                }
            )
        out.append(
            {"name": name, "summary": declaration.summary, "players": rules.players, "teams": rules.teams, "options": options}
        )
    return out


def bot_kinds() -> list[dict[str, Any]]:
    """The bots a seat can hold, and whether each takes a level (1-5)."""
    return [{"name": name, "levels": worker.takes_level(name)} for name in bowers.bots.names()]


def catalogue() -> dict[str, Any]:
    """The answer of ``/api/variants``: the variants, the bots, and whether the solver (replay evaluation) is here."""
    return {"variants": variant_catalogue(), "bots": bot_kinds(), "solver": replay.solver_available()}
