"""Verify items/054_rebind_euclid_gcd.md (style: rebinding).
Lemmas used in the text: euclid.
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
    check(252 == 1*198 + 54 and 198 == 3*54 + 36 and 54 == 1*36 + 18 and 36 == 2*18 + 0)
    a, b = 252, 198; seq = []
    while b: a, b = b, a % b; seq.append((a, b))
    check(seq == [(198, 54), (54, 36), (36, 18), (18, 0)])
    check(gcd(252, 198) == 18)
    print("OK 054_rebind_euclid_gcd")


if __name__ == "__main__":
    main()
