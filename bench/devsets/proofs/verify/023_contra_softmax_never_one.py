"""Verify items/023_contra_softmax_never_one.md (style: contradiction).
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
    for _ in range(2000):
        n = int(rng.integers(2, 8)); z = rng.normal(size=n)*5
        s = np.exp(z - z.max()); s /= s.sum()
        check(np.all(s < 1) and -np.log(s[0]) > 0)
    z1, z2 = symbols('z1 z2', real=True)
    check(simplify(exp(z1)/(exp(z1)+exp(z2)) - 1 + exp(z2)/(exp(z1)+exp(z2))) == 0)
    print("OK 023_contra_softmax_never_one")


if __name__ == "__main__":
    main()
