"""The shared helpers of the check tests (tests/shared_files.py) find what they say."""

from __future__ import annotations

from shared_files import SEED, SHARED, position


def test_the_seed_key_is_the_projects_own():
    assert SEED.is_file() and not SEED.is_relative_to(SHARED)
    assert "\\text{LN}" in SEED.read_text(encoding="utf-8")


def test_position_is_one_based():
    assert position("ab\ncd", "d") == (2, 2)
    assert position("x=1 x=1", "x=1", 1) == (1, 5)
