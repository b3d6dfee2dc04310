"""Verify items/016_case_floor_duplication.md (style: case).
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
    for _ in range(3000):
        m = int(rng.integers(-50, 50)); r = Rational(int(rng.integers(0, 1000)), 1000)
        x = m + r
        check(floor(2*x) == floor(x) + floor(x + Rational(1,2)))
        if r < Rational(1,2): check(floor(2*x) == 2*m and floor(x + Rational(1,2)) == m)
        else: check(floor(2*x) == 2*m + 1 and floor(x + Rational(1,2)) == m + 1)
    print("OK 016_case_floor_duplication")


if __name__ == "__main__":
    main()
