"""The lines of a package's modules that match a pattern, outside its emitters (``emit/``, which write verdicts and
reasons out as text): what the tests of typed stages look for (tests/check/test_typed_verdicts.py,
tests/check/test_reason_codes.py)."""

from __future__ import annotations

import re
from pathlib import Path


def lines_matching(root: Path, pattern: re.Pattern) -> list[str]:
    """``path:line: text`` of every line of a module under ``root`` that ``pattern`` finds, emitters left out."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if "emit" in path.relative_to(root).parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found
