"""Verify items/048_op_recurrence_jacobsthal.md (style: operation).
Lemmas used in the text: induction.
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
    f = [0, 1]
    for n in range(2, 40): f.append(f[n-1] + 2*f[n-2])
    check(f[2] == 1 + 0 == 1 and f[3] == 1 + 2 == 3 and f[4] == 3 + 2 == 5 and f[5] == 5 + 6 == 11)
    check(all(f[n] == (2**n - (-1)**n)//3 and (2**n - (-1)**n) % 3 == 0 for n in range(40)))
    r = symbols('r'); check(set(solve(r**2 - r - 2, r)) == {2, -1})
    check(Rational(32 + 1, 3) == 11)
    print("OK 048_op_recurrence_jacobsthal")


if __name__ == "__main__":
    main()
