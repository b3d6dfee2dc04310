from common import *
C = Checker("keys/027_forall_real.md")
Rn = sp.Rational
x = sp.Symbol("x", real=True)
h = sp.exp(x) - 1 - x
pts = [Rn(k, 8) for k in range(-80, 81)]
C.c("**(a) For every real $x$", "(a)", sp.diff(h, x) == sp.exp(x) - 1 and h.subs(x, 0) == 0 and all(sp.exp(v) - 1 < 0 for v in pts if v < 0) and all(sp.exp(v) - 1 > 0 for v in pts if v > 0) and all(sp.N(h.subs(x, v), 50) >= 0 for v in pts))
C.c("**(b) For every real $x > -1$", "(b)", all(sp.N(sp.log(1 + v) - v, 50) <= 0 for v in pts if v > -1) and all(sp.N(sp.exp(sp.log(1 + v)) - (1 + v), 50) == 0 for v in pts if v > -1))
C.c("The restriction $x > -1$", "domain", sp.solveset(1 + x > 0, x, sp.S.Reals) == sp.Interval.open(-1, sp.oo))
C.c("**(c) Powers.**", "(c)", all(sp.N((1 + v)**n - sp.exp(n * v), 50) <= 0 for v in pts if v >= -1 for n in range(1, 8)))
C.c("For $x < -1$ and even $n$", "counterexample", (1 - 3)**2 == 4 > sp.exp(-6))
C.c("**(d) For every real $x$", "(d)", zero(x**2 - x + 1 - ((x - Rn(1, 2))**2 + Rn(3, 4))) and Rn(3, 4) > 0)
C.c("**(e) For every real $x$", "(e)", zero(1 / (1 + sp.exp(-x)) - sp.exp(x) / (sp.exp(x) + 1)) and zero(sp.exp(x) / (sp.exp(x) + 1) + 1 / (1 + sp.exp(x)) - 1))
C.c("A consequence of (c)", "weight decay", Rn(1, 100) * Rn(1, 10) * 1000 == 1 and rounds_to(Rn(999, 1000)**1000, "0.3677") and rounds_to(sp.exp(-1), "0.3679") and Rn(999, 1000)**1000 <= sp.exp(-1))
C.done()
