from common import *
KEY = "keys/009_rmsnorm_jacobian.md"
META = dict(kind="symbolic", topic="RMSNorm Jacobian and input gradient")
SLIP = dict(line=7, old=r"\frac{y_i y_j}{d}\right)$", new=r"\frac{y_j^2}{d}\right)$", kind="index",
            desc="index i replaced by j in the outer-product term: y_i y_j/d became y_j^2/d. Witness d=2, x=(3,4), "
                 "i=1, j=2: true dy_1/dx_2 = -12 sqrt2/125 ~ -0.1358, claimed -(y_2^2/2)/r = -16 sqrt2/125 ~ -0.1810.")

def setup(d):
    x = sp.symbols(f'x1:{d+1}', real=True)
    r = sp.sqrt(sum(t**2 for t in x) / d)
    y = [t / r for t in x]
    return x, r, y

nz = lambda s: sp.Rational(RNG.choice([-1, 1]) * RNG.randint(1, 300), 100)

def check(doc):
    doc.note(3, r"y = x / r")
    for d in (2, 3, 4):
        x, r, y = setup(d)
        doc.eq(3, [r"= \|x\|_2/\sqrt d"], r, sp.sqrt(sum(t**2 for t in x)) / sp.sqrt(d), x, nz)
        for j in range(d):
            dr = sp.diff(r, x[j])
            doc.eq(5, [r"\frac{1}{2r} \cdot \frac{2 x_j}{d}"], dr, 1 / (2 * r) * 2 * x[j] / d, x, nz)
            doc.eq(5, [r"= \frac{x_j}{d\,r} = \frac{y_j}{d}$"], dr, y[j] / d, x, nz)
        J = sp.Matrix(d, d, lambda i, j: sp.diff(y[i], x[j]))
        for i in range(d):
            for j in range(d):
                dl = 1 if i == j else 0
                doc.eq(7, [r"\frac{\delta_{ij}}{r} - \frac{x_i}{r^2}\frac{\partial r}{\partial x_j}"], J[i, j], dl / r - x[i] / r**2 * sp.diff(r, x[j]), x, nz)
                doc.eq(7, [r"= \frac{1}{r}\left(\delta_{ij} - \frac{y_i y_j}{d}\right)$"], J[i, j], (dl - y[i] * y[j] / d) / r, x, nz)
        Y = sp.Matrix(y)
        M = sp.eye(d) - Y * Y.T / d
        doc.eq(9, [r"\frac{\partial y}{\partial x} = \frac1r\left(I - \frac1d y y^\top\right)"], J, M / r, x, nz)
        doc.eq(9, [r"\|y\|_2^2 = \sum_i y_i^2 = d"], sum(t**2 for t in y), d, x, nz)
        doc.eq(9, [r"\left(I - \frac1d y y^\top\right) y = y - \frac{d}{d}\, y = 0"], M * Y, sp.zeros(d, 1), x, nz)
        c = sp.Symbol('c', positive=True)
        for i in range(d):
            doc.eq(11, [r"y(c x) = y(x)$ for every $c > 0"], y[i].subs({t: c * t for t in x}, simultaneous=True), y[i], x, nz)
        doc.eq(11, [r"derivative along the direction $x$ vanishes"], J * sp.Matrix(x), sp.zeros(d, 1), x, nz)
        gg = sp.symbols(f'g1:{d+1}', real=True); h = sp.symbols(f'h1:{d+1}', real=True)
        L = sum(h[i] * gg[i] * y[i] for i in range(d))   # dL/dz_i = h_i
        u = [gg[i] * h[i] for i in range(d)]
        for j in range(d):
            doc.eq(13, [r"\frac{\partial L}{\partial x_j} = \frac1r\left(u_j - \frac{y_j}{d}\sum_{i=1}^{d} u_i y_i\right)"], sp.diff(L, x[j]),
                   (u[j] - y[j] / d * sum(u[i] * y[i] for i in range(d))) / r, list(x) + list(gg) + list(h), nz)
    x, r, y = setup(2)
    pt = {x[0]: 3, x[1]: 4}
    doc.eq(15, [r"r = \sqrt{25/2} = 5/\sqrt2"], r.subs(pt), sp.sqrt(sp.Rational(25, 2)))
    doc.eq(15, [r"= 5/\sqrt2"], r.subs(pt), 5 / sp.sqrt(2))
    doc.eq(15, [r"y = (3\sqrt2/5, 4\sqrt2/5)"], sp.Matrix([y[0].subs(pt), y[1].subs(pt)]), sp.Matrix([3 * sp.sqrt(2) / 5, 4 * sp.sqrt(2) / 5]))
    dv = sp.diff(y[0], x[1]).subs(pt)
    doc.eq(15, [r"\frac{\partial y_1}{\partial x_2} = -\frac{y_1 y_2}{2r}"], dv, (-y[0] * y[1] / (2 * r)).subs(pt))
    doc.eq(15, [r"= -\frac{12\sqrt2}{125}"], dv, -12 * sp.sqrt(2) / 125)
    return doc.finish()

def slip_false(doc):
    x, r, y = setup(2)
    pt = {x[0]: 3, x[1]: 4}
    tv = sp.diff(y[0], x[1]).subs(pt); cl = ((0 - y[1]**2 / 2) / r).subs(pt)
    return false_at(doc, 7, [r"\frac{y_j^2}{d}\right)$"], sp.simplify(tv - cl) == 0, f"d=2, x=(3,4), i=1, j=2: true {sp.nsimplify(tv)}, claimed {sp.simplify(cl)}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
