"""Verify items/053_rebind_residual_stream.md (style: rebinding).
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
    h = Matrix([1, 0]); check(h.norm() == 1)
    h = h + Matrix([0, 2]); check(h == Matrix([1, 2]) and h.norm() == sqrt(5))
    h = h + Matrix([-1, 0]); check(h == Matrix([0, 2]) and h.norm() == 2)
    check(sqrt(5) > 2)
    print("OK 053_rebind_residual_stream")


if __name__ == "__main__":
    main()
