from common import *
KEY = "keys/027_one_plus_x_le_exp.md"
META = dict(kind="proof", topic="1 + x <= e^x by a three-case monotonicity argument")
SLIP = dict(line=9, old=r"so $f'(t) < 0$ there", new=r"so $f'(t) > 0$ there", kind="case",
            desc="conclusion of Case 2 false in that case: for t in [x, 0) we have f'(t) = e^t - 1 < 0. Witness t = -1: f'(-1) = e^{-1} - 1 ~ -0.632.")
x = sp.Symbol('x', real=True)
f = sp.exp(x) - 1 - x
R = sp.Rational
ux = lambda: (urand(-30, 30),)

def check(doc):
    doc.note(1, r"$1 + x \le e^x$")
    doc.forall(3, [r"For every real $x$, $1 + x \le e^x$"], lambda t: 1 + t <= mp.exp(t), ux)
    doc.true(3, [r"with equality only at $x = 0$"], f.subs(x, 0) == 0 and sp.diff(f, x).subs(x, 0) == 0 and sp.diff(f, x, 2) == sp.exp(x))  # strictly convex, stationary at 0
    doc.eq(5, [r"f(0) = 0"], f.subs(x, 0), 0)
    doc.eq(5, [r"f'(x) = e^x - 1"], sp.diff(f, x), sp.exp(x) - 1)
    doc.note(7, "Case 1: $x > 0$")
    doc.forall(7, [r"e^t > 1$ for every $t \in (0, x]$", r"so $f'(t) > 0$ there"], lambda t: mp.exp(t) > 1 and mp.exp(t) - 1 > 0, lambda: (urand(1e-9, 30),))
    doc.forall(7, [r"f(x) > f(0) = 0"], lambda t: mp.exp(t) - 1 - t > 0, lambda: (urand(1e-6, 30),))
    doc.note(9, "Case 2: $x < 0$")
    doc.forall(9, [r"e^t < 1$ for every $t \in [x, 0)$", r"so $f'(t) < 0$ there"], lambda t: mp.exp(t) < 1 and mp.exp(t) - 1 < 0, lambda: (urand(-30, -1e-9),))
    doc.forall(9, [r"f(x) > f(0) = 0"], lambda t: mp.exp(t) - 1 - t > 0, lambda: (urand(-30, -1e-6),))
    doc.eq(11, [r"Case 3: $x = 0$. Then $f(x) = 0$"], f.subs(x, 0), 0)
    doc.forall(13, [r"In every case $f(x) \ge 0$, i.e. $1 + x \le e^x$"], lambda t: mp.exp(t) - 1 - t >= 0, ux)
    doc.forall(15, [r"1 - x \le e^{-x}"], lambda t: 1 - t <= mp.exp(-t), ux)
    doc.forall(15, [r"for $x < 1$ both sides are positive", r"e^{x} \le \frac{1}{1 - x}"], lambda t: 1 - t > 0 and mp.exp(t) <= 1 / (1 - t), lambda: (urand(-30, 0.999),))
    v = sp.exp(R(1, 10))
    doc.true(17, [r"1.1 \le e^{0.1}"], R(11, 10) <= sp.N(v, 50) <= R(10, 9))
    doc.approx(17, [r"e^{0.1} \approx"], v, "1.1052")
    doc.approx(17, [r"1/0.9 \approx"], R(10, 9), "1.1111")
    doc.forall(19, [r"for $x > -1$ gives $\log(1 + x) \le x$"], lambda t: mp.log(1 + t) <= t, lambda: (urand(-0.999999, 30),))
    doc.forall(19, [r"\log p \le p - 1"], lambda t: mp.log(t) <= t - 1, lambda: (urand(1e-9, 30),))
    return doc.finish()

def slip_false(doc):
    t = -1
    v = sp.diff(f, x).subs(x, t)
    return false_at(doc, 9, [r"so $f'(t) > 0$ there"], sp.N(v) > 0, f"t=-1 in [x,0) for x=-2: f'(-1) = {sp.N(v, 6)} < 0")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
