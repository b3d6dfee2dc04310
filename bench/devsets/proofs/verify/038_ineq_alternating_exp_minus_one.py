"""Verify items/038_ineq_alternating_exp_minus_one.md (style: inequality).
Lemmas used in the text: alternating_series.
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
    R = Rational
    S5 = sum(R((-1)**k, factorial(k)) for k in range(6)); S6 = S5 + R(1, 720)
    check(S5 == 1 - 1 + R(1,2) - R(1,6) + R(1,24) - R(1,120) == R(11,30))
    check(S6 == R(265,720) == R(53,144))
    check(abs(N(S5, 20) - R(36667,100000)) < R(5,1000000) and abs(N(S6, 20) - R(36806,100000)) < R(5,1000000))
    check(R(11,30) <= exp(-1) <= R(53,144))
    check(R(3660,10000) <= R(11,30))
    print("OK 038_ineq_alternating_exp_minus_one")


if __name__ == "__main__":
    main()
