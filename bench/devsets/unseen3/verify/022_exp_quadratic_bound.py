from common import *
C = Checker("keys/022_exp_quadratic_bound.tex")
Rn = sp.Rational
pts = [Rn(k, 100) for k in range(-1000, 101)]
C.ck(2, "claim e^x <= 1+x+x^2 for x<=1", all(sp.N(sp.exp(x) - 1 - x - x**2, 50) <= 0 for x in pts), "e^x \\le 1 + x + x^2")
x = sp.Symbol("x"); k = sp.Symbol("k", integer=True)
inner = [Rn(j, 50) for j in range(-50, 51)]
# series tail vs |x| tail, truncated at 60 terms (remainders < 1e-80)
def tail(v, absval=False):
    return sum((abs(v) if absval else v)**kk / sp.factorial(kk) for kk in range(2, 60))
C.c("e^x &= 1 + x + \\sum_{k=2}^{\\infty}", "series and abs", zero(sp.summation(x**k / sp.factorial(k), (k, 2, sp.oo)) - (sp.exp(x) - 1 - x)) and all(tail(v) <= tail(v, True) for v in inner))
C.c("&\\le 1 + x + x^2 \\sum_{k=2}^{\\infty}", "second line", sp.summation(1 / sp.factorial(k), (k, 2, sp.oo)) == sp.E - 2 and all(tail(v, True) <= v**2 * tail(1) for v in inner) and sp.E - 2 < 1)
C.c("where the second line uses", "|x|^k <= x^2", all(abs(v)**kk <= v**2 for v in inner for kk in range(2, 12)) and rounds_to(sp.E - 2, "0.7183") and sp.E - 2 < 1)
C.c("Case 2: $x < -1$", "case 2", all(sp.exp(v) < sp.exp(-1) < 1 and v + v**2 == v * (1 + v) > 0 and v < 0 and 1 + v < 0 and 1 + v + v**2 > 1 for v in [Rn(-k, 7) for k in range(8, 200)]))
C.c("Both cases together", "cover", sp.Union(sp.Interval(-1, 1), sp.Interval.open(-sp.oo, -1)) == sp.Interval(-sp.oo, 1))
C.c("The restriction matters", "x=2", rounds_to(sp.exp(2), "7.3891") and sp.exp(2) > 7 == 1 + 2 + 4)
C.c("Near $0$ the bound", "series", zero(sp.series(1 + x + x**2 - sp.exp(x), x, 0, 3).removeO() - x**2 / 2))
C.c("Combined with $1 + x \\le e^x$", "sandwich", all(1 + v <= sp.exp(v) for v in pts) and Rn(3, 2) <= sp.exp(Rn(1, 2)) <= Rn(7, 4) and rounds_to(sp.exp(Rn(1, 2)), "1.6487") and 1 + Rn(1, 2) + Rn(1, 4) == Rn(7, 4))
C.done()
