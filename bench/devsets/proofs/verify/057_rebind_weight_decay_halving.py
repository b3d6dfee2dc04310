"""Verify items/057_rebind_weight_decay_halving.md (style: rebinding).
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
    check(5*R(99,100) == R(495,100))
    check(abs(N(log(2)/(-log(R(99,100)))) - 68.97) < 5e-3)
    check(R(99,100)**68 > R(1,2) and abs(N(R(99,100)**68) - 0.5049) < 5e-5)
    check(R(99,100)**69 <= R(1,2) and abs(N(R(99,100)**69) - 0.4998) < 5e-5)
    check(min(t for t in range(200) if R(99,100)**t <= R(1,2)) == 69)
    print("OK 057_rebind_weight_decay_halving")


if __name__ == "__main__":
    main()
