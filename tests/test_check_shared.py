"""Shared helpers of the check tests (where ../shared is, the seed key), and their own tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
SEED = SHARED / "answer-keys" / "residual-layernorm.md"
MATH = SHARED / "external" / "math-solutions-dev.jsonl"


def need(path: Path) -> Path:
    """The path, or skip (fail in CI) when ../shared is not there."""
    if not path.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{path} is missing in CI: ../shared must be checked out beside the project")
        pytest.skip(f"{path} not found (../shared is absent outside CI)")
    return path


def position(text: str, needle: str, nth: int = 0) -> tuple[int, int]:
    """1-based line and column of the nth occurrence of needle."""
    i = -1
    for _ in range(nth + 1):
        i = text.index(needle, i + 1)
    line = text.count("\n", 0, i) + 1
    col = i - (text.rfind("\n", 0, i) + 1) + 1
    return line, col


def test_position_is_one_based():
    assert position("ab\ncd", "d") == (2, 2)
    assert position("x=1 x=1", "x=1", 1) == (1, 5)
