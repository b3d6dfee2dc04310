"""Verify items/031_ineq_attention_logit_bound.md (style: inequality).
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
        d = 64; m = int(rng.integers(2, 10))
        q = rng.normal(size=d); q *= rng.uniform(0, 4)/np.linalg.norm(q)
        K = rng.normal(size=(m, d)); K *= (rng.uniform(0, 4, size=m)/np.linalg.norm(K, axis=1))[:, None]
        for kk in K: check(abs(q@kk) <= np.linalg.norm(q)*np.linalg.norm(kk) + 1e-9 <= 16 + 1e-9)
        s = K@q/8; check(np.all(np.abs(s) <= 2 + 1e-12))
        a = np.exp(s - s.max()); a /= a.sum()
        check(np.all(a >= 1/(1 + (m-1)*math.exp(4)) - 1e-15))
        j = 0; check(np.isclose(a[j], 1/(1 + sum(math.exp(s[i]-s[j]) for i in range(m) if i != j))))
    check(Integer(16)/sqrt(64) == 2)
    print("OK 031_ineq_attention_logit_bound")


if __name__ == "__main__":
    main()
