"""Verify items/033_ineq_bernoulli_decay.md (style: inequality).
Lemmas used in the text: bernoulli, one_plus_x_le_exp.
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
    x = Rational(-1, 100); v = (1 + x)**50
    check(v >= 1 + 50*x and 1 + 50*x == Rational(1, 2))
    check(v <= exp(Rational(-1, 2)))
    check(abs(N(exp(Rational(-1,2)), 20) - Rational(6065, 10000)) < Rational(5, 100000))
    check(abs(N(v, 20) - Rational(6050, 10000)) < Rational(5, 100000))
    check(N(v) < 0.61)
    for _ in range(3000):
        xx = rng.uniform(-1, 3); nn = int(rng.integers(1, 60))
        check((1 + xx)**nn >= 1 + nn*xx - 1e-9)
    print("OK 033_ineq_bernoulli_decay")


if __name__ == "__main__":
    main()
