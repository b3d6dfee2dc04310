"""The order of the prose lexer's alternatives (spans/plain_text.py ``_RAW``): spaces and words, most tokens, are
tried right after the two alternatives that may start with a letter, and give the tokens of the order that tried
them after every numeric form."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from lnsym.check.spans import plain_text


def _reference() -> re.Pattern:
    """The same alternatives in their former order: words after the numeric forms (before the commands), spaces
    last but one (before any other character)."""
    lines = plain_text._RAW.pattern.split("\n")
    space = next(line for line in lines if "(?P<space>" in line)
    word = next(line for line in lines if "(?P<word>" in line)
    rest = [line for line in lines if line not in (space, word)]
    at = next(k for k, line in enumerate(rest) if "(?P<cmd>" in line)
    rest.insert(at, word)
    at = next(k for k, line in enumerate(rest) if "(?P<brk>" in line)
    rest.insert(at, space)
    return re.compile("\n".join(rest), re.X)


def _tokens(pattern: re.Pattern, text: str) -> list[tuple[str, int, int]]:
    return [(m.lastgroup, m.start(), m.end()) for m in pattern.finditer(text)]


def test_spaces_and_words_come_right_after_the_urls():
    names = list(plain_text._RAW.groupindex)
    assert names[:4] == ["calc", "url", "space", "word"]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab xyzé1209.,:'’/-+*()<>$%€\\\n\t\u00a0\u2009_wh" + "٣", max_size=40))
def test_the_order_gives_the_tokens_of_the_old_order(text):
    assert _tokens(plain_text._RAW, text) == _tokens(_reference(), text)


def test_the_tokens_of_written_arithmetic():
    text = ("Sue had 1,250.50 dollars at 10:30 on 2024-03-05 (see www.example.com); 3e5 cats, 2,5 kg, 1'000 m, "
            "call (555) 123-4567, version 1.2.3, <<6*3=18>> and it's 12 - 6 = 6 \\$ 4 ** 2 %")
    assert _tokens(plain_text._RAW, text) == _tokens(_reference(), text)
    kinds = {kind for kind, _, _ in _tokens(plain_text._RAW, text)}
    assert {"word", "space", "num", "clock", "date", "url", "sci", "dcomma", "grouped", "phone", "version",
            "calc", "pow", "pct"} <= kinds
