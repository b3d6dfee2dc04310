"""Verify items/015_case_layernorm_two_entries.md (style: case).
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
    x1, x2 = symbols('x1 x2', real=True)
    mu = (x1 + x2)/2
    var = ((x1 - mu)**2 + (x2 - mu)**2)/2
    check(simplify(var - (x1 - x2)**2/4) == 0)
    a, d = symbols('a d', positive=True)
    # case 1: x1 = x2 + d, d > 0
    s = {x1: x2 + d}
    sig = sqrt(var.subs(s))
    check(simplify(sig - d/2) == 0)
    check(simplify((x1 - mu).subs(s)/sig) == 1 and simplify((x2 - mu).subs(s)/sig) == -1)
    s = {x2: x1 + d}
    sig = sqrt(var.subs(s))
    check(simplify(sig - d/2) == 0)
    check(simplify((x1 - mu).subs(s)/sig) == -1 and simplify((x2 - mu).subs(s)/sig) == 1)
    check(var.subs(x2, x1) == 0)
    print("OK 015_case_layernorm_two_entries")


if __name__ == "__main__":
    main()
