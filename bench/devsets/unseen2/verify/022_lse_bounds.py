from common import *
import random
c = Checker("keys/022_lse_bounds.md")
rng = random.Random(22)
def rx(n): return [sp.Rational(rng.randint(-500, 500), rng.randint(1, 50)) for _ in range(n)]
LSE = lambda x: sp.log(sum(sp.exp(t) for t in x))
ln = c.find("m \\le \\operatorname{LSE}(x) \\le m + \\log n")
ok = True
for _ in range(200):
    n = rng.randint(1, 6); x = rx(n); m = max(x); L = to_mp(LSE(x)); mm = to_mp(m)
    ok &= (mm - mp.mpf('1e-40') <= L <= mm + mp.log(n) + mp.mpf('1e-40')) and (n > 1 or sp.simplify(LSE(x) - m) == 0)
c.true(ln, None, ok, "LSE bounds samples")
ln = c.find("Factor out the maximum")
for _ in range(20):
    x = rx(4); m = max(x)
    c.eq(ln, None, sp.expand_log(LSE(x) - m - sp.log(sum(sp.exp(t - m) for t in x)), force=True), 0, "factoring")
ln = c.find("*Lower bound.*")
ok = True
for _ in range(200):
    x = rx(rng.randint(1, 6)); m = max(x); terms = [sp.exp(t - m) for t in x]
    ok &= all(tt > 0 for tt in terms) and sp.exp(0) == 1 and 1 in terms and sum(terms) >= 1 and sp.log(sum(terms)) >= 0
c.true(ln, None, ok, "S >= 1, log S >= 0")
ln = c.find("*Upper bound.*")
ok = True
for _ in range(200):
    x = rx(rng.randint(1, 6)); m = max(x); terms = [sp.exp(t - m) for t in x]
    ok &= all(t - m <= 0 for t in x) and all(tt <= 1 for tt in terms) and sum(terms) <= len(x) and sp.log(sum(terms)) <= sp.log(len(x))
c.true(ln, None, ok, "terms <= 1, S <= n")
c.true(c.find("Adding $m$ to both bounds"), None, True, "adds m to 0 <= log S <= log n (checked above)")
ln = c.find("The upper bound is attained exactly")
ok = True
for _ in range(100):
    n = rng.randint(2, 5); x = rx(n)
    if rng.random() < .3: x = [x[0]] * n
    m = max(x); S = sum(sp.exp(t - m) for t in x)
    ok &= (sp.simplify(S - n) == 0) == (len(set(x)) == 1) and S > 1
c.true(ln, None, ok, "S = n iff all equal; S > 1 for n >= 2")
x = [0, sp.Integer(50)]
c.true(ln, None, sp.N(LSE(x) - 50, 30) < 1e-20, "approached with a wide margin")
ln = c.find("**Temperature.**")
tau = sp.symbols("tau", positive=True)
ok = True
for _ in range(50):
    n = rng.randint(1, 5); x = rx(n); m = max(x); T = sp.Rational(rng.randint(1, 300), 100)
    v = to_mp(T * LSE([t / T for t in x])); mm = to_mp(m); ok &= mm - mp.mpf('1e-40') <= v <= mm + to_mp(T) * mp.log(n) + mp.mpf('1e-40')
c.true(ln, None, ok, "tempered bounds")
x = [1, 2, 3]
c.eq(ln, None, sp.limit(tau * sp.log(sum(sp.exp(sp.Integer(t) / tau) for t in x)), tau, 0, "+"), 3, "limit tau->0+")
ln = c.find("**Example.**")
c.eq(ln, None, sp.expand_log(LSE(x) - 3 - sp.log(1 + sp.exp(-1) + sp.exp(-2)), force=True), 0, "LSE(1,2,3) form")
c.approx(ln, "3.4076", LSE(x), "3.4076"); c.approx(ln, "4.0986", 3 + sp.log(3), "4.0986"); c.true(ln, None, 3 < LSE(x) < 3 + sp.log(3), "between")
c.report()
