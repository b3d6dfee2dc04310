from common import *
KEY = "keys/028_product_exp_bound.md"
META = dict(kind="proof", topic="prod (1 - p_t) <= exp(-sum p_t) from 1 + x <= e^x")
SLIP = dict(line=9, old=r"Multiplying inequalities between nonnegative numbers preserves them",
            new=r"Multiplying inequalities between real numbers preserves them", kind="lemma-condition",
            desc="the product rule for inequalities (a <= b, c <= d => ac <= bd) needs a, c >= 0; stated for all reals it is false. "
                 "Witness a = c = -2, b = d = 1: -2 <= 1 twice but (-2)(-2) = 4 > 1 = 1*1.")
R = sp.Rational

def check(doc):
    doc.forall(3, [r"For every real $x$, $1 + x \le e^{x}$"], lambda t: 1 + t <= mp.exp(t), lambda: (urand(-40, 40),))
    x = sp.Symbol('x'); doc.eq(3, ["tangent line", "at $0$"], sp.series(sp.exp(x), x, 0, 2).removeO(), 1 + x)
    def claim(T):
        return lambda: (tuple(urand(0, 1) for _ in range(T)),)
    for T in range(1, 7):
        doc.forall(5, [r"\prod_{t=1}^{T} (1 - p_t) \le \exp\left(-\sum_{t=1}^{T} p_t\right)"], lambda ps: mp.fprod([1 - p for p in ps]) <= mp.exp(-mp.fsum(ps)), claim(T), N=500)
    doc.forall(7, [r"0 \le 1 - p_t \le e^{-p_t}"], lambda p: 0 <= 1 - p <= mp.exp(-p), lambda: (urand(0, 1),))
    doc.forall(9, [r"Multiplying inequalities between nonnegative numbers preserves them"],
               lambda a, b, c, d: (a * c <= b * d) if (a <= b and c <= d) else True,
               lambda: tuple(sorted([urand(0, 10), urand(0, 10)])) + tuple(sorted([urand(0, 10), urand(0, 10)])))
    ps = sp.symbols('p1:4')
    doc.eq(9, [r"\prod_t e^{-p_t} = e^{-\sum_t p_t}"], sp.exp(-ps[0]) * sp.exp(-ps[1]) * sp.exp(-ps[2]), sp.exp(-sum(ps)))
    doc.eq(11, [r"(1 - 3)^2 = 4"], (1 - 3)**2, 4)
    doc.approx(11, [r"e^{-6} \approx"], sp.exp(-6), "0.0025")
    doc.true(11, ["The hypothesis $p_t \\le 1$ is needed"], 4 > sp.N(sp.exp(-6), 50))
    doc.true(13, [r"0.9^{10} \le e^{-1}"], R(9, 10)**10 <= sp.N(sp.exp(-1), 50))
    doc.approx(13, [r"e^{-1} \approx"], sp.exp(-1), "0.3679")
    doc.approx(13, [r"indeed $0.9^{10} \approx"], R(9, 10)**10, "0.3487")
    for T in range(1, 30):
        pr = sp.prod([1 - R(1, t + 1) for t in range(1, T + 1)])
        doc.eq(15, [r"\prod_{t=1}^{T}(1 - \eta_t) = \frac{1}{T + 1}"], pr, R(1, T + 1))
    doc.true(15, ["tends to $0$", r"\sum_t \eta_t = \infty"], sp.limit(1 / (sp.Symbol('T') + 1), sp.Symbol('T'), sp.oo) == 0
             and sp.summation(1 / (sp.Symbol('t') + 1), (sp.Symbol('t'), 1, sp.oo)) == sp.oo)
    return doc.finish()

def slip_false(doc):
    a = c = -2; b = d = 1
    return false_at(doc, 9, [r"between real numbers preserves them"], (a <= b and c <= d) and a * c <= b * d, "a=c=-2, b=d=1: a<=b, c<=d but ac = 4 > bd = 1")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
