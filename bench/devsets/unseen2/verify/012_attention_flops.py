from common import *
c = Checker("keys/012_attention_flops.md")
n = 1024; d = 1024; h = 16; dh = d // h
ln = c.find("Count a multiply-add as 2 FLOPs")
c.eq(ln, "d_h = d/h = 64", sp.Rational(d, h), 64, "dh")
# 2abc: a x b times b x c has a*c entries each with b multiply-adds
c.true(ln, "2abc", all(2 * a * b_ * cc == 2 * (a * cc) * b_ for a, b_, cc in ((2, 3, 4), (5, 1, 7))), "count")
ln = c.find("1. Projections")
c.eq(ln, None, 3 * 2 * n * d**2, 6 * 1024**3, "3*2nd^2"); c.eq(ln, None, 6 * 1024**3, 6442450944, "value")
ln = c.find("2. Scores")
c.eq(ln, None, h * 2 * n**2 * dh, 2 * n**2 * d, "h 2 n^2 dh"); c.eq(ln, None, 2 * n**2 * d, 2147483648, "value")
c.eq(c.find("3. Weighted values"), None, h * 2 * n * n * dh, 2147483648, "AV")
c.eq(c.find("4. Output projection"), None, 2 * n * d**2, 2147483648, "out proj")
ln = c.find("Total: $8nd^2 + 4n^2 d")
tot = 6442450944 + 2147483648 * 3
c.eq(ln, None, 8 * n * d**2, 8589934592, "8nd^2"); c.eq(ln, None, 4 * n**2 * d, 4294967296, "4n^2d")
c.eq(ln, None, 8589934592 + 4294967296, 12884901888, "sum"); c.eq(ln, None, tot, 12884901888, "sum of items")
c.approx(ln, "1.288 \\times 10^{10}", 12884901888, "1.288e10")
c.eq(ln, None, sp.Rational(4 * n**2 * d, 8 * n * d**2 + 4 * n**2 * d), sp.Rational(4, 12), "share"); c.eq(ln, None, sp.Rational(4, 12), sp.Rational(1, 3), "a third")
nn = sp.symbols("n", positive=True); dd = sp.symbols("d", positive=True)
c.eq(ln, None, (4 * nn**2 * dd / (8 * nn * dd**2 + 4 * nn**2 * dd)).subs(nn, dd), sp.Rational(4, 12), "when n = d")
n = 2048
ln = c.find("Then $8nd^2 = 17179869184$")
c.eq(ln, None, 8 * n * d**2, 17179869184, "8nd^2"); c.eq(ln, None, 4 * n**2 * d, 17179869184, "4n^2d")
c.eq(ln, None, 17179869184 * 2, 34359738368, "total"); c.approx(ln, "3.436", 34359738368, "3.436e10")
ln = c.find("grown fourfold")
c.eq(ln, None, sp.Rational(4 * 2048**2 * d, 4 * 1024**2 * d), 4, "fourfold"); c.eq(ln, None, sp.Rational(8 * 2048 * d**2, 8 * 1024 * d**2), 2, "doubled")
c.eq(ln, None, sp.Rational(17179869184, 34359738368), sp.Rational(1, 2), "half")
c.report()
