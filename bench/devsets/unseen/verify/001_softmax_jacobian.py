from common import *
KEY = "keys/001_softmax_jacobian.md"
META = dict(kind="symbolic", topic="softmax Jacobian in index and matrix notation")
SLIP = dict(line=7, old=r"= p_i(\delta_{ij} - p_j)$", new=r"= p_i(1 - p_j)$", kind="index",
            desc="Kronecker delta dropped: claims dp_i/dz_j = p_i(1 - p_j) for all i, j; false off the diagonal. "
                 "Witness n=2, z=(0,0), i=1, j=2: true derivative -1/4, claimed p_1(1-p_2) = 1/4.")

def setup(n):
    z = sp.symbols(f'z1:{n+1}', real=True)
    S = sum(sp.exp(t) for t in z)
    p = [sp.exp(t) / S for t in z]
    return z, S, p

def check(doc):
    doc.note(3, r"p_i = e^{z_i}/S", r"S = \sum_{k=1}^{n} e^{z_k}")
    for n in (2, 3, 4):
        z, S, p = setup(n)
        d = lambda i, j: 1 if i == j else 0
        J = sp.Matrix(n, n, lambda i, j: sp.diff(p[i], z[j]))
        for i in range(n):
            for j in range(n):
                doc.eq(5, [r"\frac{\partial S}{\partial z_j} = e^{z_j}"], sp.diff(S, z[j]), sp.exp(z[j]))
                doc.eq(5, [r"\frac{\partial e^{z_i}}{\partial z_j} = \delta_{ij} e^{z_i}"], sp.diff(sp.exp(z[i]), z[j]), d(i, j) * sp.exp(z[i]))
                doc.eq(5, [r"\frac{\delta_{ij} e^{z_i} S - e^{z_i} e^{z_j}}{S^2}"], J[i, j], (d(i, j) * sp.exp(z[i]) * S - sp.exp(z[i]) * sp.exp(z[j])) / S**2)
                doc.eq(7, [r"= \delta_{ij} p_i - p_i p_j"], J[i, j], d(i, j) * p[i] - p[i] * p[j])
                doc.eq(7, [r"= p_i(\delta_{ij} - p_j)$"], J[i, j], p[i] * (d(i, j) - p[j]))
        P = sp.Matrix(p)
        doc.eq(9, [r"\operatorname{diag}(p) - p p^\top"], J, sp.diag(*p) - P * P.T)
        doc.eq(9, ["symmetric"], J, J.T)
        for i in range(n):
            doc.eq(11, [r"\sum_{j=1}^{n} J_{ij} = p_i - p_i \sum_{j=1}^{n} p_j = 0"], sum(J[i, j] for j in range(n)), p[i] - p[i] * sum(p))
            doc.eq(11, [r"= 0$"], p[i] - p[i] * sum(p), 0)
        doc.eq(11, [r"J \mathbf 1 = 0"], J * sp.ones(n, 1), sp.zeros(n, 1))
        c = sp.Symbol('c', real=True)
        for i in range(n):
            doc.eq(11, [r"\operatorname{softmax}(z + c\mathbf 1) = \operatorname{softmax}(z)"], p[i].subs({t: t + c for t in z}, simultaneous=True), p[i])
    z, S, p = setup(2)
    t = z[0] - z[1]
    sig = lambda x: 1 / (1 + sp.exp(-x))
    J = sp.Matrix(2, 2, lambda i, j: sp.diff(p[i], z[j]))
    doc.eq(13, [r"p_1 = \sigma(t)"], p[0], sig(t))
    doc.eq(13, [r"J_{11} = p_1(1 - p_1) = \sigma(t)(1 - \sigma(t)) = \sigma'(t)"], J[0, 0], p[0] * (1 - p[0]))
    x = sp.Symbol('x')
    doc.eq(13, [r"\sigma(t)(1 - \sigma(t)) = \sigma'(t)"], sp.diff(sig(x), x), sig(x) * (1 - sig(x)))
    doc.eq(13, [r"J_{12} = -p_1 p_2 = -\sigma'(t)"], J[0, 1], -p[0] * p[1])
    doc.eq(13, [r"= -\sigma'(t)"], J[0, 1], -sp.diff(sig(x), x).subs(x, t))
    return doc.finish()

def slip_false(doc):
    z, S, p = setup(2)
    true_d = sp.diff(p[0], z[1]).subs({z[0]: 0, z[1]: 0})
    claimed = (p[0] * (1 - p[1])).subs({z[0]: 0, z[1]: 0})
    return false_at(doc, 7, [r"= p_i(1 - p_j)$"], sp.simplify(true_d - claimed) == 0,
                    f"n=2, z=(0,0), i=1, j=2: true {true_d}, claimed {claimed}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
