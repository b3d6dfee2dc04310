"""A unit written after a number: ``961{,}538 \\text{ s}``, ``524{,}288\\ \\text{bytes}``, ``1.2 \\times 10^{19}
\\text{ FLOPs}``. The number is the term's value; the unit is kept aside, and a step between two different units
(``524{,}288 \\text{ bytes} = 512\\ \\text{KiB}``) is not decided by the numbers alone: it is a conversion when
both units convert exactly (:func:`scale_of`), else it is left unchecked
(:func:`~lnsym.check.statement_check.check_statement`). One word of letters only: ``\\text{K and V}`` is a
name, not a unit."""

from __future__ import annotations

import re

from lnsym.check.parse.lexer import Token

__all__ = ["is_measure", "scale_of", "unit_after"]

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


# units that convert exactly and mean one thing only, as (kind, size in the kind's base unit as a fraction
# (numerator, denominator)): data in bytes with the binary prefixes (KiB; not KB or MB, which are 1000 or 1024
# bytes by the writer), time in seconds (not months or years, of several lengths), metric lengths, masses and
# volumes, and the foot, yard and mile (defined exactly in metres), pound and ounce (in kilograms). Symbols are
# matched as written (``Mm`` is no ``mm``, ``MB`` no ``mb``); words in any case, singular or plural.
_SYMBOLS = {
    "B": ("data", 1, 1), "KiB": ("data", 2**10, 1), "MiB": ("data", 2**20, 1), "GiB": ("data", 2**30, 1),
    "TiB": ("data", 2**40, 1),
    "ms": ("time", 1, 1000), "s": ("time", 1, 1), "sec": ("time", 1, 1), "min": ("time", 60, 1),
    "h": ("time", 3600, 1), "hr": ("time", 3600, 1), "hrs": ("time", 3600, 1),
    "mm": ("length", 1, 1000), "cm": ("length", 1, 100), "m": ("length", 1, 1), "km": ("length", 1000, 1),
    "ft": ("length", 3048, 10000), "yd": ("length", 9144, 10000), "mi": ("length", 1609344, 1000),
    "mg": ("mass", 1, 1000000), "g": ("mass", 1, 1000), "kg": ("mass", 1, 1),
    "lb": ("mass", 45359237, 100000000), "lbs": ("mass", 45359237, 100000000),
    "oz": ("mass", 45359237, 1600000000),
    "ml": ("volume", 1, 1000), "mL": ("volume", 1, 1000), "l": ("volume", 1, 1), "L": ("volume", 1, 1),
}
_WORDS = {
    "byte": ("data", 1, 1), "second": ("time", 1, 1), "minute": ("time", 60, 1), "hour": ("time", 3600, 1),
    "day": ("time", 86400, 1), "week": ("time", 604800, 1), "inch": ("length", 254, 10000),
    "foot": ("length", 3048, 10000), "feet": ("length", 3048, 10000), "yard": ("length", 9144, 10000),
    "mile": ("length", 1609344, 1000), "pound": ("mass", 45359237, 100000000),
    "ounce": ("mass", 45359237, 1600000000), "liter": ("volume", 1, 1), "litre": ("volume", 1, 1),
}


def scale_of(unit: str) -> tuple[str, int, int] | None:
    """The kind of ``unit`` and its size in the kind's base unit (``KiB``: data, 1024 bytes), for a unit that
    converts exactly and unambiguously; None for any other (``KB``, ``month``, ``FLOPs``, ``in``, which may be
    the word)."""
    if unit in _SYMBOLS:
        return _SYMBOLS[unit]
    word = unit.lower()
    for w in (word, word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else ""):
        if w in _WORDS:
            return _WORDS[w]
    return None


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
