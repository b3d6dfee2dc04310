"""Verify items/051_rebind_running_mean.md (style: rebinding).
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
    xs = [4, 8, 6, 10]; m = Rational(xs[0]); hist = [m]
    for k in range(2, 5):
        m = m + (xs[k-1] - m)/k; hist.append(m)
    check(hist == [4, 6, 6, 7])
    check(4 + Rational(8-4, 2) == 6 and 6 + Rational(0, 3) == 6 == Rational(18, 3))
    check(6 + Rational(10-6, 4) == 7 == Rational(28, 4))
    print("OK 051_rebind_running_mean")


if __name__ == "__main__":
    main()
