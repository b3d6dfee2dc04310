"""Verify items/034_ineq_reverse_triangle_update.md (style: inequality).
Lemmas used in the text: reverse_triangle, triangle.
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
    for _ in range(3000):
        W = rng.normal(size=(2,2)); W *= 2/opn(W)
        Dm = rng.normal(size=(2,2)); Dm *= rng.uniform(0, 0.1)/opn(Dm)
        Wp = W + Dm
        check(opn(W) - opn(Wp) <= opn(W - Wp) + 1e-12)
        check(abs(opn(W) - opn(Wp)) <= opn(W - Wp) + 1e-12)
        check(1.9 - 1e-12 <= opn(Wp) <= 2.1 + 1e-12)
    check(Rational(19,10)/2 == Rational(95,100) and Rational(21,10)/2 == Rational(105,100))
    print("OK 034_ineq_reverse_triangle_update")


if __name__ == "__main__":
    main()
