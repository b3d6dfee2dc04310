from common import *
import random
c = Checker("keys/030_cauchy_schwarz_means.md")
rng = random.Random(30)
R = sp.Rational
def rv(d, lo=-20, hi=20): return sp.Matrix([R(rng.randint(lo, hi), rng.randint(1, 5)) for _ in range(d)])
ln = c.find("**Claim 1.** For all $q, k")
ok = True
for _ in range(300):
    d = rng.randint(1, 5); q = rv(d); k = rv(d)
    ok &= (q.dot(k))**2 <= q.dot(q) * k.dot(k)
c.true(ln, None, ok, "CS squared (exact rationals)")
ln = c.find("*Proof.* If $k = 0$ both sides vanish")
d = 3
q = sp.Matrix(sp.symbols("q1:4", real=True)); k = sp.Matrix(sp.symbols("k1:4", real=True)); t = sp.symbols("t", real=True)
c.eq(ln, None, (q - t * k).dot(q - t * k), q.dot(q) - 2 * t * q.dot(k) + t**2 * k.dot(k), "expansion")
tt = q.dot(k) / k.dot(k)
c.eq(ln, None, (q.dot(q) - 2 * t * q.dot(k) + t**2 * k.dot(k)).subs(t, tt), q.dot(q) - q.dot(k)**2 / k.dot(k), "substitution")
c.eq(ln, None, (q.dot(q) - q.dot(k)**2 / k.dot(k)) * k.dot(k), q.dot(q) * k.dot(k) - q.dot(k)**2, "multiply by ||k||^2 > 0")
c.true(ln, None, sp.Matrix([0, 0, 0]).dot(q) == 0, "k = 0 case")
ln = c.find("*Consequence.*")
ok = True
for _ in range(300):
    d = rng.randint(1, 70); qq = sp.Matrix([R(rng.randint(-10, 10), 10) for _ in range(d)]); kk = sp.Matrix([R(rng.randint(-10, 10), 10) for _ in range(d)])
    ok &= qq.dot(qq) <= d and kk.dot(kk) <= d and (qq.dot(kk))**2 / d <= d
c.true(ln, None, ok, "entries in [-1,1]")
c.eq(ln, None, sp.sqrt(64), 8, "sqrt 64"); c.eq(ln, None, sp.Matrix([1] * 64).dot(sp.Matrix([1] * 64)) / sp.sqrt(64), 8, "attained at all-ones")
ln = c.find("**Claim 2.** For all reals $a, b > 0$")
ok = all((lambda a, b: 2 * a * b / (a + b) <= sp.sqrt(a * b) <= (a + b) / 2)(R(rng.randint(1, 500), rng.randint(1, 20)), R(rng.randint(1, 500), rng.randint(1, 20))) for _ in range(300))
c.true(ln, None, ok, "HM <= GM <= AM")
ln = c.find("*Proof.* The right inequality")
a, b = sp.symbols("a b", positive=True)
c.eq(ln, None, sp.expand((sp.sqrt(a) - sp.sqrt(b))**2), a + b - 2 * sp.sqrt(a * b), "expand")
c.eq(ln, None, 2 * sp.sqrt(a * b) * sp.sqrt(a * b) / (a + b), 2 * a * b / (a + b), "multiply left")
c.eq(ln, None, (a + b) * sp.sqrt(a * b) / (a + b), sp.sqrt(a * b), "multiply right"); c.true(ln, None, (sp.sqrt(a * b) / (a + b)).is_positive, "positive multiplier")
ln = c.find("When is there equality?")
c.eq(ln, None, R(2 * 1 * 4, 5), R(8, 5), "HM(1,4)"); c.eq(ln, None, R(8, 5), R(16, 10), "1.6"); c.eq(ln, None, sp.sqrt(4), 2, "GM"); c.eq(ln, None, R(5, 2), R(25, 10), "AM")
c.true(ln, None, len({R(8, 5), 2, R(5, 2)}) == 3, "all different")
c.eq(ln, None, R(2 * 9, 6), 3, "HM(3,3)"); c.eq(ln, None, sp.sqrt(9), 3, "GM(3,3)"); c.eq(ln, None, R(6, 2), 3, "AM(3,3)")
c.true(ln, None, all(((R(2 * A * B, A + B) == sp.sqrt(A * B)) == (A == B)) and ((sp.sqrt(A * B) == R(A + B, 2)) == (A == B)) for A in range(1, 15) for B in range(1, 15)), "equality iff a=b")
ln = c.find("*Use.*")
P, Rr = R(9, 10), R(5, 10)
F1 = 2 * P * Rr / (P + Rr)
c.eq(ln, None, F1, R(9, 10) / R(14, 10), "F1"); c.approx(ln, "0.6429", F1, "0.6429"); c.approx(ln, "0.6708", sp.sqrt(R(45, 100)), "0.6708")
c.eq(ln, None, P * Rr, R(45, 100), "PR"); c.eq(ln, None, (P + Rr) / 2, R(7, 10), "AM")
c.true(ln, None, F1 <= sp.sqrt(R(45, 100)) <= R(7, 10), "chain")
c.report()
