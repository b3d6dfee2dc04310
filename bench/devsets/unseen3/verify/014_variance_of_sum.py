from common import *
C = Checker("keys/014_variance_of_sum.md")
Rn = sp.Rational
# L2: Var(sum w_i x_i) = sum w_i^2 Var(x_i) for independent x_i: exact check on discrete independent laws
import itertools
laws = [[(-1, Rn(1, 2)), (1, Rn(1, 2))], [(-2, Rn(1, 4)), (0, Rn(1, 2)), (2, Rn(1, 4))], [(-1, Rn(1, 3)), (Rn(1, 2), Rn(2, 3))]]
w = [Rn(1, 2), -3, Rn(7, 5)]
E = lambda f: sum(f(*[o[0] for o in combo]) * sp.prod([o[1] for o in combo]) for combo in itertools.product(*laws))
mean_y = E(lambda a, b, c: w[0] * a + w[1] * b + w[2] * c)
var_y = E(lambda a, b, c: (w[0] * a + w[1] * b + w[2] * c - mean_y)**2)
vars_ = [sum(pr * v**2 for v, pr in L) - sum(pr * v for v, pr in L)**2 for L in laws]
C.c("\\operatorname{Var}(y) = \\sum_{i=1}^{n} w_i^2 \\operatorname{Var}(x_i)", "variance of independent sum", var_y == sum(wi**2 * vi for wi, vi in zip(w, vars_)))
w = [Rn(1, 2), -1, 2, Rn(1, 4)]; V = [1, Rn(1, 2), Rn(1, 4), 4]
terms = [wi**2 * vi for wi, vi in zip(w, V)]
C.c("Term by term", "terms", [wi**2 for wi in w] == [Rn(1, 4), 1, 4, Rn(1, 16)] and terms == [Rn(1, 4), Rn(1, 2), 1, Rn(1, 4)] and Rn(1, 16) == Rn(625, 10000))
C.c("standard deviation is $\\sqrt{2}", "sum and sqrt", sum(terms) == 2 and rounds_to(sp.sqrt(2), "1.4142"))
w2 = [Rn(1, 2), 1, 2, Rn(1, 4)]
C.c("The sign of $w_2", "sign flip", sum(wi**2 * vi for wi, vi in zip(w2, V)) == 2)
# random weights: Var(w x) = E[w^2]E[x^2] with independent zero-mean w, x
lw = [(-1, Rn(1, 2)), (1, Rn(1, 2))]; lx = [(-3, Rn(1, 4)), (1, Rn(3, 4))]
Ew2 = sum(p * v**2 for v, p in lw); Ex2 = sum(p * v**2 for v, p in lx)
Ewx = sum(p * q * a * b for a, p in lw for b, q in lx)
Vwx = sum(p * q * (a * b - Ewx)**2 for a, p in lw for b, q in lx)
C.c("\\operatorname{Var}(w_i x_i) = \\mathbb E[w_i^2]", "product variance", Vwx == Ew2 * Ex2 and sum(p * v for v, p in lx) == 0, "n\\, \\sigma_w^2 \\sigma_x^2")
C.c("$n = 512$", "numbers", 512 * Rn(1, 512) * 1 == 1 and 512 * Rn(1, 100) == Rn(512, 100) and rounds_to(sp.sqrt(Rn(512, 100)), "2.2627"), "5.12")
C.ck(3, "setup (definitions)", True, "independent")
C.done()
