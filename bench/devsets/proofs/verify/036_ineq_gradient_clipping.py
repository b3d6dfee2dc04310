"""Verify items/036_ineq_gradient_clipping.md (style: inequality).
Lemmas used in the text: submultiplicativity, transpose_norm.
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
    w1, w2, y1, y2 = symbols('w1 w2 y1 y2', real=True)
    Xs = Matrix([[1, 2], [3, 4]]); wv = Matrix([w1, w2]); yv = Matrix([y1, y2])
    r = Xs*wv - yv; loss = (r.T*r)[0]/2
    check(simplify(Matrix([diff(loss, w1), diff(loss, w2)]) - Xs.T*r) == zeros(2, 1))
    for _ in range(2000):
        X = rng.normal(size=(4,3)); X *= 3/opn(X)
        res = rng.normal(size=4); res *= rng.uniform(0, 0.5)/np.linalg.norm(res)
        g = X.T@res
        check(np.isclose(opn(X.T), opn(X)) and np.linalg.norm(g) <= 1.5 + 1e-12 < 2)
        gg = rng.normal(size=3)*3; cc = rng.uniform(0.1, 3)
        check(np.isclose(np.linalg.norm(gg*min(1, cc/np.linalg.norm(gg))), min(np.linalg.norm(gg), cc)))
    check(3*Rational(1,2) == Rational(3,2))
    print("OK 036_ineq_gradient_clipping")


if __name__ == "__main__":
    main()
