"""Verify items/032_ineq_amgm_step_size.md (style: inequality).
Lemmas used in the text: am_gm.
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
    D, G, T, eta = symbols('D G T eta', positive=True)
    F = D**2/(2*eta) + eta*G**2*T/2
    check(simplify(2*sqrt(D**2/(2*eta)*eta*G**2*T/2) - D*G*sqrt(T)) == 0)
    check(simplify(F.subs(eta, D/(G*sqrt(T))) - D*G*sqrt(T)) == 0)
    check(solve(Eq(D**2/(2*eta), eta*G**2*T/2), eta) == [D/(G*sqrt(T))])
    for _ in range(2000):
        u, v = rng.uniform(0, 10, size=2); check((u+v)/2 >= math.sqrt(u*v) - 1e-12)
        d_, g_, t_, e_ = rng.uniform(0.1, 5, size=4)
        check(d_**2/(2*e_) + e_*g_**2*t_/2 >= d_*g_*math.sqrt(t_) - 1e-9)
    print("OK 032_ineq_amgm_step_size")


if __name__ == "__main__":
    main()
