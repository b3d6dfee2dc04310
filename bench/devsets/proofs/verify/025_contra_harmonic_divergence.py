"""Verify items/025_contra_harmonic_divergence.md (style: contradiction).
Lemmas used in the text: grouping.
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
    for j in range(1, 12):
        blk = sum(Rational(1, k) for k in range(2**(j-1) + 1, 2**j + 1))
        check(blk >= Rational(1, 2) and 2**j - 2**(j-1) == 2**(j-1))
    check(2**(j-1) * Rational(1, 2**j) == Rational(1, 2))
    for m in range(0, 13):
        check(sum(Rational(1,k) for k in range(1, 2**m + 1)) >= 1 + Rational(m, 2))
    print("OK 025_contra_harmonic_divergence")


if __name__ == "__main__":
    main()
