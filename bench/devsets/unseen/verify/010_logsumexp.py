from common import *
KEY = "keys/010_logsumexp.md"
META = dict(kind="symbolic", topic="log-sum-exp gradient, Hessian, convexity and bounds")
SLIP = dict(line=7, old=r"\operatorname{diag}(p) - p p^\top$", new=r"\operatorname{diag}(p) + p p^\top$", kind="sign",
            desc="sign of the outer-product term flipped. Witness n=2, z=(0,0): true Hessian entry (1,2) = -1/4, claimed +1/4.")

def setup(n):
    z = sp.symbols(f'z1:{n+1}', real=True)
    E = sum(sp.exp(t) for t in z)
    return z, E, sp.log(E), [sp.exp(t) / E for t in z]

def check(doc):
    doc.note(3, r"\operatorname{lse}(z) = \log \sum_{i=1}^{n} e^{z_i}")
    for n in (2, 3, 4):
        z, E, f, p = setup(n)
        for j in range(n):
            doc.eq(5, [r"\frac{\partial}{\partial z_j}\operatorname{lse}(z) = \frac{e^{z_j}}{\sum_i e^{z_i}} = p_j", r"\nabla \operatorname{lse}(z) = p"], sp.diff(f, z[j]), p[j], z)
        H = sp.hessian(f, z)
        P = sp.Matrix(p)
        doc.eq(7, [r"\nabla^2 \operatorname{lse}(z) = \operatorname{diag}(p) - p p^\top$"], H, sp.diag(*p) - P * P.T, z)
        v = sp.symbols(f'v1:{n+1}', real=True)
        V = sp.Matrix(v)
        q = (V.T * H * V)[0]
        mean = sum(p[j] * v[j] for j in range(n))
        doc.eq(9, [r"= \sum_i p_i v_i^2 - \left(\sum_i p_i v_i\right)^2"], q, sum(p[i] * v[i]**2 for i in range(n)) - mean**2, list(z) + list(v))
        doc.eq(9, [r"= \sum_i p_i \left(v_i - \sum_j p_j v_j\right)^2 \ge 0"], q, sum(p[i] * (v[i] - mean)**2 for i in range(n)), list(z) + list(v))
        doc.true(9, [r"\ge 0", "convex"], all(sp.N(p[i].subs({t: qrand(-4, 4) for t in z}), 30) > 0 for i in range(n)))  # weights positive -> sum of squares >= 0
        c = sp.Symbol('c', real=True)
        doc.eq(11, [r"\operatorname{lse}(z + c\mathbf 1) = \operatorname{lse}(z) + c"], f.subs({t: t + c for t in z}, simultaneous=True), f + c, list(z) + [c])
        for _ in range(20):
            pt = [qrand(-6, 6) for _ in range(n)]
            m = max(pt)
            val = sp.log(sum(sp.exp(t) for t in pt))
            doc.eq(11, [r"\operatorname{lse}(z) = m + \log \sum_i e^{z_i - m}", r"m = \max_i z_i"], val, m + sp.log(sum(sp.exp(t - m) for t in pt)))
            # sandwich: e^m <= sum e^{z_i} <= n e^m  (proved: each term is positive and <= e^m)
            doc.true(13, [r"\max_i z_i \le \operatorname{lse}(z) \le \max_i z_i + \log n"], m <= sp.N(val, 50) <= sp.N(m + sp.log(n), 50))
    z, E, f, p = setup(2)
    sig = lambda t: 1 / (1 + sp.exp(-t))
    doc.eq(15, [r"\operatorname{lse}(z_1, z_2) = z_2 + \log(1 + e^{z_1 - z_2})"], f, z[1] + sp.log(1 + sp.exp(z[0] - z[1])), z)
    doc.eq(15, [r"\frac{\partial^2}{\partial z_1^2}\operatorname{lse} = \sigma(z_1 - z_2)\,\sigma(z_2 - z_1)"], sp.diff(f, z[0], 2), sig(z[0] - z[1]) * sig(z[1] - z[0]), z)
    return doc.finish()

def slip_false(doc):
    z, E, f, p = setup(2)
    H = sp.hessian(f, z).subs({z[0]: 0, z[1]: 0})
    P = sp.Matrix([sp.Rational(1, 2)] * 2)
    cl = sp.diag(*P) + P * P.T
    return false_at(doc, 7, [r"\operatorname{diag}(p) + p p^\top$"], sp.simplify(H - cl) == sp.zeros(2), f"n=2, z=(0,0): true H_12 = {sp.simplify(H[0,1])}, claimed {cl[0,1]}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
