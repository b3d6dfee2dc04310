"""Congruences: a span whose chains end with ``\\pmod{7}`` (one numeric modulus) is decided modulo 7.

:func:`~lnsym.check.parse.modulus.find_modulus` (re-exported here) reads the markers out of a span's tokens; the
statement then carries the reason ``modular arithmetic modulo 7`` (the ``poison`` of
:class:`~lnsym.check.parse.statements.Statement`) and the modulus 7 as a number (its ``modulus``, never read back
from the reason), which :func:`decide_modular` decides with. Decisions stay
three-valued and conservative:

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
from typing import Any

import sympy as sp

from lnsym.check.findings import Verdict
from lnsym.check.parse.modulus import MODULAR, find_modulus, modular_reason

__all__ = ["MODULAR", "decide_modular", "find_modulus", "modular_reason"]


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
    from lnsym.check.judges.numbers.exact import exact_equal

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
