"""A unit written after a number: ``961{,}538 \\text{ s}``, ``524{,}288\\ \\text{bytes}``, ``1.2 \\times 10^{19}
\\text{ FLOPs}``. The number is the term's value; the unit is kept aside, and a step between two different units
(``524{,}288 \\text{ bytes} = 512\\ \\text{KiB}``) is not decided by the numbers alone
(:func:`~lnsym.check.statement_check.check_statement`). One word of letters only: ``\\text{K and V}`` is a
name, not a unit."""

from __future__ import annotations

import re

from lnsym.check.parse.lexer import Token

__all__ = ["is_measure", "unit_after"]

_UNIT = re.compile(r"[A-Za-z][A-Za-z0-9/^-]{0,11}")


# units of measures that other units of the same kind convert to (time, length, mass, volume, money, data): a
# result in one of them may be a conversion of its computation; a count (FLOPs, tokens, parameters) is none
_MEASURES = frozenset({
    "s", "sec", "second", "min", "minute", "h", "hr", "hour", "day", "week", "month", "year", "yr", "ms",
    "mm", "cm", "m", "km", "in", "inch", "ft", "foot", "feet", "yd", "yard", "mi", "mile",
    "mg", "g", "kg", "lb", "pound", "oz", "ounce", "ton", "t",
    "ml", "l", "liter", "litre", "gallon", "gal", "quart", "qt", "pint", "pt", "cup",
    "cent", "dollar",
    "bit", "byte", "b", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib",
    "dozen",
})


def is_measure(unit: str) -> bool:
    """Is ``unit`` (as :func:`unit_after` gives it) a unit of a measure that other units convert to (hours, cm,
    KiB), rather than a count (FLOPs, tokens)?"""
    word = unit.lower()
    return word in _MEASURES or (word.endswith("s") and word[:-1] in _MEASURES) or \
        (word.endswith("es") and word[:-2] in _MEASURES)


def unit_after(term: list[Token]) -> str | None:
    """The unit the term ends with (its last token a one-word ``\\text``/``\\mathrm`` after something else), or
    None. Whether what comes before it is a number is the caller's business (it parses it)."""
    if len(term) < 2 or term[-1].kind != "TEXT":
        return None
    word = term[-1].value.strip()
    return word if _UNIT.fullmatch(word) else None
