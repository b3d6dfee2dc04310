from common import *
C = Checker("keys/004_least_squares_grad.md")
for m, n in ((2, 2), (2, 3), (3, 2)):
    W = sp.Matrix(m, n, lambda i, j: sp.Symbol(f"W{i}{j}"))
    x = sp.Matrix(sp.symbols(f"x1:{n+1}")); y = sp.Matrix(sp.symbols(f"y1:{m+1}"))
    r = W * x - y
    f = (r.T * r)[0]
    C.ck(5, "expansion", zero(f - sum(r[i]**2 for i in range(m))) and all(zero(r[i] - (sum(W[i, j] * x[j] for j in range(n)) - y[i])) for i in range(m)), "r_i = \\sum_{j=1}^{n} W_{ij} x_j - y_i")
    C.ck(6, "dr_i/dW_kl", all(zero(sp.diff(r[i], W[k, l]) - (1 if i == k else 0) * x[l]) for i in range(m) for k in range(m) for l in range(n)), "\\delta_{ik} x_l")
    C.ck(6, "df/dW_kl", all(zero(sp.diff(f, W[k, l]) - 2 * r[k] * x[l]) for k in range(m) for l in range(n)), "= 2 r_k x_l")
    G = sp.Matrix(m, n, lambda k, l: sp.diff(f, W[k, l]))
    C.ck(7, "grad W", mat_zero(G - 2 * r * x.T) and G.shape == (m, n), "\\nabla_W f = 2 (Wx - y) x^\\top")
    gx = sp.Matrix([sp.diff(f, v) for v in x])
    C.ck(8, "grad x", mat_zero(gx - 2 * W.T * r), "\\nabla_x f = 2 W^\\top (Wx - y)")
    Hx = sp.hessian(f, list(x))
    C.ck(8, "Hessian x", mat_zero(Hx - 2 * W.T * W), "2 W^\\top W")
    C.ck(9, "normal equations", mat_zero((gx / 2) - (W.T * W * x - W.T * y)), "W^\\top W x = W^\\top y")
# rank<=1 and PSD: v^T W^T W v = ||Wv||^2 >= 0 (identity)
v = sp.Matrix(sp.symbols("v1:3")); W2 = sp.Matrix(2, 2, sp.symbols("a b c d"))
C.ck(8, "PSD identity", zero((v.T * W2.T * W2 * v)[0] - ((W2 * v).T * (W2 * v))[0]), "positive semidefinite")
C.ck(7, "rank of outer product", (sp.Matrix([1, 2]) * sp.Matrix([[3, 4, 5]])).rank() == 1, "rank at most one")
W = sp.Matrix([[1, 2], [0, 1]]); x = sp.Matrix([1, 1]); y = sp.Matrix([2, 0]); r = W * x - y
C.ck(10, "r and f", r == sp.Matrix([1, 1]) and (r.T * r)[0] == 2, ["r = \\begin{pmatrix} 1 \\\\ 1 \\end{pmatrix}", "f = 2"])
C.ck(11, "grads", 2 * r * x.T == sp.Matrix([[2, 2], [2, 2]]) and 2 * W.T * r == sp.Matrix([2, 6]), "\\begin{pmatrix} 2 \\\\ 6 \\end{pmatrix}")
C.done()
