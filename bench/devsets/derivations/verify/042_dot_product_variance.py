import sympy as sp
from _check import eq
def expect(expr, qs, ks, vq=1, vk=1):
    """E over independent zero-mean variables with E[q^2]=vq, E[k^2]=vk (only degrees <=2 per variable here)."""
    expr = sp.expand(expr); tot = 0
    for term in sp.Add.make_args(expr):
        c, mon = term.as_coeff_Mul(); val = c
        pw = mon.as_powers_dict()
        for v in list(qs) + list(ks):
            e = pw.get(v, 0)
            if e == 1: val = 0
            elif e == 2: val *= (vq if v in qs else vk)
            elif e > 2: raise ValueError
        for v, e in pw.items():
            if v not in qs and v not in ks and v != 1: val *= v**e
        tot += val
    return sp.simplify(tot)
sq, sk = sp.symbols("sigma_q sigma_k", positive=True)
for d in (1, 2, 3, 4, 5):
    q = sp.symbols(f"q1:{d+1}"); k = sp.symbols(f"k1:{d+1}")
    s = sum(a * b for a, b in zip(q, k))
    assert expect(s, q, k) == 0
    for i in range(d):
        for j in range(d):
            assert expect(q[i] * q[j], q, k) == (1 if i == j else 0)
    E2 = expect(s**2, q, k)
    assert E2 == d and E2 - 0**2 == d
    eq(expect(s**2, q, k, sq**2, sk**2), d * sq**2 * sk**2)
# symbolic d: sum_{i,j} delta_ij^2 = d
i, j, D = sp.symbols("i j d", integer=True, positive=True)
inner = sp.summation(sp.KroneckerDelta(i, j), (j, 1, D))   # delta_ij^2 = delta_ij
inner = sp.piecewise_fold(inner).subs(sp.And(i >= 1, i <= D), True) if inner != 1 else inner
inner = sp.refine(inner, sp.Q.le(i, D) & sp.Q.ge(i, 1))
inner = inner.args[0][0] if isinstance(inner, sp.Piecewise) else inner
assert inner == 1 and sp.summation(inner, (i, 1, D)) == D
assert all(sp.KroneckerDelta(a, b) ** 2 == sp.KroneckerDelta(a, b) for a in range(3) for b in range(3))
# non-Gaussian sanity check (Rademacher entries)
import numpy as np
rng = np.random.default_rng(1)
Q = rng.choice([-1.0, 1.0], size=(100000, 16)); K = rng.choice([-1.0, 1.0], size=(100000, 16))
assert abs((Q * K).sum(1).var() - 16) < 0.5
print("042 ok")
