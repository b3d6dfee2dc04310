from common import *
KEY = "keys/013_softmax_temperature.md"
META = dict(kind="symbolic", topic="temperature derivative of softmax probabilities and entropy")
SLIP = dict(line=7, old=r"= -\frac{p_i}{\tau^2}\left(z_i - \bar z\right)$", new=r"= -\frac{p_i}{\tau}\left(z_i - \bar z\right)$",
            kind="chain-rule",
            desc="one power of tau from the inner derivative du/dtau = -z/tau^2 lost. Witness n=2, z=(1,0), tau=2, i=1: "
                 "true -p_1(1-p_1)/4 ~ -0.05875, claimed -p_1(1-p_1)/2 ~ -0.1175.")
tau = sp.Symbol('tau', positive=True)
pos = lambda s: sp.Rational(RNG.randint(20, 400), 100) if s == tau else sp.Rational(RNG.randint(-300, 300), 100)

def setup(n):
    z = sp.symbols(f'z1:{n+1}', real=True)
    E = sum(sp.exp(t / tau) for t in z)
    p = [sp.exp(t / tau) / E for t in z]
    return z, p

def check(doc):
    doc.note(3, r"p = \operatorname{softmax}(u)", r"u = z/\tau")
    for n in (2, 3):
        z, p = setup(n)
        syms = list(z) + [tau]
        u = sp.symbols(f'u1:{n+1}', real=True)
        Eu = sum(sp.exp(t) for t in u); pu = [sp.exp(t) / Eu for t in u]
        for k in range(n):
            doc.eq(5, [r"\frac{d u_k}{d\tau} = -\frac{z_k}{\tau^2}"], sp.diff(z[k] / tau, tau), -z[k] / tau**2)
            for i in range(n):
                doc.eq(5, [r"\frac{\partial p_i}{\partial u_k} = p_i(\delta_{ik} - p_k)"], sp.diff(pu[i], u[k]), pu[i] * ((1 if i == k else 0) - pu[k]), u)
        zb = sum(p[k] * z[k] for k in range(n))
        for i in range(n):
            dp = sp.diff(p[i], tau)
            doc.eq(7, [r"\sum_{k} p_i(\delta_{ik} - p_k)\left(-\frac{z_k}{\tau^2}\right)"], dp, sum(p[i] * ((1 if i == k else 0) - p[k]) * (-z[k] / tau**2) for k in range(n)), syms, pos)
            doc.eq(7, [r"= -\frac{p_i}{\tau^2}\left(z_i - \bar z\right)$", r"\bar z = \sum_k p_k z_k"], dp, -p[i] / tau**2 * (z[i] - zb), syms, pos)
        doc.true(9, [r"lowers $p_i$ exactly when $z_i > \bar z$"], True)  # sign of -p_i/tau^2 (z_i - zbar), p_i > 0, checked by the identity above
        doc.eq(9, [r"\sum_i \frac{dp_i}{d\tau} = -\frac{1}{\tau^2}(\bar z - \bar z) = 0"], sum(sp.diff(pi, tau) for pi in p), 0, syms, pos)
        lse = sp.log(sum(sp.exp(t / tau) for t in z))
        for i in range(n):
            doc.eq(11, [r"\log p_i = z_i/\tau - \operatorname{lse}(z/\tau)"], sp.log(p[i]), z[i] / tau - lse, syms, pos)
        H = -sum(pi * (z[i] / tau - lse) for i, pi in enumerate(p))
        dH = sp.diff(H, tau)
        doc.eq(11, [r"\frac{dH}{d\tau} = \frac{1}{\tau^3}\left(\sum_i p_i z_i^2 - \bar z^2\right)"], dH, (sum(p[i] * z[i]**2 for i in range(n)) - zb**2) / tau**3, syms, pos)
        doc.eq(11, [r"\ge 0"], sum(p[i] * z[i]**2 for i in range(n)) - zb**2, sum(p[i] * (z[i] - zb)**2 for i in range(n)), syms, pos)  # a p-weighted variance
    z, p = setup(2)
    pt = {z[0]: 1, z[1]: 0, tau: 1}
    p1 = p[0].subs(pt)
    doc.eq(13, [r"p_1 = \sigma(1)"], p1, 1 / (1 + sp.exp(-1)))
    doc.approx(13, [r"\sigma(1) \approx"], p1, "0.7311")
    d1 = sp.diff(p[0], tau).subs(pt)
    doc.eq(13, [r"\frac{dp_1}{d\tau} = -p_1 (1 - p_1)"], d1, -p1 * (1 - p1))
    doc.approx(13, [r"-p_1 (1 - p_1) \approx"], d1, "-0.1966")
    return doc.finish()

def slip_false(doc):
    z, p = setup(2)
    pt = {z[0]: 1, z[1]: 0, tau: 2}
    zb = p[0] * z[0] + p[1] * z[1]
    tv = sp.diff(p[0], tau).subs(pt); cl = (-p[0] / tau * (z[0] - zb)).subs(pt)
    return false_at(doc, 7, [r"= -\frac{p_i}{\tau}\left(z_i - \bar z\right)$"], abs(sp.N(tv - cl, 50)) < 1e-40,
                    f"n=2, z=(1,0), tau=2, i=1: true {sp.N(tv, 6)}, claimed {sp.N(cl, 6)}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
