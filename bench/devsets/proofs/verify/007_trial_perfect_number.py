"""Verify items/007_trial_perfect_number.md (style: trial).
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
    pd = lambda n: sum(d for d in divisors(n) if d < n)
    check(divisors(12)[:-1] == [1,2,3,4,6] and pd(12) == 16 != 12)
    check(divisors(20)[:-1] == [1,2,4,5,10] and pd(20) == 22 != 20)
    check(divisors(28)[:-1] == [1,2,4,7,14] and pd(28) == 28)
    print("OK 007_trial_perfect_number")


if __name__ == "__main__":
    main()
