"""Verify items/039_ineq_layernorm_entry_bound.md (style: inequality).
Lemmas used in the text: cauchy_schwarz.
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
        d = int(rng.integers(2, 20)); x = rng.normal(size=d)*rng.uniform(0.1, 5)
        h = (x - x.mean())/x.std()
        check(abs(h.sum()) < 1e-9 and np.isclose((h**2).sum(), d))
        for i in range(d):
            others = np.delete(h, i)
            check(h[i]**2 <= (d-1)*(others**2).sum() + 1e-9)
        check(np.all(np.abs(h) <= math.sqrt(d-1) + 1e-9))
    t, dd = symbols('t dd', positive=True)
    check(expand(t - ((dd - 1)*(dd - t)) - (dd*t - dd*(dd-1))) == 0)
    x = np.zeros(768); x[0] = 1; h = (x - x.mean())/x.std()
    check(np.isclose(h[0], math.sqrt(767)) and abs(math.sqrt(767) - 27.69) < 5e-3)
    print("OK 039_ineq_layernorm_entry_bound")


if __name__ == "__main__":
    main()
