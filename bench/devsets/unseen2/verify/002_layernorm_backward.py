from common import *
c = Checker("keys/002_layernorm_backward.tex")
eps = sp.symbols("epsilon", positive=True)
for d in (2, 3, 4):
    x = sp.symbols(f"x1:{d+1}", real=True); ga = sp.symbols(f"gamma1:{d+1}", real=True)
    be = sp.symbols(f"beta1:{d+1}", real=True); G = sp.symbols(f"G1:{d+1}", real=True)
    mu = sum(x) / d
    v = sum((xk - mu)**2 for xk in x) / d
    s = sp.sqrt(v + eps)
    yh = [(xk - mu) / s for xk in x]
    y = [ga[i] * yh[i] + be[i] for i in range(d)]
    L = sum(G[i] * y[i] for i in range(d))
    g = [ga[i] * G[i] for i in range(d)]
    for j in range(d):
        ln = c.find(r"\frac{\partial \mu}{\partial x_j} = \frac{1}{d}")
        c.eq(ln, None, sp.diff(mu, x[j]), sp.Rational(1, d), "dmu")
        c.eq(ln, None, sum(xk - mu for xk in x), 0, "sum dev")
        c.eq(ln, None, sp.diff(v, x[j]), sp.Rational(2, d) * (x[j] - mu), "dv")
        ln = c.find(r"Hence $\frac{\partial s}{\partial x_j}")
        c.eq(ln, None, sp.diff(s, x[j]), (x[j] - mu) / (d * s), "ds")
        c.eq(ln, None, (x[j] - mu) / (d * s), yh[j] / d, "ds=yhat/d")
        for i in range(d):
            dij = sp.Integer(1 if i == j else 0)
            l1 = c.find(r"&= \frac{\delta_{ij} - \frac{1}{d}}{s}")
            c.eq(l1, None, sp.diff(yh[i], x[j]), (dij - sp.Rational(1, d)) / s - (x[i] - mu) / s**2 * sp.diff(s, x[j]), "quotient")
            l2 = c.find(r"\hat y_i \hat y_j}{d}\Bigr)")
            c.eq(l2, None, sp.diff(yh[i], x[j]), (dij - sp.Rational(1, d) - yh[i] * yh[j] / d) / s, "final jac")
        ln = c.find(r"\frac{\partial L}{\partial x_j} = \frac{1}{s}\Bigl(g_j")
        c.eq(ln, None, sp.diff(L, x[j]), (g[j] - sum(g) / d - yh[j] / d * sum(g[i] * yh[i] for i in range(d))) / s, "dL/dx")
        c.eq(c.find("Summing $g_i"), None, sum(g[i] * sp.diff(yh[i], x[j]) for i in range(d)), sp.diff(L, x[j]), "sum over i")
    ln = c.find("Two checks")
    c.eq(ln, None, sum(sp.diff(L, xj) for xj in x), 0, "grad sums to zero")
    c.eq(ln, None, sum(yh), 0, "sum yhat = 0")
    t = sp.symbols("t", real=True)
    c.eq(ln, None, yh[0].subs({xk: xk + t for xk in x}, simultaneous=True), yh[0], "shift invariance")
    ln = c.find(r"\frac{\partial L}{\partial \gamma_i}")
    for i in range(d):
        c.eq(ln, None, sp.diff(L, ga[i]), G[i] * yh[i], "dgamma")
        c.eq(ln, None, sp.diff(L, be[i]), G[i], "dbeta")
c.report()
