from common import *
import random
c = Checker("keys/027_weight_decay_bernoulli.md")
rng = random.Random(27)
R = sp.Rational
el = [R(k, 200) for k in range(0, 201)]  # eta*lambda in [0,1]
ln = c.find("is multiplied by $1 - \\eta\\lambda$ at every step")
w0, e, l = sp.symbols("w0 eta lambda")
w = w0
for t in range(5):
    w = w - e * l * w
c.eq(ln, None, w, (1 - e * l)**5 * w0, "after 5 steps")
ln = c.find("**Upper bound.**")
c.true(ln, None, all(sp.exp(R(k, 10)) >= 1 + R(k, 10) for k in range(-100, 100)), "1+u <= e^u samples")
u = sp.symbols("u", real=True)
c.true(ln, None, sp.solve(sp.diff(sp.exp(u) - 1 - u, u), u) == [0] and sp.diff(sp.exp(u) - 1 - u, u, 2) == sp.exp(u), "convex, min at 0 -> e^u - 1 - u >= 0")
c.true(ln, None, all(0 <= 1 - a <= sp.exp(-a) for a in el), "0 <= 1-el <= e^-el")
c.true(ln, None, all(to_mp((1 - a)**t) <= to_mp(sp.exp(-a * t)) for a in el[::10] for t in range(0, 40)), "powers")
ln = c.find("**Lower bound.** Bernoulli's inequality")
c.true(ln, None, all((1 + uu)**t >= 1 + t * uu for uu in [R(k, 20) for k in range(-20, 60)] for t in range(0, 25)), "Bernoulli for u >= -1")
c.true(ln, None, all((1 - a)**t >= 1 - t * a for a in el for t in range(0, 25)), "with u = -eta*lambda")
ln = c.find("Together, for $w_0 \\ne 0$")
c.true(ln, None, all(1 - t * a <= abs((1 - a)**t * 3) / 3 and to_mp(abs((1 - a)**t * -3) / 3) <= to_mp(sp.exp(-a * t)) for a in el[::5] for t in range(0, 30)), "sandwich")
ln = c.find("**Numbers.**")
c.eq(ln, None, R(1, 1000) * R(1, 10) * 1000, R(1, 10), "eta lambda t")
c.eq(ln, None, 1 - R(1, 1000) * R(1, 10), R(9999, 10000), "1 - eta lambda")
v = R(9999, 10000)**1000
c.true(ln, None, R(9, 10) <= v and to_mp(v) <= to_mp(sp.exp(R(-1, 10))), "0.9 <= v <= e^-0.1")
c.approx(ln, "e^{-0.1} \\approx 0.9048", sp.exp(R(-1, 10)), "0.9048"); c.approx(ln, "The exact value is $0.9999^{1000} \\approx 0.9048$", v, "0.9048")
c.true(ln, "the upper bound is the sharp one", to_mp(sp.exp(R(-1, 10))) - to_mp(v) < to_mp(v) - mp.mpf('0.9'), "upper bound closer")
ln = c.find("**Halving time.**")
c.approx(ln, "6931.47", sp.log(2) / R(1, 10**4), "6931.47")
c.true(ln, None, all(to_mp(sp.exp(-R(1, 10**4) * t)) <= 0.5 for t in (6932, 7000, 10**5)) and to_mp(sp.exp(-R(1, 10**4) * 6931)) > 0.5, "e-bound at 6932")
c.true(ln, None, to_mp(R(9999, 10000))**6932 <= 0.5, "actual factor after 6932 steps <= 1/2")
c.report()
