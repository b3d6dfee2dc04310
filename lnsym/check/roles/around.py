"""What the prose right around a math span says of its math: the math is the right part of an expression the
prose began ("3 times $4 = 12$"), or its last step has a remainder written after it ("= 4 remainder 133")."""

from __future__ import annotations

import re

__all__ = ["joined_before", "remainder_after"]

# `\(1121 \div 243 = 4\) remainder \(133\)`: the remainder of the span's last step, written after the math
_REMAINDER_AFTER = re.compile(
    r"[ \t]*,?[ \t]*\(?(?:with |and )?(?:a )?remainder(?: of)?:?[ \t]*(?:\\\(|\$)?[ \t]*(\d{1,12})\b")

# "$\frac23$ of $27 = 18$", "3 times $4 = 12$", "12 divided by $4 = 3$", "half of $20 = 10$", "twice $4 = 8$": prose
# that ends in a quantity and a word joining it to the next operand begins an expression, and the math that follows
# is its right part, so the math's first term is not the whole left side. After a noun ("the sum of $3 + 4 = 7$",
# "the roots $r$ of $x^2 - 1 = 0$", "divisible by $7^2 = 49$") the math is whole
_JOINER = re.compile(r"(?i)(?:(?<![\w\\])(?:of|times|plus|minus|over)|\b(?:divided|multiplied)[ \t]+by)[ \t\n]*$")
_TWICE = re.compile(r"(?i)(?<![\w\\])(?:twice|thrice)[ \t\n]*$")
_QUANTITY = re.compile(
    r"(?i)(?:\d%?|(?<![\w\\])(?:half|halves|thirds?|quarters?|fourths?|fifths?|double|triple))[ \t\n]*$")
_MATH_BEFORE = re.compile(r"(?:\$([^$]{1,40})\$|\\\((.{1,40}?)\\\))[ \t\n]*$")
_NUMERIC_MATH = re.compile(r"(?:[\d\s.,{}/]|\\[dt]?frac|\\%)+")


def joined_before(text: str, start: int) -> bool:
    """Does the prose before offset ``start`` end in a quantity and a word joining it to what follows?"""
    before = text[max(0, start - 80) : start]
    if _TWICE.search(before):
        return True
    joiner = _JOINER.search(before)
    if joiner is None:
        return False
    before = before[: joiner.start()]
    if _QUANTITY.search(before):
        return True
    math = _MATH_BEFORE.search(before)  # a number in math: $\frac{2}{3}$, \(50\%\)
    return math is not None and _NUMERIC_MATH.fullmatch((math.group(1) or math.group(2)).strip()) is not None


def remainder_after(text: str, end: int) -> str:
    """The remainder written right after the math ending at offset ``end`` (its digits), or ``""``."""
    m = _REMAINDER_AFTER.match(text, end) if end else None
    return m.group(1) if m else ""
