from common import *
KEY = "keys/014_he_init_variance.md"
META = dict(kind="symbolic", topic="variance propagation through a ReLU layer, He and Xavier initialisation")
SLIP = dict(line=7, old=r"If $x \ge 0$ then", new=r"If $x \le 0$ then", kind="case",
            desc="case condition changed so the case's conclusion ReLU(x)^2 = x^2 is claimed for x <= 0, where it is false. "
                 "Witness x=-1: ReLU(-1)^2 = 0 but x^2 = 1.")
x = sp.Symbol('x', real=True); v, s2, n = sp.symbols('v s2 n', positive=True)
relu = lambda t: sp.Max(0, t)
phi = 1 / sp.sqrt(2 * sp.pi * v) * sp.exp(-x**2 / (2 * v))

def check(doc):
    doc.note(3, r"y_i = \sum_{j=1}^{n} W_{ij} a_j", r"x_j \sim \mathcal N(0, v)")
    # Var(sum of independent zero-mean products) = sum E[W^2] E[a^2]; E[W^2] = s^2. Check with a discrete model:
    # W uniform on {-s, s}, a on a finite support, n = 3, exactly.
    import itertools
    sv = sp.Rational(1, 2); avals = [0, 1, 3]; n0 = 3
    Ea2 = sp.Rational(sum(a**2 for a in avals), len(avals))
    tot = 0; tot2 = 0; cnt = 0
    for Ws in itertools.product([-sv, sv], repeat=n0):
        for As in itertools.product(avals, repeat=n0):
            yv = sum(w * a for w, a in zip(Ws, As)); tot += yv; tot2 += yv**2; cnt += 1
    var = sp.Rational(tot2, cnt) - sp.Rational(tot, cnt)**2
    doc.eq(5, [r"= \sum_{j=1}^{n} \mathbb E[W_{ij}^2]\,\mathbb E[a_j^2] = n s^2\, \mathbb E[a_1^2]"], var, n0 * sv**2 * Ea2)
    doc.note(7, r"split on the sign of $x$")
    for xv in [sp.Rational(k, 7) for k in range(-30, 31)]:
        if xv >= 0:
            doc.eq(7, [r"If $x \ge 0$ then $\operatorname{ReLU}(x)^2 = x^2$"], relu(xv)**2, xv**2)
        else:
            doc.eq(7, [r"If $x < 0$ then $\operatorname{ReLU}(x)^2 = 0$"], relu(xv)**2, 0)
    I2 = sp.integrate(x**2 * phi, (x, 0, sp.oo))
    doc.eq(9, [r"\int_0^\infty x^2 \phi_v(x)\,dx = \frac12 \mathbb E[x^2] = \frac{v}{2}"], I2, v / 2)
    doc.eq(9, [r"\frac12 \mathbb E[x^2]"], sp.integrate(x**2 * phi, (x, -sp.oo, sp.oo)) / 2, v / 2)
    doc.eq(9, [r"\phi_v(x) = \frac{1}{\sqrt{2\pi v}} e^{-x^2/(2v)}"], sp.integrate(phi, (x, -sp.oo, sp.oo)), 1)
    doc.eq(11, [r"\operatorname{Var}(y_i) = \frac{n s^2 v}{2}"], n * s2 * I2, n * s2 * v / 2)
    doc.eq(11, [r"requires $s^2 = \frac{2}{n}$"], sp.solve(sp.Eq(n * s2 * v / 2, v), s2)[0], 2 / n)
    I1 = sp.integrate(x * phi, (x, 0, sp.oo))
    doc.eq(13, [r"\int_0^\infty x\, \phi_v(x)\, dx = \sqrt{\frac{v}{2\pi}}"], I1, sp.sqrt(v / (2 * sp.pi)))
    doc.eq(13, [r"\operatorname{Var}(a_1) = v\left(\frac12 - \frac{1}{2\pi}\right)"], I2 - I1**2, v * (sp.Rational(1, 2) - 1 / (2 * sp.pi)))
    doc.true(13, ["it is the second moment"], sp.simplify(I2 - (I2 - I1**2)) != 0)
    doc.eq(15, [r"\tanh(x)^2 = x^2 + O(x^4)"], sp.series(sp.tanh(x)**2, x, 0, 4).removeO(), x**2)
    doc.eq(15, [r"Xavier's $s^2 = \frac{1}{n}$"], sp.solve(sp.Eq(n * s2 * v, v), s2)[0], 1 / n)
    doc.note(15, r"\operatorname{Var}(y_i) \approx n s^2 v")
    for xv in [sp.Rational(k, 7) for k in range(-30, 31) if k != 0]:
        dv = sp.diff(relu(x), x).subs(x, xv)
        doc.eq(17, [r"if $x > 0$ then $\operatorname{ReLU}'(x) = 1$" if xv > 0 else r"if $x < 0$ then $\operatorname{ReLU}'(x) = 0$"], dv, 1 if xv > 0 else 0)
    doc.eq(17, [r"\mathbb E[\operatorname{ReLU}'(x)^2] = \frac12"], sp.integrate(phi, (x, 0, sp.oo)), sp.Rational(1, 2))
    return doc.finish()

def slip_false(doc):
    xv = -1
    return false_at(doc, 7, [r"If $x \le 0$ then $\operatorname{ReLU}(x)^2 = x^2$"], relu(xv)**2 == xv**2, f"x=-1: ReLU(-1)^2 = {relu(xv)**2}, x^2 = {xv**2}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
