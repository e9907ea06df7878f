"""The compiled engine is in use when it should be, the pure one when asked, and a stale build is never used."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import bowers


def _off(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("0", "false", "no", "off")


def _on(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no", "off")


def expected_kind() -> str:
    """Pure when asked for (BOWERS_PURE) or installed without compiling (BOWERS_COMPILE=0); compiled otherwise."""
    return "pure" if _on("BOWERS_PURE") or _off("BOWERS_COMPILE") else "compiled"


def test_the_expected_engine_runs() -> None:
    """A run that should use the compiled engine fails here if it silently fell back to the pure one."""
    assert bowers.engine_kind() == expected_kind(), bowers.engine_note()
    for name in bowers.ENGINE_MODULES:
        module = sys.modules[f"bowers.{name}"]
        assert str(module.__file__).endswith(".py") == (expected_kind() == "pure"), module.__file__


def _probe(env: dict[str, str], path: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Import bowers in a fresh interpreter (from ``path`` when given) and print the engine and hand.py's file."""
    code = "import bowers, bowers.hand; print(bowers.engine_kind()); print(bowers.hand.__file__)"
    environment = {key: value for key, value in os.environ.items() if key != "BOWERS_PURE"} | env
    if path is not None:
        environment["PYTHONPATH"] = os.pathsep.join([str(path), environment.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True, cwd=path)


def test_bowers_pure_loads_the_sources() -> None:
    """BOWERS_PURE=1 runs the .py sources even where compiled modules sit beside them."""
    kind, hand_file = _probe({"BOWERS_PURE": "1"}).stdout.split()
    assert kind == "pure"
    assert hand_file.endswith("hand.py")


# The probes run without BOWERS_PURE, so this runs in the pure pass too; only an install that never compiled
# (BOWERS_COMPILE=0) has nothing to test.
@pytest.mark.skipif(_off("BOWERS_COMPILE"), reason="needs the compiled engine installed")
def test_a_stale_compiled_module_falls_back_to_the_sources_with_a_warning(tmp_path: Path) -> None:
    """Editing an engine source after the build makes bowers run the pure engine and say why, once."""
    package = Path(bowers.__file__).parent
    shutil.copytree(package, tmp_path / "bowers", ignore=shutil.ignore_patterns("__pycache__"))
    shared = importlib.util.find_spec("bowers_engine__mypyc")
    assert shared is not None and shared.origin is not None
    shutil.copy(shared.origin, tmp_path)
    assert _probe({}, tmp_path).stdout.split()[0] == "compiled"
    with open(tmp_path / "bowers" / "hand.py", "a", encoding="utf-8") as source:
        source.write("\n# an edit after the build\n")
    probe = _probe({}, tmp_path)
    kind, hand_file = probe.stdout.split()
    assert kind == "pure"
    assert hand_file == str(tmp_path / "bowers" / "hand.py")
    assert probe.stderr.count("older than hand.py") == 1


def test_the_expected_deal_hash_runs() -> None:
    """The compiled deal hash unless BOWERS_PURE asks for hashlib's; in CI its build must not have been skipped."""
    from bowers import deal_hash

    if _on("BOWERS_PURE"):
        assert deal_hash.shake128_int is deal_hash.shake128_int_reference
    elif deal_hash.compiled_available():
        assert deal_hash.shake128_int is deal_hash._compiled
    else:
        assert not _on("CI"), "the compiled deal hash (bowers/_shake.c) was not built"
        assert deal_hash.shake128_int is deal_hash.shake128_int_reference


def test_ci_builds_every_c_extension() -> None:
    """In CI the tests that compare a C extension with its Python reference must run, never skip."""
    from bowers import deal_hash, solver

    if _on("CI"):
        assert deal_hash.compiled_available(), "bowers/_shake.c was not built"
        assert solver.compiled_available(), "bowers/solver/_search.c was not built"
