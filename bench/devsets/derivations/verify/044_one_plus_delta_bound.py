import sympy as sp
import numpy as np
from _check import eq
dl = sp.Symbol("delta", real=True)
f = dl - sp.log(1 + dl)
assert f.subs(dl, 0) == 0
fp = sp.diff(f, dl); eq(fp, 1 - 1 / (1 + dl)); eq(fp, dl / (1 + dl))
for v in np.linspace(-0.99, 5, 600):
    v = sp.Float(v, 30)
    if v < 0: assert fp.subs(dl, v) < 0
    if v > 0: assert fp.subs(dl, v) > 0
    assert f.subs(dl, v) >= 0
n = sp.Symbol("n", positive=True, integer=True)
for nn in (1, 2, 5, 12, 48):
    for v in np.linspace(-1, 3, 81):
        v = sp.Rational(str(round(v, 6)))
        assert 1 + nn * v <= (1 + v) ** nn and (1 + v) ** nn <= sp.exp(nn * v)
c = sp.Symbol("c", real=True)
assert sp.limit((1 + c / n) ** n, n, sp.oo) == sp.exp(c)
for nn in (1, 2, 10, 100):
    for cc in (sp.Rational(-1, 2), sp.Rational(1, 3), 1, 2):
        assert (1 + cc / nn) ** nn <= sp.exp(cc)
    assert (1 + sp.Rational(1, nn)) ** nn <= sp.E
    assert (1 + sp.Rational(1, 2 * nn)) ** nn <= sp.exp(sp.Rational(1, 2))
print("044 ok")
