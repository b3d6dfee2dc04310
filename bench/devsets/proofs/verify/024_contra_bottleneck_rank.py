"""Verify items/024_contra_bottleneck_rank.md (style: contradiction).
Lemmas used in the text: rank_of_product.
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
    for _ in range(500):
        A = rng.normal(size=(3,2)); B = rng.normal(size=(2,3))
        rA, rB, rAB = (np.linalg.matrix_rank(M) for M in (A, B, A@B))
        check(rAB <= min(rA, rB) and rA <= 2)
    check(Matrix.eye(3).rank() == 3)
    print("OK 024_contra_bottleneck_rank")


if __name__ == "__main__":
    main()
