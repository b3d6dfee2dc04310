from common import *
c = Checker("keys/007_linear_layer_gradient.md")
m_, n_, B_ = 2, 3, 2
W = sp.Matrix(m_, n_, lambda i, j: sp.Symbol(f"W{i}{j}", real=True))
b = sp.Matrix(m_, 1, lambda i, j: sp.Symbol(f"b{i}", real=True))
x = sp.Matrix(n_, 1, lambda i, j: sp.Symbol(f"x{i}", real=True))
t = sp.Matrix(m_, 1, lambda i, j: sp.Symbol(f"t{i}", real=True))
y = W * x + b; e = y - t
L = (e.T * e)[0] / 2
Y = sp.Matrix(m_, 1, lambda i, j: sp.Symbol(f"y{i}", real=True))
c.eq(c.find(r"so that $\frac{\partial L}{\partial y_i} = e_i$"), None, sp.diff(((Y - t).T * (Y - t))[0] / 2, Y[0]), (Y - t)[0], "dL/dy")
ln = c.find(r"\frac{\partial y_i}{\partial W_{kl}} = \delta_{ik}\,x_l")
for i in range(m_):
    c.eq(ln, None, y[i], sum(W[i, j] * x[j] for j in range(n_)) + b[i], "index form")
    for k in range(m_):
        for l in range(n_):
            c.eq(ln, None, sp.diff(y[i], W[k, l]), (1 if i == k else 0) * x[l], "dy/dW")
for k in range(m_):
    for l in range(n_):
        c.eq(ln, None, sp.diff(L, W[k, l]), sum(e[i] * (1 if i == k else 0) * x[l] for i in range(m_)), "sum form")
        c.eq(ln, None, sp.diff(L, W[k, l]), e[k] * x[l], "e_k x_l")
gW = sp.Matrix(m_, n_, lambda k, l: sp.diff(L, W[k, l]))
c.meq(ln, None, gW, e * x.T, "outer product")
c.true(ln, None, (e * x.T).shape == W.shape, "shape m x n")
ln = c.find("Likewise")
for l in range(n_):
    c.eq(ln, None, sp.diff(L, x[l]), sum(e[i] * W[i, l] for i in range(m_)), "dL/dx_l")
c.meq(ln, None, sp.Matrix([sp.diff(L, xi) for xi in x]), W.T * e, "W^T e")
c.meq(ln, None, sp.Matrix([sp.diff(L, bi) for bi in b]), e, "grad b")
ln = c.find("For a minibatch stored row-wise")
X = sp.Matrix(B_, n_, lambda i, j: sp.Symbol(f"X{i}{j}", real=True))
T = sp.Matrix(B_, m_, lambda i, j: sp.Symbol(f"T{i}{j}", real=True))
one = sp.ones(B_, 1)
Yb = X * W.T + one * b.T; Eb = Yb - T
Lb = sum(v**2 for v in Eb) / 2
# sum of per-example losses equals the batch loss
c.eq(ln, None, Lb, sum(((W * X[r, :].T + b - T[r, :].T).T * (W * X[r, :].T + b - T[r, :].T))[0] / 2 for r in range(B_)), "batch = sum of examples")
c.meq(ln, None, sp.Matrix(m_, n_, lambda k, l: sp.diff(Lb, W[k, l])), Eb.T * X, "grad W batch")
c.meq(ln, None, sp.Matrix(B_, n_, lambda r, l: sp.diff(Lb, X[r, l])), Eb * W, "grad X batch")
c.meq(ln, None, sp.Matrix([sp.diff(Lb, bi) for bi in b]), Eb.T * one, "grad b batch")
ln = c.find("Check of the first formula")
DW = sp.Matrix(m_, n_, lambda i, j: sp.Symbol(f"D{i}{j}", real=True)); h = sp.symbols("h")
dd = sp.diff(L.subs({W[i, j]: W[i, j] + h * DW[i, j] for i in range(m_) for j in range(n_)}, simultaneous=True), h).subs(h, 0)
c.eq(ln, None, dd, (e.T * DW * x)[0], "directional derivative")
c.eq(ln, None, (e.T * DW * x)[0], ((e * x.T).T * DW).trace(), "trace form")
c.eq(ln, None, ((e * x.T).T * DW).trace(), sum((e * x.T)[i, j] * DW[i, j] for i in range(m_) for j in range(n_)), "Frobenius")
c.report()
