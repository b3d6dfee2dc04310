from common import *
KEY = "keys/005_linear_layer_grads.md"
META = dict(kind="symbolic", topic="gradients of a linear layer, single example and batch")
SLIP = dict(line=11, old=r"\nabla_W L = G^\top X$", new=r"\nabla_W L = X^\top G$", kind="transpose",
            desc="batch weight gradient transposed: X^T G is n x m and equals (G^T X)^T, not G^T X. "
                 "Witness B=1, m=n=2, X=[[1,0]], G=[[0,1]] (loss L = sum G*Y): G^T X = [[0,0],[1,0]], X^T G = [[0,1],[0,0]].")

def mats(m, n, B):
    W = sp.Matrix(m, n, lambda i, j: sp.Symbol(f'W{i}{j}', real=True))
    x = sp.Matrix(n, 1, lambda i, j: sp.Symbol(f'x{i}', real=True))
    b = sp.Matrix(m, 1, lambda i, j: sp.Symbol(f'b{i}', real=True))
    g = sp.Matrix(m, 1, lambda i, j: sp.Symbol(f'g{i}', real=True))
    X = sp.Matrix(B, n, lambda i, j: sp.Symbol(f'X{i}{j}', real=True))
    G = sp.Matrix(B, m, lambda i, j: sp.Symbol(f'G{i}{j}', real=True))
    return W, x, b, g, X, G

def check(doc):
    doc.note(3, r"y = W x + b", r"g = \nabla_y L")
    for (m, n, B) in [(2, 3, 2), (3, 2, 4), (2, 2, 1)]:
        W, x, b, g, X, G = mats(m, n, B)
        y = W * x + b
        L = (g.T * y)[0]  # any loss with upstream gradient g is linear to first order; use L = g^T y
        for i in range(m):
            doc.eq(5, [r"y_i = \sum_{k=1}^{n} W_{ik} x_k + b_i"], y[i], sum(W[i, k] * x[k] for k in range(n)) + b[i])
            for j in range(m):
                for k in range(n):
                    doc.eq(5, [r"\frac{\partial y_i}{\partial W_{jk}} = \delta_{ij} x_k"], sp.diff(y[i], W[j, k]), (1 if i == j else 0) * x[k])
            for k in range(n):
                doc.eq(5, [r"\frac{\partial y_i}{\partial x_k} = W_{ik}"], sp.diff(y[i], x[k]), W[i, k])
        gW = sp.Matrix(m, n, lambda j, k: sp.diff(L, W[j, k]))
        for j in range(m):
            for k in range(n):
                doc.eq(7, [r"\sum_{i=1}^{m} g_i \delta_{ij} x_k = g_j x_k"], gW[j, k], sum(g[i] * (1 if i == j else 0) * x[k] for i in range(m)))
                doc.eq(7, [r"= g_j x_k$"], gW[j, k], g[j] * x[k])
        doc.eq(7, [r"\nabla_W L = g x^\top"], gW, g * x.T)
        doc.true(7, [r"an $m \times n$ matrix like $W$"], (g * x.T).shape == W.shape)
        gx = sp.Matrix(n, 1, lambda k, _: sp.diff(L, x[k]))
        for k in range(n):
            doc.eq(9, [r"\frac{\partial L}{\partial x_k} = \sum_{i=1}^{m} g_i W_{ik}"], gx[k], sum(g[i] * W[i, k] for i in range(m)))
        doc.eq(9, [r"\nabla_x L = W^\top g"], gx, W.T * g)
        doc.eq(9, [r"\nabla_b L = g"], sp.Matrix(m, 1, lambda i, _: sp.diff(L, b[i])), g)
        one = sp.ones(B, 1)
        Y = X * W.T + one * b.T
        LB = sum(G[r, c] * Y[r, c] for r in range(B) for c in range(m))
        doc.true(11, [r"Y = X W^\top + \mathbf 1 b^\top"], all(sp.expand(Y[r, :].T - (W * X[r, :].T + b)) == sp.zeros(m, 1) for r in range(B)))
        doc.eq(11, [r"\nabla_W L = G^\top X$"], sp.Matrix(m, n, lambda j, k: sp.diff(LB, W[j, k])), G.T * X)
        doc.eq(11, [r"\nabla_X L = G W$"], sp.Matrix(B, n, lambda r, k: sp.diff(LB, X[r, k])), G * W)
        doc.eq(11, [r"\nabla_b L = G^\top \mathbf 1"], sp.Matrix(m, 1, lambda i, _: sp.diff(LB, b[i])), G.T * one)
        Lq = sp.Rational(1, 2) * (y.T * y)[0]
        yy = sp.Matrix(m, 1, lambda i, _: sp.Symbol(f'yy{i}', real=True))
        Lyy = sp.Rational(1, 2) * (yy.T * yy)[0]
        doc.eq(13, [r"L = \frac12 \|y\|_2^2", r"g = y"], sp.Matrix(m, 1, lambda i, _: sp.diff(Lyy, yy[i])), yy)
        doc.eq(13, [r"\nabla_W L = (W x + b)\, x^\top"], sp.Matrix(m, n, lambda j, k: sp.diff(Lq, W[j, k])), (W * x + b) * x.T)
        doc.eq(13, [r"\nabla_x L = W^\top (W x + b)"], sp.Matrix(n, 1, lambda k, _: sp.diff(Lq, x[k])), W.T * (W * x + b))
    return doc.finish()

def slip_false(doc):
    W, x, b, g, X, G = mats(2, 2, 1)
    Y = X * W.T + b.T
    LB = sum(G[0, c] * Y[0, c] for c in range(2))
    true_g = sp.Matrix(2, 2, lambda j, k: sp.diff(LB, W[j, k]))
    pt = {X[0, 0]: 1, X[0, 1]: 0, G[0, 0]: 0, G[0, 1]: 1}
    tv = true_g.subs(pt); cl = (X.T * G).subs(pt)
    return false_at(doc, 11, [r"\nabla_W L = X^\top G$"], tv == cl, f"B=1, X=[[1,0]], G=[[0,1]]: true {tv.tolist()}, claimed {cl.tolist()}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
