"""What the prose around a statement says about it: a case being considered, another number base.

These are the *roles* of statements, read from the words before and after the math: "if $x=2$",
"$x=2$ or $x=-2$", "suppose", "try" make a statement hypothetical (it binds nothing); a paragraph
that speaks of "base $b$" may write numerals in another base.
"""

from __future__ import annotations

import re

__all__ = ["BASE", "hypothetical"]

HYPOTHETICAL = re.compile(
    r"\b(if|when|whenever|either|or|suppose|supposing|assume|assuming|case|cases|whether|unless|try|trying|"
    r"say|guess|would|could|might|otherwise|instead|neither|nor|except|test|testing|check|checking)\b",
    re.IGNORECASE,
)
BASE = re.compile(r"\bbase[\s-]*(\$|\\\(|\d|[a-z]\b)", re.IGNORECASE)
SENTENCE_END = re.compile(r"[.!?:;]\s|\n\s*\n|\$\$|\\\]")


def hypothetical(text: str, span, offset: int) -> bool:
    """Does the prose around the statement make it a case ("if $x=2$", "$x=2$ or $x=-2$")?"""
    start = span.start + offset
    before = text[max(0, start - 200) : start]
    cut = list(SENTENCE_END.finditer(before))
    before = before[cut[-1].end() :] if cut else before
    end = span.start + len(span.text)
    after = text[end : end + 60]
    m = SENTENCE_END.search(after)
    after = after[: m.start()] if m else after
    inside = span.text[:offset]
    return bool(HYPOTHETICAL.search(before) or HYPOTHETICAL.search(inside)
                or re.match(r"\W{0,3}\s*(or|if|when|unless)\b", after, re.IGNORECASE))
