from common import *
import numpy as np
c = Checker("keys/025_lipschitz_two_layer.md")
rng = np.random.default_rng(25)
N = np.linalg.norm
ln = c.find("**Lemma 1 (composition).**")
ok = True
for _ in range(200):
    A = rng.normal(size=(3, 3)); Bm = rng.normal(size=(3, 3)); x = rng.normal(size=3); y = rng.normal(size=3)
    g = lambda v: A @ np.tanh(v); h = lambda v: Bm @ v
    Lg = N(A, 2); Lh = N(Bm, 2)
    ok &= N(g(h(x)) - g(h(y))) <= Lg * N(h(x) - h(y)) + 1e-12 <= Lg * Lh * N(x - y) + 2e-12
c.true(ln, None, ok, "composition chain")
ln = c.find("**Lemma 2.**")
u = sp.symbols("u", real=True)
c.eq(ln, None, sp.diff(sp.tanh(u), u), 1 - sp.tanh(u)**2, "tanh'")
c.true(ln, None, all(0 < 1 - mp.tanh(mp.mpf(k) / 10)**2 <= 1 for k in range(-200, 200)), "0 < tanh' <= 1")
ok = True
for _ in range(300):
    a, b = rng.normal(size=2) * 3
    ok &= abs(np.tanh(a) - np.tanh(b)) <= abs(a - b) + 1e-15
    U = rng.normal(size=4) * 3; V = rng.normal(size=4) * 3
    ok &= N(np.tanh(U) - np.tanh(V)) <= N(U - V) + 1e-12
c.true(ln, None, ok, "1-Lipschitz scalar and vector")
ln = c.find("**Lemma 3.**")
ok = all(N(W @ (x - y)) <= N(W, 2) * N(x - y) * (1 + 1e-12) for W, x, y in ((rng.normal(size=(3, 4)), rng.normal(size=4), rng.normal(size=4)) for _ in range(200)))
c.true(ln, None, ok, "linear map")
ln = c.find("Applying Lemma 1 twice")
ok = True
for _ in range(200):
    W1 = rng.normal(size=(4, 3)); W2 = rng.normal(size=(2, 4)); x = rng.normal(size=3); y = rng.normal(size=3)
    f = lambda v: W2 @ np.tanh(W1 @ v)
    ok &= N(f(x) - f(y)) <= N(W2, 2) * N(W1, 2) * N(x - y) * (1 + 1e-12)
c.true(ln, None, ok, "f Lipschitz")
# Jacobian and gradient, exact symbolic with small sizes
n, m, p = 2, 3, 2
W1 = sp.Matrix(m, n, lambda i, j: sp.Symbol(f"A{i}{j}", real=True)); W2 = sp.Matrix(p, m, lambda i, j: sp.Symbol(f"B{i}{j}", real=True))
x = sp.Matrix(n, 1, lambda i, j: sp.Symbol(f"x{i}", real=True))
f = W2 * (W1 * x).applyfunc(sp.tanh)
D = sp.diag(*[1 - sp.tanh((W1 * x)[k])**2 for k in range(m)])
ln = c.find("**Jacobian view.**")
c.meq(ln, None, f.jacobian(x), W2 * D * W1, "J = W2 D W1")
ok = True
for _ in range(200):
    A = rng.normal(size=(3, 2)); Bm = rng.normal(size=(2, 3)); xv = rng.normal(size=2) * 2
    Dv = np.diag(1 - np.tanh(A @ xv)**2)
    ok &= np.all(np.diag(Dv) > 0) and np.all(np.diag(Dv) <= 1) and N(Bm @ Dv @ A, 2) <= N(Bm, 2) * N(Dv, 2) * N(A, 2) * (1 + 1e-12) <= N(Bm, 2) * N(A, 2) * (1 + 2e-12)
c.true(ln, None, ok, "Jacobian norm bound")
ln = c.find("Backpropagation applies the transpose")
G = sp.Matrix(p, 1, lambda i, j: sp.Symbol(f"G{i}", real=True))
Ls = (G.T * f)[0]
c.meq(ln, None, sp.Matrix([sp.diff(Ls, xi) for xi in x]), W1.T * D * W2.T * G, "grad = W1^T D W2^T G")
ok = True
for _ in range(200):
    A = rng.normal(size=(3, 2)); Bm = rng.normal(size=(2, 3)); xv = rng.normal(size=2); Gv = rng.normal(size=2)
    Dv = np.diag(1 - np.tanh(A @ xv)**2)
    ok &= N(A.T @ Dv @ Bm.T @ Gv) <= N(A, 2) * N(Bm, 2) * N(Gv) * (1 + 1e-12)
c.true(ln, None, ok, "grad norm bound")
ln = c.find("**Sigmoid instead of tanh.**")
s = 1 / (1 + sp.exp(-u))
c.eq(ln, None, sp.diff(s, u), s * (1 - s), "sigma'")
c.eq(ln, None, ((s + 1 - s) / 2)**2, sp.Rational(1, 4), "(1/2)^2")
c.true(ln, None, all(to_mp((s * (1 - s)).subs(u, sp.Rational(k, 10))) <= mp.mpf(1) / 4 for k in range(-100, 100)), "sigma' <= 1/4")
ok = True
for _ in range(200):
    W1n = rng.normal(size=(3, 2)); W2n = rng.normal(size=(2, 3)); a = rng.normal(size=2); b = rng.normal(size=2)
    sg = lambda v: 1 / (1 + np.exp(-v))
    ok &= N(W2n @ sg(W1n @ a) - W2n @ sg(W1n @ b)) <= 0.25 * N(W2n, 2) * N(W1n, 2) * N(a - b) * (1 + 1e-12)
c.true(ln, None, ok, "sigmoid network bound")
ln = c.find("**Example.**")
W1e = sp.diag(2, sp.Rational(1, 2)); W2e = sp.Matrix([[1, 1], [0, 1]])
c.eq(ln, None, max(W1e.singular_values()), 2, "||W1||")
c.eq(ln, None, max(W2e.singular_values(), key=lambda e: sp.N(e)), (1 + sp.sqrt(5)) / 2, "||W2||")
c.approx(ln, "1.6180", (1 + sp.sqrt(5)) / 2, "1.6180"); c.eq(ln, None, 2 * (1 + sp.sqrt(5)) / 2, 1 + sp.sqrt(5), "product")
c.approx(ln, "3.2361", 1 + sp.sqrt(5), "3.2361")
c.report()
