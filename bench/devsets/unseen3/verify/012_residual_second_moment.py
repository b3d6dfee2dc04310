from common import *
C = Checker("keys/012_residual_second_moment.md")
import itertools
al = sp.Symbol("alpha", positive=True)
for d in (2, 3):
    x = sp.Matrix(sp.symbols(f"x1:{d+1}", real=True)); F = sp.Matrix(sp.symbols(f"F1:{d+1}", real=True))
    y = x + F
    C.ck(6, "square expansion", zero((y.T * y)[0] - ((x.T * x)[0] + 2 * (x.T * F)[0] + (F.T * F)[0])), "2\\, x_l^\\top F_l(x_l)")
# exact model satisfying (i),(ii): F_l(x) = r_l * sqrt(alpha) * x with independent signs r_l = +-1
for n in range(1, 6):
    tot = 0
    for signs in itertools.product((1, -1), repeat=n):
        fac = 1
        for r in signs:
            fac *= (1 + r * sp.sqrt(al))**2
        tot += fac
    E = sp.expand(tot / 2**n)
    C.ck(8, "s_n = (1+alpha)^n s_0 in an exact model", zero(E - (1 + al)**n), "s_n = (1 + \\alpha)^{n} s_0")
    C.ck(9, "per coordinate", zero(E / 1 - (1 + al)**n), "\\frac{1}{d}s_n = (1 + \\alpha)^n \\frac{s_0}{d}")
# cross term mean zero and recursion algebra
xx = sp.Matrix(sp.symbols("x1:4", real=True))
C.ck(7, "cross term mean zero in the sign model", zero(sum(2 * (xx.T * (r * sp.sqrt(al) * xx))[0] for r in (1, -1)) / 2), "= 0")
C.ck(8, "recursion algebra", zero(1 + al - (1 + al)), "(1 + \\alpha) s_l")
# (1 + a/n)^n <= e^a via 1+u<=e^u, u = a/n
ok = True
for nn in range(1, 60):
    for av in (sp.Rational(1, 100), sp.Rational(1, 10), 1, 3, 10):
        ok &= (1 + av / nn)**nn <= sp.exp(av)
u = sp.Symbol("u", real=True)
h = sp.exp(u) - 1 - u  # h(0)=0, h' = e^u - 1 has the sign of u, so min at 0
C.ck(10, "(1+a/n)^n <= e^a", ok and h.subs(u, 0) == 0 and sp.diff(h, u) == sp.exp(u) - 1, "(1 + \\alpha/n)^n \\le e^{\\alpha}")
C.ck(10, "scaling by 1/sqrt n divides E||F||^2 by n", zero((1 / sp.sqrt(sp.Symbol('n', positive=True)))**2 * al - al / sp.Symbol('n', positive=True)), "\\alpha/n")
C.ck(11, "numbers", rounds_to(sp.Rational(11, 10)**24, "9.8497") and rounds_to((1 + sp.Rational(1, 240))**24, "1.1049") and rounds_to(sp.exp(sp.Rational(1, 10)), "1.1052") and (1 + sp.Rational(1, 240))**24 <= sp.exp(sp.Rational(1, 10)), ["9.8497", "1.1049", "1.1052"])
C.done()
