"""Verify items/008_trial_norm_equivalence.md (style: trial).
Lemmas used in the text: norm_equivalence.
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
    x = np.ones(4)
    check(np.isclose(np.linalg.norm(x, 2), 2) and np.linalg.norm(x, np.inf) == 1)
    for _ in range(2000):
        v = rng.normal(size=4) * rng.uniform(0.1, 10)
        check(np.sum(v**2) <= 4*np.max(np.abs(v))**2 + 1e-12)
        check(np.linalg.norm(v) <= 2*np.linalg.norm(v, np.inf) + 1e-12)
    check(sqrt(4) == 2)
    print("OK 008_trial_norm_equivalence")


if __name__ == "__main__":
    main()
