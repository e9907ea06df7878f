"""Build hooks: compiled extensions join the package's own build; every one is optional.

Metadata lives in pyproject.toml.  An extension that cannot be compiled is
skipped and bowers falls back to its pure-Python reference code.
"""

from __future__ import annotations

import os

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))


def extensions() -> list[Extension]:
    """The C extensions whose sources are present."""
    found = []
    solver_source = os.path.join("src", "bowers", "solver", "_search.c")
    if os.path.exists(os.path.join(HERE, solver_source)):
        found.append(Extension("bowers.solver._search", [solver_source], extra_compile_args=["-O3"], optional=True))
    return found


setup(ext_modules=extensions())
