from common import *
KEY = "keys/003_sigmoid_tanh_derivs.md"
META = dict(kind="symbolic", topic="sigmoid and tanh derivatives, tanh as rescaled sigmoid")
SLIP = dict(line=11, old=r"\tanh'(x) = 2 \cdot 2\,\sigma'(2x) = 4\sigma(2x)(1 - \sigma(2x))",
            new=r"\tanh'(x) = 2\,\sigma'(2x) = 2\sigma(2x)(1 - \sigma(2x))", kind="chain-rule",
            desc="inner derivative d(2x)/dx = 2 dropped: d/dx[2 sigma(2x) - 1] = 4 sigma'(2x), not 2 sigma'(2x). "
                 "Witness x=0: tanh'(0) = 1, claimed 2*sigma'(0) = 1/2.")
x = sp.Symbol('x', real=True)
sig = lambda t: 1 / (1 + sp.exp(-t))

def check(doc):
    doc.note(3, r"\sigma(x) = \frac{1}{1 + e^{-x}}")
    s1 = sp.diff(sig(x), x)
    doc.eq(5, [r"\sigma'(x) = \frac{e^{-x}}{(1 + e^{-x})^2}"], s1, sp.exp(-x) / (1 + sp.exp(-x))**2, [x])
    doc.eq(5, [r"1 - \sigma(x) = \frac{e^{-x}}{1 + e^{-x}}"], 1 - sig(x), sp.exp(-x) / (1 + sp.exp(-x)), [x])
    doc.eq(5, [r"\sigma'(x) = \sigma(x)\,(1 - \sigma(x))"], s1, sig(x) * (1 - sig(x)), [x])
    s2 = sp.diff(sig(x), x, 2)
    doc.eq(7, [r"\sigma''(x) = \sigma'(x)(1 - 2\sigma(x))"], s2, s1 * (1 - 2 * sig(x)), [x])
    doc.eq(7, [r"= \sigma(x)(1 - \sigma(x))(1 - 2\sigma(x))"], s2, sig(x) * (1 - sig(x)) * (1 - 2 * sig(x)), [x])
    # zero set: sigma(1-sigma) > 0 always, 1 - 2 sigma = 0 iff e^{-x} = 1 iff x = 0
    doc.true(7, ["vanishes only at $x = 0$"], sp.solveset(sp.Eq(1 - 2 * sig(x), 0), x, sp.S.Reals) == sp.FiniteSet(0)
             and sp.solveset(sp.Eq(sig(x) * (1 - sig(x)), 0), x, sp.S.Reals) == sp.S.EmptySet)
    doc.eq(9, [r"\tanh(x) = \frac{e^{x} - e^{-x}}{e^{x} + e^{-x}}"], sp.tanh(x), (sp.exp(x) - sp.exp(-x)) / (sp.exp(x) + sp.exp(-x)), [x])
    doc.eq(9, [r"= 2\sigma(2x) - 1$"], sp.tanh(x), 2 * sig(2 * x) - 1, [x])
    t1 = sp.diff(2 * sig(2 * x) - 1, x)
    doc.eq(11, [r"\tanh'(x) = 2 \cdot 2\,\sigma'(2x)"], sp.diff(sp.tanh(x), x), 4 * s1.subs(x, 2 * x), [x])
    doc.eq(11, [r"= 4\sigma(2x)(1 - \sigma(2x))"], t1, 4 * sig(2 * x) * (1 - sig(2 * x)), [x])
    doc.eq(13, [r"\sigma(2x) = \frac{1 + \tanh x}{2}"], sig(2 * x), (1 + sp.tanh(x)) / 2, [x])
    doc.eq(13, [r"4 \cdot \frac{1 + \tanh x}{2} \cdot \frac{1 - \tanh x}{2} = 1 - \tanh^2(x)"], 4 * (1 + sp.tanh(x)) / 2 * (1 - sp.tanh(x)) / 2, 1 - sp.tanh(x)**2, [x])
    doc.eq(13, [r"\tanh'(x) = 4"], sp.diff(sp.tanh(x), x), 1 - sp.tanh(x)**2, [x])
    doc.eq(15, [r"\sigma'(0) = \frac14"], s1.subs(x, 0), sp.Rational(1, 4))
    doc.eq(15, [r"\tanh'(0) = 1"], sp.diff(sp.tanh(x), x).subs(x, 0), 1)
    doc.eq(15, [r"\tanh(x) \approx x"], sp.series(sp.tanh(x), x, 0, 2).removeO(), x)
    doc.eq(15, [r"\sigma(x) \approx \frac12 + \frac{x}{4}"], sp.series(sig(x), x, 0, 2).removeO(), sp.Rational(1, 2) + x / 4)
    return doc.finish()

def slip_false(doc):
    true_v = sp.diff(sp.tanh(x), x).subs(x, 0)
    claimed = (2 * sp.diff(sig(x), x)).subs(x, 0)
    return false_at(doc, 11, [r"\tanh'(x) = 2\,\sigma'(2x)"], sp.simplify(true_v - claimed) == 0, f"x=0: true {true_v}, claimed {claimed}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
