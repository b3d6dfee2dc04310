"""Verify items/046_op_valid_convolution.md (style: operation).
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
    x = [1, 2, 3, 4]; w = [1, -1]; Nn, K = len(x), len(w)
    out = [sum(w[k]*x[i+k] for k in range(K)) for i in range(Nn - K + 1)]
    check(out == [1-2, 2-3, 3-4] == [-1, -1, -1])
    check(len(out) == Nn - K + 1 == 3)
    check(list(np.correlate(x, w, mode='valid')) == out)
    xp = [0] + x + [0]
    check(len(np.correlate(xp, w, mode='valid')) == Nn + 2*1 - K + 1 == 5)
    print("OK 046_op_valid_convolution")


if __name__ == "__main__":
    main()
