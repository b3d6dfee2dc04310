"""Verify items/042_op_swish_odd_part.md (style: operation).
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
    x, t, beta = symbols('x t beta', real=True)
    s = lambda u: 1/(1 + exp(-u))
    sw = lambda u: u*s(beta*u)
    check(sw(0) == 0)
    check(abs(N(s(1)) - 0.7311) < 5e-5)
    check(simplify(s(t) + s(-t) - 1) == 0)
    check(simplify(1/(1+exp(t)) - exp(-t)/(exp(-t)+1)) == 0)
    check(simplify(sw(x) - sw(-x) - x) == 0)
    check(abs(N((-1)*s(-1)) - (-0.2689)) < 5e-5 and simplify(-s(-1) - (s(1) - 1)) == 0)
    print("OK 042_op_swish_odd_part")


if __name__ == "__main__":
    main()
