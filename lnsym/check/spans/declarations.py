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
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

__all__ = ["Declaration", "Declarations", "parse_declarations"]

_COMMENT = re.compile(r"<!--\s*lnsym\s*:(.*?)-->|^[ \t]*%+[ \t]*lnsym\s*:(.*)$", re.S | re.M | re.I)
_NAME = r"(\\?[A-Za-z]+(?:_\{?[A-Za-z0-9]+\}?)?|[\u0370-\u03ff])"
_INPUT = re.compile(
    rf"^\$?{_NAME}\$?\s+is\s+the\s+input(?:\s+(?:of|to)\s+(?:the\s+)?(?:LN|LayerNorm|layer\s*norm))?$", re.I)
_FEATURES = re.compile(rf"^\$?{_NAME}\$?\s+(?:features|is\s+the\s+number\s+of\s+features)$", re.I)
_EPS = re.compile(
    r"^\$?(?:eps|epsilon|\\epsilon|\\varepsilon|ϵ|ε)\$?\s*=\s*([-+]?[0-9]*\.?[0-9]+(?:e[-+]?[0-9]+)?)$", re.I)


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

    def at(self, offset: int) -> Declaration:
        """The merged declaration in force at ``offset``."""
        input_name = size_name = None
        eps = None
        for d in self.items:
            if d.offset > offset:
                break
            input_name = d.input_name or input_name
            size_name = d.size_name or size_name
            eps = d.eps if d.eps is not None else eps
        return Declaration(offset, offset, input_name, size_name, eps)


def _clean(name: str) -> str:
    return name.strip().strip("$")


def parse_declarations(text: str) -> Declarations:
    """Every ``lnsym:`` comment of ``text``, in order."""
    out = Declarations()
    for m in _COMMENT.finditer(text):
        body = m.group(1) if m.group(1) is not None else m.group(2)
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
                try:
                    eps = Fraction(mm.group(1))
                except (ValueError, ZeroDivisionError):
                    unknown.append(clause)
            else:
                unknown.append(clause)
        out.items.append(Declaration(m.start(), m.end(), input_name, size_name, eps, tuple(unknown)))
    return out
