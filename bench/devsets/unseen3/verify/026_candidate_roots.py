from common import *
C = Checker("keys/026_candidate_roots.md")
Rn = sp.Rational
w = sp.Symbol("w")
g = 2 * w**3 - 3 * w**2 - 11 * w + 6
cands = {s * Rn(a, b) for a in (1, 2, 3, 6) for b in (1, 2) for s in (1, -1)}
C.c("By the rational root theorem", "candidates", cands == {Rn(v) for v in (1, -1, 2, -2, 3, -3, 6, -6)} | {Rn(1, 2), Rn(-1, 2), Rn(3, 2), Rn(-3, 2)})
C.c("Try $w = 1$:", "w=1", g.subs(w, 1) == 2 - 3 - 11 + 6 == -6)
C.c("Try $w = -1$:", "w=-1", g.subs(w, -1) == -2 - 3 + 11 + 6 == 12)
C.c("Try $w = 2$:", "w=2", g.subs(w, 2) == 16 - 12 - 22 + 6 == -12)
C.c("Try $w = -2$:", "w=-2", g.subs(w, -2) == -16 - 12 + 22 + 6 == 0)
C.c("Dividing by $w + 2$", "factor", zero(g - (w + 2) * (2 * w**2 - 7 * w + 3)) and zero(2 * w**2 - 7 * w + 3 - (2 * w - 1) * (w - 3)))
C.c("So the critical points are", "roots", set(sp.solve(g, w)) == {-2, Rn(1, 2), 3} and g.subs(w, Rn(1, 2)) == Rn(1, 4) - Rn(3, 4) - Rn(11, 2) + 6 == 0 and g.subs(w, 3) == 54 - 27 - 33 + 6 == 0)
gp = sp.diff(g, w)
C.c("Since $g'(w) = 6w^2 - 6w - 11$", "g'", zero(gp - (6 * w**2 - 6 * w - 11)) and gp.subs(w, -2) == 25 and gp.subs(w, Rn(1, 2)) == Rn(-25, 2) and gp.subs(w, 3) == 25)
C.c("are local minima of the loss", "classification (loss'' = g')", gp.subs(w, -2) > 0 and gp.subs(w, 3) > 0 and gp.subs(w, Rn(1, 2)) < 0)
C.done()
