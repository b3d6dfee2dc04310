from common import *
C = Checker("keys/013_softmax_ce_numeric.md")
Rn = sp.Rational
z = [sp.Integer(2), sp.Integer(1), Rn(1, 10)]
S = sum(sp.exp(v) for v in z)
p = [sp.exp(v) / S for v in z]
C.c("so $S \\approx 11.2125$", "exp values and S", rounds_to(sp.exp(2), "7.3891") and rounds_to(sp.E, "2.7183") and rounds_to(sp.exp(Rn(1, 10)), "1.1052") and rounds_to(S, "11.2125"))
C.c("(0.6590, 0.2424, 0.0986)", "p", all(rounds_to(p[i], v) for i, v in enumerate(["0.6590", "0.2424", "0.0986"])))
C.c("\\approx 0.4170", "loss", rounds_to(-sp.log(p[0]), "0.4170"))
g = [p[0] - 1, p[1], p[2]]
C.c("(-0.3410, 0.2424, 0.0986)", "grad", all(rounds_to(g[i], v) for i, v in enumerate(["-0.3410", "0.2424", "0.0986"])) and zero(sum(g)), "sum to $0$")
zs = [v - 2 for v in z]
Ss = sum(sp.exp(v) for v in zs)
C.c("(0, -1, -1.9)", "shift invariance", zs == [0, -1, Rn(-19, 10)] and all(zero(sp.exp(zs[i]) / Ss - p[i]) for i in range(3)))
zt = [v / 2 for v in z]; St = sum(sp.exp(v) for v in zt)
C.c("(0.5017, 0.3043, 0.1940)", "temperature", zt == [1, Rn(1, 2), Rn(1, 20)] and all(rounds_to(sp.exp(zt[i]) / St, v) for i, v in enumerate(["0.5017", "0.3043", "0.1940"])) and sp.N(max(sp.exp(v) / St for v in zt)) < sp.N(p[0]), "(1.0, 0.5, 0.05)")
C.done()
