"""Markers of a congruence in a span's tokens: ``\\pmod{7}`` (one numeric modulus) has the span decided modulo 7.

:func:`find_modulus` reads the markers out of the tokens and gives the statement's reason (its ``poison``) and its
modulus, a number: ``modular arithmetic modulo 7`` and 7, which :mod:`lnsym.check.judges.numbers.modular` decides with,
or :data:`MODULAR` and None, which keeps the span unchecked (``\\bmod``, a modulus in words or a letter, a marker that
does not end its statement, two different moduli in one span). Here, in ``parse``, because reading the markers is
parsing: ``parse`` imports nothing from the judges.
"""

from __future__ import annotations

import re

from lnsym.check.parse.lexer import Token

__all__ = ["MAX_MODULUS", "MODULAR", "find_modulus", "modular_reason"]

MODULAR = "modular arithmetic is not checked"
_PREFIX = "modular arithmetic modulo "
MAX_MODULUS = 10**12
# "mod", "modulo" as a word of a `\\text{..}` (`\\text{ mod } 7`), not inside another (`d_{\\text{model}}`)
_MOD_WORD = re.compile(r"(?<![A-Za-z])mod(?:ulo)?(?![A-Za-z])", re.IGNORECASE)


def _is(t: Token | None, kind: str, *values: str) -> bool:
    return t is not None and t.kind == kind and (not values or t.value in values)


def _ends_statement(t: Token | None) -> bool:
    return t is None or t.kind == "SEP" or t.kind == "ENV" or (t.kind == "SYM" and t.value in ",;.&")


def find_modulus(toks: list[Token]) -> tuple[list[Token], str, int | None]:
    """``(tokens without the markers, reason, modulus)``: the reason is ``''`` (no marker), ``modular arithmetic
    modulo m`` with the modulus m (decide modulo m) or :data:`MODULAR` (leave the span unchecked); the modulus is
    None but in the second case."""
    out: list[Token] = []
    moduli: set[int] = set()
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        marker = (t.kind in ("CMD", "SEP") and t.value in ("pmod", "mod", "bmod")) or (
            t.kind == "TEXT" and _MOD_WORD.search(t.value) is not None)
        if not marker:
            out.append(t)
            i += 1
            continue
        if t.kind == "TEXT" or t.value == "bmod":
            return toks, MODULAR, None
        paren = bool(out) and _is(out[-1], "SYM", "(") and t.value == "mod"  # (\mod 7)
        j = i + 1
        if _is(toks[j] if j < n else None, "SYM", "{"):
            if not (j + 2 < n and toks[j + 1].kind == "NUM" and _is(toks[j + 2], "SYM", "}")):
                return toks, MODULAR, None
            num, j = toks[j + 1], j + 3
        elif j < n and toks[j].kind == "NUM":
            num, j = toks[j], j + 1
        else:
            return toks, MODULAR, None
        if paren:
            if not _is(toks[j] if j < n else None, "SYM", ")"):
                return toks, MODULAR, None
            out.pop()
            j += 1
        if not num.value.isdigit() or len(num.value) > 12 or not _ends_statement(toks[j] if j < n else None):
            return toks, MODULAR, None
        m = int(num.value)
        if not 2 <= m <= MAX_MODULUS:
            return toks, MODULAR, None
        moduli.add(m)
        out.append(Token("SEP", "pmod", t.start, toks[j - 1].end))
        i = j
    if not moduli:
        return toks, "", None
    if len(moduli) > 1:
        return toks, MODULAR, None
    m = moduli.pop()
    return out, f"{_PREFIX}{m}", m


def modular_reason(m: int) -> tuple[str, int | None]:
    """The statement's reason (its ``poison``) and modulus that have it decided modulo ``m``, or left unchecked
    (:data:`MODULAR`, no modulus) when ``m`` is out of range."""
    return (f"{_PREFIX}{m}", m) if 2 <= m <= MAX_MODULUS else (MODULAR, None)

