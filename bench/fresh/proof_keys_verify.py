"""Independent verification of bench/fresh/proof_keys.jsonl.

For every correct key (pk-NN) each identity and inequality of the key is
recomputed here by hand-written SymPy / NumPy checks: identities symbolically
where possible, matrix and backpropagation formulas against central finite
differences on random small matrices, inequalities at many random points that
satisfy the hypotheses stated in the key.  For every slipped copy
(pk-NN-slip) the script checks that it differs from its key in exactly one
place, which contains the recorded slip, and exhibits a counterexample showing
that the slipped formula is false.

Prints one line per record and exits 0 only if everything holds.
Run:  /work/venv/bin/python bench/fresh/proof_keys_verify.py
"""
import json
import math
import os
import sys

import numpy as np
import sympy as sp

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "proof_keys.jsonl")
RNG = np.random.default_rng(20261206)
N_RANDOM = 300


class Fail(Exception):
    pass


class Checker:
    def __init__(self):
        self.n = 0
        self.names = set()

    def ok(self, cond, what):
        if not bool(cond):
            raise Fail(what)
        self.n += 1
        self.names.add(what)

    def close(self, a, b, what, tol=1e-6):
        a = np.asarray(a, dtype=float)
        b = np.asarray(b, dtype=float)
        if a.shape != b.shape:
            raise Fail(f"{what}: shapes {a.shape} vs {b.shape}")
        err = np.max(np.abs(a - b)) / (1.0 + np.max(np.abs(b)))
        if not err < tol:
            raise Fail(f"{what}: relative error {err:.2e}")
        self.n += 1
        self.names.add(what)

    def zero(self, expr, what):
        if sp.simplify(expr) != 0:
            raise Fail(f"{what}: {sp.simplify(expr)} != 0")
        self.n += 1
        self.names.add(what)


def num_grad(f, X, h=1e-6):
    """Central finite-difference gradient of scalar f at array X."""
    X = np.array(X, dtype=float)
    G = np.zeros_like(X)
    it = np.nditer(X, flags=["multi_index"])
    for _ in it:
        i = it.multi_index
        Xp = X.copy(); Xp[i] += h
        Xm = X.copy(); Xm[i] -= h
        G[i] = (f(Xp) - f(Xm)) / (2 * h)
    return G


def opnorm(A):
    return np.linalg.norm(A, 2)


def smooth_loss(dim):
    """A random smooth scalar loss of a vector and its exact gradient."""
    v = RNG.normal(size=dim)
    A = RNG.normal(size=(dim, dim)); A = A + A.T
    f = lambda y: float(v @ np.sin(y) + 0.5 * y @ A @ y)
    g = lambda y: v * np.cos(y) + A @ y
    return f, g


# ---------------------------------------------------------------- proofs

def check_01(c):
    x = sp.symbols("x", nonnegative=True)
    f = x - sp.log(1 + x)                       # ln(1+x) <= x  for x >= 0
    c.zero(f.subs(x, 0), "x - ln(1+x) vanishes at 0")
    c.zero(sp.diff(f, x) - x / (1 + x), "(x - ln(1+x))' = x/(1+x) >= 0")
    g = sp.exp(x) - 1 - x                       # 1 + x <= e^x
    c.zero(g.subs(x, 0), "e^x - 1 - x vanishes at 0")
    c.zero(sp.diff(g, x) - (sp.exp(x) - 1), "(e^x-1-x)' = e^x - 1 >= 0 for x >= 0")
    d, n = sp.symbols("delta n", positive=True)
    c.zero(sp.exp(n * sp.log(1 + d)) - (1 + d) ** n, "(1+d)^n = e^{n ln(1+d)}")
    for _ in range(N_RANDOM):
        dim = int(RNG.integers(1, 5)); n = int(RNG.integers(1, 12))
        delta = float(RNG.uniform(0, 2))
        Bs = []
        for _ in range(n):
            B = RNG.normal(size=(dim, dim))
            B *= RNG.uniform(0, 1) * delta / max(opnorm(B), 1e-12)   # ||B_i|| <= delta
            Bs.append(B)
        I = np.eye(dim)
        P = I.copy()
        for B in Bs:
            P = (I + B) @ P
        prod_norms = np.prod([opnorm(I + B) for B in Bs])
        prod_1p = np.prod([1 + opnorm(B) for B in Bs])
        eps = 1e-9
        c.ok(abs(opnorm(I) - 1) < eps, "||I|| = 1")
        c.ok(all(opnorm(I + B) <= 1 + opnorm(B) + eps for B in Bs), "triangle inequality")
        c.ok(opnorm(P) <= prod_norms * (1 + eps), "submultiplicativity")
        c.ok(prod_norms <= prod_1p * (1 + eps), "prod ||I+B|| <= prod (1+||B||)")
        c.ok(prod_1p <= (1 + delta) ** n * (1 + eps), "<= (1+delta)^n")
        c.ok(math.log(1 + delta) <= delta + eps, "ln(1+delta) <= delta")
        c.ok((1 + delta) ** n <= math.exp(n * delta) * (1 + eps), "(1+delta)^n <= e^{n delta}")
        s = sum(math.log(1 + opnorm(B)) for B in Bs)
        c.ok(abs(math.log(prod_1p) - s) < 1e-9 and s <= sum(opnorm(B) for B in Bs) + eps,
             "ln prod = sum ln <= sum ||B_i||")
        c.ok(opnorm(P) <= math.exp(sum(opnorm(B) for B in Bs)) * (1 + eps), "gain <= exp(sum ||B_i||)")


def slip_01():
    delta, n = 1.0, 2
    lhs, rhs = (1 + delta) ** n, math.exp(delta)
    assert lhs > rhs
    return f"delta=1, n=2: (1+delta)^n = {lhs:g} > e^delta = {rhs:.4f}"


def check_02(c):
    d, n = sp.symbols("delta n")
    c.zero(sp.expand((1 + n * d) * (1 + d)) - (1 + (n + 1) * d + n * d ** 2),
           "(1+n d)(1+d) = 1 + (n+1) d + n d^2")
    c.zero(((1 + d) ** 1 - (1 + 1 * d)), "base case n = 1")
    c.zero((1 + d) ** (n + 1) - (1 + d) ** n * (1 + d), "(1+d)^{n+1} = (1+d)^n (1+d)")
    for _ in range(N_RANDOM):
        delta = float(RNG.uniform(-0.999, 3)); n = int(RNG.integers(1, 25))
        eps = 1e-9 * max(1.0, (1 + delta) ** (n + 1))
        c.ok(1 + delta > 0, "1 + delta > 0")
        c.ok((1 + delta) ** n >= 1 + n * delta - eps, "Bernoulli")
        c.ok((1 + delta) ** (n + 1) >= (1 + n * delta) * (1 + delta) - eps, "induction step, multiply")
        c.ok(n * delta ** 2 >= 0, "n delta^2 >= 0")
        c.ok(1 + delta <= math.exp(delta) + 1e-12, "1 + delta <= e^delta")
        c.ok((1 + delta) ** n <= math.exp(n * delta) * (1 + 1e-9), "(1+delta)^n <= e^{n delta}")


def slip_02():
    n, delta = 1, 1.0
    true = (1 + n * delta) * (1 + delta)
    slipped = 1 + (n + 1) * delta - n * delta ** 2
    assert true != slipped
    return f"n=1, delta=1: (1+n delta)(1+delta) = {true:g} but 1+(n+1)delta-n delta^2 = {slipped:g}"


def lse(z):
    m = np.max(z)
    return float(m + np.log(np.sum(np.exp(z - m))))


def check_03(c):
    K, m = sp.symbols("K m", positive=True)
    c.zero(sp.expand_log(sp.log(K * sp.exp(m)), force=True) - (m + sp.log(K)), "log(K e^m) = m + log K")
    cc = sp.symbols("c", real=True)
    c.zero(sp.expand_log(sp.log(K * sp.exp(cc)), force=True) - (cc + sp.log(K)), "LSE(c 1) = c + log K")
    for _ in range(N_RANDOM):
        k = int(RNG.integers(1, 10)); z = RNG.normal(scale=3, size=k)
        m_ = float(np.max(z)); S = float(np.sum(np.exp(z))); L = math.log(S)
        eps = 1e-9
        c.ok(S >= math.exp(m_) * (1 - eps), "S >= e^m")
        c.ok(L >= m_ - eps, "LSE >= max")
        c.ok(np.all(np.exp(z) <= math.exp(m_) * (1 + eps)), "e^{z_k} <= e^m")
        c.ok(S <= k * math.exp(m_) * (1 + eps), "S <= K e^m")
        c.ok(L <= m_ + math.log(k) + eps, "LSE <= max + log K")
        c.ok(abs(L - lse(z)) < 1e-9, "shift identity")
        t = float(np.sum(np.exp(z - m_)))
        c.ok(1 - eps <= t <= k + eps, "shifted sum in [1, K]")
        cst = float(RNG.normal())
        c.ok(abs(lse(np.full(k, cst)) - (cst + math.log(k))) < 1e-9, "LSE(c 1) = c + log K")
    z = np.array([30.0, 0.0, -1.0])
    c.ok(lse(z) - 30.0 < 1e-12, "lower bound approached with a wide margin")


def slip_03():
    z = np.array([0.0, 0.0])
    S, em = float(np.sum(np.exp(z))), math.exp(0.0)
    assert S > em
    return f"z=(0,0): S = sum e^(z_k) = {S:g} > e^m = {em:g}"


def softmax(z):
    e = np.exp(z - np.max(z))
    return e / e.sum()


def check_04(c):
    a, b = sp.symbols("a b", real=True)
    p1 = sp.exp(a) / (sp.exp(a) + sp.exp(b))
    c.zero(1 - p1 - sp.exp(b) / (sp.exp(a) + sp.exp(b)), "K=2: 1 - p_1 = e^b / S > 0")
    for _ in range(N_RANDOM):
        k = int(RNG.integers(2, 10)); z = RNG.uniform(-5, 5, size=k)   # K >= 2
        S = float(np.sum(np.exp(z))); p = np.exp(z) / S
        c.ok(S > 0 and np.all(p > 0), "p_i > 0")
        c.ok(abs(p.sum() - 1) < 1e-12, "sum p_i = 1")
        i = int(RNG.integers(k))
        rest = S - math.exp(z[i])
        c.ok(abs(S - (math.exp(z[i]) + float(np.sum(np.delete(np.exp(z), i))))) < 1e-9 * S,
             "S = e^{z_i} + sum_{k != i}")
        c.ok(float(np.sum(np.delete(np.exp(z), i))) > 0 and rest > 0, "sum_{k != i} e^{z_k} > 0")
        c.ok(np.all(p < 1), "p_i < 1")
        c.ok(np.all(-np.log(p) > 0) and np.all(np.isfinite(-np.log(p))), "-log p_i finite and > 0")


def slip_04():
    z = np.array([0.3])
    p = np.exp(z) / np.sum(np.exp(z))
    assert not p[0] < 1
    return f"K=1 satisfies K >= 1, z=(0.3): p_1 = {p[0]:g}, not < 1 (sum over k != i is empty)"


def check_05(c):
    for _ in range(N_RANDOM // 3):
        d = int(RNG.integers(1, 6)); h = int(RNG.integers(1, 6))
        W = RNG.normal(size=(d, h)); U = RNG.normal(size=(h, d))
        sig = np.tanh if RNG.random() < 0.5 else (lambda u: np.maximum(u, 0))
        L = opnorm(W) * opnorm(U)
        g = lambda x: W @ sig(U @ x)
        f = lambda x: x + g(x)
        for _ in range(5):
            x, y = RNG.normal(size=d), RNG.normal(size=d)
            nxy = np.linalg.norm(x - y); eps = 1e-9 * (1 + nxy)
            u, v = RNG.normal(size=h), RNG.normal(size=h)
            c.ok(np.linalg.norm(sig(u) - sig(v)) <= np.linalg.norm(u - v) + 1e-12, "sigma 1-Lipschitz")
            c.ok(np.linalg.norm(g(x) - g(y)) <= opnorm(W) * np.linalg.norm(sig(U @ x) - sig(U @ y)) + eps,
                 "||W(.)|| <= ||W|| ||.||")
            c.ok(np.linalg.norm(sig(U @ x) - sig(U @ y)) <= opnorm(U) * nxy + eps, "<= ||U|| ||x-y||")
            c.ok(np.linalg.norm(f(x) - f(y)) <= nxy + np.linalg.norm(g(x) - g(y)) + eps, "triangle")
            c.ok(np.linalg.norm(f(x) - f(y)) <= (1 + L) * nxy + eps, "(1+L)-Lipschitz")
            c.ok(np.linalg.norm(f(x) - f(y)) >= (1 - L) * nxy - eps, "reverse triangle (1-L)")
    # stacks of n blocks, each branch L-Lipschitz
    for _ in range(N_RANDOM // 3):
        d = int(RNG.integers(1, 5)); n = int(RNG.integers(1, 6)); L = float(RNG.uniform(0, 1.5))
        blocks = []
        for _ in range(n):
            W = RNG.normal(size=(d, d)); U = RNG.normal(size=(d, d))
            W *= L / (opnorm(W) * opnorm(U))
            blocks.append((W, U))
        def F(x):
            for W, U in blocks:
                x = x + W @ np.tanh(U @ x)
            return x
        for _ in range(5):
            x, y = RNG.normal(size=d), RNG.normal(size=d)
            c.ok(np.linalg.norm(F(x) - F(y)) <= (1 + L) ** n * np.linalg.norm(x - y) * (1 + 1e-9),
                 "stack (1+L)^n-Lipschitz")
    # injectivity for L < 1: distinct points never collide (follows from the lower bound)
    for _ in range(50):
        d = 3; W = RNG.normal(size=(d, d)); U = RNG.normal(size=(d, d))
        W *= 0.9 / (opnorm(W) * opnorm(U))
        x, y = RNG.normal(size=d), RNG.normal(size=d)
        fx = x + W @ np.tanh(U @ x); fy = y + W @ np.tanh(U @ y)
        c.ok(np.linalg.norm(fx - fy) >= 0.1 * np.linalg.norm(x - y) - 1e-12, "L<1: injective")


def slip_05():
    L, n = 1.0, 2
    x, y = np.array([1.0]), np.array([0.0])
    F = lambda v: (1 + L) ** n * v          # n blocks with g(x) = L x
    ratio = np.linalg.norm(F(x) - F(y)) / np.linalg.norm(x - y)
    assert ratio > 1 + n * L
    return f"g(x)=Lx with L=1, n=2: ||F(x)-F(y)||/||x-y|| = {ratio:g} > 1+nL = {1 + n * L:g}"


def check_06(c):
    cs, d = sp.symbols("c d", positive=True)
    c.zero(sp.sqrt(d * cs ** 2) - cs * sp.sqrt(d), "(d c^2)^{1/2} = c sqrt d")
    c.zero((cs * sp.sqrt(d)) ** 2 / sp.sqrt(d) - cs ** 2 * sp.sqrt(d), "c sqrt d * c sqrt d / sqrt d = c^2 sqrt d")
    c.zero((cs * d) * cs / sp.sqrt(d) - cs ** 2 * sp.sqrt(d), "q=k=c1: s = c^2 d / sqrt d = c^2 sqrt d")
    for _ in range(N_RANDOM):
        cval = float(RNG.uniform(0.01, 3)); dd = int(RNG.integers(1, 64))
        q = RNG.uniform(-cval, cval, size=dd); k = RNG.uniform(-cval, cval, size=dd)
        s = q @ k / math.sqrt(dd); eps = 1e-9
        c.ok(abs(q @ k) <= np.linalg.norm(q) * np.linalg.norm(k) + eps, "Cauchy-Schwarz")
        c.ok(abs(s) <= np.linalg.norm(q) * np.linalg.norm(k) / math.sqrt(dd) + eps, "|s| <= ||q|| ||k|| / sqrt d")
        c.ok(np.linalg.norm(q) <= cval * math.sqrt(dd) + eps and np.linalg.norm(k) <= cval * math.sqrt(dd) + eps,
             "||q||, ||k|| <= c sqrt d")
        c.ok(abs(s) <= cval ** 2 * math.sqrt(dd) + eps, "|s| <= c^2 sqrt d")
        one = np.full(dd, cval)
        c.ok(abs(one @ one - cval ** 2 * dd) < 1e-9 * (1 + cval ** 2 * dd)
             and abs(one @ one / math.sqrt(dd) - cval ** 2 * math.sqrt(dd)) < 1e-9 * (1 + cval ** 2 * dd),
             "attained at q = k = c1")


def slip_06():
    cval, dd = 2.0, 4
    q = k = np.full(dd, cval)
    s = q @ k / math.sqrt(dd)
    assert abs(s) > cval * math.sqrt(dd)
    return f"c=2, d=4, q=k=c1: c sqrt(d) c sqrt(d)/sqrt(d) = |s| = {s:g} != c sqrt(d) = {cval * math.sqrt(dd):g}"


def check_07(c):
    D, G, T, eta = sp.symbols("D G T eta", positive=True)
    a = D ** 2 / (2 * eta * T); b = eta * G ** 2 / 2
    R = a + b
    c.zero(a * b - D ** 2 * G ** 2 / (4 * T), "ab = D^2 G^2 / (4T)")
    c.zero(2 * sp.sqrt(D ** 2 * G ** 2 / (4 * T)) - D * G / sp.sqrt(T), "2 sqrt(D^2G^2/4T) = DG/sqrt T")
    c.zero(R - D * G / sp.sqrt(T) - (sp.sqrt(a) - sp.sqrt(b)) ** 2, "R - DG/sqrt T = (sqrt a - sqrt b)^2 >= 0")
    sol = sp.solve(sp.Eq(a, b), eta)
    c.ok(len(sol) == 1 and sp.simplify(sol[0] - D / (G * sp.sqrt(T))) == 0, "balance => eta* = D/(G sqrt T)")
    c.zero(sp.solve(sp.Eq(a, b), eta)[0] ** 2 - D ** 2 / (G ** 2 * T), "eta^2 = D^2/(G^2 T)")
    es = D / (G * sp.sqrt(T))
    c.zero(a.subs(eta, es) - D * G / (2 * sp.sqrt(T)), "first term at eta*")
    c.zero(b.subs(eta, es) - D * G / (2 * sp.sqrt(T)), "second term at eta*")
    c.zero(R.subs(eta, es) - D * G / sp.sqrt(T), "R(eta*) = DG/sqrt T")
    c.ok(sp.simplify((D * G / sp.sqrt(T)).subs(T, 4 * T) - D * G / sp.sqrt(T) / 2) == 0, "4x steps halves bound")
    Rn = sp.lambdify((D, G, T, eta), R)
    for _ in range(N_RANDOM):
        Dv, Gv = RNG.uniform(0.1, 5, size=2); Tv = int(RNG.integers(1, 1000)); ev = float(np.exp(RNG.uniform(-8, 3)))
        c.ok(Rn(Dv, Gv, Tv, ev) >= Dv * Gv / math.sqrt(Tv) * (1 - 1e-12), "R(eta) >= DG/sqrt T")


def slip_07():
    D = G = 1.0; T = 4
    es = D / (G * T)
    R = D ** 2 / (2 * es * T) + es * G ** 2 / 2
    assert abs(R - D * G / math.sqrt(T)) > 1e-6 and abs(es ** 2 - D ** 2 / (G ** 2 * T)) > 1e-6
    return (f"D=G=1, T=4: eta = D/(GT) = {es:g} has eta^2 = {es ** 2:g} != D^2/(G^2 T) = 0.25, "
            f"and R(eta) = {R:g} != DG/sqrt(T) = 0.5")


def relu(t):
    return np.maximum(t, 0)


def check_08(c):
    a, b = sp.symbols("a b", real=True)
    ap = sp.symbols("ap", nonnegative=True); bn = sp.symbols("bn", negative=True)
    c.ok(sp.simplify((ap - bn) - ap).is_positive, "case a >= 0 > b: (a - b) - a = -b > 0")
    c.zero(sp.Abs(ap - bn) - (ap - bn), "case a >= 0 > b: |a - b| = a - b")
    for _ in range(N_RANDOM):
        x, y = RNG.normal(scale=2, size=2)
        if RNG.random() < 0.2:
            y = x
        a_, b_ = max(x, y), min(x, y)
        c.ok(abs(relu(x) - relu(y)) <= abs(x - y) + 1e-15, "|relu(a)-relu(b)| <= |a-b|")
        if b_ >= 0:
            c.ok(abs((relu(a_) - relu(b_)) - (a_ - b_)) < 1e-12, "case 1: equality")
        elif a_ < 0:
            c.ok(relu(a_) == 0 and relu(b_) == 0, "case 2: both 0")
        else:
            c.ok(relu(a_) == a_ and relu(b_) == 0 and a_ <= a_ - b_ and a_ - b_ == abs(a_ - b_), "case 3 chain")
        dd = int(RNG.integers(1, 8)); u, v = RNG.normal(size=(2, dd))
        lhs = np.sum((relu(u) - relu(v)) ** 2)
        c.ok(lhs <= np.sum((u - v) ** 2) + 1e-12, "sum of squares")
        c.ok(np.linalg.norm(relu(u) - relu(v)) <= np.linalg.norm(u - v) + 1e-12, "vector 1-Lipschitz")


def slip_08():
    a, b = 1.0, -1.0   # a >= 0 > b
    assert not (a <= b - a)
    return f"a=1, b=-1 (case a >= 0 > b): a = 1 > b - a = {b - a:g}, and |a - b| = {abs(a - b):g} != b - a"


# ---------------------------------------------------------------- backprop

def check_09(c):
    for _ in range(20):
        m, n = int(RNG.integers(1, 5)), int(RNG.integers(1, 5))
        W = RNG.normal(size=(m, n)); x = RNG.normal(size=n); b = RNG.normal(size=m)
        f, g = smooth_loss(m)
        delta = g(W @ x + b)
        gW = num_grad(lambda W_: f(W_ @ x + b), W)
        c.close(np.outer(delta, x), gW, "grad_W = delta x^T")
        idx = np.array([[delta[i] * x[j] for j in range(n)] for i in range(m)])
        c.close(idx, gW, "dL/dW_ij = delta_i x_j")
        c.close(delta, num_grad(lambda b_: f(W @ x + b_), b), "grad_b = delta")
        c.close(W.T @ delta, num_grad(lambda x_: f(W @ x_ + b), x), "grad_x = W^T delta")
        c.ok(np.outer(delta, x).shape == W.shape and (W.T @ delta).shape == x.shape, "shapes")
        # batch with inputs as columns
        B = int(RNG.integers(1, 4)); X = RNG.normal(size=(n, B))
        V = RNG.normal(size=(m, B))
        Lb = lambda W_, b_: float(np.sum(V * np.tanh(W_ @ X + b_[:, None])))
        Y = W @ X + b[:, None]
        Delta = V * (1 - np.tanh(Y) ** 2)
        c.close(Delta @ X.T, num_grad(lambda W_: Lb(W_, b), W), "batch grad_W = Delta X^T")
        c.close(Delta @ np.ones(B), num_grad(lambda b_: Lb(W, b_), b), "batch grad_b = Delta 1")


def slip_09():
    m = n = 3
    W = RNG.normal(size=(m, n)); x = RNG.normal(size=n); b = RNG.normal(size=m)
    f, g = smooth_loss(m)
    delta = g(W @ x + b)
    gW = num_grad(lambda W_: f(W_ @ x + b), W)
    err = np.max(np.abs(np.outer(x, delta) - gW))
    assert err > 1e-3
    return (f"m=n=3 random W,x,b: max |x delta^T - finite-difference grad_W| = {err:.3f} "
            f"(and for m=2, n=3, x delta^T is 3x2 while W is 2x3)")


def mlp(params, x, y):
    W1, b1, W2, b2 = params
    h = W1 @ x + b1; a = np.tanh(h); yh = W2 @ a + b2
    return 0.5 * float(np.sum((yh - y) ** 2)), (h, a, yh)


def mlp_grads(params, x, y, sign=-1.0):
    W1, b1, W2, b2 = params
    _, (h, a, yh) = mlp(params, x, y)
    d2 = yh - y
    d1 = (W2.T @ d2) * (1 + sign * a * a)
    return {"W2": np.outer(d2, a), "b2": d2, "a": W2.T @ d2, "d1": d1, "W1": np.outer(d1, x), "b1": d1}


def check_10(c):
    t = sp.symbols("t")
    c.zero(sp.diff(sp.tanh(t), t) - (1 - sp.tanh(t) ** 2), "tanh' = 1 - tanh^2")
    for _ in range(20):
        n, hdim, m = (int(v) for v in RNG.integers(1, 5, size=3))
        params = [RNG.normal(size=(hdim, n)), RNG.normal(size=hdim), RNG.normal(size=(m, hdim)), RNG.normal(size=m)]
        x = RNG.normal(size=n); y = RNG.normal(size=m)
        gr = mlp_grads(params, x, y)
        _, (h, a, yh) = mlp(params, x, y)
        c.close(yh - y, num_grad(lambda v: 0.5 * float(np.sum((v - y) ** 2)), yh), "delta_2 = yhat - y")
        for k, i in (("W1", 0), ("b1", 1), ("W2", 2), ("b2", 3)):
            def L_(P, i=i):
                ps = list(params); ps[i] = P
                return mlp(ps, x, y)[0]
            c.close(gr[k], num_grad(L_, params[i]), f"grad {k}")
        W2, b2 = params[2], params[3]
        c.close(gr["a"], num_grad(lambda a_: 0.5 * float(np.sum((W2 @ a_ + b2 - y) ** 2)), a), "dL/da = W2^T delta2")
        c.close(gr["d1"], num_grad(lambda h_: 0.5 * float(np.sum((W2 @ np.tanh(h_) + b2 - y) ** 2)), h),
                "delta_1 = (W2^T delta2) * (1 - a*a)")
        d2 = yh - y
        idx = np.array([[sum(W2[k, i] * d2[k] for k in range(m)) * (1 - a[i] ** 2) * x[j] for j in range(n)]
                        for i in range(hdim)])
        c.close(idx, gr["W1"], "index form of grad W1")
        c.close((W2.T @ d2) @ np.diag(1 - a * a), gr["d1"], "diag Jacobian gives same vector")


def slip_10():
    n, hdim, m = 3, 3, 2
    params = [RNG.normal(size=(hdim, n)), RNG.normal(size=hdim), RNG.normal(size=(m, hdim)), RNG.normal(size=m)]
    x = RNG.normal(size=n); y = RNG.normal(size=m)
    gr = mlp_grads(params, x, y, sign=+1.0)
    def L_(P):
        return mlp([P] + params[1:], x, y)[0]
    err = np.max(np.abs(gr["W1"] - num_grad(L_, params[0])))
    assert err > 1e-3
    return f"random 3-3-2 MLP: delta_1 with (1 + a*a) gives max |grad_W1 - finite difference| = {err:.3f}"


def check_11(c):
    K = 3
    z = sp.symbols("z0:3", real=True); y0, y1 = sp.symbols("y0 y1", real=True)
    y = [y0, y1, 1 - y0 - y1]
    S = sum(sp.exp(zi) for zi in z)
    p = [sp.exp(zi) / S for zi in z]
    L = -sum(y[k] * sp.log(p[k]) for k in range(K))
    for k in range(K):
        for j in range(K):
            dpk = sp.diff(p[k], z[j])
            quot = ((1 if k == j else 0) * sp.exp(z[k]) * S - sp.exp(z[k]) * sp.exp(z[j])) / S ** 2
            c.zero(dpk - quot, f"quotient rule dp{k}/dz{j}")
            c.zero(dpk - p[k] * ((1 if k == j else 0) - p[j]), f"dp{k}/dz{j} = p_k([k=j]-p_j)")
            c.zero(sp.diff(sp.log(p[k]), z[j]) - ((1 if k == j else 0) - p[j]), "dlog p_k/dz_j")
    for j in range(K):
        c.zero(sp.diff(L, z[j]) - (p[j] - y[j]), f"dL/dz{j} = p_j - y_j")
    for _ in range(50):
        k = int(RNG.integers(2, 8)); zv = RNG.normal(scale=2, size=k)
        yv = RNG.dirichlet(np.ones(k)) if RNG.random() < 0.5 else np.eye(k)[int(RNG.integers(k))]
        Lf = lambda z_: -float(np.sum(yv * np.log(softmax(z_))))
        pv = softmax(zv)
        c.close(pv - yv, num_grad(Lf, zv), "grad_z L = p - y")
        c.ok(abs(np.sum(pv - yv)) < 1e-12, "entries sum to 0")
        c.ok(np.all(np.abs(pv - yv) < 1), "entries in (-1, 1)")
        cidx = int(RNG.integers(k)); e = np.eye(k)[cidx]
        c.ok(abs(-math.log(softmax(zv)[cidx]) - (lse(zv) - zv[cidx])) < 1e-9, "-log p_c = LSE(z) - z_c")


def slip_11():
    z = np.array([0.0, 1.0, 2.0]); p = softmax(z); k, j = 0, 1
    h = 1e-6; zp = z.copy(); zp[j] += h; zm = z.copy(); zm[j] -= h
    fd = (softmax(zp)[k] - softmax(zm)[k]) / (2 * h)
    slipped = p[k] * (0 - p[k])
    assert abs(fd - slipped) > 1e-3
    return f"z=(0,1,2), k=0, j=1: dp_0/dz_1 = {fd:.4f} = -p_0 p_1, but p_k([k=j]-p_k) = {slipped:.4f}"


def check_12(c):
    for _ in range(20):
        B, n, m = (int(v) for v in RNG.integers(1, 5, size=3))
        X = RNG.normal(size=(B, n)); W = RNG.normal(size=(m, n)); Y = RNG.normal(size=(B, m))
        Lf = lambda W_: float(np.sum((X @ W_.T - Y) ** 2)) / B
        Lrows = sum(float(np.sum((X[b] @ W.T - Y[b]) ** 2)) for b in range(B)) / B
        c.ok(abs(Lrows - Lf(W)) < 1e-9, "row sum = Frobenius form")
        Yh = X @ W.T; E = Yh - Y
        c.close(2 / B * E, num_grad(lambda Yh_: float(np.sum((Yh_ - Y) ** 2)) / B, Yh), "dL/dYhat = 2E/B")
        gW = num_grad(Lf, W)
        idx = np.array([[sum(2 / B * E[b, i] * X[b, j] for b in range(B)) for j in range(n)] for i in range(m)])
        c.close(idx, gW, "index form")
        c.close(2 / B * E.T @ X, gW, "grad_W = 2/B (Yhat - Y)^T X")
        c.close(sum(np.outer(2 * E[b], X[b]) for b in range(B)) / B, gW, "average of per-example grads")
        c.ok((E.T @ X).shape == (m, n), "shape m x n")
        # normal equations at the least-squares minimizer
        Wstar = np.linalg.lstsq(X, Y, rcond=None)[0].T
        c.close(Wstar @ X.T @ X, Y.T @ X, "normal equations W X^T X = Y^T X", tol=1e-8)
        c.close(2 / B * (X @ Wstar.T - Y).T @ X, np.zeros((m, n)), "gradient zero at minimizer", tol=1e-8)


def slip_12():
    B, n, m = 3, 2, 2
    X = RNG.normal(size=(B, n)); W = RNG.normal(size=(m, n)); Y = RNG.normal(size=(B, m))
    gW = num_grad(lambda W_: float(np.sum((X @ W_.T - Y) ** 2)) / B, W)
    slipped = (X @ W.T - Y).T @ X / B
    err = np.max(np.abs(slipped - gW))
    assert err > 1e-3
    return f"random B=3, n=m=2: 1/B (Yhat-Y)^T X is half the finite-difference gradient (max error {err:.3f})"


def layernorm(x, gamma, beta, eps):
    mu = x.mean(); var = ((x - mu) ** 2).mean()
    xh = (x - mu) / np.sqrt(var + eps)
    return gamma * xh + beta, xh, np.sqrt(var + eps)


def ln_grad_x(x, gamma, delta, eps, sign=-1.0):
    d = x.size
    _, xh, s = layernorm(x, gamma, 0.0, eps)
    g = gamma * delta
    return (d * g - np.sum(g) * np.ones(d) + sign * (xh @ g) * xh) / (d * s)


def check_13(c):
    d = 3
    xs = sp.symbols("x0:3", real=True); e = sp.symbols("epsilon", positive=True)
    mu = sum(xs) / d; var = sum((xi - mu) ** 2 for xi in xs) / d; s = sp.sqrt(var + e)
    xh = [(xi - mu) / s for xi in xs]
    for j in range(d):
        c.zero(sp.diff(mu, xs[j]) - sp.Rational(1, d), "dmu/dx_j = 1/d")
        c.zero(sp.diff(var, xs[j]) - sp.Rational(2, d) * (xs[j] - mu), "dsigma^2/dx_j = 2/d (x_j - mu)")
    for i in range(d):
        for j in range(d):
            dij = 1 if i == j else 0
            J = sp.diff(xh[i], xs[j])
            first = (dij - sp.Rational(1, d)) / s - (xs[i] - mu) / s ** 3 * (xs[j] - mu) / d
            c.zero(J - first, f"dxhat_{i}/dx_{j} first line")
            c.zero(first - (dij - sp.Rational(1, d) - xh[i] * xh[j] / d) / s, f"dxhat_{i}/dx_{j} second line")
    for _ in range(30):
        d = int(RNG.integers(2, 7)); eps = float(10 ** RNG.uniform(-5, 0))
        x = RNG.normal(size=d); gamma = RNG.normal(size=d); beta = RNG.normal(size=d); delta = RNG.normal(size=d)
        Lx = lambda x_: float(delta @ layernorm(x_, gamma, beta, eps)[0])
        _, xh_, s_ = layernorm(x, gamma, beta, eps)
        c.close(delta * xh_, num_grad(lambda g_: float(delta @ layernorm(x, g_, beta, eps)[0]), gamma), "grad gamma")
        c.close(delta, num_grad(lambda b_: float(delta @ layernorm(x, gamma, b_, eps)[0]), beta), "grad beta")
        g = gamma * delta
        c.close(g, num_grad(lambda xh2: float(delta @ (gamma * xh2 + beta)), xh_), "g = dL/dxhat")
        fd = num_grad(Lx, x)
        coord = np.array([(g[j] - g.sum() / d - xh_[j] / d * (g @ xh_)) / s_ for j in range(d)])
        c.close(coord, fd, "coordinate form of grad_x", tol=1e-5)
        c.close(ln_grad_x(x, gamma, delta, eps), fd, "vector form of grad_x", tol=1e-5)
        Jfd = np.stack([num_grad(lambda x_, i=i: layernorm(x_, np.ones(d), 0.0, eps)[1][i], x) for i in range(d)])
        Jf = (np.eye(d) - 1.0 / d - np.outer(xh_, xh_) / d) / s_
        c.close(Jf, Jfd, "Jacobian of normalization", tol=1e-5)
        c.ok(abs(np.ones(d) @ ln_grad_x(x, gamma, delta, eps)) < 1e-8 and abs(xh_.sum()) < 1e-10, "1^T grad = 0")


def slip_13():
    d, eps = 4, 1e-3
    x = RNG.normal(size=d); gamma = RNG.normal(size=d); beta = RNG.normal(size=d); delta = RNG.normal(size=d)
    fd = num_grad(lambda x_: float(delta @ layernorm(x_, gamma, beta, eps)[0]), x)
    err = np.max(np.abs(ln_grad_x(x, gamma, delta, eps, sign=+1.0) - fd))
    assert err > 1e-3
    return f"random d=4: '+ (xhat^T g) xhat' version differs from the finite-difference grad_x by {err:.3f}"


def check_14(c):
    for _ in range(20):
        d = int(RNG.integers(1, 6)); q = RNG.normal(size=d); k = RNG.normal(size=d)
        f, g = smooth_loss(1)
        s = lambda q_, k_: np.array([q_ @ k_ / math.sqrt(d)])
        delta = g(s(q, k))[0]
        c.close(delta / math.sqrt(d) * k, num_grad(lambda q_: f(s(q_, k)), q), "grad_q = delta k / sqrt d")
        c.close(delta / math.sqrt(d) * q, num_grad(lambda k_: f(s(q, k_)), k), "grad_k = delta q / sqrt d")
        nx = int(RNG.integers(1, 5)); x = RNG.normal(size=nx); WQ = RNG.normal(size=(d, nx))
        dW = g(s(WQ @ x, k))[0]
        c.close(dW / math.sqrt(d) * np.outer(k, x), num_grad(lambda W_: f(s(W_ @ x, k)), WQ), "grad W_Q")
        n, n2 = int(RNG.integers(1, 5)), int(RNG.integers(1, 5))
        Q = RNG.normal(size=(n, d)); Km = RNG.normal(size=(n2, d)); V = RNG.normal(size=(n, n2))
        LS = lambda Q_, K_: float(np.sum(V * np.sin(Q_ @ K_.T / math.sqrt(d))))
        S = Q @ Km.T / math.sqrt(d); G = V * np.cos(S)
        c.close(G, num_grad(lambda S_: float(np.sum(V * np.sin(S_))), S), "G = dL/dS")
        gQ = num_grad(lambda Q_: LS(Q_, Km), Q); gK = num_grad(lambda K_: LS(Q, K_), Km)
        c.close(np.array([[sum(G[a, b] * Km[b, i] for b in range(n2)) / math.sqrt(d) for i in range(d)]
                          for a in range(n)]), gQ, "index form dL/dQ")
        c.close(np.array([[sum(G[a, b] * Q[a, i] for a in range(n)) / math.sqrt(d) for i in range(d)]
                          for b in range(n2)]), gK, "index form dL/dK")
        c.close(G @ Km / math.sqrt(d), gQ, "grad_Q = G K / sqrt d")
        c.close(G.T @ Q / math.sqrt(d), gK, "grad_K = G^T Q / sqrt d")
        c.ok((G @ Km).shape == Q.shape and (G.T @ Q).shape == Km.shape, "shapes")
        Gs = np.array([[delta]])
        c.close(Gs @ k[None, :] / math.sqrt(d), (delta / math.sqrt(d) * k)[None, :], "n=n'=1 reduction (Q)")
        c.close(Gs.T @ q[None, :] / math.sqrt(d), (delta / math.sqrt(d) * q)[None, :], "n=n'=1 reduction (K)")


def slip_14():
    d, n = 2, 3
    Q = RNG.normal(size=(n, d)); Km = RNG.normal(size=(n, d)); V = RNG.normal(size=(n, n))
    LS = lambda K_: float(np.sum(V * np.sin(Q @ K_.T / math.sqrt(d))))
    G = V * np.cos(Q @ Km.T / math.sqrt(d))
    err = np.max(np.abs(G @ Q / math.sqrt(d) - num_grad(LS, Km)))
    assert err > 1e-3
    return f"n=n'=3, d=2 random: max |G Q/sqrt(d) - finite-difference grad_K| = {err:.3f}"


def check_15(c):
    w, lam, eta, gL = sp.symbols("w lambda eta gL", real=True)
    c.zero(sp.diff(w ** 2, w) - 2 * w, "d W_ij^2 / dW_ij = 2 W_ij")
    c.zero(sp.diff(lam / 2 * w ** 2, w) - lam * w, "penalty contributes lambda W")
    c.zero(w - eta * (gL + lam * w) - ((1 - eta * lam) * w - eta * gL), "update = (1 - eta lam) W - eta grad")
    for _ in range(20):
        m, n = int(RNG.integers(1, 5)), int(RNG.integers(1, 5))
        W = RNG.normal(size=(m, n)); x = RNG.normal(size=n); y = RNG.normal(size=m)
        lv = float(RNG.uniform(0, 2)); ev = float(RNG.uniform(0, 1))
        L0 = lambda W_: 0.5 * float(np.sum((W_ @ x - y) ** 2))
        Ll = lambda W_: L0(W_) + lv / 2 * float(np.sum(W_ ** 2))
        g0 = num_grad(L0, W); gl = num_grad(Ll, W)
        c.close(np.outer(W @ x - y, x), g0, "grad L = (Wx - y) x^T")
        c.close(g0 + lv * W, gl, "grad L_lambda = grad L + lambda W")
        c.close(np.outer(W @ x - y, x) + lv * W, gl, "explicit grad L_lambda")
        c.close(W - ev * gl, (1 - ev * lv) * W - ev * g0, "decayed update")
        lp = float(RNG.uniform(0.1, 2))
        M = np.outer(x, x) + lp * np.eye(n)
        Ws = np.outer(y, x) @ np.linalg.inv(M)
        c.close(Ws @ M, np.outer(y, x), "W (x x^T + lambda I) = y x^T")
        c.close(np.outer(Ws @ x - y, x) + lp * Ws, np.zeros((m, n)), "ridge solution is stationary", tol=1e-9)
        ev_ = np.sort(np.linalg.eigvalsh(M))
        expect = np.sort(np.r_[np.full(n - 1, lp), lp + x @ x])
        c.close(ev_, expect, "eigenvalues lambda, lambda + ||x||^2")
        c.ok(np.all(ev_ > 0), "positive definite")


def slip_15():
    W = np.array([[1.0]]); gL = np.array([[0.0]]); eta, lam = 0.1, 0.5
    true = W - eta * (gL + lam * W); slipped = (1 - lam) * W - eta * gL
    assert abs(true[0, 0] - slipped[0, 0]) > 1e-6
    return (f"W=1, grad L=0, eta=0.1, lambda=0.5: W - eta(grad L + lambda W) = {true[0, 0]:g} "
            f"but (1 - lambda)W - eta grad L = {slipped[0, 0]:g}")


def check_16(c):
    R = sp.Rational
    W = sp.Matrix([[1, 2], [-1, 3]]); b = sp.Matrix([0, 1]); x = sp.Matrix([2, 1]); t = sp.Matrix([3, 0])
    c.ok(W * x == sp.Matrix([1 * 2 + 2 * 1, -1 * 2 + 3 * 1]) == sp.Matrix([4, 1]), "Wx = (4, 1)")
    y = W * x + b
    c.ok(y == sp.Matrix([4, 2]), "y = (4, 2)")
    L = R(1, 2) * ((y - t).T * (y - t))[0]
    c.ok(L == R(1, 2) * (1 ** 2 + 2 ** 2) == R(5, 2), "L = 5/2")
    delta = y - t
    c.ok(delta == sp.Matrix([1, 2]), "delta = (1, 2)")
    c.ok(delta * x.T == sp.Matrix([[2, 1], [4, 2]]), "grad_W = [[2,1],[4,2]]")
    c.ok(W.T == sp.Matrix([[1, -1], [2, 3]]), "W^T")
    c.ok(W.T * delta == sp.Matrix([-1, 8]), "grad_x = (-1, 8)")
    W2 = W - R(1, 10) * delta * x.T
    c.ok(W2 == sp.Matrix([[R(8, 10), R(19, 10)], [R(-14, 10), R(28, 10)]]), "updated W")
    y2 = W2 * x + b
    c.ok(y2 == sp.Matrix([R(7, 2), 1]), "new output (3.5, 1)")
    L2 = R(1, 2) * ((y2 - t).T * (y2 - t))[0]
    c.ok(L2 == R(1, 2) * (R(1, 2) ** 2 + 1) == R(5, 8) and L2 < L, "new loss 0.625 < 5/2")
    Wn = np.array(W.tolist(), dtype=float); bn = np.array(b.T.tolist()[0], dtype=float)
    xn = np.array(x.T.tolist()[0], dtype=float); tn = np.array(t.T.tolist()[0], dtype=float)
    Lf = lambda W_, b_, x_: 0.5 * float(np.sum((W_ @ x_ + b_ - tn) ** 2))
    c.close(num_grad(lambda W_: Lf(W_, bn, xn), Wn), [[2, 1], [4, 2]], "FD grad_W")
    c.close(num_grad(lambda b_: Lf(Wn, b_, xn), bn), [1, 2], "FD grad_b")
    c.close(num_grad(lambda x_: Lf(Wn, bn, x_), xn), [-1, 8], "FD grad_x")


def slip_16():
    W = sp.Matrix([[1, 2], [-1, 3]]); delta = sp.Matrix([1, 2])
    v = W.T * delta
    assert v[1] != 7
    return f"W^T delta = (1*1 + (-1)*2, 2*1 + 3*2) = ({v[0]}, {v[1]}), second entry is {v[1]} not 7"


# ---------------------------------------------------------------- driver

def one_change(a, b):
    """Return (prefix_len, a_mid, b_mid) of the single differing region of a and b."""
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    j = 0
    while j < min(len(a), len(b)) - i and a[len(a) - 1 - j] == b[len(b) - 1 - j]:
        j += 1
    return i, a[i:len(a) - j], b[i:len(b) - j]


def main():
    with open(PATH, encoding="utf-8") as fh:
        recs = [json.loads(line) for line in fh if line.strip()]
    all_ok = True
    expected = []
    for k in range(1, 17):
        expected += [f"pk-{k:02d}", f"pk-{k:02d}-slip"]
    ids = [r.get("id") for r in recs]
    if ids != expected:
        print(f"structure FAILED: ids {ids}")
        all_ok = False
    byid = {r["id"]: r for r in recs}
    for r in recs:
        if set(r) != {"id", "solution", "slip"}:
            print(f"{r['id']} FAILED: keys {sorted(r)}")
            all_ok = False
    total = 0
    for k in range(1, 17):
        kid = f"pk-{k:02d}"
        key, slip = byid.get(kid), byid.get(kid + "-slip")
        c = Checker()
        try:
            if key is None or slip is None:
                raise Fail("missing record")
            nlines = key["solution"].count("\n") + 1
            c.ok(key["slip"] is None, "correct key has slip null")
            c.ok(10 <= nlines <= 30, f"10-30 lines (has {nlines})")
            globals()[f"check_{k:02d}"](c)
            print(f"{kid} ok: {c.n} checks ({len(c.names)} distinct statements)")
            total += c.n
        except Fail as e:
            print(f"{kid} FAILED after {c.n} checks: {e}")
            all_ok = False
        try:
            s = slip["slip"]
            if not isinstance(s, str) or slip["solution"].count(s) != 1:
                raise Fail("slip substring must occur exactly once in the slipped solution")
            pos, old, new = one_change(key["solution"], slip["solution"])
            start = slip["solution"].find(s)
            if old == new or not (start <= pos and pos + len(new) <= start + len(s)):
                raise Fail("the single change does not lie inside the recorded slip")
            restored = s[:pos - start] + old + s[pos - start + len(new):]
            if restored not in key["solution"] or s in key["solution"]:
                raise Fail("slip is not a one-place edit of the key")
            cex = globals()[f"slip_{k:02d}"]()
            print(f"{kid}-slip: slip confirmed: {cex}")
        except (Fail, AssertionError) as e:
            print(f"{kid}-slip FAILED: {e!r}")
            all_ok = False
    print(f"summary: {total} checks on 16 keys, 16 slips; {'ALL OK' if all_ok else 'FAILURES'}")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
