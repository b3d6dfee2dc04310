"""Declarations: an answer key may say what its symbols mean in a comment that renders invisibly.

Form (Markdown or HTML comment; LaTeX keys may write the same after ``%``)::

    <!-- lnsym: z is the input of LN; d features; eps = 1e-5 -->
    % lnsym: x is the input of LayerNorm; n features

A declaration is a list of clauses separated by ``;``. The clauses understood are

=================================================  =============================================
clause                                             meaning
=================================================  =============================================
``NAME is the input of LN`` (``to LN``,            NAME is the vector LN is applied to; its mean,
``of LayerNorm``, or just ``is the input``)        variance, hat and entries are LN's
``NAME features`` / ``NAME is the number of        the letter that counts the features (``d`` by
features``                                         default)
``eps = NUMBER`` (``epsilon``, ``\\epsilon``, ``ϵ``)  LN's epsilon, used when values are normalized
=================================================  =============================================

A declaration holds from its line to the end of the file (a later one overrides it). A clause that is
not understood is reported as an ``unchecked`` finding at the comment ("not understood"), never an
error; without a declaration the reader uses the vocabulary and leaves what is ambiguous unchecked.

The comments are found in one pass (an HTML comment ends at the first ``-->``; an opener without one
ends the search, since no later opener can have one either), and a number is read with the limits of
the key's own numbers (at most :data:`MAX_DIGITS` digits and an exponent of at most
:data:`MAX_EXPONENT`), so ``eps = 1e-30000000`` is "not understood" instead of a number built for 30 s.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from fractions import Fraction

__all__ = ["MAX_DIGITS", "MAX_EXPONENT", "Declaration", "Declarations", "parse_declarations"]

MAX_DIGITS = 400  # as a number of the key (lnsym.check.judges.numbers.evaluate.MAX_LITERAL_DIGITS)
MAX_EXPONENT = 400

_HTML_OPEN = re.compile(r"<!--\s*lnsym\s*:", re.I)
_PERCENT = re.compile(r"^[ \t]*%+[ \t]*lnsym\s*:(.*)$", re.M | re.I)
_NAME = r"(\\?[A-Za-z]+(?:_\{?[A-Za-z0-9]+\}?)?|[\u0370-\u03ff])"
_INPUT = re.compile(
    rf"^\$?{_NAME}\$?\s+is\s+the\s+input(?:\s+(?:of|to)\s+(?:the\s+)?(?:LN|LayerNorm|layer\s*norm))?$", re.I)
_FEATURES = re.compile(rf"^\$?{_NAME}\$?\s+(?:features|is\s+the\s+number\s+of\s+features)$", re.I)
# one way to match each digit (no `[0-9]*\.?[0-9]+`, which backtracks quadratically on a long run of digits)
_EPS = re.compile(r"^\$?(?:eps|epsilon|\\epsilon|\\varepsilon|ϵ|ε)\$?\s*=\s*"
                  r"([-+]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:e[-+]?[0-9]+)?)$", re.I)


@dataclass(frozen=True)
class Declaration:
    offset: int  # where the comment starts
    end: int
    input_name: str | None = None
    size_name: str | None = None
    eps: Fraction | None = None
    unknown: tuple[str, ...] = ()


@dataclass
class Declarations:
    items: list[Declaration] = field(default_factory=list)
    _merged: list[tuple[int, Declaration]] | None = field(default=None, repr=False, compare=False)

    def at(self, offset: int) -> Declaration:
        """The merged declaration in force at ``offset`` (a bisection: keys may hold many)."""
        if self._merged is None or len(self._merged) != len(self.items):
            merged, input_name, size_name, eps = [], None, None, None
            for d in sorted(self.items, key=lambda d: d.offset):
                input_name = d.input_name or input_name
                size_name = d.size_name or size_name
                eps = d.eps if d.eps is not None else eps
                merged.append((d.offset, Declaration(d.offset, d.offset, input_name, size_name, eps)))
            self._merged = merged
        k = bisect.bisect_right(self._merged, offset, key=lambda m: m[0]) - 1
        if k < 0:
            return Declaration(offset, offset)
        d = self._merged[k][1]
        return Declaration(offset, offset, d.input_name, d.size_name, d.eps)


def _clean(name: str) -> str:
    return name.strip().strip("$")


def _number(text: str) -> Fraction | None:
    """A decimal (``1e-5``, ``0.00001``) with the key's limits on its size; None when out of them."""
    mantissa, _, exponent = text.lower().partition("e")
    if sum(ch.isdigit() for ch in mantissa) > MAX_DIGITS or len(exponent.lstrip("+-0")) > 4:
        return None
    if exponent and abs(int(exponent)) > MAX_EXPONENT:
        return None
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError):
        return None


def _comments(text: str):
    """``(start, end, body)`` of every ``lnsym:`` comment, in order of position, in one pass."""
    found = []
    pos = 0
    while (m := _HTML_OPEN.search(text, pos)) is not None:
        close = text.find("-->", m.end())
        if close == -1:
            break  # no later opener has a closer either
        found.append((m.start(), close + 3, text[m.end() : close]))
        pos = close + 3
    found.extend((m.start(), m.end(), m.group(1)) for m in _PERCENT.finditer(text))
    kept: list[tuple[int, int, str]] = []
    for c in sorted(found, key=lambda c: c[0]):
        if not kept or c[0] >= kept[-1][1]:  # one inside another is part of it
            kept.append(c)
    return kept


def parse_declarations(text: str) -> Declarations:
    """Every ``lnsym:`` comment of ``text``, in order."""
    out = Declarations()
    for start, end, body in _comments(text):
        input_name = size_name = None
        eps = None
        unknown = []
        for clause in (c.strip().rstrip(".") for c in body.split(";")):
            if not clause:
                continue
            if (mm := _INPUT.match(clause)) is not None:
                input_name = _clean(mm.group(1))
            elif (mm := _FEATURES.match(clause)) is not None:
                size_name = _clean(mm.group(1))
            elif (mm := _EPS.match(clause)) is not None:
                eps = _number(mm.group(1))
                if eps is None:
                    unknown.append(clause + " (a number too large or too small to read)")
            else:
                unknown.append(clause)
        out.items.append(Declaration(start, end, input_name, size_name, eps, tuple(unknown)))
    return out
