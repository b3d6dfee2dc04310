from common import *
C = Checker("keys/003_scaled_dot_score.md")
for d, n in ((2, 3), (3, 2), (4, 3)):
    q = sp.Matrix(sp.symbols(f"q1:{d+1}"))
    K = sp.Matrix(n, d, lambda j, a: sp.Symbol(f"K{j}{a}"))
    s = K * q / sp.sqrt(d)
    C.ck(3, "s = Kq/sqrt d, s_j = q.k_j/sqrt d", all(zero(s[j] - (q.T * K[j, :].T)[0] / sp.sqrt(d)) for j in range(n)), "s = \\frac{1}{\\sqrt d} K q")
    C.ck(5, "index form", all(zero(s[j] - sum(q[a] * K[j, a] for a in range(d)) / sp.sqrt(d)) for j in range(n)), "\\sum_{a=1}^{d} q_a K_{ja}")
    Jq = s.jacobian(q)
    C.ck(6, "ds/dq", mat_zero(Jq - K / sp.sqrt(d)) and Jq.shape == (n, d), "\\frac{\\partial s}{\\partial q} = \\frac{1}{\\sqrt d} K")
    C.ck(7, "ds_j/dK_mb", all(zero(sp.diff(s[j], K[m, b]) - (1 if j == m else 0) * q[b] / sp.sqrt(d)) for j in range(n) for m in range(n) for b in range(d)), "\\delta_{jm}")
    g = sp.Matrix(sp.symbols(f"g1:{n+1}"))
    Lq = (g.T * s)[0]  # any L with dL/ds = g: linearisation
    gq = sp.Matrix([sp.diff(Lq, v) for v in q])
    gK = sp.Matrix(n, d, lambda j, a: sp.diff(Lq, K[j, a]))
    C.ck(8, "grad q", mat_zero(gq - K.T * g / sp.sqrt(d)), "\\nabla_q L = \\frac{1}{\\sqrt d} K^\\top g")
    C.ck(8, "grad K", mat_zero(gK - g * q.T / sp.sqrt(d)), "\\nabla_K L = \\frac{1}{\\sqrt d}\\, g\\, q^\\top")
    if n <= 3 and d <= 3:
        ex = [sp.exp(v) for v in s]
        Z = sum(ex)
        a = sp.Matrix([e / Z for e in ex])
        Ja = a.jacobian(q)
        rhs = (sp.diag(*a) - a * a.T) * K / sp.sqrt(d)
        # numeric check at random rational points (50 digits)
        import random
        random.seed(d * 10 + n)
        ok = True
        for _ in range(3):
            sub = {v: sp.Rational(random.randint(-9, 9), 4) for v in list(q) + list(K)}
            ok &= all(abs(sp.N((Ja[i, j] - rhs[i, j]).subs(sub), 50)) < 1e-40 for i in range(n) for j in range(d))
        C.ck(9, "softmax chain", ok, "(\\operatorname{diag}(a) - a a^\\top)\\frac{1}{\\sqrt d} K")
qv = sp.Matrix([1, 0, 2, -1]); k1 = sp.Matrix([2, 1, 0, 1])
C.ck(10, "s1 value", (qv.T * k1)[0] / sp.sqrt(4) == sp.Rational(1, 2) and 2 + 0 + 0 - 1 == 1 and sp.sqrt(4) == 2, "(2 + 0 + 0 - 1)/2 = 1/2")
C.ck(11, "ds1/dq", list(k1 / 2) == [1, sp.Rational(1, 2), 0, sp.Rational(1, 2)], "(1, \\tfrac12, 0, \\tfrac12)")
C.done()
