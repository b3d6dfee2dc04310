from common import *
C = Checker("keys/006_mlp_relu_backprop.md")
import itertools
n, H, m = 3, 3, 2
W1 = sp.Matrix(H, n, lambda j, k: sp.Symbol(f"U{j}{k}")); b = sp.Matrix(sp.symbols(f"b1:{H+1}"))
W2 = sp.Matrix(m, H, lambda i, j: sp.Symbol(f"V{i}{j}"))
x = sp.Matrix(sp.symbols(f"x1:{n+1}")); t = sp.Matrix(sp.symbols(f"t1:{m+1}"))
h = W1 * x + b
C.ck(4, "forward defs (index form of h)", all(zero(h[j] - (sum(W1[j, k] * x[k] for k in range(n)) + b[j])) for j in range(H)), "h_j = \\sum_{k=1}^{n} W^{(1)}_{jk} x_k + b_j")
for pattern in itertools.product((0, 1), repeat=H):
    # inside the open region where sign(h_j) = pattern_j, ReLU(h_j) is h_j or 0 identically
    a = sp.Matrix([h[j] if pattern[j] else 0 for j in range(H)])
    y = W2 * a
    e = y - t
    L = sp.Rational(1, 2) * sum(e[i]**2 for i in range(m))
    ind = sp.Matrix(pattern)
    yv = sp.Matrix(sp.symbols(f"y1:{m+1}"))
    Ly = sp.Rational(1, 2) * sum((yv[i] - t[i])**2 for i in range(m))
    C.ck(5, "dL/dy = e", all(zero(sp.diff(Ly, yv[i]) - (yv[i] - t[i])) for i in range(m)), "\\partial L / \\partial y_i = e_i")
    C.ck(7, "dL/dW2", all(zero(sp.diff(L, W2[i, j]) - e[i] * a[j]) for i in range(m) for j in range(H)), "e_i\\, a_j")
    # dL/da: treat a as free variables
    av = sp.Matrix(sp.symbols(f"a1:{H+1}"))
    La = sp.Rational(1, 2) * sum(((W2 * av) - t)[i]**2 for i in range(m))
    ea = W2 * av - t
    C.ck(8, "dL/da", all(zero(sp.diff(La, av[j]) - sum(W2[i, j] * ea[i] for i in range(m))) for j in range(H)) and mat_zero(sp.Matrix([sp.diff(La, v) for v in av]) - W2.T * ea), "\\sum_{i=1}^{m} W^{(2)}_{ij}\\, e_i")
    delta = sp.Matrix([ind[j] * sum(W2[i, j] * e[i] for i in range(m)) for j in range(H)])
    # dL/dh via b (h_j = ... + b_j so dL/dh_j = dL/db_j)
    C.ck(9, "dL/dh", all(zero(sp.diff(L, b[j]) - delta[j]) for j in range(H)), "\\mathbb 1[h_j > 0] \\sum_i W^{(2)}_{ij} e_i")
    C.ck(10, "dL/dW1, dL/db", all(zero(sp.diff(L, W1[j, k]) - delta[j] * x[k]) for j in range(H) for k in range(n)) and all(zero(sp.diff(L, b[j]) - delta[j]) for j in range(H)), "\\delta_j\\, x_k")
    C.ck(11, "dL/dx", all(zero(sp.diff(L, x[k]) - sum(W1[j, k] * delta[j] for j in range(H))) for k in range(n)), "\\sum_{j=1}^{H} W^{(1)}_{jk}\\, \\delta_j")
    gW2 = sp.Matrix(m, H, lambda i, j: sp.diff(L, W2[i, j])); gW1 = sp.Matrix(H, n, lambda j, k: sp.diff(L, W1[j, k]))
    C.ck(12, "matrix form", mat_zero(gW2 - e * a.T) and mat_zero(gW1 - delta * x.T) and mat_zero(sp.Matrix([sp.diff(L, v) for v in x]) - W1.T * delta), "\\nabla_x L = W^{(1)\\top} \\delta")
    C.ck(13, "dead unit row vanishes", all(all(zero(gW1[j, k]) for k in range(n)) for j in range(H) if not pattern[j]), "\\delta_j = 0")
# sanity: the region formula agrees with a finite difference of the true max() network at a generic point
import random
random.seed(3)
sub = {v: sp.Rational(random.randint(-20, 20), 7) for v in list(W1) + list(b) + list(W2) + list(x) + list(t)}
hv = h.subs(sub)
aT = sp.Matrix([sp.Max(0, hh) for hh in h])
LT = sp.Rational(1, 2) * sum(((W2 * aT) - t)[i]**2 for i in range(m))
eps = sp.Rational(1, 10**12)
k0 = list(sub)[0]
fd = (LT.subs({**sub, k0: sub[k0] + eps}) - LT.subs({**sub, k0: sub[k0] - eps})) / (2 * eps)
pat = [1 if hh > 0 else 0 for hh in hv]
a = sp.Matrix([h[j] if pat[j] else 0 for j in range(H)]); L = sp.Rational(1, 2) * sum(((W2 * a) - t)[i]**2 for i in range(m))
C.ck(5, "ReLU' = 1[h>0] off h=0 (finite difference)", all(hh != 0 for hh in hv) and abs(sp.N(fd - sp.diff(L, k0).subs(sub))) < 1e-6, "\\mathbb 1[h > 0]")
C.done()
