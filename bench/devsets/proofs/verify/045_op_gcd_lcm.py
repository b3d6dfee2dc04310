"""Verify items/045_op_gcd_lcm.md (style: operation).
Lemmas used in the text: gcd_lcm_product.
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
    check(factorint(12) == {2: 2, 3: 1} and factorint(18) == {2: 1, 3: 2})
    check(gcd(12, 18) == 6 == 2*3 and lcm(12, 18) == 36 == 2**2*3**2)
    check(6*36 == 216 == 12*18)
    check(all(gcd(a, b)*lcm(a, b) == a*b for a in range(1, 60) for b in range(1, 60)))
    print("OK 045_op_gcd_lcm")


if __name__ == "__main__":
    main()
