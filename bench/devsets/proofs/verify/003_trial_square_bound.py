"""Verify items/003_trial_square_bound.md (style: trial).
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
    check(6**2 == 36 and 36 > 30)
    check(5**2 == 25 and 25 < 30)
    check(all(b*b >= 30 for b in range(6, 200)))
    check(max(b for b in range(0, 200) if b*b < 30) == 5)
    print("OK 003_trial_square_bound")


if __name__ == "__main__":
    main()
