"""Verify items/019_case_max_formula.md (style: case).
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
    a, b = symbols('a b', real=True)
    check(simplify((a + b + (a - b))/2 - a) == 0)
    check(simplify((a + b + (b - a))/2 - b) == 0)
    for _ in range(2000):
        u, v = rng.normal(size=2)
        check(np.isclose(max(u, v), (u + v + abs(u - v))/2))
        check(np.isclose(min(u, v), (u + v - abs(u - v))/2))
    print("OK 019_case_max_formula")


if __name__ == "__main__":
    main()
