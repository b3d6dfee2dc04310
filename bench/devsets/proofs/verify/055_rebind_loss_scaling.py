"""Verify items/055_rebind_loss_scaling.md (style: rebinding).
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
    check(R(2,1000)*1024 == R(2048,1000))
    w = symbols('w'); Lw = w**2/1000
    check(simplify(diff(1024*Lw, w)/1024 - diff(Lw, w)) == 0)
    check(1024/2 == 512 and R(2,1000)*512 == R(1024,1000))
    print("OK 055_rebind_loss_scaling")


if __name__ == "__main__":
    main()
