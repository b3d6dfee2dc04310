from common import *
import random
c = Checker("keys/021_gibbs_inequality.tex")
rng = random.Random(21)
def rand_dist(n, zeros=False):
    w = [sp.Rational(rng.randint(0 if zeros else 1, 20)) for _ in range(n)]
    if sum(w) == 0: w[0] = 1
    return [t / sum(w) for t in w]
def KL(p, q): return sum(pi * sp.log(pi / qi) for pi, qi in zip(p, q) if pi > 0)
ln = c.find("\\textbf{Claim.} Let $p, q$")
ok = True
for _ in range(200):
    n = rng.randint(2, 5); p = rand_dist(n, True); q = rand_dist(n)
    k = sp.N(KL(p, q), 50); ok &= (k >= 0) and ((abs(k) < 1e-40) == (p == q))
c.true(ln, None, ok, "KL >= 0, zero iff p=q (samples)")
ln = c.find("\\textbf{Lemma.} For every real $t > 0$")
t = sp.symbols("t", positive=True)
f = t - 1 - sp.log(t)
c.eq(ln, None, sp.diff(f, t), 1 - 1 / t, "f'")
c.true(ln, None, sp.solve(sp.diff(f, t), t) == [1] and f.subs(t, 1) == 0, "critical point, f(1)=0")
c.true(ln, None, all(sp.diff(f, t).subs(t, sp.Rational(k, 100)) < 0 for k in range(1, 100)) and all(sp.diff(f, t).subs(t, sp.Rational(k, 10)) > 0 for k in range(11, 300)), "sign of f'")
c.true(ln, None, all(sp.log(sp.Rational(k, 37)) <= sp.Rational(k, 37) - 1 for k in range(1, 400)), "log t <= t - 1 samples")
c.true(ln, None, all(sp.N(f.subs(t, sp.Rational(k, 37)), 40) > 0 for k in range(1, 400) if k != 37), "strict off t=1")
ok1 = ok2 = ok3 = ok4 = True
for _ in range(200):
    n = rng.randint(2, 5); p = rand_dist(n, True); q = rand_dist(n)
    S = [i for i in range(n) if p[i] > 0]
    lhs = -KL(p, q); e1 = sum(p[i] * sp.log(q[i] / p[i]) for i in S)
    e2 = sum(p[i] * (q[i] / p[i] - 1) for i in S); e3 = sum(q[i] for i in S) - sum(p[i] for i in S); e4 = sum(q[i] for i in S) - 1
    ok1 &= sp.simplify(lhs - e1) == 0 and sp.N(e1, 50) <= e2 + sp.Float(1e-45)
    ok2 &= e2 == e3; ok3 &= e3 == e4; ok4 &= e4 <= 0
l1 = c.find("-\\mathrm{KL}(p \\,\\|\\, q) = \\sum_{i \\in S} p_i \\log \\frac{q_i}{p_i}")
c.true(l1, None, ok1, "first equality (samples)")
c.true(c.find("&\\le \\sum_{i \\in S} p_i \\Bigl(\\frac{q_i}{p_i} - 1\\Bigr)"), None, ok1, "lemma step")
c.true(c.find("&= \\sum_{i \\in S} q_i - \\sum_{i \\in S} p_i"), None, ok2, "split")
c.true(c.find("&= \\sum_{i \\in S} q_i - 1 \\;\\le\\; 0"), None, ok3 and ok4, "sum p over S = 1; sum q over S <= 1")
ln = c.find("Equality forces")
c.true(ln, None, all(not (sp.log(sp.Rational(k, 7)) == sp.Rational(k, 7) - 1) or k == 7 for k in range(1, 50)), "lemma equality only at 1")
ln = c.find("Taking $q = u$ uniform")
for n in (2, 3, 4):
    p = rand_dist(n, True); u = [sp.Rational(1, n)] * n
    H = -sum(pi * sp.log(pi) for pi in p if pi > 0)
    c.eq(ln, None, KL(p, u), sp.log(n) - H, f"KL to uniform n={n}")
ln = c.find("For $p = (\\tfrac12, \\tfrac14, \\tfrac14)$")
p = [sp.Rational(1, 2), sp.Rational(1, 4), sp.Rational(1, 4)]
H = -sum(pi * sp.log(pi) for pi in p)
c.eq(ln, None, H, sp.Rational(3, 2) * sp.log(2), "H"); c.approx(ln, "1.0397", H, "1.0397"); c.approx(ln, "1.0986", sp.log(3), "1.0986")
c.true(ln, None, H <= sp.log(3), "H <= log 3"); c.approx(ln, "0.0589", KL(p, [sp.Rational(1, 3)] * 3), "0.0589")
ln = c.find("The cross-entropy splits")
for _ in range(20):
    n = 3; p = rand_dist(n, True); q = rand_dist(n)
    Hpq = -sum(p[i] * sp.log(q[i]) for i in range(n) if p[i] > 0); Hp = -sum(pi * sp.log(pi) for pi in p if pi > 0)
    c.eq(ln, None, Hpq, Hp + KL(p, q), "decomposition")
c.report()
