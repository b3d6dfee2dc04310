from common import *
C = Checker("keys/028_monotone_two_vars.md")
Rn = sp.Rational
a, b = sp.symbols("a b", real=True)
sig = lambda t: 1 / (1 + sp.exp(-t))
w = sp.exp(a) / (sp.exp(a) + sp.exp(b))
C.c("Equivalently $w(a, b) = \\sigma(a - b)$", "sigma form", zero(w - sig(a - b)) and zero(w - 1 / (1 + sp.exp(b - a))))
wa, wb = sp.diff(w, a), sp.diff(w, b)
t = sp.Symbol("t")
sp_ = sp.diff(sig(t), t)
C.c("Partial derivatives:", "partials", zero(wa - sp_.subs(t, a - b)) and zero(wa - w * (1 - w)) and zero(wb + sp_.subs(t, a - b)) and zero(wb + w * (1 - w)))
import random
random.seed(28)
ok = True
for _ in range(300):
    A = Rn(random.randint(-30, 30), 5); A2 = A + Rn(random.randint(0, 30), 5)
    B = Rn(random.randint(-30, 30), 5); B2 = B - Rn(random.randint(0, 30), 5)
    f = lambda u, v: sp.N(w.subs({a: u, b: v}), 50)
    ok &= f(A, B) <= f(A2, B) + 1e-45 and f(A2, B) <= f(A2, B2) + 1e-45 and A - B <= A2 - B2
C.c("**Claim.** If $a \\le a'$", "claim", ok)
C.c("*Proof.* $w$ is increasing", "steps", ok)
C.c("Alternatively:", "alt", ok)
C.c("Along the diagonal", "diagonal", zero(w.subs(b, a) - Rn(1, 2)) and zero(wa + wb))
C.c("Example: $w(2, 1)", "example", rounds_to(sig(1), "0.7311") and rounds_to(sig(Rn(5, 2)), "0.9241") and zero(w.subs({a: 2, b: 1}) - sig(1)) and zero(w.subs({a: 3, b: Rn(1, 2)}) - sig(Rn(5, 2))))
C.c("Both directions are needed", "counter", w.subs({a: 3, b: 3}) == Rn(1, 2) and sp.N(sig(1)) > 0.5)
C.done()
