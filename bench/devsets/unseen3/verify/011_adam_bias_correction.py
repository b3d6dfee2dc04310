from common import *
C = Checker("keys/011_adam_bias_correction.md")
b1, b2, mu = sp.symbols("beta1 beta2 mu", positive=True)
for T in range(1, 7):
    g = sp.symbols(f"g1:{T+1}")
    mm = 0; vv = 0
    for s in range(T):
        mm = b1 * mm + (1 - b1) * g[s]; vv = b2 * vv + (1 - b2) * g[s]**2
    C.ck(5, "unrolled m_t", zero(mm - (1 - b1) * sum(b1**(T - s) * g[s - 1] for s in range(1, T + 1))), "(1 - \\beta_1) \\sum_{s=1}^{t} \\beta_1^{\\,t-s} g_s")
    Em = mm.subs({gi: mu for gi in g})  # expectation is linear
    S = sum(b1**(T - s) for s in range(1, T + 1))
    C.ck(7, "E m_t chain", zero(Em - (1 - b1) * mu * S) and zero((1 - b1) * mu * S - (1 - b1) * mu * (1 - b1**T) / (1 - b1)) and zero(Em - (1 - b1**T) * mu), "= (1 - \\beta_1^{t})\\,\\mu")
    C.ck(8, "bias-corrected mean", zero(Em / (1 - b1**T) - mu), "\\mathbb E[\\hat m_t] = \\mu")
    s2 = sp.Symbol("s2", positive=True)
    Ev = vv.subs({gi**2: s2 for gi in g})
    C.ck(9, "E v_t", zero(Ev - (1 - b2**T) * s2), "\\mathbb E[v_t] = (1 - \\beta_2^t)\\, \\mathbb E[g^2]")
g1 = sp.Symbol("g1", real=True)
m1 = (1 - b1) * g1; v1 = (1 - b2) * g1**2
C.ck(10, "t=1 exact", zero(m1 / (1 - b1) - g1) and zero(v1 / (1 - b2) - g1**2) and all(sp.simplify((m1 / (1 - b1)) / sp.sqrt(v1 / (1 - b2))).subs(g1, gv) == sp.sign(gv) for gv in (-3, -sp.Rational(1, 2), 2, 7)), "\\operatorname{sign}(g_1)")
r = (sp.Rational(1, 10) * g1) / (sp.sqrt(sp.Rational(1, 1000)) * sp.Abs(g1))
C.ck(11, "uncorrected ratio", all(sp.simplify(m1.subs(b1, sp.Rational(9, 10)) / sp.sqrt(v1.subs(b2, sp.Rational(999, 1000))) - r).subs(g1, gv) == 0 for gv in (-2, 5)) and rounds_to(sp.sqrt(10), "3.1623") and sp.simplify(r.subs(g1, 1) - sp.sqrt(10)) == 0, "\\approx 3.1623")
C.done()
