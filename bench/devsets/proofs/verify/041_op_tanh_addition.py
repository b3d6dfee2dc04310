"""Verify items/041_op_tanh_addition.md (style: operation).
Lemmas used in the text: tanh_addition.
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
    dm = lambda x, y: (x + y)/(1 + x*y)
    check(dm(R(1,2), R(1,2)) == 1/(1 + R(1,4)) == R(4,5))
    check(R(4,5) + R(1,2) == R(13,10) and 1 + R(4,5)*R(1,2) == R(7,5) and dm(R(4,5), R(1,2)) == R(13,14))
    a, b = symbols('a b', real=True)
    check(simplify(expand_trig(tanh(a + b)) - dm(tanh(a), tanh(b))) == 0)
    x, y, z = symbols('x y z')
    check(simplify(dm(dm(x, y), z) - dm(x, dm(y, z))) == 0)
    for _ in range(1000):
        u, v = rng.uniform(-0.999, 0.999, size=2); check(-1 < (u+v)/(1+u*v) < 1)
    print("OK 041_op_tanh_addition")


if __name__ == "__main__":
    main()
