"""Verify items/020_contra_sqrt2.md (style: contradiction).
Lemmas used in the text: parity.
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
    p, q, r = symbols('p q r', positive=True, integer=True)
    check(expand((2*r)**2 - 4*r**2) == 0)
    check(solve(Eq(4*r**2, 2*q**2), q**2) == [2*r**2] or simplify(4*r**2/2 - 2*r**2) == 0)
    check(all((m*m) % 2 == 1 for m in range(1, 2001, 2)))
    check(all(pp*pp != 2*qq*qq for pp in range(1, 300) for qq in range(1, 300)))
    print("OK 020_contra_sqrt2")


if __name__ == "__main__":
    main()
