from common import *
C = Checker("keys/018_rope_numeric.md")
Rn = sp.Rational
th = Rn(1, 2); m, n = 2, 5
R = lambda t: sp.Matrix([[sp.cos(t), -sp.sin(t)], [sp.sin(t), sp.cos(t)]])
q = sp.Matrix([3, 4]); k = sp.Matrix([1, 0])
C.c("With $R(\\phi)$ the counter-clockwise", "angles", m * th == 1 and n * th == Rn(5, 2))
C.c("$\\cos 1 \\approx 0.5403$", "cos sin", rounds_to(sp.cos(1), "0.5403") and rounds_to(sp.sin(1), "0.8415"))
Rq = R(1) * q
C.c("(-1.7450, 4.6856)", "rotated q", zero(Rq[0] - (3 * sp.cos(1) - 4 * sp.sin(1))) and zero(Rq[1] - (3 * sp.sin(1) + 4 * sp.cos(1))) and rounds_to(Rq[0], "-1.7450") and rounds_to(Rq[1], "4.6856"))
C.c("Norm check", "norm", sp.simplify(Rq[0]**2 + Rq[1]**2) == 25)
Rk = R(Rn(5, 2)) * k
C.c("(-0.8011, 0.5985)", "rotated k", rounds_to(Rk[0], "-0.8011") and rounds_to(Rk[1], "0.5985"))
sc = (Rq.T * Rk)[0]
C.c("The score is", "score", close(sc, (q.T * R(Rn(3, 2)) * k)[0]) and close(sc, 3 * sp.cos(Rn(3, 2)) + 4 * sp.sin(Rn(3, 2))) and rounds_to(sc, "4.2022"))
sc2 = ((R((m + 10) * th) * q).T * (R((n + 10) * th) * k))[0]
C.c("Shifting both", "shift", close(sc, sc2) and n - m == 3 and 3 * th == Rn(3, 2))
C.ck(3, "setup", True, "\\theta = 0.5")
C.done()
