"""Verify items/027_contra_contraction_invertible.md (style: contradiction).
Lemmas used in the text: submultiplicativity.
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
    for _ in range(1000):
        W = rng.normal(size=(3,3)); W *= rng.uniform(0.01, 0.999)/opn(W)
        check(opn(W) < 1)
        check(abs(np.linalg.det(np.eye(3) - W)) > 1e-12)
        s = np.linalg.svd(np.eye(3) - W, compute_uv=False)
        check(s.min() >= 1 - opn(W) - 1e-12)
        v = rng.normal(size=3)
        check(np.linalg.norm(W@v) <= opn(W)*np.linalg.norm(v) + 1e-12)
    print("OK 027_contra_contraction_invertible")


if __name__ == "__main__":
    main()
