"""Verify items/043_op_softmax_values.md (style: operation).
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
    z = [0, log(2), log(5)]
    ez = [exp(v) for v in z]
    check(ez == [1, 2, 5] and sum(ez) == 8)
    sm = lambda zz: [exp(v)/sum(exp(u) for u in zz) for v in zz]
    check(sm(z) == [Rational(1,8), Rational(1,4), Rational(5,8)])
    c = symbols('c', real=True)
    check(all(simplify(a - b) == 0 for a, b in zip(sm([v + c for v in z]), sm(z))))
    print("OK 043_op_softmax_values")


if __name__ == "__main__":
    main()
