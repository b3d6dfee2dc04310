from common import *
KEY = "keys/007_swish_derivative.md"
META = dict(kind="symbolic", topic="Swish/SiLU derivative with slope parameter beta")
SLIP = dict(line=5, old=r"= \sigma(\beta x) + \beta x\,\sigma(\beta x)(1 - \sigma(\beta x))$",
            new=r"= \sigma(\beta x) + x\,\sigma(\beta x)(1 - \sigma(\beta x))$", kind="chain-rule",
            desc="inner factor beta from d(beta x)/dx dropped in the product-rule result. Witness beta=2, x=1: "
                 "true sigma(2) + 2 sigma(2)(1-sigma(2)) ~ 1.0908, claimed sigma(2) + sigma(2)(1-sigma(2)) ~ 0.9858.")
x = sp.Symbol('x', real=True); b = sp.Symbol('beta', positive=True)
sig = lambda t: 1 / (1 + sp.exp(-t))
sw = x * sig(b * x)
dom = lambda s: sp.Rational(RNG.randint(1, 400), 100) if s == b else sp.Rational(RNG.randint(-400, 400), 100)

def check(doc):
    t = sp.Symbol('t', real=True)
    doc.eq(3, [r"\sigma'(t) = \sigma(t)(1 - \sigma(t))"], sp.diff(sig(t), t), sig(t) * (1 - sig(t)), [t])
    doc.note(3, r"For $\beta = 1$ this is SiLU")
    s = sig(b * x)
    d1 = sp.diff(sw, x)
    doc.eq(5, [r"\frac{d}{dx}\sigma(\beta x) = \beta\,\sigma(\beta x)(1 - \sigma(\beta x))"], sp.diff(s, x), b * s * (1 - s), [x, b], dom)
    doc.eq(5, [r"= \sigma(\beta x) + \beta x\,\sigma(\beta x)(1 - \sigma(\beta x))$"], d1, s + b * x * s * (1 - s), [x, b], dom)
    doc.eq(7, [r"\sigma(\beta x)\left(1 + \beta x (1 - \sigma(\beta x))\right)"], d1, s * (1 + b * x * (1 - s)), [x, b], dom)
    f = x * s
    doc.eq(9, [r"\operatorname{swish}_\beta'(x) = \beta f + s(1 - \beta f)"], d1, b * f + s * (1 - b * f), [x, b], dom)
    doc.eq(11, [r"\operatorname{swish}_\beta'(0) = \frac12"], sp.simplify(d1.subs(x, 0)), sp.Rational(1, 2))
    doc.eq(11, [r"\operatorname{swish}_\beta(0) = 0"], sw.subs(x, 0), 0)
    for xv in [sp.Rational(1, 3), 2, 5]:
        doc.eq(13, [r"\sigma(\beta x) \to 1$ for $x > 0"], sp.limit(sig(b * xv), b, sp.oo), 1)
        doc.eq(13, [r"\sigma(\beta x) \to 0$ for $x < 0"], sp.limit(sig(-b * xv), b, sp.oo), 0)
        doc.eq(13, [r"\operatorname{swish}_\beta(x) \to \max(0, x) = \operatorname{ReLU}(x)"], sp.limit(sw.subs(x, xv), b, sp.oo), xv)
        doc.eq(13, [r"for every $x \ne 0$"], sp.limit(sw.subs(x, -xv), b, sp.oo), 0)
    d2 = sp.diff(sw, x, 2)
    doc.eq(15, [r"\operatorname{swish}_\beta''(x) = \beta s(1 - s)\left(2 + \beta x(1 - 2s)\right)"], d2, b * s * (1 - s) * (2 + b * x * (1 - 2 * s)), [x, b], dom)
    return doc.finish()

def slip_false(doc):
    s = sig(b * x)
    pt = {b: 2, x: 1}
    tv = sp.diff(sw, x).subs(pt); cl = (s + x * s * (1 - s)).subs(pt)
    return false_at(doc, 5, [r"= \sigma(\beta x) + x\,\sigma(\beta x)(1 - \sigma(\beta x))$"], abs(sp.N(tv - cl, 50)) < 1e-40,
                    f"beta=2, x=1: true {sp.N(tv, 6)}, claimed {sp.N(cl, 6)}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
