from common import *
C = Checker("keys/030_lse_bounds.md")
Rn = sp.Rational
import random
random.seed(30)
okl = oku = okt = okp = oks = True
for _ in range(200):
    n = random.randint(1, 6)
    z = [Rn(random.randint(-30, 30), 4) for _ in range(n)]
    M = max(z); S = sum(sp.exp(v) for v in z)
    lse = sp.log(S)
    okl &= S >= sp.exp(M) and sp.N(lse - M, 50) >= 0
    oku &= all(sp.exp(v) <= sp.exp(M) for v in z) and sp.N(S - n * sp.exp(M), 50) <= 1e-40 and sp.N(lse - M - sp.log(n), 50) <= 1e-40
    if n >= 2: oks &= sp.N(lse - M, 50) > 0
    tau = Rn(random.randint(1, 20), 10)
    tl = tau * sp.log(sum(sp.exp(v / tau) for v in z))
    okt &= sp.N(tl - M, 50) >= -1e-40 and sp.N(tl - M - tau * sp.log(n), 50) <= 1e-40
    okp &= sp.N(sp.exp(M) / S - Rn(1, n), 50) >= -1e-40
C.c("*Lower bound.*", "lower", okl)
C.c("*Upper bound.*", "upper", oku)
C.c("*Equality cases.*", "equality cases", oks and all(zero(sp.log(n * sp.exp(Rn(3, 2))) - Rn(3, 2) - sp.log(n)) for n in range(1, 6)) and sp.N(sp.log(sp.exp(1) + sp.exp(2)) - 2 - sp.log(2)) < 0)
tau = sp.Symbol("tau", positive=True)
C.c("*Temperature.*", "temperature + limit", okt and sp.limit(tau * sp.log(sp.exp(3 / tau) + sp.exp(1 / tau)), tau, 0, "+") == 3)
C.c("*Consequence for softmax.*", "p_max", okp)
S = sp.E + sp.E**2 + sp.E**3
C.c("*Example.*", "example", rounds_to(sp.log(S), "3.4076") and rounds_to(3 + sp.log(3), "4.0986") and 3 <= sp.log(S) <= 3 + sp.log(3))
C.ck(1, "title claim (= lower and upper bounds)", okl and oku, "\\max_i z_i \\le \\operatorname{LSE}(z) \\le \\max_i z_i + \\log n")
C.done()
