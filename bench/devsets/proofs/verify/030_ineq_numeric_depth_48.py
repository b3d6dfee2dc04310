"""Verify items/030_ineq_numeric_depth_48.md (style: inequality).
Lemmas used in the text: one_plus_x_le_exp.
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
    mpmath.mp.dps = 50
    check(1 + Rational(2,100) <= exp(Rational(2,100)))
    check((exp(Rational(2,100)))**48 == exp(Rational(96,100)))
    check(abs(N(exp(Rational(96,100)), 30) - Rational(26117,10000)) < Rational(5,100000))
    check(exp(Rational(96,100)) < 3)
    check(Rational(102,100)**48 < 3 and Rational(102,100)**48 <= exp(Rational(96,100)))
    check(abs(N(Rational(102,100)**48, 30) - Rational(25871,10000)) < Rational(5,100000))
    print("OK 030_ineq_numeric_depth_48")


if __name__ == "__main__":
    main()
