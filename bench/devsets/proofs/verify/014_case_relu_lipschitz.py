"""Verify items/014_case_relu_lipschitz.md (style: case).
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
    relu = lambda t: max(t, 0.0)
    for _ in range(5000):
        a, b = rng.normal(size=2)*3
        check(abs(relu(a) - relu(b)) <= abs(a - b) + 1e-12)
        if a < b: a, b = b, a
        if b >= 0: check(np.isclose(relu(a) - relu(b), a - b))
        elif a >= 0: check(np.isclose(abs(relu(a)-relu(b)), a) and a <= a - b)
        else: check(relu(a) == relu(b) == 0)
    print("OK 014_case_relu_lipschitz")


if __name__ == "__main__":
    main()
