from common import *
c = Checker("keys/014_dropout_moments.md")
R = sp.Rational
def mom(p, x):
    # m in {0,1}, P(m=1) = 1-p; exact enumeration
    vals = [(p, 0), (1 - p, x / (1 - p))]
    E = sum(pr * val for pr, val in vals); E2 = sum(pr * val**2 for pr, val in vals)
    return E, E2, E2 - E**2
p = R(1, 5); x = R(3, 2)
E, E2, V = mom(p, x)
ln = c.find("The expectation is")
c.eq(ln, None, E, (1 - p) * x / (1 - p), "E"); c.eq(ln, None, E, x, "=x"); c.eq(ln, None, x, R(3, 2), "1.5")
ln = c.find("For the second moment")
c.true(ln, None, all(mm**2 == mm for mm in (0, 1)), "m^2 = m")
c.eq(ln, None, E2, x**2 / (1 - p), "E2"); c.eq(ln, None, x**2 / (1 - p), R(225, 100) / R(8, 10), "2.25/0.8"); c.eq(ln, None, R(225, 100) / R(8, 10), R(28125, 10000), "2.8125")
ln = c.find("The variance is then")
c.eq(ln, None, R(28125, 10000) - R(3, 2)**2, R(5625, 10000), "2.8125 - 1.5^2"); c.eq(ln, None, V, x**2 * p / (1 - p), "closed form")
c.eq(ln, None, x**2 * p / (1 - p), R(225, 100) * R(25, 100), "2.25*0.25"); c.eq(ln, None, R(225, 100) * R(25, 100), R(5625, 10000), "0.5625")
c.eq(ln, None, sp.sqrt(R(5625, 10000)), R(3, 4), "sd"); c.eq(ln, None, R(3, 4), x / 2, "half the mean")
ln = c.find("For a layer of $n = 100$ units")
c.eq(ln, None, 100 * E, 150, "mean"); c.eq(ln, None, 100 * V, R(5625, 100), "variance sum")
c.eq(ln, None, sp.sqrt(R(5625, 100)) / 150, R(5, 100), "CV")
ln = c.find("With $p = 0.5$ instead")
c.eq(ln, None, mom(R(1, 2), x)[2], x**2, "var at p=0.5"); c.eq(ln, None, x**2, R(225, 100), "2.25")
ln = c.find("The chance that all $10$ units")
c.approx(ln, "0.000977", R(1, 2)**10, "0.000977"); c.approx(ln, "1.02 \\times 10^{-7}", R(1, 5)**10, "1.02e-7")
ln = c.find("With $p = 0.1$ the per-unit")
c.eq(ln, None, sp.sqrt(mom(R(1, 10), x)[2]), R(3, 2) * sp.sqrt(R(1, 10) / R(9, 10)), "sd p=0.1"); c.eq(ln, None, R(3, 2) * sp.sqrt(R(1, 9)), R(1, 2), "0.5 exactly")
c.eq(ln, None, sp.sqrt(mom(R(3, 10), x)[2]), R(3, 2) * sp.sqrt(R(3, 7)), "sd p=0.3"); c.approx(ln, "0.9820", R(3, 2) * sp.sqrt(R(3, 7)), "0.9820")
c.report()
