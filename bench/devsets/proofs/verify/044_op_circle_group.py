"""Verify items/044_op_circle_group.md (style: operation).
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
    a, b, c = symbols('a b c')
    op = lambda x, y: x + y + x*y
    check(expand(op(a, b) - ((1+a)*(1+b) - 1)) == 0)
    check(expand(op(op(a, b), c) - op(a, op(b, c))) == 0 and op(a, 0) == a)
    check(op(2, 3) == 2 + 3 + 6 == 11 == 3*4 - 1)
    check(op(op(1, 1), 1) == 2**3 - 1 == 7)
    ai = -a/(1 + a)
    check(simplify(1 + ai - 1/(1 + a)) == 0 and simplify(op(a, ai)) == 0)
    print("OK 044_op_circle_group")


if __name__ == "__main__":
    main()
