"""Verify items/022_contra_log2_3.md (style: contradiction).
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
    check(1 < log(3, 2) < 2 and 2 < 3 < 4)
    check(N(log(3,2)) > 1 and N(log(3,2)) < 2)
    check(all(2**pp != 3**qq for pp in range(1, 80) for qq in range(1, 60)))
    check(all((3**qq) % 2 == 1 for qq in range(1, 60)))
    print("OK 022_contra_log2_3")


if __name__ == "__main__":
    main()
