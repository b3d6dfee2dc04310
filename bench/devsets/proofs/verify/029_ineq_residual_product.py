"""Verify items/029_ineq_residual_product.md (style: inequality).
Lemmas used in the text: triangle, identity_norm, submultiplicativity, product_monotonicity, one_plus_x_le_exp.
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
    # lemmas checked on random 2x2 matrices in the spectral norm
    for _ in range(2000):
        n = int(rng.integers(1, 8)); delta = rng.uniform(0, 0.5)
        Bs = []
        for i in range(n):
            B = rng.normal(size=(2,2)); B *= rng.uniform(0, delta)/opn(B); Bs.append(B)
        for B in Bs:
            check(opn(np.eye(2) + B) <= opn(np.eye(2)) + opn(B) + 1e-12)   # triangle
            check(np.isclose(opn(np.eye(2)), 1))                         # ||I|| = 1
        P = np.eye(2)
        for B in Bs: P = P @ (np.eye(2) + B)
        prod_norms = np.prod([opn(np.eye(2) + B) for B in Bs])
        check(opn(P) <= prod_norms + 1e-12)                               # submultiplicativity
        check(prod_norms <= (1 + delta)**n + 1e-12)                      # monotone products
        check((1 + delta)**n <= math.exp(n*delta) + 1e-12)               # 1+x <= e^x
    d, k = symbols('d k', nonnegative=True)
    check(all(((1+x)**m <= exp(m*x)) for x in [Rational(1,100), Rational(1,2), 2] for m in [1,5,40]))
    print("OK 029_ineq_residual_product")


if __name__ == "__main__":
    main()
