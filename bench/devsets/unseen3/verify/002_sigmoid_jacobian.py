from common import *
C = Checker("keys/002_sigmoid_jacobian.md")
t = sp.symbols("t", real=True)
sig = 1 / (1 + sp.exp(-t))
d = sp.diff(sig, t)
C.ck(3, "sigma'", zero(d - sp.exp(-t) / (1 + sp.exp(-t))**2), "\\frac{e^{-t}}{(1 + e^{-t})^2}")
C.ck(4, "1-sigma", zero(1 - sig - sp.exp(-t) / (1 + sp.exp(-t))), "\\frac{e^{-t}}{1 + e^{-t}}")
C.ck(4, "sigma(1-sigma)", zero(d - sig * (1 - sig)), "\\sigma(t)\\,(1 - \\sigma(t))")
for n in (2, 3, 4):
    z = sp.symbols(f"z1:{n+1}", real=True)
    s = [1 / (1 + sp.exp(-v)) for v in z]
    J = sp.Matrix(n, n, lambda i, j: sp.diff(s[i], z[j]))
    C.ck(5, "s_i depends on z_i only", all(sp.diff(s[i], z[j]) == 0 for i in range(n) for j in range(n) if i != j))
    C.ck(6, "J_ij", all(zero(J[i, j] - s[i] * (1 - s[i]) * (1 if i == j else 0)) for i in range(n) for j in range(n)), "\\delta_{ij}")
    C.ck(7, "diag form", mat_zero(J - sp.diag(*[s[i] * (1 - s[i]) for i in range(n)])), "\\operatorname{diag}(s \\odot (\\mathbf 1 - s))")
    g = sp.symbols(f"g1:{n+1}")
    v = J.T * sp.Matrix(g)
    C.ck(8, "J^T g", all(zero(v[i] - g[i] * s[i] * (1 - s[i])) for i in range(n)), "J^\\top g = g \\odot s \\odot (\\mathbf 1 - s)")
# L9: 0 < u(1-u) <= 1/4 for 0<u<1, equality iff u = 1/2 iff z = 0
u = sp.symbols("u")
C.ck(9, "1/4 - u(1-u) = (u-1/2)^2", zero(sp.Rational(1, 4) - u * (1 - u) - (u - sp.Rational(1, 2))**2), "\\le \\frac14")
C.ck(9, "sigma(0)=1/2 and sigma injective", sig.subs(t, 0) == sp.Rational(1, 2) and all(d.subs(t, x0) > 0 for x0 in range(-5, 6)), "z_i = 0")
# L10: spectral norm of nonneg diagonal = max entry
import random
random.seed(1)
ok = True
for _ in range(20):
    zs = [random.uniform(-4, 4) for _ in range(3)]
    D = sp.diag(*[float((sig * (1 - sig)).subs(t, x0)) for x0 in zs])
    nrm = max(abs(e) for e in D.singular_values())
    ok &= abs(nrm - max(D[i, i] for i in range(3))) < 1e-12 and nrm <= 0.25
C.ck(10, "||J||_2 = max diag <= 1/4", ok, "\\|J\\|_2 = \\max_i s_i (1 - s_i) \\le \\frac14")
C.ck(11, "sigma(-t) = 1 - sigma(t)", zero(sig.subs(t, -t) - (1 - sig)), "\\sigma(-t) = 1 - \\sigma(t)")
C.ck(11, "sigma'(-t) = sigma'(t)", zero(d.subs(t, -t) - d), "\\sigma'(-t) = \\sigma'(t)")
C.done()
