import sympy as sp
from _check import mat_eq
n, m, k = 2, 3, 2
x = sp.Matrix(sp.symbols(f"x0:{n}")); y = sp.Matrix(sp.symbols(f"y0:{k}"))
W1 = sp.Matrix(m, n, sp.symbols(f"A0:{m*n}")); b1 = sp.Matrix(sp.symbols(f"b0:{m}"))
W2 = sp.Matrix(k, m, sp.symbols(f"C0:{k*m}")); b2 = sp.Matrix(sp.symbols(f"c0:{k}"))
for phi in (sp.tanh, lambda t: 1 / (1 + sp.exp(-t)), lambda t: t**3 + t):
    a = W1 * x + b1; h = a.applyfunc(phi); yh = W2 * h + b2
    L = sum((yh[i] - y[i]) ** 2 for i in range(k)) / 2
    t = sp.Symbol("t"); dphi = sp.diff(phi(t), t)
    d2 = yh - y
    G = lambda M: sp.Matrix(M.shape[0], M.shape[1], lambda i, j: sp.diff(L, M[i, j]))
    mat_eq(G(W2), d2 * h.T); mat_eq(G(b2), d2)
    hs = sp.Matrix(sp.symbols(f"h0:{m}"))
    Lh = sum(((W2 * hs + b2)[i] - y[i]) ** 2 for i in range(k)) / 2
    mat_eq(sp.Matrix([sp.diff(Lh, v) for v in hs]).subs(dict(zip(hs, h))), W2.T * d2)
    d1 = (W2.T * d2).multiply_elementwise(a.applyfunc(lambda v: dphi.subs(t, v)))
    mat_eq(G(W1), d1 * x.T); mat_eq(G(b1), d1); mat_eq(G(x), W1.T * d1)
# tanh: phi'(a) = 1 - h*h
a = sp.Symbol("a"); assert sp.simplify(sp.diff(sp.tanh(a), a) - (1 - sp.tanh(a) ** 2)) == 0
print("045 ok")
