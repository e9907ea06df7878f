"""Check the Markdown documentation: every relative link and ``#anchor`` resolves, and every table row has its header's cells.

    python scripts/check_docs.py            # docs/**/*.md and README.md of this checkout
    python scripts/check_docs.py ROOT       # those of another tree

Anchors are the headings' slugs as GitHub makes them (lower case, punctuation dropped, spaces to hyphens, a
repeated slug numbered ``-1``, ``-2``, ...) and any ``<a id="...">`` or ``<a name="...">``; links with a
scheme (``https:``, ``mailto:``) are not followed.  A table's cells are split at every unescaped ``|``, inside
code spans too, as GitHub splits them.  Each problem is printed as ``path:line: what``; the exit status is 1
when there is one.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from urllib.parse import unquote

HEADING = re.compile(r"^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?")
HTML_ANCHOR = re.compile(r"<a\s+(?:[^>]*\s)?(?:id|name)=\"([^\"]+)\"")
SEPARATOR = re.compile(r"^\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*$")


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading's text: links and tags reduced to their text, then lower case with
    everything but letters, digits, ``_``, ``-`` and spaces dropped and each space made a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip())
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"[^\w\- ]", "", text.lower())
    return text.replace(" ", "-")


def prose_lines(text: str) -> Iterator[tuple[int, str]]:
    """Each line outside fenced code blocks, numbered from 1 (fenced lines are skipped)."""
    fence = ""
    for number, line in enumerate(text.split("\n"), 1):
        match = FENCE.match(line)
        if fence:
            if match and match.group(1)[0] == fence[0] and len(match.group(1)) >= len(fence):
                fence = ""
            continue
        if match:
            fence = match.group(1)
            continue
        yield number, line


def anchors(text: str) -> set[str]:
    """The anchors a Markdown text defines: its headings' slugs, numbered as GitHub numbers repeats, and HTML ids."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    for _, line in prose_lines(text):
        heading = HEADING.match(line)
        if heading:
            base = slug(heading.group(2))
            count = seen.get(base, 0)
            found.add(base if count == 0 else f"{base}-{count}")
            seen[base] = count + 1
        found.update(HTML_ANCHOR.findall(line))
    return found


def link_problems(path: Path, cache: dict[Path, set[str]]) -> list[str]:
    """A message for each relative link of ``path`` whose file is missing or whose Markdown anchor is not defined."""
    problems = []
    for number, line in prose_lines(path.read_text(encoding="utf-8")):
        prose = re.sub(r"(`+).*?\1", "", line)
        for target in LINK.findall(prose) + REFERENCE.findall(prose):
            if re.match(r"[A-Za-z][A-Za-z0-9+.-]*:", target):
                continue
            file, _, anchor = unquote(target).partition("#")
            destination = (path.parent / file).resolve() if file else path.resolve()
            if not destination.exists():
                problems.append(f"{path}:{number}: no file {file} (link {target})")
            elif anchor and destination.suffix == ".md":
                if destination not in cache:
                    cache[destination] = anchors(destination.read_text(encoding="utf-8"))
                if anchor not in cache[destination]:
                    problems.append(f"{path}:{number}: no anchor #{anchor} in {destination.name} (link {target})")
    return problems


def cells(row: str) -> int:
    """The cells of a table row: its unescaped pipes split it, less the leading and trailing ones."""
    row = row.strip().replace("\\|", "")
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|"):
        row = row[:-1]
    return row.count("|") + 1


def table_problems(path: Path) -> list[str]:
    """A message for each table row of ``path`` whose cells are not as many as its header's."""
    problems = []
    lines = list(prose_lines(path.read_text(encoding="utf-8")))
    header = 0
    for index, (number, line) in enumerate(lines):
        if not line.lstrip().startswith("|"):
            header = 0
        elif header:
            if SEPARATOR.match(line.strip()) is None and cells(line) != header:
                problems.append(f"{path}:{number}: {cells(line)} cells where the header has {header}")
        elif index + 1 < len(lines) and SEPARATOR.match(lines[index + 1][1].strip()):
            header = cells(line)
            below, separator = lines[index + 1]
            if cells(separator) != header:
                problems.append(f"{path}:{below}: the separator row has {cells(separator)} cells, the header {header}")
    return problems


def documents(root: Path) -> list[Path]:
    """The Markdown files checked under ``root``: README.md and everything under docs/."""
    found = sorted((root / "docs").rglob("*.md"))
    readme = root / "README.md"
    return ([readme] if readme.exists() else []) + found


def check(root: Path) -> list[str]:
    """Every broken link, missing anchor and misshapen table row of the documentation under ``root``."""
    cache: dict[Path, set[str]] = {}
    problems = []
    for path in documents(root):
        problems += link_problems(path, cache) + table_problems(path)
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    """Print each problem of the documentation under the given root (this checkout by default); 1 if any."""
    args = list(sys.argv[1:] if argv is None else argv)
    root = Path(args[0]) if args else Path(__file__).resolve().parents[1]
    problems = check(root)
    for problem in problems:
        print(problem)
    files = len(documents(root))
    print(f"{len(problems)} problems in {files} files" if problems else f"{files} files: links, anchors and tables all sound")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
