from common import *
import random
c = Checker("keys/023_jensen_log.md")
rng = random.Random(23)
t = sp.symbols("t", positive=True)
ln = c.find("Recall Jensen's inequality")
ok = True
for _ in range(100):  # concave log, convex exp on random finite distributions
    n = rng.randint(2, 5); w = [rng.randint(1, 9) for _ in range(n)]; p = [sp.Rational(a, sum(w)) for a in w]
    X = [sp.Rational(rng.randint(1, 400), rng.randint(1, 30)) for _ in range(n)]
    EX = sum(pi * xi for pi, xi in zip(p, X))
    ok &= to_mp(sum(pi * sp.log(xi) for pi, xi in zip(p, X))) <= to_mp(sp.log(EX)) + mp.mpf('1e-40')
    ok &= to_mp(sp.exp(EX / 10)) <= to_mp(sum(pi * sp.exp(xi / 10) for pi, xi in zip(p, X))) + mp.mpf('1e-40')
c.true(ln, None, ok, "Jensen samples (concave log, convex exp)")
ln = c.find("The function $\\log$ is concave")
c.eq(ln, None, sp.diff(sp.log(t), t, 2), -1 / t**2, "second derivative"); c.true(ln, None, (-1 / t**2).is_negative, "negative")
ln = c.find("Then $\\mathbb{E}[X] = \\sum_{i \\in S} p_i")
ok = True
for _ in range(100):
    n = rng.randint(2, 6); w = [rng.randint(0, 9) for _ in range(n)]; w[0] += 1; p = [sp.Rational(a, sum(w)) for a in w]
    S = [i for i in range(n) if p[i] > 0]
    EX = sum(p[i] * (1 / p[i]) for i in S)
    H = -sum(p[i] * sp.log(p[i]) for i in S)
    ok &= EX == len(S) <= n
    ok &= sp.simplify(H - sum(p[i] * sp.log(1 / p[i]) for i in S)) == 0
    ok &= to_mp(H) <= mp.log(len(S)) + mp.mpf('1e-40') and len(S) <= n
c.true(ln, None, ok, "E[X]=|S|<=n")
c.true(c.find("H(p) = \\mathbb{E}[\\log X] \\le \\log\\mathbb{E}[X]"), None, ok, "H = E log X <= log |S| <= log n")
ln = c.find("**AM–GM for $n$ numbers.**")
ok = True
for _ in range(200):
    n = rng.randint(2, 6); a = [sp.Rational(rng.randint(1, 500), rng.randint(1, 20)) for _ in range(n)]
    ok &= to_mp(sum(sp.log(ai) for ai in a) / n) <= to_mp(sp.log(sum(a) / n)) + mp.mpf('1e-40')
    ok &= to_mp(sp.prod(a)) ** (mp.mpf(1) / n) <= to_mp(sum(a) / n) + mp.mpf('1e-40')
c.true(ln, None, ok, "AM-GM for positive reals")
ln = c.find("**A convex example.**")
c.eq(ln, None, sp.diff(sp.exp(t), t, 2), sp.exp(t), "exp''>0")
c.approx(ln, "2.7183", sp.E, "2.7183"); c.approx(ln, "4.1945", (1 + sp.E**2) / 2, "4.1945"); c.true(ln, None, sp.E <= (1 + sp.E**2) / 2, "e <= (1+e^2)/2")
ln = c.find("**Cross-entropy floor.**")
ok = True
for _ in range(200):
    n = rng.randint(2, 6); z = [sp.Rational(rng.randint(-300, 300), rng.randint(1, 30)) for _ in range(n)]; zb = sum(z) / n; y = rng.randrange(n)
    ok &= to_mp(sum(sp.exp(zi) for zi in z)) >= n * to_mp(sp.exp(zb)) - mp.mpf('1e-30')
    lse = sp.log(sum(sp.exp(zi) for zi in z))
    ok &= abs(to_mp(-sp.log(sp.exp(z[y]) / sum(sp.exp(zi) for zi in z))) - to_mp(lse - z[y])) < mp.mpf('1e-40')
    ok &= to_mp(lse - z[y]) >= to_mp(sp.log(n) + zb - z[y]) - mp.mpf('1e-30')
c.true(ln, None, ok, "floor")
for n in (2, 5, 10):
    c.eq(ln, None, -sp.log(sp.exp(3) / (n * sp.exp(3))), sp.log(n), "equal logits -> log n")
c.report()
