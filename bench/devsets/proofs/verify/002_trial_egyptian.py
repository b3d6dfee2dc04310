"""Verify items/002_trial_egyptian.md (style: trial).
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
    R = Rational
    check(R(1,2)+R(1,4)+R(1,5) == R(10+5+4,20) == R(19,20) != 1)
    check(R(1,2)+R(1,3)+R(1,7) == R(21+14+6,42) == R(41,42) != 1)
    check(R(1,2)+R(1,3)+R(1,6) == R(3+2+1,6) == 1)
    print("OK 002_trial_egyptian")


if __name__ == "__main__":
    main()
