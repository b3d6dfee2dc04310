r"""Markdown tables of values (lnsym.check.spans.tables): each row is a case of its own, and a header that names a
variable gives it the row's number (probe 3, P3-J: the row before proved the next, and a value bound before the table
proved a row about another value)."""

import pytest

from lnsym.check.pipeline import check_text
from lnsym.check.spans.tables import new_row, row_value

TABLE = "Let $n = 4$.\n\n| $n$ | $2^n$ |\n|---|---|\n| $5$ | $2^n = 32$ |\n| 6 | $2^n = 64$ |\n"


def found(text: str) -> dict[str, tuple[str, str]]:
    return {f.source: (f.verdict.value, f.reason) for f in check_text(text + "\n").findings}


def test_the_header_names_the_first_columns_variable():
    at = TABLE.index("2^n = 32")
    name, value, place = row_value(TABLE, at)
    assert (name, value, TABLE[place]) == ("n", "5", "5")
    assert row_value(TABLE, TABLE.index("2^n = 64"))[:2] == ("n", "6")  # a plain number in the cell too


@pytest.mark.parametrize("text", [
    "| case | value |\n|---|---|\n| $5$ | $2^n = 32$ |\n",  # a header in words
    "| $n$ | $2^n$ |\n|---|---|\n| $k$ | $2^n = 32$ |\n",  # a first cell that is no number
    "| $n$ | $2^n$ |\n| $5$ | $2^n = 32$ |\n",  # no separator line: no table
    "We have $2^n = 32$ here.\n",  # no table at all
    "| $n$ | $2^n$ |\n|---|---|\n| $2^n = 32$ | 5 |\n",  # the math in the first column
])
def test_no_value_without_a_header_that_names_a_variable(text):
    assert row_value(text, text.index("2^n = 32")) is None


def test_a_row_boundary():
    text = "| $a = 1$ | $b = 2$ |\n| $c = 3$ | x |"
    assert new_row(text, text.index("1$") + 1, text.index("c = 3"))
    assert not new_row(text, text.index("1$") + 1, text.index("b = 2"))  # the next cell of the same row


@pytest.mark.parametrize(("text", "step", "verdict"), [
    # the row's value, not the one bound before the table: 2^5 = 32
    ("Let $n = 4$, so $2^n = 16$.\n\n| $n$ | $2^n$ |\n|---|---|\n| $5$ | $2^n = 16$ |", "2^n = 16", "wrong"),
    ("Let $n = 4$.\n\n| $n$ | $2^n$ |\n|---|---|\n| $5$ | $2^n = 32$ |", "2^n = 32", "correct"),
    ("| $x$ | $x^2$ |\n|---|---|\n| $3$ | $x^2 = 9$ |\n| $-3$ | $x^2 = 6$ |", "x^2 = 6", "wrong"),
    # a row is no evidence for the next: h(1) = 10, not the 5 of the row above
    ("Let $h = 5 + 10t - 5t^2$.\n\n| $t$ | $h$ |\n|---|---|\n| $0$ | $h = 5$ |\n| $1$ | $k = 5$ |\n| $2$ | $h = 5$ |",
     "h = 5", "unchecked"),
    # an interval in its row is no consequence of the interval of the row above
    ("| interval | sign |\n|---|---|\n| $x<-2$ | $+$ |\n| $-2<x<1$ | $-$ |", "x<1", "unchecked"),
])
def test_each_row_is_a_case_of_its_own(text, step, verdict):
    got = found(text)
    assert got[step][0] == verdict, got


def test_the_evidence_names_the_rows_value():
    text = "Let $n = 4$.\n\n| $n$ | $2^n$ |\n|---|---|\n| $5$ | $2^n = 16$ |\n"
    (finding,) = [f for f in check_text(text).findings if f.source == "2^n = 16"]
    assert [(s.name, s.value, s.line) for s in finding.evidence.substitutions] == [("n", "5", 5)]
    later = check_text(text + "\nSo $n + 1 = 5$.\n").findings[-1]  # after the table, n is 4 again, from line 1
    assert later.verdict.value == "correct" and [s.line for s in later.evidence.substitutions] in ([], [1])


def test_every_row_of_a_long_table_is_read_in_one_pass():
    """The tables of a text are read once (a file of many rows stays linear): a row far below its header too."""
    rows = "".join(f"| ${k}$ | $2^n = {2 ** k}$ |\n" for k in range(1, 300))
    text = "| $n$ | $2^n$ |\n|---|---|\n" + rows
    assert row_value(text, text.index("2^n = 4$")) == ("n", "2", text.index("| $2$") + 3)
    assert row_value(text, text.index(f"2^n = {2 ** 250}"))[:2] == ("n", "250")
