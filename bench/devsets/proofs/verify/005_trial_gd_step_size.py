"""Verify items/005_trial_gd_step_size.md (style: trial).
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
    w, eta = symbols('w eta', real=True)
    f = 2*w**2
    check(expand(w - eta*diff(f, w) - (1 - 4*eta)*w) == 0)
    sol = solve_univariate_inequality(Abs(1 - 4*eta) < 1, eta, relational=False)
    check(sol == Interval.open(0, Rational(1, 2)))
    check(Abs(1 - Rational(24,10)) == Rational(14,10) and Rational(14,10) > 1)
    check(Abs(1 - 2) == 1)
    check(Abs(1 - Rational(8,10)) == Rational(2,10) and Rational(2,10) < 1)
    check(1 - 4*Rational(1,2) == -1)
    print("OK 005_trial_gd_step_size")


if __name__ == "__main__":
    main()
