"""Shared helpers of the check tests (the seed key, where ../shared is); their own tests are
``tests/check/test_shared_files.py``.

The seed key is the project's own copy, ``lnsym/examples/residual-layernorm.md`` (what ``lnsym
example`` prints), so the tests that read it run in a clone alone; ``../shared`` is needed only for the
external corpora."""

from __future__ import annotations

from pathlib import Path

from missing import skip_or_fail

ROOT = Path(__file__).resolve().parents[1]
SEED = ROOT / "lnsym" / "examples" / "residual-layernorm.md"
SHARED = ROOT.parent / "shared"
MATH = SHARED / "external" / "math-solutions-dev.jsonl"


def need(path: Path) -> Path:
    """The path, or skip (fail in CI) when ../shared is not there. Only for ../shared: the seed key is
    the project's own."""
    if not path.exists():
        skip_or_fail(f"{path} is missing", "check ../shared out beside the project")
    return path


def position(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based line and column of the nth occurrence of needle."""
    i = -1
    for _ in range(nth + 1):
        i = text.index(needle, i + 1)
    line = text.count("\n", 0, i) + 1
    col = i - (text.rfind("\n", 0, i) + 1) + 1
    return line, col
