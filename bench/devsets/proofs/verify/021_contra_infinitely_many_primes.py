"""Verify items/021_contra_infinitely_many_primes.md (style: contradiction).
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
    P = 2*3*5*7*11*13
    check(P + 1 == 30031 == 59*509 and isprime(59) and isprime(509))
    check(all((P + 1) % p == 1 for p in [2,3,5,7,11,13]))
    check(not isprime(30031))
    print("OK 021_contra_infinitely_many_primes")


if __name__ == "__main__":
    main()
