"""Test session set-up shared by every test and doctest."""

import os

# The compiled engine modules (``bowers/hand.*.so`` and so on) sit beside their ``.py`` sources, so
# their ``__file__`` names the extension.  Their doctests are collected from the ``.py`` path and run
# against the module actually imported (compiled or pure), which pytest allows with this setting.
os.environ.setdefault("PY_IGNORE_IMPORTMISMATCH", "1")
