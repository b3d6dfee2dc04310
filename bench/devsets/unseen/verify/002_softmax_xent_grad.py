from common import *
KEY = "keys/002_softmax_xent_grad.md"
META = dict(kind="symbolic", topic="gradient and Hessian of softmax cross-entropy")
SLIP = dict(line=7, old=r"= p_j - y_j$", new=r"= y_j - p_j$", kind="sign",
            desc="sign flipped: -y_j + e^{z_j}/sum_k e^{z_k} is p_j - y_j, not y_j - p_j. "
                 "Witness n=2, z=(0,0), y=(1,0), j=1: true -1/2, claimed +1/2.")

def setup(n):
    z = sp.symbols(f'z1:{n+1}', real=True)
    ys = sp.symbols(f'y1:{n}', real=True)
    y = list(ys) + [1 - sum(ys)]
    E = sum(sp.exp(t) for t in z)
    p = [sp.exp(t) / E for t in z]
    L = -sum(y[i] * sp.log(p[i]) for i in range(n))
    return z, y, E, p, L

def check(doc):
    doc.note(3, r"L = -\sum_{i=1}^{n} y_i \log p_i", r"\sum_i y_i = 1")
    for n in (2, 3):
        z, y, E, p, L = setup(n)
        syms = list(z) + [s for s in y[:-1]]
        for i in range(n):
            doc.eq(5, [r"\log p_i = z_i - \log \sum_k e^{z_k}"], sp.log(p[i]), z[i] - sp.log(E), syms)
        doc.eq(5, [r"L = -\sum_i y_i z_i + \left(\sum_i y_i\right) \log \sum_k e^{z_k}"], L, -sum(y[i]*z[i] for i in range(n)) + sum(y)*sp.log(E), syms)
        doc.eq(5, [r"= -\sum_i y_i z_i + \log \sum_k e^{z_k}$"], L, -sum(y[i]*z[i] for i in range(n)) + sp.log(E), syms)
        for j in range(n):
            g = sp.diff(L, z[j])
            doc.eq(7, [r"\frac{\partial L}{\partial z_j} = -y_j + \frac{e^{z_j}}{\sum_k e^{z_k}}"], g, -y[j] + sp.exp(z[j]) / E, syms)
            doc.eq(7, [r"= p_j - y_j$", r"\nabla_z L = p - y"], g, p[j] - y[j], syms)
        doc.eq(9, [r"\mathbf 1^\top (p - y) = 1 - 1 = 0"], sum(p[j] - y[j] for j in range(n)), 0, syms)
        c = sp.Symbol('c', real=True)
        doc.eq(9, [r"invariance of $L$ under $z \mapsto z + c\mathbf 1$"], L.subs({t: t + c for t in z}, simultaneous=True), L, syms + [c])
        H = sp.Matrix(n, n, lambda i, j: sp.diff(L, z[i], z[j]))
        P = sp.Matrix(p)
        doc.eq(11, [r"\nabla_z^2 L = \operatorname{diag}(p) - p p^\top"], H, sp.diag(*p) - P * P.T, syms)
        doc.true(11, ["independent of $y$"], all(sp.simplify(sp.diff(h, s)) == 0 for h in H for s in y[:-1]))
        for cidx in range(n):
            Lc = L.subs({y[k]: (1 if k == cidx else 0) for k in range(n - 1)}) if n > 1 else L
            yc = [1 if k == cidx else 0 for k in range(n)]
            Lc = -sp.log(p[cidx])
            for j in range(n):
                gj = sp.diff(Lc, z[j])
                if j == cidx:
                    doc.eq(13, [r"\frac{\partial L}{\partial z_c} = p_c - 1"], gj, p[j] - 1, list(z))
                else:
                    doc.eq(13, [r"\frac{\partial L}{\partial z_j} = p_j"], gj, p[j], list(z))
        # sign claims: 0 < p < 1
        pts = [[qrand(-5, 5) for _ in range(n)] for _ in range(50)]
        for pt in pts:
            pv = [sp.N(pi.subs(dict(zip(z, pt))), 50) for pi in p]
            doc.true(13, [r"p_c - 1 \le 0", r"p_j \ge 0"], all(0 <= v <= 1 for v in pv))
    # linear layer: n=2 classes, h in R^3
    W = sp.Matrix(2, 3, sp.symbols('w11 w12 w13 w21 w22 w23', real=True))
    h = sp.Matrix(sp.symbols('h1:4', real=True))
    y1 = sp.Symbol('y1', real=True); y = sp.Matrix([y1, 1 - y1])
    z = W * h
    E = sp.exp(z[0]) + sp.exp(z[1])
    p = sp.Matrix([sp.exp(z[0]) / E, sp.exp(z[1]) / E])
    L = -(y[0] * sp.log(p[0]) + y[1] * sp.log(p[1]))
    syms = list(W) + list(h) + [y1]
    gW = sp.Matrix(2, 3, lambda i, j: sp.diff(L, W[i, j]))
    gh = sp.Matrix(3, 1, lambda i, j: sp.diff(L, h[i]))
    doc.eq(15, [r"\nabla_W L = (p - y) h^\top"], gW, (p - y) * h.T, syms)
    doc.eq(15, [r"\nabla_h L = W^\top (p - y)"], gh, W.T * (p - y), syms)
    return doc.finish()

def slip_false(doc):
    z, y, E, p, L = setup(2)
    pt = {z[0]: 0, z[1]: 0, y[0]: 1}
    true_v = sp.simplify(sp.diff(L, z[0]).subs(pt))
    claimed = sp.simplify((y[0] - p[0]).subs(pt))
    return false_at(doc, 7, [r"= y_j - p_j$"], true_v == claimed, f"n=2, z=(0,0), y=(1,0), j=1: true {true_v}, claimed {claimed}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
