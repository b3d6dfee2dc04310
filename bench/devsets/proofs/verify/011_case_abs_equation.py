"""Verify items/011_case_abs_equation.md (style: case).
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
    t = symbols('t', real=True)
    check(set(solve(Eq(Abs(t - 1), 3), t)) == {4, -2})
    check(4 - 1 == 3 and 4 >= 1)
    check(1 - (-2) == 3 and -2 < 1)
    check(all(Abs(tt - 1) == tt - 1 for tt in [1, 2, 4, Rational(7,2)]))
    check(all(Abs(tt - 1) == 1 - tt for tt in [0, -2, Rational(1,2)]))
    print("OK 011_case_abs_equation")


if __name__ == "__main__":
    main()
