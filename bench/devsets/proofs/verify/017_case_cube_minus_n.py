"""Verify items/017_case_cube_minus_n.md (style: case).
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
    n = symbols('n')
    check(expand((n-1)*n*(n+1) - (n**3 - n)) == 0)
    for v in range(-300, 300):
        check((v**3 - v) % 3 == 0)
        if v % 3 == 1: check((v - 1) % 3 == 0)
        if v % 3 == 2: check((v + 1) % 3 == 0)
    check(7**3 - 7 == 336 == 3*112)
    print("OK 017_case_cube_minus_n")


if __name__ == "__main__":
    main()
