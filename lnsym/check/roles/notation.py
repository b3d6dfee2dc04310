"""Notation a text defines for itself, which lnsym would otherwise read with its usual meaning.

Competition problems and lecture notes give familiar symbols a meaning of their own: "let $\\boxed{n}$ denote
the sum of the divisors of $n$", "define $\\#N$ by the formula $\\#N = .5(N) + 1$", "let $[n]$ denote
$n^2 + 1$", "let $\\langle n\\rangle$ be the integer closest to $\\sqrt n$". lnsym reads a box as the answer's
frame, `\\$` as dollars and square brackets as grouping, so it would refute ``\\boxed{11} = 12`` and
``\\#50 = 26``. A text that defines such a symbol on a letter (after "let", "define", "denote", "write", the
notation alone followed by "denote", "be", "stand for", or the notation equated to a formula in that letter)
makes every statement that uses the symbol unchecked from there on: lnsym does not know the definition's
meaning. The pipeline asks :func:`defined_notation` of each math span, with the tokens it made for its
statements, in the order of the text (a problem defines its notation before the solution uses it).

Exceptions, each a usual meaning a definition restates:

- a symbol that makes a name (``\\bar{x}``, ``\\overline{AB}``) or applies a function (``f(n)``, ``\\sigma(n)``)
  is not one of these symbols at all;
- ``[x]`` defined as the greatest integer in ``x`` is the floor, which lnsym reads already;
- ``\\$x`` and ``x\\%`` are an amount and a percentage: "let $\\$x$ be the price" introduces ``x``, not a
  symbol. They count only when defined by a formula or with "denote", "define" or "stand for".
"""

from __future__ import annotations

import math
import re

from lnsym.check.parse.lexer import Token
from lnsym.check.roles import word_screen
from lnsym.check.roles.cues import FLOOR_NAMED, sentence_before

__all__ = ["defined_notation", "may_define", "may_define_here", "uses_notation", "value_for_pi"]

# The symbols lnsym gives a meaning of its own, which a text may redefine, as the lexer spells them.
# (`\boxed`, `\fbox`, `\$`, `\%`, `\#`, `\&`, `[ ]`, `\langle \rangle`, `\{ \}`, `\| \|`)
_SYMBOLS = frozenset({("CMD", "boxed"), ("CMD", "fbox"), ("CMD", "dollar"), ("CMD", "percent"), ("CMD", "#"),
                      ("CMD", "&"), ("SYM", "["), ("CMD", "langle"), ("SYM", "\\{"), ("CMD", "|")})
_USUAL = {("CMD", "dollar"), ("CMD", "percent")}  # `\$x` is x dollars: defined only by a formula or "denote"
_OPEN = {("SYM", "{"), ("SYM", "(")}
_CLOSE = {("SYM", "}"), ("SYM", "]"), ("SYM", ")"), ("CMD", "rangle"), ("SYM", "\\}"), ("CMD", "|")}

# How a span that defines one starts: a symbol of _SYMBOLS, or a letter and one (`a \$ b`)
_STARTS = re.compile(r"\s*(?:\\(?:boxed|fbox|\$|%|#|&|langle|\{|\|)|\[|[A-Za-z]\s*\\[$%#&])")
_CUE = re.compile(r"\b(?:let|define|defines|defined|denote|denotes|write|writes)\b", re.IGNORECASE)
_CUE_WORDS = ("let", "define", "denote", "write")  # one of which every match of _CUE contains (word_screen)
_CUE_THEN_START = re.compile(_CUE.pattern + r"[^.!?\n]{0,120}?(?:\$\$?|\\\(|\\\[)" + _STARTS.pattern, re.IGNORECASE)
# After the notation alone: the words that give it its meaning. "be" is enough for a symbol without a usual
# meaning on a letter ("let $[n]$ be ..."); an amount needs more ("let $\$x$ be the price" is the price).
_STRONG = re.compile(r"\s*(?:\$|\\\))?\s*,?\s*(?:denotes?|stands?\s+for|is\s+defined|be\s+defined|means?|"
                     r"by\s+the\s+formula|represents?)\b", re.IGNORECASE)
_WEAK = re.compile(r"\s*(?:\$|\\\))?\s*,?\s*(?:be|is|as|to\s+be)\b", re.IGNORECASE)


def _notation(toks: list[Token]) -> tuple[tuple[str, str], str, int] | None:
    """``(symbol, letter, length)`` when the tokens start with a symbol of :data:`_SYMBOLS` around or before one
    letter (``\\boxed{n}``, ``[n]``, ``\\#N``, ``\\langle n \\rangle``) or between two (``a \\$ b``), else None."""
    if len(toks) >= 3 and toks[0].kind == toks[2].kind == "LETTER" and (toks[1].kind, toks[1].value) in _SYMBOLS:
        return (toks[1].kind, toks[1].value), toks[0].value, 3  # `a \$ b = (a - b)^2`: an operation between two
    if not toks or (toks[0].kind, toks[0].value) not in _SYMBOLS:
        return None
    k = 1
    while k < len(toks) and (toks[k].kind, toks[k].value) in _OPEN:
        k += 1
    if k >= len(toks) or toks[k].kind != "LETTER":
        return None
    letter, k = toks[k].value, k + 1
    while k < len(toks) and (toks[k].kind, toks[k].value) in _CLOSE:
        k += 1
    return (toks[0].kind, toks[0].value), letter, k


def may_define(text: str, low: str | None = None) -> bool:
    """Does the text have a word that may define notation ("let", "define", "denote", "write") with math that
    starts as a notation does after it in its sentence? (A cheap test before :func:`defined_notation` is asked
    span by span.) ``low``: the text lower-cased (:func:`~lnsym.check.roles.word_screen.lowered`), if known."""
    if low is None:
        low = word_screen.lowered(text)
    return word_screen.search(_CUE_THEN_START, text, low, _CUE_WORDS) is not None


def may_define_here(text: str, span) -> bool:
    """A cheap test before the tokens of ``span`` are read: does it start the way a notation does, after a word
    that may define it in its sentence?"""
    return _STARTS.match(span.text) is not None and _CUE.search(sentence_before(text, span.start)) is not None


def defined_notation(text: str, span, toks: list[Token]) -> tuple[tuple[str, str], str] | None:
    """The symbol the math ``span`` of ``text`` (its tokens ``toks``) defines on a letter, with the notation as
    written (``(("CMD", "boxed"), "\\boxed{n}")``), or None."""
    before = sentence_before(text, span.start)
    if _STARTS.match(span.text) is None or not _CUE.search(before):  # (may_define_here, with the sentence kept)
        return None
    found = _notation(toks)
    if found is None:
        return None
    symbol, letter, k = found
    rest = toks[k:]
    if not rest:  # the notation alone: the words after it must give it a meaning
        if k == 3 and toks[0].kind == "LETTER":
            return None  # `a \% b` alone: an operation is defined by its formula
        close = span.outer[1] if span.outer[1] else span.start + len(span.text)
        after = text[span.start + len(span.text) : close + 40]
        if not (_STRONG.match(after) or (symbol not in _USUAL and _WEAK.match(after))):
            return None
    elif not (rest[0].kind == "REL" and rest[0].value == "="
              and any(t.kind == "LETTER" and t.value == letter for t in rest[1:])):
        return None  # not a formula in the letter: `[n] = 5` gives a value, not a meaning
    sentence = before + text[span.start : span.start + len(span.text) + 80]
    if symbol == ("SYM", "[") and FLOOR_NAMED.search(sentence):
        return None  # `[x]`, the greatest integer in x: the floor, which lnsym reads already
    return symbol, span.text[toks[0].start : toks[k - 1].end]


# what may follow `\pi =` in a value the text gives π: digits, a sign, a fraction
_VALUE_TOKENS = frozenset({("SYM", "-"), ("SYM", "{"), ("SYM", "}"), ("SYM", "/"), ("CMD", "frac"), ("CMD", "dfrac"),
                           ("CMD", "tfrac")})


def value_for_pi(toks: list[Token]) -> tuple[tuple[str, str], str, bool] | None:
    """``\\pi = 0.3`` (a mixing weight, a prior), ``\\pi = \\frac{22}{7}`` ("take π = 22/7"): a math span that is π
    equated to a number the text writes out gives π a value of its own, as the notation ``(("CMD", "pi"), "\\pi =
    0.3", True)``, the last field True for a name (a value far from π) and False for an approximation the text takes
    (within a thousandth); later statements with π are computed with a value lnsym does not use, and are left
    unchecked (they were refuted with 3.14159...). ``\\pi \\approx 3.14`` is a claim about π and stays one."""
    if len(toks) < 3 or (toks[0].kind, toks[0].value) != ("CMD", "pi") or (toks[1].kind, toks[1].value) != ("REL", "="):
        return None
    rest = toks[2:]
    if not any(t.kind == "NUM" for t in rest) or not all(t.kind == "NUM" or (t.kind, t.value) in _VALUE_TOKENS
                                                           for t in rest):
        return None
    value = _plain_value(rest)
    if value is None or _CLAIM_ABOUT_PI[0] <= abs(value - math.pi) <= _CLAIM_ABOUT_PI[1]:
        return None  # `\\pi = 3.15`: a value about π that is no approximation of it, a slip (checked as one)
    nums = [t.value for t in rest if t.kind == "NUM"]
    shown = ("-" if rest[0].value == "-" else "") + "/".join(nums)
    return ("CMD", "pi"), f"\\pi = {shown}", abs(value - math.pi) > _CLAIM_ABOUT_PI[1]


# `\pi = v` is a claim about π when v is near π but not within a thousandth of it (the approximations a text takes,
# 22/7 and 3.14, are): 3.15 is a slip; a value further than a tenth of π away (0.3, a mixing weight) is a name
_CLAIM_ABOUT_PI = (0.00315, 0.1 * math.pi)


def _plain_value(rest: list[Token]) -> float | None:
    """The number ``-? a`` or ``-? \\frac{a}{b}`` / ``a/b`` the tokens write, else None."""
    sign = -1.0 if rest and rest[0].value == "-" else 1.0
    nums = [t.value for t in rest if t.kind == "NUM"]
    try:
        if len(nums) == 1:
            return sign * float(nums[0])
        if len(nums) == 2 and float(nums[1]) != 0:
            return sign * float(nums[0]) / float(nums[1])
    except ValueError:
        return None
    return None


def uses_notation(terms: list[list[Token]], notation: dict[tuple[str, str], str]) -> str:
    """The notation as the text defined it, when a statement's tokens use one of its symbols; else ""."""
    for term in terms:
        for t in term:
            written = notation.get((t.kind, t.value))
            if written is not None:
                return written
    return ""
