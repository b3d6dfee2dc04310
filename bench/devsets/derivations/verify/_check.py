"""Shared helpers for the verification scripts (plain SymPy/NumPy; no project code)."""
from decimal import Decimal, ROUND_HALF_UP
import sympy as sp


def approx(val, shown):
    """Assert that the decimal string `shown` is the correct rounding of the exact value `val`
    to the number of digits displayed (half-up rounding)."""
    d = Decimal(shown)
    quantum = Decimal(1).scaleb(d.as_tuple().exponent)
    v = Decimal(str(sp.N(sp.sympify(val), 50)))
    r = v.quantize(quantum, rounding=ROUND_HALF_UP)
    assert r == d, f"{shown} is not the rounding of {v} (expected {r})"


def eq(a, b):
    """Assert exact symbolic equality."""
    diff = sp.simplify(sp.sympify(a) - sp.sympify(b))
    assert diff == 0, f"not equal: {a} vs {b} (diff {diff})"


def mat_eq(A, B):
    A = sp.Matrix(A); B = sp.Matrix(B)
    assert A.shape == B.shape, (A.shape, B.shape)
    D = (A - B).applyfunc(sp.simplify)
    assert D == sp.zeros(*A.shape), f"matrices differ: {D}"
