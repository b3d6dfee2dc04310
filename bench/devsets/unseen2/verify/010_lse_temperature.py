from common import *
c = Checker("keys/010_lse_temperature.tex")
tau = sp.symbols("tau", positive=True)
for n in (2, 3, 4):
    x = sp.symbols(f"x1:{n+1}", real=True)
    Z = sum(sp.exp(xi / tau) for xi in x)
    F = tau * sp.log(Z)
    p = [sp.exp(xi / tau) / Z for xi in x]
    ln = c.find("The gradient in $x$ is the softmax itself")
    for i in range(n):
        c.eq(ln, None, sp.diff(F, x[i]), tau * (1 / Z) * sp.exp(x[i] / tau) * (1 / tau), "chain")
        c.eq(ln, None, sp.diff(F, x[i]), p[i], "= p_i")
    c.eq(c.find("For the temperature, $Z'(\\tau)"), None, sp.diff(Z, tau), -sum(xi * sp.exp(xi / tau) for xi in x) / tau**2, "Z'")
    c.eq(c.find(r"F'(\tau) &= \log Z + \tau\,\frac{Z'(\tau)}{Z}"), None, sp.diff(F, tau), sp.log(Z) + tau * sp.diff(Z, tau) / Z, "product rule")
    c.eq(c.find(r"&= \log Z - \frac{1}{\tau}\sum_{i=1}^{n} p_i x_i"), None, sp.diff(F, tau), sp.log(Z) - sum(p[i] * x[i] for i in range(n)) / tau, "F' final")
    ln = c.find(r"Since $\log p_i = x_i/\tau - \log Z$")
    for i in range(n):
        c.eq(ln, None, sp.expand_log(sp.log(p[i]), force=True), x[i] / tau - sp.log(Z), "log p_i")
    H = -sum(p[i] * (x[i] / tau - sp.log(Z)) for i in range(n))
    c.eq(ln, None, H, sp.log(Z) - sum(p[i] * x[i] for i in range(n)) / tau, "entropy formula")
    c.eq(ln, None, sp.diff(F, tau), H, "F' = H")
    # H >= 0: each -p log p >= 0 since 0 < p <= 1; sample check
    Hf = sp.lambdify((tau,) + x, -sum(pi * sp.log(pi) for pi in p), "mpmath")
    import random; rng = random.Random(n)
    c.true(ln, None, all(Hf(mp.mpf(rng.uniform(0.1, 5)), *[mp.mpf(rng.uniform(-9, 9)) for _ in x]) >= 0 for _ in range(200)), "H >= 0")
    ln = c.find("Thus $F$ is nondecreasing")
    z = {xi: 0 for xi in x}
    for i in range(n):
        c.eq(ln, None, p[i].subs(z), sp.Rational(1, n), "uniform")
    c.eq(ln, None, F.subs(z), tau * sp.log(n), "F at 0")
    c.eq(ln, None, sp.diff(F.subs(z), tau), sp.log(n), "derivative log n")
    c.eq(ln, None, -sum(sp.Rational(1, n) * sp.log(sp.Rational(1, n)) for _ in range(n)), sp.log(n), "uniform entropy")
ln = c.find("For $n = 2$, $x = (0, 1)$")
x = (0, 1); Z = 1 + sp.E; p2 = sp.E / (1 + sp.E)
c.approx(ln, "0.7311", p2, "0.7311")
H = -(1 / Z * sp.log(1 / Z) + p2 * sp.log(p2))
t_ = sp.symbols("t", positive=True)
F = t_ * sp.log(sp.exp(0 / t_) + sp.exp(1 / t_))
c.eq(ln, None, sp.diff(F, t_).subs(t_, 1), H, "F'(1)=H")
c.approx(ln, "0.5822", H, "0.5822")
c.report()
