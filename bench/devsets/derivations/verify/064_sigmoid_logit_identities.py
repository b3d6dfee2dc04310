import sympy as sp
from _check import eq
x = sp.Symbol("x", real=True); p = sp.Symbol("p", positive=True)
s = lambda v: 1 / (1 + sp.exp(-v))
eq(s(-x), 1 / (1 + sp.exp(x))); eq(1 / (1 + sp.exp(x)), sp.exp(-x) / (sp.exp(-x) + 1)); eq(s(-x), 1 - s(x))
sd = sp.diff(s(x), x); eq(sd, s(x) * s(-x)); eq(sd.subs(x, -x), sd)
eq((s(x) - (1 + sp.tanh(x / 2)) / 2).rewrite(sp.exp), 0)
logit = sp.log(p / (1 - p))
eq(s(logit), p); eq(1 / (1 + (1 - p) / p), p)
dl = sp.diff(logit, p)
eq(dl, 1 / p + 1 / (1 - p)); eq(dl, 1 / (p * (1 - p)))
eq(sd.subs(x, logit), p * (1 - p))
for v in (sp.Rational(-5, 2), sp.Rational(1, 3), 4):
    assert abs(sp.N(sp.log(s(v)) - sp.log(1 - s(v)) - v, 40)) < 1e-35
print("064 ok")
