"""The words that join two statements of a sentence (lnsym.check.roles.cues): a value solved "and" found, a bound
the sentence goes on to under the same range. Two patterns once shared one module-level name, and the later one
(which also takes "so" or "hence" alone) silently replaced the earlier for both."""

from __future__ import annotations

import pytest

from lnsym.check.roles.cues import goes_on_under_region, solved_with_and


def _spans(text: str) -> tuple[tuple[int, int], tuple[int, int]]:
    first = text.index("$") + 1
    first_end = text.index("$", first)
    second = text.index("$", first_end + 1) + 1
    return (first, first_end), (second, text.index("$", second))


@pytest.mark.parametrize(("text", "expected"), [
    ("We solve, so $1 - t = 3$ and $t = -2$.", True),
    ("We solve, so $1 - t = 3$ and so $t = -2$.", True),
    ("We solve, so $1 - t = 3$, hence $t = -2$.", False),  # no "and": not the one clause this rule reads
    ("We solve, so $1 - t = 3$ so $t = -2$.", False),
    ("We solve, so $1 - t = 3$ and $t = -2$ or $t = 4$.", False),  # a list of alternatives
])
def test_a_value_solved_and_found_in_one_clause_is_joined_by_and(text, expected):
    previous, current = _spans(text)
    assert solved_with_and(text, previous, current) is expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Then $x^2 > 9$ and $x^2 - 10 > 0$.", True),
    ("Then $x^2 > 9$, hence $x^2 - 10 > 0$.", True),
    ("Then $x^2 > 9$ and so $x^2 - 10 > 0$.", True),
    ("Then $x^2 > 9$ or $x^2 - 10 > 0$.", False),
    ("Then $x^2 > 9$ and $x^2 - 10 > 0$ for every real x.", False),
    ("Then $x^2 > 9$. Next, $x^2 - 10 > 0$.", False),
])
def test_a_bound_the_sentence_goes_on_to(text, expected):
    previous, current = _spans(text)
    assert goes_on_under_region(text, previous, current) is expected
