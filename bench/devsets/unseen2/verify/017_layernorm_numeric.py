from common import *
c = Checker("keys/017_layernorm_numeric.md")
R = sp.Rational
x = [1, 2, 4, 9]; d = 4; eps = R(1, 10**5)
mu = R(sum(x), d)
c.eq(c.find("- Mean:"), None, mu, 4, "mu")
ln = c.find("- Deviations:")
dev = [xi - mu for xi in x]
c.true(ln, None, dev == [-3, -2, 0, 5], "deviations"); c.eq(ln, None, sum(t**2 for t in dev), 9 + 4 + 0 + 25, "squares"); c.eq(ln, None, 9 + 4 + 0 + 25, 38, "38")
c.eq(c.find("- Variance:"), None, R(38, 4), R(95, 10), "9.5")
ln = c.find("- Scale:")
s = sp.sqrt(R(95, 10) + eps)
c.approx(ln, "3.0822", s, "3.0822")
c.true(ln, "sixth decimal", str(sp.N(s, 12))[:7] == str(sp.N(sp.sqrt(R(95, 10)), 12))[:7] and str(sp.N(s, 12))[:8] != str(sp.N(sp.sqrt(R(95, 10)), 12))[:8], "first differing decimal is the sixth")
ln = c.find("- Normalised:")
yh = [t / s for t in dev]
for val, txt in zip(yh, ["-0.9733", "-0.6489", "0", "1.6222"]):
    c.approx(ln, txt, val, txt)
ln = c.find("- Output:")
y = [2 * t + R(1, 2) for t in yh]
for val, txt in zip(y, ["-1.4467", "-0.7978", "0.5", "3.7444"]):
    c.approx(ln, txt, val, txt)
ln = c.find("Checks:")
c.eq(ln, None, sum(yh), 0, "sum yhat"); c.eq(ln, None, sum(t**2 for t in yh), 38 / (R(95, 10) + eps), "sum sq")
c.approx(ln, "3.999996", 38 / (R(95, 10) + eps), "3.999996"); c.true(ln, "just below", 38 / (R(95, 10) + eps) < 4, "< 4")
ln = c.find("Shifting the input")
x2 = [t + 10 for t in x]
c.true(ln, None, x2 == [11, 12, 14, 19], "shifted")
mu2 = R(sum(x2), d); s2 = sp.sqrt(sum((t - mu2)**2 for t in x2) / d + eps)
c.true(ln, None, all(sp.simplify((a - mu2) / s2 - b) == 0 for a, b in zip(x2, yh)), "yhat unchanged")
x3 = [3 * t for t in x]; mu3 = R(sum(x3), d); s3 = sp.sqrt(sum((t - mu3)**2 for t in x3) / d + eps)
c.eq(ln, None, s3, sp.sqrt(R(855, 10) + eps), "scale 85.5"); c.approx(ln, "9.2466", s3, "9.2466")
c.report()
