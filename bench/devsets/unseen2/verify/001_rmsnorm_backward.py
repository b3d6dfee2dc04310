from common import *
c = Checker("keys/001_rmsnorm_backward.md")
eps = sp.symbols("epsilon", positive=True)
for d in (2, 3, 4):
    x = sp.symbols(f"x1:{d+1}", real=True); g = sp.symbols(f"g1:{d+1}", real=True); G = sp.symbols(f"G1:{d+1}", real=True)
    r = sp.sqrt(sum(xk**2 for xk in x) / d + eps)
    y = [g[i] * x[i] / r for i in range(d)]
    L = sum(G[i] * y[i] for i in range(d))  # upstream gradient dL/dy_i = G_i
    for j in range(d):
        # line: 2 r dr/dx_j = 2 x_j / d
        c.eq(c.find(r"2r\,\frac{\partial r}{\partial x_j} = \frac{2x_j}{d}"), None, 2 * r * sp.diff(r, x[j]), 2 * x[j] / d, f"d={d} 2r r'")
        c.eq(c.find(r"Hence $\frac{\partial r}{\partial x_j} = \frac{x_j}{d\,r}$"), None, sp.diff(r, x[j]), x[j] / (d * r), f"d={d} dr/dx")
        for i in range(d):
            dij = 1 if i == j else 0
            ln = c.find("By the quotient rule")
            mid = g[i] * (sp.Integer(dij) / r - x[i] / r**2 * sp.diff(r, x[j]))
            c.eq(ln, None, sp.diff(y[i], x[j]), mid, f"d={d} J{i}{j} quotient")
            c.eq(ln, None, mid, g[i] * (sp.Integer(dij) / r - x[i] * x[j] / (d * r**3)), f"d={d} J{i}{j} final")
        ln = c.find(r"\frac{\partial L}{\partial x_j} = \frac{g_j}{r}")
        c.eq(ln, None, sp.diff(L, x[j]), g[j] / r * G[j] - x[j] / (d * r**3) * sum(g[i] * x[i] * G[i] for i in range(d)), f"d={d} dL/dx")
        ln = c.find(r"I - \frac{x x^\top}{d\,r^2}")
        # collapse line: chain rule sum equals the displayed formula (checked above); line before the display states the chain rule itself
        c.eq(c.find("collapses the"), None, sum(G[i] * sp.diff(y[i], x[j]) for i in range(d)), sp.diff(L, x[j]), "chain rule")
    J = sp.Matrix(d, d, lambda i, j: sp.diff(y[i], x[j]))
    X = sp.Matrix(x)
    c.meq(c.find(r"I - \frac{x x^\top}{d\,r^2}"), None, J, (1 / r) * sp.diag(*g) * (sp.eye(d) - X * X.T / (d * r**2)), f"d={d} matrix form")
    # sanity check with eps = 0
    ln = c.find("annihilate")
    r0 = sp.sqrt(sum(xk**2 for xk in x) / d)
    y0 = [g[i] * x[i] / r0 for i in range(d)]
    cs = sp.symbols("c", positive=True)
    c.eq(ln, None, y0[0].subs({xk: cs * xk for xk in x}, simultaneous=True), y0[0], "scale invariance")
    for i in range(d):
        s = sum(sp.diff(y0[i], x[j]) * x[j] for j in range(d))
        c.eq(ln, None, s, g[i] * (x[i] / r0 - x[i] * sum(xk**2 for xk in x) / (d * r0**3)), "middle expr")
        c.eq(ln, None, s, 0, "annihilates x")
        c.eq(ln, None, sum(xk**2 for xk in x), d * r0**2, "sum x^2 = d r^2")
        c.eq(c.find(r"\frac{\partial L}{\partial g_i}"), None, sp.diff(L, g[i]), x[i] / r * G[i], "dL/dg")
c.report()
