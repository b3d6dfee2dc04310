from common import *
C = Checker("keys/015_he_xavier_init.md")
Rn = sp.Rational
din, dout = 512, 2048
C.c("Xavier (Glorot) uses", "xavier", Rn(2, din + dout) == Rn(2, 2560) == Rn(78125, 10**8) and rounds_to(sp.sqrt(Rn(2, 2560)), "0.0280"))
a = sp.Symbol("a", positive=True); u = sp.Symbol("u")
C.c("Xavier-uniform bound", "uniform", zero(sp.integrate(u**2 / (2 * a), (u, -a, a)) - a**2 / 3) and (sp.sqrt(Rn(6, 2560)))**2 / 3 == Rn(2, 2560) and rounds_to(sp.sqrt(Rn(6, 2560)), "0.0484"))
C.c("He (Kaiming) initialisation", "he", Rn(2, din) == Rn(390625, 10**8) and sp.sqrt(Rn(2, 512)) == Rn(625, 10000))
# symmetric h: E[max(0,h)^2] = 1/2 E[h^2]: exact with a symmetric discrete law and a normal law
h = sp.Symbol("h", real=True); s = sp.Symbol("s", positive=True)
pdf = sp.exp(-h**2 / (2 * s**2)) / (s * sp.sqrt(2 * sp.pi))
C.c("The reason:", "relu second moment", zero(sp.integrate(h**2 * pdf, (h, 0, sp.oo)) - sp.integrate(h**2 * pdf, (h, -sp.oo, sp.oo)) / 2) and all(x0 * Rn(2, x0) * Rn(1, 2) == 1 for x0 in (512, 2048)), "= 1")
din, dout = 2048, 512
C.c("Its He variance", "he second", Rn(2, din) == Rn(9765625, 10**10) and sp.sqrt(Rn(2, din)) == Rn(1, 32) == Rn(3125, 10**5))
C.c("Its Xavier variance", "xavier second", Rn(2, din + dout) == Rn(78125, 10**8) == Rn(2, 512 + 2048))
C.c("Check of the forward", "forward", 2048 * Rn(9765625, 10**10) * Rn(1, 2) == 1)
C.c("set $d_{\\text{in}} = 2048$", "rebinding", True)
C.ck(3, "setup", True, "d_{\\text{in}} = 512")
C.done()
