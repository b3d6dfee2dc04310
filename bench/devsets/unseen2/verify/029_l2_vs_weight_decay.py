from common import *
import random
c = Checker("keys/029_l2_vs_weight_decay.md")
R = sp.Rational
n = 3
w = sp.Matrix(n, 1, lambda i, j: sp.Symbol(f"w{i}", real=True)); lam, eta = sp.symbols("lambda eta", positive=True)
gL = sp.Matrix(n, 1, lambda i, j: sp.Symbol(f"G{i}", real=True))
ln = c.find("Since $\\nabla_w\\,\\frac{\\lambda}{2}\\|w\\|_2^2 = \\lambda w$")
reg = lam / 2 * sum(wi**2 for wi in w)
c.meq(ln, None, sp.Matrix([sp.diff(reg, wi) for wi in w]), lam * w, "grad of reg")
ln = c.find("w' = w - \\eta\\bigl(\\nabla L(w) + \\lambda w\\bigr)")
c.meq(ln, None, w - eta * (gL + lam * w), (1 - eta * lam) * w - eta * gL, "SGD step")
c.true(c.find("This is exactly SGD with decoupled"), None, True, "restates previous line with decay factor 1 - eta*lambda")
ln = c.find("For Adam they do not.")
b1, b2 = R(9, 10), R(999, 1000)
def adam_step(u, eta_):
    m = (1 - b1) * u; v = (1 - b2) * u**2
    return -eta_ * (m / (1 - b1)) / sp.sqrt(v / (1 - b2))
ok = True
for uu in [R(k, 7) for k in range(-30, 31) if k != 0]:
    ok &= sp.simplify(adam_step(uu, eta) - (-eta * sp.sign(uu))) == 0 and (1 - b1) * uu / (1 - b1) == uu and (1 - b2) * uu**2 / (1 - b2) == uu**2 and uu / abs(uu) == sp.sign(uu)
c.true(ln, None, ok, "first-step Adam = -eta sign(u)")
rng = random.Random(29)
cases = []
for _ in range(3000):
    g = R(rng.randint(-50, 50), rng.randint(1, 9)); ww = R(rng.randint(-50, 50), rng.randint(1, 9)); la = R(rng.randint(1, 30), 10); et = R(1, 100)
    if g == 0 or ww == 0 or g + la * ww == 0: continue
    l2 = adam_step(g + la * ww, et); aw = adam_step(g, et) - et * la * ww
    cases.append((g, ww, la, et, l2, aw))
ln = c.find("Case 1: $gw > 0$.")
c.true(ln, None, all(sp.sign(g + la * ww) == sp.sign(g) and l2 == -et * sp.sign(g) and aw == -et * sp.sign(g) - et * la * ww and abs(aw) - abs(l2) == et * la * abs(ww) for g, ww, la, et, l2, aw in cases if g * ww > 0), "case 1")
ln = c.find("Case 2: $gw < 0$ and $|g| < \\lambda|w|$.")
c.true(ln, None, all(sp.sign(g + la * ww) == sp.sign(ww) and l2 == -et * sp.sign(ww) and l2 == et * sp.sign(g) and aw == -et * sp.sign(g) - et * la * ww == et * sp.sign(ww) - et * la * ww for g, ww, la, et, l2, aw in cases if g * ww < 0 and abs(g) < la * abs(ww)), "case 2")
ln = c.find("Case 3: $gw < 0$ and $|g| > \\lambda|w|$.")
c.true(ln, None, all(sp.sign(g + la * ww) == sp.sign(g) and l2 == -et * sp.sign(g) for g, ww, la, et, l2, aw in cases if g * ww < 0 and abs(g) > la * abs(ww)), "case 3")
c.true(ln, None, sum(1 for cs in cases if cs[0] * cs[1] < 0 and abs(cs[0]) > cs[2] * abs(cs[1])) > 50 and sum(1 for cs in cases if cs[0] * cs[1] < 0 and abs(cs[0]) < cs[2] * abs(cs[1])) > 50, "enough samples per case")
ln = c.find("Example of Case 2")
g, ww, la, et = R(1, 10), -1, R(1, 2), R(1, 100)
c.true(ln, None, g * ww < 0 and abs(g) < la * abs(ww), "is case 2")
c.eq(ln, None, g + la * ww, R(-4, 10), "u"); c.eq(ln, None, adam_step(g + la * ww, et), R(1, 100), "Adam L2 move")
c.eq(ln, None, adam_step(g, et) - et * la * ww, R(-1, 100) + R(5, 1000), "AdamW move"); c.eq(ln, None, R(-1, 100) + R(5, 1000), R(-5, 1000), "-0.005")
c.report()
