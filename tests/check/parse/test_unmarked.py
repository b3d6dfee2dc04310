r"""A relation inside a marker (``\boxed{2 + 2 = 5}``, ``\fbox``, ``\color{red}{...}``) is a statement like any other:
a wrong boxed answer is reported, not passed over with "no steps found" (probe 3, P3-HID)."""

import pytest

from lnsym.check.parse.lexer import tokenize
from lnsym.check.parse.statements import split_statements, unmarked
from lnsym.check.pipeline import check_text


def values(source: str) -> list[str]:
    return [t.value for t in unmarked(tokenize(source))]


@pytest.mark.parametrize(("source", "expected"), [
    ("\\boxed{2 + 2 = 5}", ["2", "+", "2", "=", "5"]),
    ("\\fbox{1 < 2}", ["1", "<", "2"]),
    ("\\color{red}{3 = 4}", ["3", "=", "4"]),
    ("\\textcolor{blue}{a \\le b}", ["a", "≤", "b"]),
    ("\\boxed{\\boxed{1 = 1}}", ["1", "=", "1"]),  # a box in a box
    ("x = \\boxed{2 = 2}", ["x", "=", "2", "=", "2"]),
])
def test_markers_around_a_relation_are_taken_away(source, expected):
    assert values(source) == expected


@pytest.mark.parametrize("source", [
    "\\boxed{5}",  # a value in a box: the grammar reads it
    "2 + 2 = \\boxed{4}",
    "\\boxed{f(x = 1)}",  # a relation inside brackets is not the box's statement
    "\\color{red} 2 = 2",  # a colour switch, no group: left as it is
    "\\boxed{1 = 1",  # never closed
])
def test_what_is_not_a_marked_relation_is_left(source):
    assert values(source) == [t.value for t in tokenize(source)]


def test_the_boxed_relation_is_one_statement():
    (st,) = split_statements(tokenize("\\boxed{2 + 2 = 5}"))
    assert len(st.rels) == 1


@pytest.mark.parametrize(("text", "source", "verdict"), [
    ("The answer is $\\boxed{2 + 2 = 5}$.", "2 + 2 = 5", "wrong"),
    ("$\\fbox{6 \\cdot 7 = 42}$", "6 \\cdot 7 = 42", "correct"),
    ("$\\color{red}{10 - 6 = 5}$", "10 - 6 = 5", "wrong"),
])
def test_a_boxed_answer_is_checked(text, source, verdict):
    found = {f.source: f.verdict.value for f in check_text(text + "\n").findings}
    assert found.get(source) == verdict, found
