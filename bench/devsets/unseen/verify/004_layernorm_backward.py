from common import *
KEY = "keys/004_layernorm_backward.md"
META = dict(kind="symbolic", topic="LayerNorm backward: Jacobian of the normalised output and input gradient")
SLIP = dict(line=9, old=r"\frac1d - \frac{\hat x_i \hat x_j}{d}\right)$", new=r"\frac1d - \hat x_i \hat x_j\right)$",
            kind="factor",
            desc="factor 1/d dropped on the outer-product term xhat_i xhat_j/d. Witness d=2, x=(1,-1), eps=1/100, i=j=1: "
                 "true d xhat_1/d x_1 = (1 - 1/2 - xhat_1^2/2)/s ~ 0.004926, claimed (1 - 1/2 - xhat_1^2)/s ~ -0.4877.")
eps = sp.Symbol('epsilon', positive=True)

def setup(d):
    x = sp.symbols(f'x1:{d+1}', real=True)
    mu = sum(x) / d
    v = sum((xk - mu)**2 for xk in x) / d
    s = sp.sqrt(v + eps)
    xh = [(xi - mu) / s for xi in x]
    return x, mu, v, s, xh

def dom(sym):
    return sp.Rational(RNG.randint(1, 300), 100) if sym == eps else sp.Rational(RNG.randint(-300, 300), 100)

def check(doc):
    doc.note(3, r"\hat x_i = (x_i - \mu)/s", r"y_i = \gamma_i \hat x_i + \beta_i")
    for d in (2, 3, 4):
        x, mu, v, s, xh = setup(d)
        syms = list(x) + [eps]
        dl = lambda i, j: 1 if i == j else 0
        for j in range(d):
            doc.eq(5, [r"\frac{\partial \mu}{\partial x_j} = \frac1d"], sp.diff(mu, x[j]), sp.Rational(1, d))
            doc.eq(5, [r"\sum_k (x_k - \mu) = 0"], sum(xk - mu for xk in x), 0, syms)
            doc.eq(5, [r"\frac{\partial v}{\partial x_j} = \frac2d (x_j - \mu)"], sp.diff(v, x[j]), sp.Rational(2, d) * (x[j] - mu), syms)
            ds = sp.diff(s, x[j])
            doc.eq(7, [r"\frac{1}{2s} \cdot \frac{2}{d}(x_j - \mu)"], ds, 1 / (2 * s) * sp.Rational(2, d) * (x[j] - mu), syms, dom)
            doc.eq(7, [r"= \frac{x_j - \mu}{d\,s} = \frac{\hat x_j}{d}$"], ds, xh[j] / d, syms, dom)
        J = sp.Matrix(d, d, lambda i, j: sp.diff(xh[i], x[j]))
        for i in range(d):
            for j in range(d):
                doc.eq(9, [r"\frac{(\delta_{ij} - \frac1d)\, s - (x_i - \mu)\frac{\hat x_j}{d}}{s^2}"], J[i, j],
                       ((dl(i, j) - sp.Rational(1, d)) * s - (x[i] - mu) * xh[j] / d) / s**2, syms, dom)
                doc.eq(9, [r"= \frac{1}{s}\left(\delta_{ij} - \frac1d - \frac{\hat x_i \hat x_j}{d}\right)$"], J[i, j],
                       (dl(i, j) - sp.Rational(1, d) - xh[i] * xh[j] / d) / s, syms, dom)
        XH = sp.Matrix(xh); one = sp.ones(d, 1)
        doc.eq(11, [r"\frac1s \left(I - \frac1d \mathbf 1 \mathbf 1^\top - \frac1d \hat x \hat x^\top\right)"], J,
               (sp.eye(d) - one * one.T / d - XH * XH.T / d) / s, syms, dom)
        doc.eq(11, ["symmetric"], J, J.T, syms, dom)
        gam = sp.symbols(f'gamma1:{d+1}', real=True); bet = sp.symbols(f'beta1:{d+1}', real=True)
        g = sp.symbols(f'g1:{d+1}', real=True)
        y = [gam[i] * xh[i] + bet[i] for i in range(d)]
        L = sum(g[i] * y[i] for i in range(d))  # linear test loss: dL/dy = g exactly
        u = [gam[i] * g[i] for i in range(d)]
        xhs = sp.symbols(f'xh1:{d+1}', real=True)
        Lx = sum(g[i] * (gam[i] * xhs[i] + bet[i]) for i in range(d))
        allsyms = syms + list(gam) + list(bet) + list(g)
        for i in range(d):
            doc.eq(13, [r"\frac{\partial L}{\partial \hat x_i} = \gamma_i g_i"], sp.diff(Lx, xhs[i]), gam[i] * g[i])
        doc.note(13, r"u = \gamma \odot g")
        for j in range(d):
            doc.eq(15, [r"\frac{\partial L}{\partial x_j} = \frac{1}{s}\left(u_j - \frac1d \sum_{i=1}^{d} u_i - \frac{\hat x_j}{d} \sum_{i=1}^{d} u_i \hat x_i\right)"],
                   sp.diff(L, x[j]), (u[j] - sum(u) / d - xh[j] / d * sum(u[i] * xh[i] for i in range(d))) / s, allsyms, dom)
            doc.eq(15, [r"\frac{\partial L}{\partial \gamma_i} = g_i \hat x_i"], sp.diff(L, gam[j]), g[j] * xh[j], allsyms, dom)
            doc.eq(15, [r"\frac{\partial L}{\partial \beta_i} = g_i"], sp.diff(L, bet[j]), g[j])
        tot = sum(sp.diff(L, x[j]) for j in range(d))
        doc.eq(17, [r"\frac1s\left(\sum_j u_j - \sum_i u_i - \frac{1}{d}\sum_j \hat x_j \sum_i u_i \hat x_i\right)"], tot,
               (sum(u) - sum(u) - sum(xh) / d * sum(u[i] * xh[i] for i in range(d))) / s, allsyms, dom)
        doc.eq(17, [r"= 0$"], tot, 0, allsyms, dom)
        doc.eq(17, [r"\sum_j \hat x_j = 0"], sum(xh), 0, syms, dom)
    return doc.finish()

def slip_false(doc):
    x, mu, v, s, xh = setup(2)
    pt = {x[0]: 1, x[1]: -1, eps: sp.Rational(1, 100)}
    true_v = sp.diff(xh[0], x[0]).subs(pt)
    claimed = ((1 - sp.Rational(1, 2) - xh[0] * xh[0]) / s).subs(pt)
    return false_at(doc, 9, [r"\frac1d - \hat x_i \hat x_j\right)$"], abs(sp.N(true_v - claimed, 50)) < 1e-40,
                    f"d=2, x=(1,-1), eps=1/100, i=j=1: true {sp.N(true_v, 8)}, claimed {sp.N(claimed, 8)}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
