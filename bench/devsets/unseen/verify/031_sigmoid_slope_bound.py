from common import *
KEY = "keys/031_sigmoid_slope_bound.md"
META = dict(kind="proof", topic="sigma'(x) <= 1/4 via AM-GM, equality case")
SLIP = dict(line=9, old=r"\sigma(x)(1 - \sigma(x)) \le \frac14$ for every real $x$", new=r"\sigma(x)(1 - \sigma(x)) < \frac14$ for every real $x$",
            kind="reversed", desc="strict < where equality is attained: at x = 0, sigma(0)(1 - sigma(0)) = 1/4 exactly.")
x = sp.Symbol('x', real=True)
sig = lambda t: 1 / (1 + sp.exp(-t))
msig = lambda t: 1 / (1 + mp.exp(-t))
ux = lambda: (urand(-40, 40),)

def check(doc):
    doc.forall(3, [r"For every real $x$, $\sigma'(x) \le \frac14$"], lambda t: msig(t) * (1 - msig(t)) <= mp.mpf(1) / 4, ux)
    doc.eq(3, ["with equality exactly at $x = 0$"], sp.diff(sig(x), x).subs(x, 0), sp.Rational(1, 4))
    doc.eq(5, [r"\sigma'(x) = \sigma(x)(1 - \sigma(x))"], sp.diff(sig(x), x), sig(x) * (1 - sig(x)), [x])
    doc.forall(5, [r"0 < \sigma(x) < 1", "both factors are positive"], lambda t: 0 < msig(t) < 1 and 1 - msig(t) > 0, lambda: (urand(-30, 30),))
    doc.forall(7, [r"\sqrt{ab} \le \frac{a + b}{2} = \frac12"], lambda t: mp.sqrt(msig(t) * (1 - msig(t))) <= mp.mpf(1) / 2, ux)
    doc.eq(7, [r"\frac{a + b}{2} = \frac12"], (sig(x) + 1 - sig(x)) / 2, sp.Rational(1, 2))
    doc.forall(9, [r"\sigma(x)(1 - \sigma(x)) \le \frac14$ for every real $x$"], lambda t: msig(t) * (1 - msig(t)) <= mp.mpf(1) / 4, ux)
    doc.eq(11, [r"\sigma(x) = \frac12", "exactly at $x = 0$"], sp.Matrix(sp.solve(sp.Eq(sig(x), sp.Rational(1, 2)), x)), sp.Matrix([0]))
    doc.eq(11, [r"\sigma'(0) = \frac12 \cdot \frac12 = \frac14"], sp.diff(sig(x), x).subs(x, 0), sp.Rational(1, 4))
    doc.approx(13, [r"4^{-5} \approx"], sp.Rational(1, 4**5), "0.000977")
    doc.note(13, r"(1/4)^n")
    s = sp.Symbol('s', real=True)
    doc.eq(15, [r"\frac14 - \sigma(1 - \sigma) = \left(\sigma - \frac12\right)^2 \ge 0"], sp.Rational(1, 4) - s * (1 - s), (s - sp.Rational(1, 2))**2)
    doc.eq(17, [r"\tanh'(x) = 1 - \tanh^2(x)"], sp.diff(sp.tanh(x), x), 1 - sp.tanh(x)**2, [x])
    doc.forall(17, [r"\le 1$"], lambda t: 1 - mp.tanh(t)**2 <= 1, ux)
    doc.eq(17, ["four times the sigmoid's maximal slope", "attained at the origin"], sp.diff(sp.tanh(x), x).subs(x, 0), 4 * sp.Rational(1, 4))
    return doc.finish()

def slip_false(doc):
    v = (sig(x) * (1 - sig(x))).subs(x, 0)
    return false_at(doc, 9, [r"\sigma(x)(1 - \sigma(x)) < \frac14$ for every real $x$"], v < sp.Rational(1, 4), f"x = 0: sigma(0)(1 - sigma(0)) = {v}, not < 1/4")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
