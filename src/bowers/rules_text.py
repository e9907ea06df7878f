"""The rules of each variant in plain language, for players, shipped as Markdown files.

The texts live in ``bowers/rules_text/<variant>.md``; ``basics.md`` holds the
words every variant uses (tricks, following suit, the bowers, the march),
printed right after the variant's title and summary so that a newcomer meets
each term after its definition, and ``common.md`` the shared rules printed
at the end.  They restate the specification (``docs/specification.md``) and
the decisions of ``docs/variants.md`` for players, with every option and the
actions a player types.

>>> rules_text("bid").startswith("# Auction Euchre")
True
"""

from __future__ import annotations

from importlib.resources import files

from bowers.variants import variant as find_variant

BASICS = "basics"
COMMON = "common"


def _read(name: str) -> str:
    """Text of the packaged rules file ``name``.md."""
    return files("bowers").joinpath("rules_text").joinpath(f"{name}.md").read_text(encoding="utf-8")


def split_introduction(text: str) -> tuple[str, str]:
    """A variant's text cut before its first section: the title and summary, then its own rules."""
    cut = text.find("\n## ")
    if cut < 0:
        return text, ""
    return text[: cut + 1], text[cut + 1 :]


def rules_text(variant: str, *, common: bool = True) -> str:
    """The rules of ``variant`` for players: title and summary, the basics, its own rules, the shared rules.

    With ``common`` false only the variant's own file is returned.  An unknown
    variant raises ``bowers.errors.OptionError`` listing the variants.
    """
    name = find_variant(variant).name
    text = _read(name)
    if not common:
        return text
    introduction, own = split_introduction(text)
    parts = [introduction.rstrip("\n"), _read(BASICS).rstrip("\n"), own.rstrip("\n"), _read(COMMON).rstrip("\n")]
    return "\n\n".join(part for part in parts if part) + "\n"
