from common import *
KEY = "keys/039_softmax_jacobian_psd.md"
META = dict(kind="proof", topic="softmax Jacobian diag(p) - p p^T is PSD with kernel span(1)")
SLIP = dict(line=7, old=r"\sum_{i}\sum_{j} v_i J_{ij} v_j =", new=r"\sum_{i}\sum_{j} v_i J_{ii} v_j =", kind="index",
            desc="index j replaced by i in J_{ij}: sum_i sum_j v_i J_ii v_j = (sum_i J_ii v_i)(sum_j v_j), not the quadratic form. "
                 "Witness n=2, p=(1/2,1/2), v=(1,-1): it equals 0, while sum p_i v_i^2 - (sum p_i v_i)^2 = 1.")
R = sp.Rational

def setup(n):
    ps = list(sp.symbols(f'p1:{n}', positive=True)); p = ps + [1 - sum(ps)]
    v = sp.symbols(f'v1:{n+1}', real=True)
    J = sp.Matrix(n, n, lambda i, j: p[i] * (1 if i == j else 0) - p[i] * p[j])
    return ps, p, v, J

def check(doc):
    doc.note(1, r"$\mathbf 1$")
    for n in (2, 3, 4):
        ps, p, v, J = setup(n)
        P = sp.Matrix(p); V = sp.Matrix(v)
        doc.eq(3, [r"J = \operatorname{diag}(p) - p p^\top", r"J_{ij} = p_i \delta_{ij} - p_i p_j"], J, sp.diag(*p) - P * P.T)
        q = (V.T * J * V)[0]
        vb = sum(p[i] * v[i] for i in range(n))
        doc.eq(7, [r"\sum_{i}\sum_{j} v_i J_{ij} v_j = \sum_i p_i v_i^2 - \left(\sum_i p_i v_i\right)^2"], q, sum(v[i] * J[i, j] * v[j] for i in range(n) for j in range(n)))
        doc.eq(7, [r"= \sum_i p_i v_i^2 - \left(\sum_i p_i v_i\right)^2"], q, sum(p[i] * v[i]**2 for i in range(n)) - vb**2)
        for i in range(n):
            doc.eq(7, [r"\sum_j \delta_{ij} v_j = v_i"], sum((1 if i == j else 0) * v[j] for j in range(n)), v[i])
        doc.eq(9, [r"\sum_i p_i (v_i - \bar v)^2 = \sum_i p_i v_i^2 - 2\bar v^2 + \bar v^2"], sum(p[i] * (v[i] - vb)**2 for i in range(n)), sum(p[i] * v[i]**2 for i in range(n)) - 2 * vb**2 + vb**2)
        doc.eq(9, [r"= \sum_i p_i v_i^2 - \bar v^2$"], sum(p[i] * (v[i] - vb)**2 for i in range(n)), sum(p[i] * v[i]**2 for i in range(n)) - vb**2)
        doc.eq(11, [r"v^\top J v = \sum_i p_i (v_i - \bar v)^2"], q, sum(p[i] * (v[i] - vb)**2 for i in range(n)))
        def psd():
            w = [urand(0.001, 1) for _ in range(n)]; s = mp.fsum(w); pp = [t / s for t in w]
            return (pp, [urand(-5, 5) for _ in range(n)])
        def qf(pp, vv):
            m = mp.fsum(a * b for a, b in zip(pp, vv))
            return mp.fsum(a * b * b for a, b in zip(pp, vv)) - m * m
        doc.forall(5, [r"For every $v \in \mathbb{R}^n$, $v^\top J v \ge 0$"], lambda pp, vv: qf(pp, vv) >= -mp.mpf('1e-45'), psd, N=500)
        doc.forall(11, [r"\ge 0$, a sum of nonnegative terms"], lambda pp, vv: all(a * (b - mp.fsum(x * y for x, y in zip(pp, vv)))**2 >= 0 for a, b in zip(pp, vv)), psd, N=200)
        c = sp.Symbol('c', real=True)
        doc.eq(5, ["iff $v$ is a multiple of $\\mathbf 1$"], (sp.Matrix([c] * n).T * J * sp.Matrix([c] * n))[0], 0)
        doc.eq(13, [r"J \mathbf 1 = p - p\,(p^\top \mathbf 1) = 0"], J * sp.ones(n, 1), P - P * (P.T * sp.ones(n, 1))[0])
        doc.eq(13, [r"= 0$"], J * sp.ones(n, 1), sp.zeros(n, 1))
        doc.forall(13, [r"we get $v_i = \bar v$ for all $i$", r"v = \bar v \mathbf 1"], lambda pp, vv: qf(pp, vv) > mp.mpf('1e-30') or max(vv) - min(vv) < mp.mpf('1e-10'), psd, N=200)
        doc.eq(15, [r"\left(\sum_i \sqrt{p_i}\cdot\sqrt{p_i}\, v_i\right)^2"], sum(sp.sqrt(p[i]) * sp.sqrt(p[i]) * v[i] for i in range(n))**2, vb**2)
        doc.forall(15, [r"\le \sum_i p_i \sum_i p_i v_i^2 = \sum_i p_i v_i^2"], lambda pp, vv: mp.fsum(a * b for a, b in zip(pp, vv))**2 <= mp.fsum(pp) * mp.fsum(a * b * b for a, b in zip(pp, vv)) + mp.mpf('1e-45'), psd, N=300)
        doc.eq(15, [r"\sum_i p_i \sum_i p_i v_i^2 = \sum_i p_i v_i^2"], sum(p) * sum(p[i] * v[i]**2 for i in range(n)), sum(p[i] * v[i]**2 for i in range(n)))
    p = [R(1, 2), R(3, 10), R(1, 5)]; v = [1, 0, -1]
    s2 = sum(a * b**2 for a, b in zip(p, v)); vb = sum(a * b for a, b in zip(p, v))
    doc.eq(17, [r"\sum_i p_i v_i^2 = 0.7"], s2, R(7, 10))
    doc.eq(17, [r"\bar v = 0.3"], vb, R(3, 10))
    J = sp.diag(*p) - sp.Matrix(p) * sp.Matrix(p).T
    doc.eq(17, [r"v^\top J v = 0.7 - 0.09 = 0.61"], (sp.Matrix(v).T * J * sp.Matrix(v))[0], R(61, 100))
    doc.eq(17, [r"0.7 - 0.09 = 0.61"], R(7, 10) - R(9, 100), R(61, 100))
    return doc.finish()

def slip_false(doc):
    p = [R(1, 2), R(1, 2)]; v = [1, -1]
    J = sp.diag(*p) - sp.Matrix(p) * sp.Matrix(p).T
    lhs = sum(v[i] * J[i, i] * v[j] for i in range(2) for j in range(2))
    rhs = sum(a * b**2 for a, b in zip(p, v)) - sum(a * b for a, b in zip(p, v))**2
    return false_at(doc, 7, [r"v_i J_{ii} v_j ="], lhs == rhs, f"n=2, p=(1/2,1/2), v=(1,-1): sum_ij v_i J_ii v_j = {lhs}, claimed equal to {rhs}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
