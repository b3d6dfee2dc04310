from common import *
KEY = "keys/035_cubic_integer_roots.md"
META = dict(kind="proof", topic="integer roots of n^3 - 6n^2 + 11n - 6 by rational-root candidates and trials")
SLIP = dict(line=13, old=r"$27 - 54 + 33 - 6 = 0$, so $3$ is a root", new=r"$27 - 54 + 33 - 6 = 6 \ne 0$, so $3$ fails", kind="trial",
            desc="the trial n = 3 actually works: 27 - 54 + 33 - 6 = 0, yet it is rejected with a miscomputed value 6.")
n = sp.Symbol('n', integer=True)
P = n**3 - 6 * n**2 + 11 * n - 6

def check(doc):
    roots = [k for k in range(-100, 101) if P.subs(n, k) == 0]
    doc.true(3, ["are exactly $1$, $2$ and $3$"], roots == [1, 2, 3])
    divs = sorted(set(d * s for d in sp.divisors(6) for s in (1, -1)))
    doc.true(5, [r"the candidates are $\pm 1, \pm 2, \pm 3, \pm 6$"], divs == [-6, -3, -2, -1, 1, 2, 3, 6])
    doc.true(5, ["Any integer root divides the constant term $6$"], all(6 % r == 0 for r in roots))
    doc.eq(7, [r"$1 - 6 + 11 - 6 = 0$"], P.subs(n, 1), 1 - 6 + 11 - 6); doc.eq(7, ["so $1$ is a root"], P.subs(n, 1), 0)
    doc.eq(9, [r"$-1 - 6 - 11 - 6 = -24 \ne 0$"], P.subs(n, -1), -24)
    doc.eq(11, [r"$8 - 24 + 22 - 6 = 0$"], P.subs(n, 2), 8 - 24 + 22 - 6); doc.eq(11, ["so $2$ is a root"], P.subs(n, 2), 0)
    doc.eq(13, [r"$27 - 54 + 33 - 6 = 0$"], P.subs(n, 3), 27 - 54 + 33 - 6); doc.eq(13, ["so $3$ is a root"], P.subs(n, 3), 0)
    doc.eq(15, [r"$216 - 216 + 66 - 6 = 60 \ne 0$"], P.subs(n, 6), 216 - 216 + 66 - 6); doc.eq(15, ["so $6$ fails"], P.subs(n, 6), 60)
    for k in range(-60, 0):
        terms = [k**3, -6 * k**2, 11 * k, -6]
        doc.true(17, ["For negative $n$ every term", "is negative", r"P(n) < 0"], all(t < 0 for t in terms) and P.subs(n, k) < 0)
    doc.true(17, ["disposes of $-2$, $-3$ and $-6$"], all(P.subs(n, k) != 0 for k in (-2, -3, -6)))
    doc.eq(19, [r"P(n) = (n - 1)(n - 2)(n - 3)"], P, (n - 1) * (n - 2) * (n - 3))
    doc.true(19, ["A cubic has at most three roots"], sp.degree(P, n) == 3)
    return doc.finish()

def slip_false(doc):
    v = 27 - 54 + 33 - 6
    return false_at(doc, 13, [r"$27 - 54 + 33 - 6 = 6 \ne 0$, so $3$ fails"], v == 6, f"27 - 54 + 33 - 6 = {v}, so n = 3 is a root")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
