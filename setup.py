"""Build hooks: compiled extensions join the package's own build; every one is optional.

Metadata lives in pyproject.toml.  An extension that cannot be compiled is
skipped and bowers falls back to its pure-Python reference code.

The engine core is also compiled from its own typed source with mypyc (one
source, two ways to run it).  ``BOWERS_COMPILE=0`` at install skips that, and
so does a missing mypyc or a failed compile: the install then succeeds with the
pure-Python engine.  The build records a hash of each compiled source in
``bowers/_compiled.py`` so that ``bowers`` can tell a stale compiled module
from a current one.
"""

from __future__ import annotations

import hashlib
import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))

# The engine modules compiled with mypyc, in import order (bowers/__init__.py lists the same names).
ENGINE_MODULES = ("cards", "tables", "variants", "actions", "hand", "observation", "game", "information_state")
COMPILED_RECORD = os.path.join("src", "bowers", "_compiled.py")


def extensions() -> list[Extension]:
    """The C extensions whose sources are present."""
    found = []
    solver_source = os.path.join("src", "bowers", "solver", "_search.c")
    if os.path.exists(os.path.join(HERE, solver_source)):
        found.append(Extension("bowers.solver._search", [solver_source], extra_compile_args=["-O3"], optional=True))
    shake_source = os.path.join("src", "bowers", "_shake.c")
    if os.path.exists(os.path.join(HERE, shake_source)):
        found.append(Extension("bowers._shake", [shake_source], extra_compile_args=["-O3"], optional=True))
    return found


def _source_hash(path: str) -> str:
    with open(os.path.join(HERE, path), "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()


def _write_compiled_record(hashes: dict[str, str]) -> None:
    """Write the module that tells bowers which engine modules were compiled, and from which source."""
    lines = [
        '"""Written by setup.py at build time: the engine modules compiled with mypyc and the hash of each source."""',
        "",
        "SOURCE_HASHES: dict[str, str] = {",
        *(f"    {name!r}: {digest!r}," for name, digest in hashes.items()),
        "}",
        "",
    ]
    with open(os.path.join(HERE, COMPILED_RECORD), "w", encoding="utf-8") as record:
        record.write("\n".join(lines))


def mypyc_extensions() -> list[Extension]:
    """The engine modules compiled with mypyc, or none (pure Python) when compiling is off or impossible."""
    _write_compiled_record({})
    if os.environ.get("BOWERS_COMPILE", "1").strip().lower() in ("0", "false", "no", "off"):
        return []
    if not any(command.startswith(("build", "bdist", "install", "editable", "develop")) for command in sys.argv[1:]):
        return []  # metadata queries (egg_info, dist_info, sdist) need no compiler
    paths = [os.path.join("src", "bowers", f"{name}.py") for name in ENGINE_MODULES]
    try:
        from mypyc.build import mypycify

        compiled = mypycify(paths, opt_level="3", group_name="bowers_engine")
    except (Exception, SystemExit) as error:  # a missing mypyc or a type error: the pure engine still installs
        print(f"bowers: not compiling the engine ({error}); installing the pure-Python engine", file=sys.stderr)
        return []
    _write_compiled_record({f"bowers.{name}": _source_hash(path) for name, path in zip(ENGINE_MODULES, paths, strict=True)})
    return compiled


class OptionalBuildExt(build_ext):
    """Build every extension it can; a compiled engine that fails to build leaves the pure engine in place."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            if not any(extension.name.startswith("bowers_engine") for extension in self.extensions):
                raise
            print(f"bowers: the compiled engine failed to build ({error}); installing the pure-Python engine", file=sys.stderr)
            _write_compiled_record({})
            self.extensions = [extension for extension in self.extensions if getattr(extension, "optional", False)]
            super().run()


setup(ext_modules=extensions() + mypyc_extensions(), cmdclass={"build_ext": OptionalBuildExt})
