import sympy as sp
from _check import eq
for K in (2, 3, 4):
    z = sp.symbols(f"z1:{K+1}"); ys = list(sp.symbols(f"y1:{K}"))
    y = ys + [1 - sum(ys)]                       # sum y = 1
    S = sum(sp.exp(t) for t in z); p = [sp.exp(t) / S for t in z]
    for k in range(K):
        eq(sp.expand_log(sp.log(p[k]), force=True), z[k] - sp.log(S))
        for j in range(K):
            eq(sp.diff(sp.log(p[k]), z[j]), (1 if k == j else 0) - p[j])
    L = -sum(y[k] * (z[k] - sp.log(S)) for k in range(K))
    for j in range(K):
        g = sp.diff(L, z[j])
        ysym = sp.symbols(f"w1:{K+1}")
        eq(-sum(ysym[k] * ((1 if k == j else 0) - p[j]) for k in range(K)), -ysym[j] + p[j] * sum(ysym))
        eq(g, p[j] - y[j])
    eq(sum(p[j] - y[j] for j in range(K)), 0)
# batch mean: (1/B)(P - Y)
B = 2; K = 3
Z = sp.Matrix(B, K, sp.symbols("a0:6")); Y = sp.Matrix([[1, 0, 0], [0, 0, 1]])
Lb = 0; P = sp.zeros(B, K)
for b in range(B):
    S = sum(sp.exp(Z[b, k]) for k in range(K))
    for k in range(K): P[b, k] = sp.exp(Z[b, k]) / S
    Lb += -sum(Y[b, k] * (Z[b, k] - sp.log(S)) for k in range(K))
Lb = Lb / B
for b in range(B):
    for k in range(K): eq(sp.diff(Lb, Z[b, k]), (P[b, k] - Y[b, k]) / B)
print("034 ok")
