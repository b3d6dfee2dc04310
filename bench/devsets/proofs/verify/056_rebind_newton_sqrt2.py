"""Verify items/056_rebind_newton_sqrt2.md (style: rebinding).
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
    nw = lambda x: (x + 2/x)/2
    x = R(1); x = nw(x); check(x == R(3,2) == R(1,2)*(1 + 2))
    check(2/R(3,2) == R(4,3)); x = nw(x); check(x == R(17,12))
    check(2/R(17,12) == R(24,17)); x = nw(x); check(x == R(577,408))
    check(577**2 == 332929 and 408**2 == 166464 and 2*166464 == 332928)
    check(x**2 - 2 == R(1, 166464))
    print("OK 056_rebind_newton_sqrt2")


if __name__ == "__main__":
    main()
