from common import *
KEY = "keys/034_bernoulli.md"
META = dict(kind="proof", topic="Bernoulli's inequality and bounds on (1 - eta)^n")
SLIP = dict(line=7, old=r"gives $(1 - \eta)^n \ge 1 - n\eta$", new=r"gives $(1 - \eta)^{n+1} \ge 1 - n\eta$", kind="bound",
            desc="exponent off by one (n+1 instead of n). Witness n=1, eta=1/2: (1/2)^2 = 1/4 < 1/2 = 1 - 1*(1/2).")
R = sp.Rational

def check(doc):
    for n in range(0, 9):
        doc.forall(3, [r"$(1 + x)^n \ge 1 + n x$", r"every real $x \ge -1$"], lambda t: (1 + t)**n >= 1 + n * t - mp.mpf('1e-40'), lambda: (urand(-1, 10),), N=300)
    x = sp.Symbol('x', real=True)
    doc.eq(5, ["For $n = 0$ both sides equal $1$"], sp.Matrix([(1 + x)**0, 1 + 0 * x]), sp.Matrix([1, 1]))
    for n in range(1, 8):
        g = (1 + x)**n - 1 - n * x
        doc.eq(5, [r"g(0) = 0"], g.subs(x, 0), 0)
        doc.eq(5, [r"g'(x) = n\left((1 + x)^{n-1} - 1\right)"], sp.diff(g, x), n * ((1 + x)**(n - 1) - 1))
        doc.forall(5, [r"which is $\le 0$ on $[-1, 0]$"], lambda t: n * ((1 + t)**(n - 1) - 1) <= 0, lambda: (urand(-1, 0),), N=200)
        doc.forall(5, [r"$\ge 0$ on $[0, \infty)$"], lambda t: n * ((1 + t)**(n - 1) - 1) >= 0, lambda: (urand(0, 10),), N=200)
    for n in range(0, 12):
        doc.forall(7, [r"gives $(1 - \eta)^n \ge 1 - n\eta$", r"Taking $x = -\eta \ge -1$"], lambda e: (1 - e)**n >= 1 - n * e - mp.mpf('1e-40'), lambda: (urand(0, 1),), N=200)
        doc.forall(9, [r"1 - n\eta \le (1 - \eta)^n \le e^{-n\eta}"], lambda e: 1 - n * e - mp.mpf('1e-40') <= (1 - e)**n <= mp.exp(-n * e) + mp.mpf('1e-40'), lambda: (urand(0, 1),), N=200)
    doc.forall(9, [r"1 - \eta \le e^{-\eta}"], lambda e: 1 - e <= mp.exp(-e), lambda: (urand(0, 1),))
    v = R(99, 100)**50
    doc.true(11, [r"0.5 \le 0.99^{50}"], R(1, 2) <= v <= sp.N(sp.exp(-R(1, 2)), 50))
    doc.approx(11, [r"0.99^{50} \approx"], v, "0.6050")
    doc.approx(11, [r"e^{-0.5} \approx"], sp.exp(-R(1, 2)), "0.6065")
    doc.eq(13, [r"(1 + x)^n = -27"], (1 - 4)**3, -27)
    doc.eq(13, [r"-11 = 1 + n x"], 1 + 3 * (-4), -11)
    doc.true(13, [r"-27 < -11"], -27 < -11)
    for n in range(1, 10):
        doc.forall(15, [r"\sum_{k=0}^{n-1} \beta^k \le n"], lambda b: mp.fsum(b**k for k in range(n)) <= n, lambda: (urand(0, 1),), N=100)
        b = sp.Symbol('beta')
        doc.eq(15, [r"the sum equals $\frac{1 - \beta^n}{1 - \beta}$"], sp.cancel((1 - b**n) / (1 - b)), sum(b**k for k in range(n)))
    doc.true(15, ["each of the $n$ terms is at most $1$"], all(R(k, 7)**j <= 1 for k in range(8) for j in range(6)))
    return doc.finish()

def slip_false(doc):
    n, e = 1, R(1, 2)
    return false_at(doc, 7, [r"(1 - \eta)^{n+1} \ge 1 - n\eta"], (1 - e)**(n + 1) >= 1 - n * e, f"n=1, eta=1/2: (1/2)^2 = {(1-e)**2} < {1 - n*e}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
