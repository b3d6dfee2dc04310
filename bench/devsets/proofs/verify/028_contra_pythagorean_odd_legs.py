"""Verify items/028_contra_pythagorean_odd_legs.md (style: contradiction).
Lemmas used in the text: squares_mod4.
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
    m, n = symbols('m n', integer=True)
    check(expand((2*m+1)**2 + (2*n+1)**2 - (4*(m**2 + m + n**2 + n) + 2)) == 0)
    check({(x*x) % 4 for x in range(1000)} == {0, 1})
    check(all(integer_nthroot(a*a + b*b, 2)[1] is False for a in range(1, 200, 2) for b in range(1, 200, 2)))
    print("OK 028_contra_pythagorean_odd_legs")


if __name__ == "__main__":
    main()
