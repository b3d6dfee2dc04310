"""Verify items/050_rebind_lr_halving.md (style: rebinding).
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
    R = Rational
    eta = R(1, 10); eta /= 2; check(eta == R(5, 100)); eta /= 2; check(eta == R(25, 1000))
    check(R(1,10)/2**2 == R(25,1000))
    check(R(1,10)/64 >= R(1,1000) and abs(N(R(1,10)/64) - 0.00156) < 5e-6)
    check(R(1,10)/128 < R(1,1000) and abs(N(R(1,10)/128) - 0.00078) < 5e-6)
    check(min(k for k in range(50) if R(1,10)/2**k < R(1,1000)) == 7)
    print("OK 050_rebind_lr_halving")


if __name__ == "__main__":
    main()
