"""Verify items/004_trial_softmax_temperature.md (style: trial).
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
    T = symbols('T', positive=True)
    p = lambda t: 1/(1 + exp(-2/t))
    check(simplify(exp(2/T)/(exp(2/T) + 1) - p(T)) == 0)
    check(abs(N(p(1)) - 0.8808) < 5e-5 and N(p(1)) < 0.9)
    check(abs(N(p(Rational(1,2))) - 0.9820) < 5e-5 and N(p(Rational(1,2))) >= 0.9)
    check(abs(N(2/log(9)) - 0.9102) < 5e-5)
    # iff: p(T)>=0.9 <=> exp(-2/T) <= 1/9 <=> T <= 2/ln 9 ; check on a grid
    for t in np.linspace(0.05, 3, 500):
        a = 1/(1+math.exp(-2/t)) >= 0.9
        b = math.exp(-2/t) <= 1/9 + 1e-15
        c = t <= 2/math.log(9)
        check(a == b == c)
    print("OK 004_trial_softmax_temperature")


if __name__ == "__main__":
    main()
