"""Verify items/040_op_star_power_sum.md (style: operation).
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
    st = lambda a, b: a**b + b**a
    check(st(2, 3) == 2**3 + 3**2 == 17)
    check(all(st(a, b) == st(b, a) for a in range(1, 8) for b in range(1, 8)))
    check(all(st(1, n) == 1 + n for n in range(1, 50)))
    check(st(2, 4) == 16 + 16 == 32)
    check(st(1, 1) == 2 and st(st(1, 1), 2) == 8 and st(1, 2) == 3 and st(1, st(1, 2)) == 4)
    print("OK 040_op_star_power_sum")


if __name__ == "__main__":
    main()
