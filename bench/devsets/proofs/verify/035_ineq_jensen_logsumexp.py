"""Verify items/035_ineq_jensen_logsumexp.md (style: inequality).
Lemmas used in the text: jensen.
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
    for _ in range(3000):
        n = int(rng.integers(1, 10)); z = rng.normal(size=n)*3
        lse = np.log(np.sum(np.exp(z)))
        check(np.mean(np.exp(z)) >= np.exp(np.mean(z)) - 1e-12)
        check(lse >= z.mean() + np.log(n) - 1e-12 and lse <= z.max() + np.log(n) + 1e-12)
    L = log(1 + E + E**2)
    check(abs(N(1 + log(3)) - 2.0986) < 5e-5 and abs(N(L) - 2.4076) < 5e-5 and abs(N(2 + log(3)) - 3.0986) < 5e-5)
    check(N(1 + log(3)) <= N(L) <= N(2 + log(3)))
    print("OK 035_ineq_jensen_logsumexp")


if __name__ == "__main__":
    main()
