"""Verify items/018_case_huber_gradient.md (style: case).
Lemmas used in the text: none (exact arithmetic only).
Lemma steps are checked at random points / random small matrices; arithmetic exactly."""
from sympy import *
import numpy as np, math, mpmath
rng = np.random.default_rng(12345)


def opn(A):
    """spectral (operator 2-) norm"""
    return np.linalg.norm(A, 2)


def check(cond, msg="check failed"):
    if not bool(cond):
        raise AssertionError(msg)


def main():
    r = symbols('r', real=True)
    q = r**2/2; l1 = Abs(r) - Rational(1,2)
    check(q.subs(r, 1) == Rational(1,2) == l1.subs(r, 1) and q.subs(r, -1) == l1.subs(r, -1))
    check(diff(q, r).subs(r, 1) == 1 and diff(q, r).subs(r, -1) == -1)
    check(diff(r - Rational(1,2), r) == 1 and diff(-r - Rational(1,2), r) == -1)
    for v in np.linspace(-5, 5, 1001):
        g = v if abs(v) <= 1 else np.sign(v)
        check(abs(g) <= 1)
    print("OK 018_case_huber_gradient")


if __name__ == "__main__":
    main()
