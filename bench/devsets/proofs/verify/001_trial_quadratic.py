"""Verify items/001_trial_quadratic.md (style: trial).
Lemmas used in the text: monotonicity.
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
    check(2**2 + 3 == 7 and 7 != 12)
    check(3**2 + 3 == 12)
    x = symbols('x', positive=True)
    check(solve(Eq(x**2 + 3, 12), x) == [3])
    check(diff(x**2 + 3, x).subs(x, Rational(1, 10**6)) > 0)  # 2x > 0 for x > 0
    print("OK 001_trial_quadratic")


if __name__ == "__main__":
    main()
