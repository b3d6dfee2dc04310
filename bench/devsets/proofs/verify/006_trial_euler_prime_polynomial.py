"""Verify items/006_trial_euler_prime_polynomial.md (style: trial).
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
    check(1 + 1 + 41 == 43 and isprime(43))
    check(10**2 + 10 + 41 == 151 and isprime(151))
    check(40**2 + 40 + 41 == 1681 == 41**2 and not isprime(1681))
    print("OK 006_trial_euler_prime_polynomial")


if __name__ == "__main__":
    main()
