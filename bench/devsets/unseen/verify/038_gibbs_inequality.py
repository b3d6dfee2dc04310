from common import *
KEY = "keys/038_gibbs_inequality.md"
META = dict(kind="proof", topic="Gibbs' inequality KL >= 0 via log t <= t - 1; cross-entropy >= entropy")
SLIP = dict(line=5, old=r"$-\log t \ge 1 - t$", new=r"$-\log t \le 1 - t$", kind="reversed",
            desc="inequality reversed when negating log t <= t - 1. Witness t = 2: -log 2 ~ -0.693 is not <= 1 - 2 = -1.")
R = sp.Rational

def rprob(n, allow_zero=False):
    w = [urand(0, 1) for _ in range(n)]
    if allow_zero:
        w[RNG.randrange(n)] = mp.mpf(0)
    s = mp.fsum(w)
    return [t / s for t in w]

def kl(p, q):
    return mp.fsum(pi * mp.log(pi / qi) for pi, qi in zip(p, q) if pi > 0)

def check(doc):
    doc.forall(3, [r"For every $t > 0$, $\log t \le t - 1$"], lambda t: mp.log(t) <= t - 1, lambda: (urand(1e-9, 50),))
    t = sp.Symbol('t', positive=True)
    doc.eq(3, ["with equality iff $t = 1$", "tangent line"], sp.series(sp.log(t), t, 1, 2).removeO(), t - 1)
    doc.eq(3, ["concave"], sp.diff(sp.log(t), t, 2), -1 / t**2)
    doc.forall(5, [r"$-\log t \ge 1 - t$"], lambda t: -mp.log(t) >= 1 - t, lambda: (urand(1e-9, 50),))
    for n in (2, 3, 5):
        doc.forall(7, [r"\operatorname{KL}(p\|q) = \sum_{i: p_i > 0} p_i \log \frac{p_i}{q_i} \ge 0"], lambda p, q: kl(p, q) >= -mp.mpf('1e-45'), lambda: (rprob(n, RNG.random() < 0.3), rprob(n)), N=500)
        def ineq9(p, q):
            return all(mp.log(pi / qi) >= 1 - qi / pi - mp.mpf('1e-45') for pi, qi in zip(p, q) if pi > 0)
        doc.forall(9, [r"\log \frac{p_i}{q_i} = -\log \frac{q_i}{p_i} \ge 1 - \frac{q_i}{p_i}"], ineq9, lambda: (rprob(n, RNG.random() < 0.3), rprob(n)), N=300)
        def chain(p, q):
            I = [i for i in range(n) if p[i] > 0]
            mid = mp.fsum(p[i] - q[i] for i in I)
            return kl(p, q) >= mid - mp.mpf('1e-45') and abs(mid - (1 - mp.fsum(q[i] for i in I))) < mp.mpf('1e-45') and 1 - mp.fsum(q[i] for i in I) >= -mp.mpf('1e-45')
        doc.forall(11, [r"\operatorname{KL}(p\|q) \ge \sum_{i \in I} (p_i - q_i) = 1 - \sum_{i \in I} q_i \ge 0"], chain, lambda: (rprob(n, RNG.random() < 0.5), rprob(n)), N=300)
        def ce(p, q):
            H = -mp.fsum(pi * mp.log(pi) for pi in p if pi > 0)
            Hpq = -mp.fsum(pi * mp.log(qi) for pi, qi in zip(p, q) if pi > 0)
            return abs(Hpq - (H + kl(p, q))) < mp.mpf('1e-40') and Hpq >= H - mp.mpf('1e-40')
        doc.forall(13, [r"H(p, q) = -\sum_i p_i \log q_i = H(p) + \operatorname{KL}(p\|q)", r"H(p, q) \ge H(p)"], ce, lambda: (rprob(n, RNG.random() < 0.3), rprob(n)), N=300)
    K = R(1, 2) * sp.log(R(5, 9)) + R(1, 2) * sp.log(5)
    doc.approx(15, [r"0.5 \log\frac{0.5}{0.9} + 0.5 \log\frac{0.5}{0.1} \approx"], K, "0.5108")
    doc.approx(15, [r"H(p) = \log 2 \approx"], sp.log(2), "0.6931")
    doc.eq(15, [r"H(p) = \log 2"], -2 * R(1, 2) * sp.log(R(1, 2)), sp.log(2))
    doc.approx(15, [r"H(p, q) \approx"], -(R(1, 2) * sp.log(R(9, 10)) + R(1, 2) * sp.log(R(1, 10))), "1.2040")
    return doc.finish()

def slip_false(doc):
    tv = 2
    return false_at(doc, 5, [r"$-\log t \le 1 - t$"], -sp.N(sp.log(tv), 50) <= 1 - tv, f"t = 2: -log 2 = {sp.N(-sp.log(2), 6)} > 1 - 2 = -1")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
