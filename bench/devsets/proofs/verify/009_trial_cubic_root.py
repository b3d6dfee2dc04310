"""Verify items/009_trial_cubic_root.md (style: trial).
Lemmas used in the text: factor_theorem.
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
    x = symbols('x')
    p = x**3 - 6*x**2 + 11*x - 6
    check(p.subs(x, 0) == -6)
    check(p.subs(x, -1) == -1 - 6 - 11 - 6 == -24)
    check(p.subs(x, 1) == 1 - 6 + 11 - 6 == 0)
    check(expand((x-1)*(x**2-5*x+6) - p) == 0)
    check(expand((x-1)*(x-2)*(x-3) - p) == 0)
    print("OK 009_trial_cubic_root")


if __name__ == "__main__":
    main()
