from common import *
KEY = "keys/011_adam_bias_correction.md"
META = dict(kind="symbolic", topic="Adam bias correction via geometric sums")
SLIP = dict(line=7, old=r"g \sum_{j=0}^{t-1} \beta_1^{j}$", new=r"g \sum_{j=0}^{t} \beta_1^{j}$", kind="bound",
            desc="upper summation bound off by one (t instead of t-1): t terms become t+1. Witness t=1, beta_1=1/2, g=1: "
                 "true m_1 = 1/2, claimed (1/2)(1 + 1/2) = 3/4.")
b1, b2, g, eta, eps = sp.symbols('beta1 beta2 g eta epsilon', real=True)

def m_seq(beta, gs):
    m = [sp.Integer(0)]
    for gk in gs:
        m.append(beta * m[-1] + (1 - beta) * gk)
    return m

def check(doc):
    doc.note(1, r"1 - \beta_1^t")
    doc.note(3, r"m_t = \beta_1 m_{t-1} + (1 - \beta_1) g_t", r"m_0 = 0")
    for t in range(1, 8):
        gs = sp.symbols(f'g1:{t+1}', real=True)
        m = m_seq(b1, gs)
        doc.eq(5, [r"m_t = (1 - \beta_1) \sum_{k=1}^{t} \beta_1^{t-k} g_k"], m[t], (1 - b1) * sum(b1**(t - k) * gs[k - 1] for k in range(1, t + 1)))
        mc = m_seq(b1, [g] * t)[t]
        doc.eq(7, [r"m_t = (1 - \beta_1)\, g \sum_{j=0}^{t-1} \beta_1^{j}$"], mc, (1 - b1) * g * sum(b1**j for j in range(t)))
        doc.eq(9, [r"\sum_{j=0}^{t-1} \beta_1^j = \frac{1 - \beta_1^t}{1 - \beta_1}"], sum(b1**j for j in range(t)) * (1 - b1), 1 - b1**t)
        doc.eq(9, [r"m_t = (1 - \beta_1^t)\, g"], mc, (1 - b1**t) * g)
        doc.eq(11, [r"\hat m_t = \frac{m_t}{1 - \beta_1^t}", "equals $g$ exactly"], sp.cancel(mc / (1 - b1**t)), g)
        vc = m_seq(b2, [g**2] * t)[t]
        doc.eq(13, [r"v_t = (1 - \beta_2^t)\, g^2"], vc, (1 - b2**t) * g**2)
        doc.eq(13, [r"\hat v_t = g^2"], sp.cancel(vc / (1 - b2**t)), g**2)
    doc.note(13, r"v_t = \beta_2 v_{t-1} + (1 - \beta_2) g_t^2")
    gp = sp.Symbol('gp', real=True)
    doc.eq(15, [r"is then $-\eta\, g/(|g| + \epsilon)$"], -eta * g / (sp.sqrt(g**2) + eps), -eta * g / (sp.Abs(g) + eps))
    doc.forall(15, ["magnitude is below $\\eta$ for any $g \\ne 0$ and $\\epsilon > 0$"],
               lambda gv, ev: abs(gv) / (abs(gv) + ev) < 1, lambda: (qrand(-50, 50) or sp.Rational(1, 3), qrand(0.001, 5) or sp.Rational(1, 1000)))
    doc.eq(17, [r"m_1 = 0.1\, g"], m_seq(sp.Rational(9, 10), [g])[1], sp.Rational(1, 10) * g)
    doc.true(17, ["ten times too small"], sp.Rational(1, 10) * 10 == 1)
    return doc.finish()

def slip_false(doc):
    tv = m_seq(sp.Rational(1, 2), [1])[1]
    cl = (1 - sp.Rational(1, 2)) * 1 * sum(sp.Rational(1, 2)**j for j in range(0, 2))
    return false_at(doc, 7, [r"g \sum_{j=0}^{t} \beta_1^{j}$"], tv == cl, f"t=1, beta_1=1/2, g=1: true m_1 = {tv}, claimed {cl}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
