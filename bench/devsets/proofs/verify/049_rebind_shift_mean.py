"""Verify items/049_rebind_shift_mean.md (style: rebinding).
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
    def ms(v):
        m = Rational(sum(v), len(v)); return m, sum((a - m)**2 for a in v)/len(v)
    check(ms([1, 3]) == (2, 1) and Rational((1-2)**2 + (3-2)**2, 2) == 1)
    check(ms([11, 13]) == (12, 1))
    check(ms([3, 9]) == (6, 9))
    for v in ([1, 3], [11, 13], [3, 9]):
        m, s2 = ms(v); check([(a - m)/sqrt(s2) for a in v] == [-1, 1])
    print("OK 049_rebind_shift_mean")


if __name__ == "__main__":
    main()
