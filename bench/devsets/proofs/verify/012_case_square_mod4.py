"""Verify items/012_case_square_mod4.md (style: case).
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
    k = symbols('k', integer=True)
    check(expand((2*k)**2 - 4*k**2) == 0)
    check(expand((2*k+1)**2 - (4*k**2 + 4*k + 1)) == 0)
    check({(n*n) % 4 for n in range(-500, 500)} == {0, 1})
    check(4003 % 4 == 3 and integer_nthroot(4003, 2)[1] is False)
    print("OK 012_case_square_mod4")


if __name__ == "__main__":
    main()
