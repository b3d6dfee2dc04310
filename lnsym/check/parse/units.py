"""A unit written after a number: ``961{,}538 \\text{ s}``, ``524{,}288\\ \\text{bytes}``, ``1.2 \\times 10^{19}
\\text{ FLOPs}``. The number is the term's value; the unit is kept aside, and a step between two different units
(``524{,}288 \\text{ bytes} = 512\\ \\text{KiB}``) is not decided by the numbers alone
(:func:`~lnsym.check.statement_check.check_statement`). One word of letters only: ``\\text{K and V}`` is a
name, not a unit."""

from __future__ import annotations

import re

from lnsym.check.parse.lexer import Token

__all__ = ["unit_after"]

_UNIT = re.compile(r"[A-Za-z][A-Za-z0-9/^-]{0,11}")


def unit_after(term: list[Token]) -> str | None:
    """The unit the term ends with (its last token a one-word ``\\text``/``\\mathrm`` after something else), or
    None. Whether what comes before it is a number is the caller's business (it parses it)."""
    if len(term) < 2 or term[-1].kind != "TEXT":
        return None
    word = term[-1].value.strip()
    return word if _UNIT.fullmatch(word) else None
