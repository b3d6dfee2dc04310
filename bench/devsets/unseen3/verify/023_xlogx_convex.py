from common import *
C = Checker("keys/023_xlogx_convex.md")
Rn = sp.Rational
x = sp.Symbol("x", positive=True)
f = x * sp.log(x)
C.c("$f'(x) = \\log x + x", "f'", zero(sp.diff(f, x) - (sp.log(x) + 1)))
C.c("$f''(x) = \\frac{1}{x} > 0$", "f''", zero(sp.diff(f, x, 2) - 1 / x) and all(1 / Rn(k, 10) > 0 for k in range(1, 100)))
C.c("The derivative vanishes", "min", sp.solve(sp.log(x) + 1, x) == [sp.exp(-1)] and zero(f.subs(x, sp.exp(-1)) + sp.exp(-1)) and rounds_to(-sp.exp(-1), "-0.3679"))
C.c("Hence $x \\log x \\ge -1/e$", "global lower bound", all(sp.N(v * sp.log(v) + sp.exp(-1), 50) >= 0 for v in [Rn(k, 50) for k in range(1, 500)]) and 0 >= -sp.exp(-1))
C.c("$f$ is also continuous at $0$", "limit", sp.limit(f, x, 0, "+") == 0)
import random
random.seed(23)
ok7 = ok6 = True
for _ in range(100):
    n = random.randint(2, 6)
    w = [random.randint(1, 9) for _ in range(n)]; p = [Rn(a, sum(w)) for a in w]
    lhs = sum(pi * sp.log(pi) for pi in p) / n
    ok6 &= sp.N(lhs - Rn(1, n) * sp.log(Rn(1, n)), 50) >= -1e-45 and zero(Rn(1, n) * sp.log(Rn(1, n)) + sp.log(n) / n)
    ok7 &= sp.N(-sum(pi * sp.log(pi) for pi in p) - sp.log(n), 50) <= 1e-45
C.c("Jensen's inequality for the convex", "jensen", ok6)
C.c("Multiplying by $n$", "entropy bound", ok7)
C.c("Equality in Jensen", "uniform attains", all(zero(-sum(Rn(1, n) * sp.log(Rn(1, n)) for _ in range(n)) - sp.log(n)) for n in range(2, 7)))
p = [Rn(1, 2), Rn(1, 4), Rn(1, 8), Rn(1, 8)]
H = -sum(pi * sp.log(pi) for pi in p)
C.c("For $n = 4$ and", "example", zero(sp.expand_log(H, force=True) - Rn(7, 4) * sp.log(2)) and rounds_to(H, "1.2130") and rounds_to(sp.log(4), "1.3863") and H < sp.log(4))
C.done()
