from common import *
KEY = "keys/025_logistic_numeric.md"
META = dict(kind="numeric", topic="logistic regression loss, gradients and one step for a single example")
SLIP = dict(line=11, old=r"\frac{\partial L}{\partial w} = (\sigma(z) - y)\, x \approx -0.6201",
            new=r"\frac{\partial L}{\partial w} = \sigma(z) - y \approx -0.3100", kind="chain-rule",
            desc="chain-rule factor dz/dw = x = 2 dropped: dL/dw = (sigma(z) - y) x = -0.62005..., not -0.3100.")
R = sp.Rational
xv, w0, b0, y = 2, R(2, 5), 0, 1
w, b = sp.symbols('w b', real=True)
sig = lambda t: 1 / (1 + sp.exp(-t))
Lw = -sp.log(sig(w * xv + b))

def check(doc):
    pt = {w: w0, b: b0}
    z = w0 * xv + b0
    doc.eq(3, [r"z = w x + b = 0.8"], z, R(4, 5))
    doc.note(3, "$y = 1$")
    doc.eq(5, [r"\sigma(0.8) = 1/(1 + e^{-0.8})"], sig(z), 1 / (1 + sp.exp(-R(4, 5))))
    doc.approx(5, [r"\approx 0.6900"], sig(z), "0.6900")
    doc.eq(7, [r"L = -\log \sigma(z) = \log(1 + e^{-0.8})"], -sp.log(sig(z)), sp.log(1 + sp.exp(-R(4, 5))))
    doc.approx(7, [r"\log(1 + e^{-0.8}) \approx"], sp.log(1 + sp.exp(-R(4, 5))), "0.3711")
    zz = sp.Symbol('z', real=True)
    doc.eq(9, [r"\frac{\partial L}{\partial z} = \sigma(z) - y"], sp.diff(-sp.log(sig(zz)), zz), sig(zz) - y, [zz])
    doc.approx(9, [r"\sigma(z) - y \approx"], sig(z) - y, "-0.3100")
    gw = sp.diff(Lw, w).subs(pt); gb = sp.diff(Lw, b).subs(pt)
    doc.eq(11, [r"\frac{\partial L}{\partial w} = (\sigma(z) - y)\, x"], gw, (sig(z) - y) * xv)
    doc.approx(11, [r"(\sigma(z) - y)\, x \approx"], gw, "-0.6201")
    doc.eq(11, [r"\frac{\partial L}{\partial b} = \sigma(z) - y"], gb, sig(z) - y)
    doc.approx(11, [r"\frac{\partial L}{\partial b} = \sigma(z) - y \approx"], gb, "-0.3100")
    w1 = w0 - R(1, 2) * gw; b1 = b0 - R(1, 2) * gb
    doc.approx(13, [r"w' = w - \eta \frac{\partial L}{\partial w} \approx"], w1, "0.7100")
    doc.approx(13, [r"b' = b - \eta \frac{\partial L}{\partial b} \approx"], b1, "0.1550")
    z1 = 2 * w1 + b1
    doc.approx(15, [r"z' = 2w' + b' \approx"], z1, "1.5751")
    doc.approx(15, [r"\log(1 + e^{-z'}) \approx"], sp.log(1 + sp.exp(-z1)), "0.1881")
    doc.true(15, ["lower than before"], sp.N(sp.log(1 + sp.exp(-z1)), 50) < sp.N(sp.log(1 + sp.exp(-R(4, 5))), 50))
    return doc.finish()

def slip_false(doc):
    gw = sp.diff(Lw, w).subs({w: w0, b: b0})
    return false_at(doc, 11, [r"\frac{\partial L}{\partial w} = \sigma(z) - y \approx -0.3100"], rhu(gw, 4) == "-0.3100", f"true dL/dw = {sp.N(gw, 8)} (rounds to {rhu(gw, 4)})")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
