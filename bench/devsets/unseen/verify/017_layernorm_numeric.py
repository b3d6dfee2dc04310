from common import *
KEY = "keys/017_layernorm_numeric.md"
META = dict(kind="numeric", topic="LayerNorm forward pass on x = (2, 4, 4, 10) with gain, bias and epsilon")
SLIP = dict(line=11, old=r"-0.6667, 1.8333)$", new=r"-0.6666, 1.8333)$", kind="rounding",
            desc="y_3 = 2*xhat_3 = -0.66666630... truncated to -0.6666 instead of rounded to -0.6667.")
R = sp.Rational
x = [2, 4, 4, 10]; gam = [1, 1, 2, R(1, 2)]; bet = [0, 0, 0, 1]; eps = R(1, 10**5); d = 4

def vals():
    mu = R(sum(x), d); c = [t - mu for t in x]; v = sum(t**2 for t in c) / d; s = sp.sqrt(v + eps)
    xh = [t / s for t in c]; y = [gam[i] * xh[i] + bet[i] for i in range(d)]
    return mu, c, v, s, xh, y

def check(doc):
    mu, c, v, s, xh, y = vals()
    doc.note(3, r"x = (2, 4, 4, 10)", r"\epsilon = 10^{-5}")
    doc.eq(5, [r"\mu = (2 + 4 + 4 + 10)/d = 5"], mu, 5)
    doc.eq(5, [r"x - \mu = (-3, -1, -1, 5)"], sp.Matrix(c), sp.Matrix([-3, -1, -1, 5]))
    doc.eq(7, [r"v = \frac{1}{d}(9 + 1 + 1 + 25) = 9"], v, R(9 + 1 + 1 + 25, 4))
    doc.eq(7, [r"= 9$"], v, 9)
    doc.eq(7, [r"\sqrt{v + \epsilon} = \sqrt{9.00001}"], v + eps, R('9.00001'))
    doc.approx(7, [r"\sqrt{9.00001} \approx"], s, "3.0000017")
    for i, t in enumerate(["-0.99999944", "-0.33333315", "-0.33333315", "1.66666574"]):
        doc.approx(9, [r"\hat x = (x - \mu)/s \approx"], xh[i], t)
    doc.eq(9, [r"exactly $(-1, -\frac13, -\frac13, \frac53)$"], sp.Matrix([t / 3 for t in c]), sp.Matrix([-1, -R(1, 3), -R(1, 3), R(5, 3)]))
    for i, t in enumerate(["-1.0000", "-0.3333", "-0.3333", "1.6667"]):
        doc.approx(11, [r"To four places $\hat x \approx (-1.0000, -0.3333, -0.3333, 1.6667)$"], xh[i], t)
    for i, t in enumerate(["-1.0000", "-0.3333", "-0.6667", "1.8333"]):
        doc.approx(11, [r"y = \gamma \odot \hat x + \beta \approx"], y[i], t)
    doc.eq(13, [r"\sum_i \hat x_i = 0"], sum(xh), 0)
    doc.eq(13, [r"\frac{1}{d}\sum_i \hat x_i^2 = v/(v + \epsilon)"], sum(t**2 for t in xh) / d, v / (v + eps))
    doc.approx(13, [r"v/(v + \epsilon) \approx"], v / (v + eps), "0.9999989")
    return doc.finish()

def slip_false(doc):
    y = vals()[5]
    return false_at(doc, 11, [r"-0.6666, 1.8333)$"], rhu(y[2], 4) == "-0.6666", f"y_3 = {sp.N(y[2], 12)} rounds to {rhu(y[2], 4)}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
