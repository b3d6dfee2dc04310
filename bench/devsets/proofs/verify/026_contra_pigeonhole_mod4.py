"""Verify items/026_contra_pigeonhole_mod4.md (style: contradiction).
Lemmas used in the text: pigeonhole.
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
    from itertools import combinations, product
    for xs in product(range(8), repeat=5):
        check(any((a - b) % 4 == 0 for a, b in combinations(xs, 2)))
    check(all((a - b) % 4 != 0 for a, b in combinations([0,1,2,3], 2)))
    print("OK 026_contra_pigeonhole_mod4")


if __name__ == "__main__":
    main()
