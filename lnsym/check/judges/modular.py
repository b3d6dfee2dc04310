"""Congruences: a span whose chains end with ``\\pmod{7}`` (one numeric modulus) is decided modulo 7.

:func:`find_modulus` reads the markers out of a span's tokens; the statement then carries the
reason ``modular arithmetic modulo 7`` (the ``poison`` of :class:`~lnsym.check.parse.statements.Statement`),
which :func:`decide_modular` recognises. Decisions stay three-valued and conservative:

- ``a ≡ b`` with integer (or rational, denominators prime to m) values: correct when m divides a - b,
  wrong otherwise;
- ``a = b``: correct when equal or congruent (a chain may mix them), else unchecked;
- with unknowns: correct when a - b expands to a polynomial with integer coefficients all divisible by
  m (or is 0), else unchecked; inequalities are unchecked.

``\\bmod`` (the remainder operation), a modulus written in words or a letter, a marker that does not
end its statement, or two different moduli in one span keep the whole span unchecked.
"""

from __future__ import annotations

import math
import re
from typing import Any

import sympy as sp

from lnsym.check.findings import Verdict
from lnsym.check.parse.lexer import Token

__all__ = ["MODULAR", "decide_modular", "find_modulus", "modular_reason", "modulus_of"]

MODULAR = "modular arithmetic is not checked"
_PREFIX = "modular arithmetic modulo "
_REASON = re.compile(r"modular arithmetic modulo (\d+)\Z")
MAX_MODULUS = 10**12


def _is(t: Token | None, kind: str, *values: str) -> bool:
    return t is not None and t.kind == kind and (not values or t.value in values)


def _ends_statement(t: Token | None) -> bool:
    return t is None or t.kind == "SEP" or t.kind == "ENV" or (t.kind == "SYM" and t.value in ",;.&")


def find_modulus(toks: list[Token]) -> tuple[list[Token], str]:
    """``(tokens without the markers, reason)``: the reason is ``''`` (no marker), ``modular arithmetic
    modulo m`` (decide modulo m) or :data:`MODULAR` (leave the span unchecked)."""
    out: list[Token] = []
    moduli: set[int] = set()
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        marker = (t.kind in ("CMD", "SEP") and t.value in ("pmod", "mod", "bmod")) or (
            t.kind == "TEXT" and "mod" in t.value)
        if not marker:
            out.append(t)
            i += 1
            continue
        if t.kind == "TEXT" or t.value == "bmod":
            return toks, MODULAR
        paren = bool(out) and _is(out[-1], "SYM", "(") and t.value == "mod"  # (\mod 7)
        j = i + 1
        if _is(toks[j] if j < n else None, "SYM", "{"):
            if not (j + 2 < n and toks[j + 1].kind == "NUM" and _is(toks[j + 2], "SYM", "}")):
                return toks, MODULAR
            num, j = toks[j + 1], j + 3
        elif j < n and toks[j].kind == "NUM":
            num, j = toks[j], j + 1
        else:
            return toks, MODULAR
        if paren:
            if not _is(toks[j] if j < n else None, "SYM", ")"):
                return toks, MODULAR
            out.pop()
            j += 1
        if not num.value.isdigit() or len(num.value) > 12 or not _ends_statement(toks[j] if j < n else None):
            return toks, MODULAR
        m = int(num.value)
        if not 2 <= m <= MAX_MODULUS:
            return toks, MODULAR
        moduli.add(m)
        out.append(Token("SEP", "pmod", t.start, toks[j - 1].end))
        i = j
    if not moduli:
        return toks, ""
    if len(moduli) > 1:
        return toks, MODULAR
    return out, f"{_PREFIX}{moduli.pop()}"


def modular_reason(m: int) -> str:
    """The statement's reason (its ``poison``) that has it decided modulo ``m``, or left unchecked when ``m`` is
    out of range."""
    return f"{_PREFIX}{m}" if 2 <= m <= MAX_MODULUS else MODULAR


def modulus_of(reason: str) -> int | None:
    m = _REASON.match(reason)
    return int(m.group(1)) if m else None


def _residue(x: Any, m: int) -> int | None:
    """x mod m for an integer, or a rational whose denominator is prime to m; None otherwise."""
    if not isinstance(x, sp.Basic) or not x.is_Rational:
        return None
    p, q = int(x.p), int(x.q)
    if math.gcd(q, m) != 1:
        return None
    return p * pow(q, -1, m) % m


def _poly_divisible(d: Any, m: int) -> bool:
    try:
        d = sp.expand(d)
        if d == 0:
            return True
        poly = sp.Poly(d, *sorted(d.free_symbols, key=str))
    except Exception:
        return False
    coeffs = poly.coeffs()
    return all(c.is_Integer for c in coeffs) and all(int(c) % m == 0 for c in coeffs)


def decide_modular(L: Any, R: Any, rel: str, m: int, free) -> tuple[Verdict, str, str]:
    """``(verdict, expected, reason)`` of ``L rel R`` modulo m."""
    from lnsym.check.judges.exact import exact_equal

    if rel not in ("≡", "="):
        return Verdict.UNCHECKED, "", f"'{rel}' in modular arithmetic is not checked"
    if not isinstance(L, sp.Basic) or not isinstance(R, sp.Basic):
        return Verdict.UNCHECKED, "", "a vector in modular arithmetic"
    if free(L) or free(R):
        if L.atoms(sp.core.function.AppliedUndef) or R.atoms(sp.core.function.AppliedUndef):
            return Verdict.UNCHECKED, "", "a function in modular arithmetic"
        if _poly_divisible(L - R, m):
            return Verdict.CORRECT, "", ""
        return Verdict.UNCHECKED, "", f"not an identity modulo {m}"
    a, b = _residue(L, m), _residue(R, m)
    if a is None or b is None:
        if rel == "=" and exact_equal(L, R) is True:
            return Verdict.CORRECT, "", ""
        return Verdict.UNCHECKED, "", f"a value that is not an integer modulo {m}"
    if a == b:
        return Verdict.CORRECT, "", ""
    if rel == "≡":
        return Verdict.WRONG, str(a), f"the left side is {a} modulo {m}, the right side {b}"
    return Verdict.UNCHECKED, "", f"'=' between values that differ modulo {m}"
