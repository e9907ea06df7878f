"""The rules of each variant in plain language, for players, shipped as Markdown files.

The texts live in ``bowers/rules_text/<variant>.md`` with the rules every
variant shares in ``common.md``; they restate the specification (``docs/specification.md``) for players, with
every option and the actions a player types.

>>> rules_text("bid").startswith("# Auction Euchre")
True
"""

from __future__ import annotations

from importlib.resources import files

from bowers.variants import variant as find_variant

COMMON = "common"


def _read(name: str) -> str:
    """Text of the packaged rules file ``name``.md."""
    return files("bowers").joinpath("rules_text").joinpath(f"{name}.md").read_text(encoding="utf-8")


def rules_text(variant: str, *, common: bool = True) -> str:
    """The rules of ``variant`` for players, followed by the shared rules unless ``common`` is false.

    An unknown variant raises ``bowers.errors.OptionError`` listing the variants.
    """
    name = find_variant(variant).name
    text = _read(name)
    if common:
        text = text.rstrip("\n") + "\n\n" + _read(COMMON)
    return text
