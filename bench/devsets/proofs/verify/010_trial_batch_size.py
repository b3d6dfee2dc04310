"""Verify items/010_trial_batch_size.md (style: trial).
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
    m = lambda B: 4 + R(7,10)*B
    check(m(32) == R(264,10) and m(32) > 24)
    check(m(28) == R(236,10) and m(28) <= 24)
    check(m(29) == R(243,10) and m(29) > 24)
    check(max(B for B in range(1, 100) if m(B) <= 24) == 28)
    print("OK 010_trial_batch_size")


if __name__ == "__main__":
    main()
