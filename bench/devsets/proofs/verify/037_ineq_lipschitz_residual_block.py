"""Verify items/037_ineq_lipschitz_residual_block.md (style: inequality).
Lemmas used in the text: submultiplicativity, triangle, identity_norm.
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
    for _ in range(2000):
        W1 = rng.normal(size=(3,3)); W1 *= rng.uniform(0, 2)/opn(W1)
        W2 = rng.normal(size=(3,3)); W2 *= rng.uniform(0, 1.5)/opn(W2)
        check(opn(W2@W1) <= opn(W2)*opn(W1) + 1e-12 <= 3 + 1e-12)
        check(opn(np.eye(3) + W2@W1) <= 1 + opn(W2@W1) + 1e-12 <= 4 + 1e-12)
    W1 = 2*np.eye(3); W2 = 1.5*np.eye(3)
    check(np.isclose(opn(W2@W1), 3) and np.isclose(opn(np.eye(3) + W2@W1), 4))
    print("OK 037_ineq_lipschitz_residual_block")


if __name__ == "__main__":
    main()
