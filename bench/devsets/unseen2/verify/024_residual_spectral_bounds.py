from common import *
import random
import numpy as np
c = Checker("keys/024_residual_spectral_bounds.md")
rng = np.random.default_rng(24)
def snorm(M): return mp.mpf(float(np.linalg.norm(M, 2)))
ln = c.find("have spectral norm")
ok = True
for _ in range(200):
    n = int(rng.integers(1, 5)); B = rng.normal(size=(n, n)); x = rng.normal(size=n)
    ok &= np.linalg.norm(B @ x) <= np.linalg.norm(B, 2) * np.linalg.norm(x) * (1 + 1e-12)
c.true(ln, None, ok, "||Bx|| <= ||B|| ||x||")
samples = []
for _ in range(300):
    n = int(rng.integers(1, 5)); B = rng.normal(size=(n, n)) * rng.uniform(0, 2); x = rng.normal(size=n); samples.append((n, B, x))
ln = c.find("**Upper bound.**")
c.true(ln, None, all(np.linalg.norm((np.eye(n) + B) @ x) <= np.linalg.norm(x) + np.linalg.norm(B @ x) + 1e-12 <= (1 + np.linalg.norm(B, 2)) * np.linalg.norm(x) + 2e-12 for n, B, x in samples), "upper")
ln = c.find("**Lower bound.**")
c.true(ln, None, all(np.linalg.norm((np.eye(n) + B) @ x) + 1e-12 >= np.linalg.norm(x) - np.linalg.norm(B @ x) >= (1 - np.linalg.norm(B, 2)) * np.linalg.norm(x) - 1e-12 for n, B, x in samples), "lower")
ln = c.find("**Case 1: $\\|B\\| < 1$.**")
ok = True
for n, B, x in samples:
    nb = np.linalg.norm(B, 2)
    if nb < 1:
        M = np.eye(n) + B
        ok &= abs(np.linalg.det(M)) > 0 and np.linalg.norm(np.linalg.inv(M), 2) <= 1 / (1 - nb) * (1 + 1e-9)
c.true(ln, None, ok, "invertible, inverse bound")
c.true(ln, None, True, "contradiction step: x=-Bx gives ||x|| = ||Bx|| <= ||B|| ||x|| < ||x|| for x != 0 (strict since ||B||<1)")
ln = c.find("**Case 2: $\\|B\\| \\ge 1$.**")
c.true(ln, None, all((1 - np.linalg.norm(B, 2)) * np.linalg.norm(x) <= 1e-12 for n, B, x in samples if np.linalg.norm(B, 2) >= 1), "lower bound <= 0")
I2 = sp.eye(2)
c.true(ln, None, sp.Matrix(-I2).singular_values() == [1, 1] and (I2 + (-I2)) == sp.zeros(2), "B=-I example")
ln = c.find("**Stacks.**")
ok = True
for _ in range(100):
    L = int(rng.integers(1, 5)); n = 3; Bs = [rng.normal(size=(n, n)) * rng.uniform(0, 1) for _ in range(L)]
    M = np.eye(n)
    for Bl in Bs: M = (np.eye(n) + Bl) @ M
    prod = np.prod([1 + np.linalg.norm(Bl, 2) for Bl in Bs]); ex = np.exp(sum(np.linalg.norm(Bl, 2) for Bl in Bs))
    ok &= np.linalg.norm(M, 2) <= prod * (1 + 1e-12) <= ex * (1 + 1e-12)
c.true(ln, None, ok, "stack bound")
u = sp.symbols("u", real=True)
c.true(ln, None, sp.solve(sp.diff(sp.exp(u) - 1 - u, u), u) == [0] and all(sp.exp(sp.Rational(k, 10)) >= 1 + sp.Rational(k, 10) for k in range(-100, 100)), "1+u <= e^u")
ln = c.find("**Example.**")
B = sp.Matrix([[0, sp.Rational(1, 2)], [0, 0]])
c.true(ln, None, max(B.singular_values()) == sp.Rational(1, 2), "||B|| = 0.5")
sv = sorted((sp.eye(2) + B).singular_values(), key=lambda e: sp.N(e))
c.eq(ln, None, sv[1], (sp.sqrt(17) + 1) / 4, "sigma max"); c.eq(ln, None, sv[0], (sp.sqrt(17) - 1) / 4, "sigma min")
c.approx(ln, "1.2808", sv[1], "1.2808"); c.approx(ln, "0.7808", sv[0], "0.7808")
c.true(ln, None, sp.Rational(1, 2) <= sv[0] and sv[1] <= sp.Rational(3, 2), "within [0.5, 1.5]")
c.report()
