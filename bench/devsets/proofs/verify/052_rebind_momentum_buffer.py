"""Verify items/052_rebind_momentum_buffer.md (style: rebinding).
Lemmas used in the text: geometric_series.
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
    R = Rational
    b = R(9, 10); v = 0; vals = []
    for t in range(1, 30):
        v = b*v + 1; vals.append(v)
        check(v == (1 - b**t)/(1 - b) == sum(b**s for s in range(t)))
    check(vals[:3] == [1, R(19,10), R(271,100)] and b*R(19,10) == R(171,100))
    t = symbols('t', positive=True)
    check(limit((1 - b**t)/(1 - b), t, oo) == 10)
    print("OK 052_rebind_momentum_buffer")


if __name__ == "__main__":
    main()
