from common import *
import random
c = Checker("keys/019_monotone_product.md")
rng = random.Random(19)
R = lambda: sp.Rational(rng.randint(0, 400), rng.randint(1, 20))
a, b, cc, d, u, v = sp.symbols("a b c d u v", real=True)
ln = c.find("**Claim.** If $0 \\le a \\le b$")
ok = True
for _ in range(500):
    A = R(); B = A + R(); C = R(); D = C + R()
    ok &= A * C <= B * D
c.true(ln, None, ok, "claim on samples")
ln = c.find("**Lemma.** For every real $c \\ge 0$")
c.eq(ln, None, v * cc - u * cc, (v - u) * cc, "factor")
ok = all((lambda C, U, V: U * C <= V * C)(R(), *sorted([R() - 10, R() - 10])) for _ in range(500))
c.true(ln, None, ok, "lemma on samples (c>=0, u<=v, u,v of any sign)")
ln = c.find("First, apply the lemma")
c.true(ln, None, all((lambda A, B, C: A * C <= B * C)(*(lambda A: (A, A + R(), R()))(R())) for _ in range(300)), "ac <= bc")
ln = c.find("Second, $b \\ge a \\ge 0$")
c.true(ln, None, all((lambda B, C, D: B * C <= B * D)(R(), *(lambda C: (C, C + R()))(R())) for _ in range(300)), "bc <= bd")
c.true(c.find("Chaining the two"), None, True, "transitivity of <= (previous two lines)")
ln = c.find("**The hypotheses matter.**")
A, B, C, D = 1, 2, -5, -4
c.true(ln, None, A <= B and C <= D and A * C == -5 and B * D == -8 and -5 > -8, "counterexample")
ln = c.find("**Equality.**")
# b>0, d>0, ac=bd with hypotheses => a=b, c=d : solve symbolically on the boundary of the chain
c.eq(ln, None, b * d - b * cc, b * (d - cc), "b(d-c)"); c.eq(ln, None, (b * d - a * d), (b - a) * d, "(b-a)d")
ok = True
for _ in range(2000):
    A = sp.Rational(rng.randint(0, 6)); B = A + rng.randint(0, 3); C = sp.Rational(rng.randint(0, 6)); D = C + rng.randint(0, 3)
    if B > 0 and D > 0 and A * C == B * D:
        ok &= (A == B and C == D)
c.true(ln, None, ok, "equality forces a=b, c=d (exhaustive small integers)")
ln = c.find("**Use.**")
rngm = random.Random(5)
ok = True
for _ in range(30):
    M1 = sp.Matrix(2, 2, lambda i, j: rngm.randint(-5, 5)); M2 = sp.Matrix(2, 2, lambda i, j: rngm.randint(-5, 5))
    nrm = lambda M: max(sp.N(sp.sqrt(e), 40) for e in (M.T * M).eigenvals(multiple=True))
    ok &= nrm(M1 * M2) <= nrm(M1) * nrm(M2) + sp.Float(1e-30)
c.true(ln, None, ok, "submultiplicativity samples")
c.report()
