"""Load a script the repository keeps outside the package (``scripts/``, ``training/``, ``benchmarks/``) as a module."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(relative: str, name: str) -> ModuleType:
    """The script at ``relative`` (from the repository root), loaded as module ``name`` and registered under it
    (dataclasses look their module up by name).  While it loads, its folder is first on the import path, as when
    it is run, so that it imports its siblings (the benchmarks' ``arguments``) as it does then."""
    path = ROOT / relative
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(path.parent))
    return module
