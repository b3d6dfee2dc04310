from common import *
C = Checker("keys/021_bernoulli.md")
Rn = sp.Rational
ok = True
for n in range(1, 12):
    for dl in [Rn(k, 8) for k in range(-8, 40)]:
        ok &= (1 + dl)**n >= 1 + n * dl
C.c("**Lemma (Bernoulli).**", "Bernoulli on grid delta >= -1", ok)
u = sp.Symbol("u")
ok = True
for n in range(1, 10):
    lhs = u**n - 1 - n * (u - 1)
    ok &= zero(lhs - (u - 1) * (sum(u**j for j in range(n)) - n)) and zero(lhs - (u - 1) * sum(u**j - 1 for j in range(n)))
C.c("Then $u^n - 1 - n(u - 1)", "factorisation", ok)
ok = True
for n in range(1, 10):
    for uv in [Rn(k, 10) for k in range(0, 30)]:
        f1 = uv - 1; f2 = sum(uv**j - 1 for j in range(n))
        if uv >= 1: ok &= f1 >= 0 and f2 >= 0
        else: ok &= f1 < 0 and all(uv**j - 1 <= 0 for j in range(n)) and f1 * f2 >= 0
C.c("If $u \\ge 1$ both factors", "sign analysis", ok)
C.c("After $n = 100$ steps", "application", Rn(101, 100)**100 >= 1 + 100 * Rn(1, 100) == 2)
C.c("In fact $(1.01)^{100}", "value", rounds_to(Rn(101, 100)**100, "2.7048"))
C.c("For a decay with", "decay", Rn(99, 100)**100 >= 1 - 1 == 0)
C.c("Since $1 + \\delta \\le e^{\\delta}$", "upper bound", Rn(101, 100)**100 <= sp.E and (1 + Rn(1, 100)) <= sp.exp(Rn(1, 100)) and rounds_to(sp.E, "2.7183"))
C.c("Some lower bound on", "counterexample", (1 - 4)**3 == -27 < -11 == 1 + 3 * (-4))
C.c("put $u = 1 + \\delta \\ge 0$", "u >= 0", all(1 + Rn(k, 8) >= 0 for k in range(-8, 40)))
C.done()
