from common import *
KEY = "keys/030_am_gm.md"
META = dict(kind="proof", topic="AM-GM for two terms, corollary x + 1/x >= 2 and its hypotheses")
SLIP = dict(line=9, old=r"For all real $x > 0$, $x + \frac1x \ge 2$", new=r"For all real $x \ne 0$, $x + \frac1x \ge 2$", kind="lemma-condition",
            desc="corollary stated for all x != 0, i.e. AM-GM used with a negative term; false at x = -1: x + 1/x = -2 < 2.")
R = sp.Rational
a, b = sp.symbols('a b', nonnegative=True)

def check(doc):
    doc.forall(3, [r"For all real $a, b \ge 0$, $\sqrt{ab} \le \frac{a + b}{2}$"], lambda u, v: mp.sqrt(u * v) <= (u + v) / 2 * (1 + mp.mpf('1e-45')), lambda: (urand(0, 100), urand(0, 100)))
    doc.eq(3, ["with equality iff $a = b$"], sp.sqrt(a * a), (a + a) / 2)
    doc.eq(5, [r"(\sqrt a - \sqrt b)^2 = a - 2\sqrt{ab} + b"], sp.expand((sp.sqrt(a) - sp.sqrt(b))**2), a - 2 * sp.sqrt(a * b) + b)
    doc.eq(5, ["rearranging gives the inequality"], (a + b) / 2 - sp.sqrt(a * b), (sp.sqrt(a) - sp.sqrt(b))**2 / 2)
    doc.note(5, r"equality forces $\sqrt a = \sqrt b$")
    doc.eq(7, [r"\sqrt{0.0016} = 0.04"], sp.sqrt(R('0.0016')), R('0.04'))
    doc.eq(7, [r"Their geometric mean"], sp.sqrt(R('0.02') * R('0.08')), R('0.04'))
    doc.eq(7, [r"\frac{0.02 + 0.08}{2} = 0.05"], (R('0.02') + R('0.08')) / 2, R('0.05'))
    doc.true(7, [r"0.04 \le"], R('0.04') <= R('0.05'))
    doc.forall(9, [r"For all real $x > 0$, $x + \frac1x \ge 2$"], lambda t: t + 1 / t >= 2 * (1 - mp.mpf('1e-45')), lambda: (urand(1e-6, 1000),))
    xx = sp.Symbol('x', positive=True)
    doc.eq(9, [r"1 = \sqrt{x \cdot \frac1x}"], sp.sqrt(xx * (1 / xx)), 1)
    doc.true(9, ["which are nonnegative"], True)
    doc.eq(11, [r"$x = -1$ gives $x + \frac1x = -2 < 2$"], -1 + 1 / sp.Integer(-1), -2)
    doc.forall(11, [r"For $x < 0$ the corollary fails"], lambda t: t + 1 / t < 2, lambda: (urand(-1000, -1e-6),))
    doc.forall(13, [r"ab \le \left(\frac{a + b}{2}\right)^2", "holds for every real $a, b$"], lambda u, v: u * v <= ((u + v) / 2)**2 * (1 + mp.mpf('1e-45')) + mp.mpf('1e-45'), lambda: (urand(-100, 100), urand(-100, 100)))
    ar, br = sp.symbols('ar br', real=True)
    doc.eq(13, [r"\left(\frac{a+b}{2}\right)^2 - ab = \left(\frac{a - b}{2}\right)^2 \ge 0"], ((ar + br) / 2)**2 - ar * br, ((ar - br) / 2)**2)
    t = sp.Symbol('t', real=True)
    prod = t * (1 - t)
    doc.eq(15, [r"the product $ab$ is largest, namely $\frac14$, at $a = b = \frac12$"], sp.Matrix(sp.solve(sp.diff(prod, t), t)), sp.Matrix([R(1, 2)]))
    doc.eq(15, [r"namely $\frac14$"], prod.subs(t, R(1, 2)), R(1, 4))
    doc.eq(15, [r"fixed budget $a + b = 1$"], sp.diff(prod, t, 2), -2)
    return doc.finish()

def slip_false(doc):
    xv = -1
    return false_at(doc, 9, [r"For all real $x \ne 0$, $x + \frac1x \ge 2$"], xv + sp.Rational(1, xv) >= 2, "x = -1: x + 1/x = -2 < 2")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
