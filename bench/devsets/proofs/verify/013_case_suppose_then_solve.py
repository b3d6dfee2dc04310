"""Verify items/013_case_suppose_then_solve.md (style: case).
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
    check(4*2 == 8 != 10)
    check(4*3 == 12 != 10)
    check(all(4*y != 10 for y in range(-100, 100)))
    y = symbols('y')
    check(solve(Eq(4*y, 10), y) == [Rational(5, 2)])
    check(Rational(10, 4) == Rational(25, 10))
    print("OK 013_case_suppose_then_solve")


if __name__ == "__main__":
    main()
