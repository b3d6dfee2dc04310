"""Independent exact check by enumerating concrete distributions with the stated moments."""
from common import *
from itertools import product
c = Checker("keys/005_dot_product_variance.md")
m, sq, sk = sp.symbols("m sigma_q sigma_k", positive=True)

def moments(d, qvals, kvals):
    """q_i uniform on qvals, k_i uniform on kvals, all independent; returns E[s], Var(s)"""
    pts = list(product(qvals, repeat=d)); kts = list(product(kvals, repeat=d))
    N = len(pts) * len(kts)
    E = sp.Rational(0); E2 = sp.Rational(0)
    for qq in pts:
        for kk in kts:
            s = sum(a * b for a, b in zip(qq, kk))
            E += s; E2 += s**2
    E = sp.expand(E / N); V = sp.expand(E2 / N - E**2)
    return E, V

pm = (-1, 1)
ln = c.find("Each term has mean")
E1, V1 = moments(1, pm, pm)
c.eq(ln, None, E1, 0, "E[q_i k_i]=0"); c.eq(ln, None, V1, 1, "Var(q_i k_i)=1")
c.eq(ln, None, 1 * 1 - 0, 1, "1*1-0")
# Var(s) = sum of variances = d, check for d=2,3 with two distributions (+-1 and a 3-point one)
three = (-sp.sqrt(sp.Rational(3, 2)), 0, sp.sqrt(sp.Rational(3, 2)))  # mean 0, var 1
for d in (2, 3):
    ln = c.find(r"\operatorname{Var}(s) = \sum_{i=1}^{d}")
    E, V = moments(d, pm, pm); c.eq(ln, None, V, d, f"Var(s) d={d}")
    c.eq(ln, None, sum(1 for i in range(1, d + 1)), d, "sum of d ones")
    E, V = moments(d, three, pm); c.eq(ln, None, V, d, f"Var(s) 3pt d={d}")
    ln = c.find("Scaling by $1/\\sqrt d$")
    c.eq(ln, None, V / d, 1, "scaled var")
    c.eq(ln, None, sp.Rational(1, d) * V, 1, "1/d Var")
c.eq(c.find("Scaling by $1/\\sqrt d$"), None, sp.sqrt(64), 8, "sqrt 64")
ln = c.find(r"\sigma_q^2\,\sigma_k^2")
for d in (2, 3):
    E, V = moments(d, (-sq, sq), (-sk, sk)); c.eq(ln, None, V / d, sq**2 * sk**2, f"general var d={d}")
ln = c.find("share a nonzero mean")
E1, V1 = moments(1, pm, (m - 1, m + 1))
c.eq(ln, None, sp.expand(sum(t**2 for t in (m - 1, m + 1)) / 2), 1 + m**2, "E[k^2]")
c.eq(ln, None, V1, 1 + m**2, "Var(q_i k_i) with mean m")
for d in (2, 3):
    E, V = moments(d, pm, (m - 1, m + 1)); c.eq(ln, None, V / d, 1 + m**2, f"scaled var with mean d={d}")
c.report()
