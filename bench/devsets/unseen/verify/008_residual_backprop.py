from common import *
KEY = "keys/008_residual_backprop.md"
META = dict(kind="symbolic", topic="Jacobian and gradient of residual blocks and stacks")
SLIP = dict(line=7, old=r"= g + J_f^\top g$", new=r"= g + J_f g$", kind="transpose",
            desc="J_f^T g written as J_f g. Witness d=2, f(x)=Ax with A=[[0,1],[0,0]], g=(1,2): "
                 "true (I+A)^T g = (1,3), claimed g + A g = (3,2).")

def fmap(d):
    x = sp.Matrix(d, 1, lambda i, _: sp.Symbol(f'x{i}', real=True))
    W = sp.Matrix(d, d, lambda i, j: sp.Symbol(f'W{i}{j}', real=True))
    g = sp.Matrix(d, 1, lambda i, _: sp.Symbol(f'g{i}', real=True))
    return x, W, g

def check(doc):
    doc.note(3, r"y = x + f(x)", r"(J_f)_{ij} = \frac{\partial f_i}{\partial x_j}")
    for d in (2, 3):
        x, W, g = fmap(d)
        f = (W * x).applyfunc(lambda t: sp.tanh(t) + t**2)   # a generic nonlinear branch
        y = x + f
        Jf = f.jacobian(x)
        Jy = y.jacobian(x)
        doc.eq(5, [r"\frac{\partial y}{\partial x} = I + J_f(x)"], Jy, sp.eye(d) + Jf)
        for i in range(d):
            for j in range(d):
                doc.eq(5, [r"\frac{\partial y_i}{\partial x_j} = \delta_{ij} + \frac{\partial f_i}{\partial x_j}"], Jy[i, j], (1 if i == j else 0) + sp.diff(f[i], x[j]))
        L = (g.T * y)[0]   # dL/dy = g
        gx = sp.Matrix(d, 1, lambda j, _: sp.diff(L, x[j]))
        for j in range(d):
            doc.eq(7, [r"\frac{\partial L}{\partial x_j} = \sum_{i=1}^{d} g_i\left(\delta_{ij} + \frac{\partial f_i}{\partial x_j}\right)"], gx[j], sum(g[i] * ((1 if i == j else 0) + sp.diff(f[i], x[j])) for i in range(d)))
        doc.eq(7, [r"\nabla_x L = (I + J_f)^\top g"], gx, (sp.eye(d) + Jf).T * g)
        doc.eq(7, [r"= g + J_f^\top g$"], gx, g + Jf.T * g)
        doc.eq(9, ["identity path passes $g$ through unchanged"], (sp.eye(d) + Jf).T * g - Jf.T * g, g)
    # stack of N=3 linear-plus-nonlinear blocks, d=2: verify product formula numerically at random points (exact rationals in, 50 digits)
    d, N = 2, 3
    x0 = sp.Matrix(d, 1, lambda i, _: sp.Symbol(f'x{i}', real=True))
    Ws = [sp.Matrix(d, d, lambda i, j: sp.Rational(RNG.randint(-9, 9), 7)) for _ in range(N)]
    fs = [lambda v, W=W: (W * v).applyfunc(lambda t: sp.tanh(t)) for W in Ws]
    xs = [x0]
    for l in range(N):
        xs.append(xs[-1] + fs[l](xs[-1]))
    c = sp.Matrix([sp.Rational(3, 5), -sp.Rational(7, 4)])
    Lst = (c.T * xs[-1])[0]
    grad = sp.Matrix(d, 1, lambda j, _: sp.diff(Lst, x0[j]))
    # J_l = d f_l / d x_l evaluated at x_l
    z = sp.Matrix(d, 1, lambda i, _: sp.Symbol(f'z{i}', real=True))
    Jfun = [fs[l](z).jacobian(z) for l in range(N)]
    rhs = sp.eye(d)
    for l in range(N):
        rhs = rhs * (sp.eye(d) + Jfun[l].subs({z[0]: xs[l][0], z[1]: xs[l][1]}, simultaneous=True)).T
    rhs = rhs * c
    doc.eq(11, [r"\nabla_{x_0} L = (I + J_0)^\top (I + J_1)^\top \cdots (I + J_{N-1})^\top \nabla_{x_N} L"], grad, rhs, list(x0), numeric=True)
    A = sp.Matrix([[0, 1], [0, 0]]); gv = sp.Matrix([1, 2])
    xv = sp.Matrix(2, 1, lambda i, _: sp.Symbol(f'x{i}', real=True))
    doc.eq(13, [r"so $J_f = A$"], (A * xv).jacobian(xv), A)
    doc.eq(13, [r"\nabla_x L = g + A^\top g = (1, 3)^\top"], (gv.T * (xv + A * xv)).jacobian(xv).T, sp.Matrix([1, 3]))
    doc.eq(13, [r"g + A^\top g = (1, 3)^\top"], gv + A.T * gv, sp.Matrix([1, 3]))
    for d in (2, 3):
        x, W, g = fmap(d)
        f = (W * x).applyfunc(sp.tanh)
        Jf = f.jacobian(x)
        th = (W * x).applyfunc(sp.tanh)
        doc.eq(15, [r"J_f = \operatorname{diag}(1 - \tanh^2(W x))\, W"], Jf, sp.diag(*[1 - t**2 for t in th]) * W, list(x) + list(W))
        L = (g.T * (x + f))[0]
        gx = sp.Matrix(d, 1, lambda j, _: sp.diff(L, x[j]))
        doc.eq(15, [r"\nabla_x L = g + W^\top\left((1 - \tanh^2(W x)) \odot g\right)"], gx, g + W.T * sp.Matrix(d, 1, lambda i, _: (1 - th[i]**2) * g[i]), list(x) + list(W) + list(g))
    return doc.finish()

def slip_false(doc):
    A = sp.Matrix([[0, 1], [0, 0]]); g = sp.Matrix([1, 2])
    tv = (sp.eye(2) + A).T * g; cl = g + A * g
    return false_at(doc, 7, [r"= g + J_f g$"], tv == cl, f"A=[[0,1],[0,0]], g=(1,2): true {list(tv)}, claimed {list(cl)}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
