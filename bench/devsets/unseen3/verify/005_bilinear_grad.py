from common import *
C = Checker("keys/005_bilinear_grad.md")
for m, n in ((2, 2), (2, 3), (3, 2)):
    A = sp.Matrix(m, n, lambda i, j: sp.Symbol(f"A{i}{j}"))
    x = sp.Matrix(sp.symbols(f"x1:{m+1}")); y = sp.Matrix(sp.symbols(f"y1:{n+1}"))
    f = (x.T * A * y)[0]
    C.ck(3, "double sum", zero(f - sum(x[i] * A[i, j] * y[j] for i in range(m) for j in range(n))), "\\sum_{i=1}^{m} \\sum_{j=1}^{n} x_i A_{ij} y_j")
    C.ck(4, "partials", all(zero(sp.diff(f, x[k]) - (A * y)[k]) for k in range(m)) and all(zero(sp.diff(f, y[l]) - (A.T * x)[l]) for l in range(n)), "(A^\\top x)_l")
    C.ck(5, "gradients", mat_zero(sp.Matrix([sp.diff(f, v) for v in x]) - A * y) and mat_zero(sp.Matrix([sp.diff(f, v) for v in y]) - A.T * x), "\\nabla_y f = A^\\top x")
    C.ck(6, "grad A", mat_zero(sp.Matrix(m, n, lambda k, l: sp.diff(f, A[k, l])) - x * y.T), "\\nabla_A f = x y^\\top")
for n in (2, 3):
    A = sp.Matrix(n, n, lambda i, j: sp.Symbol(f"A{i}{j}")); x = sp.Matrix(sp.symbols(f"x1:{n+1}"))
    g = (x.T * A * x)[0]
    gg = sp.Matrix([sp.diff(g, v) for v in x])
    S = sp.Matrix(n, n, lambda i, j: sp.Symbol(f"S{min(i,j)}{max(i,j)}"))
    gs = sp.Matrix([sp.diff((x.T * S * x)[0], v) for v in x])
    C.ck(7, "quadratic form", mat_zero(gg - (A + A.T) * x) and mat_zero(gs - 2 * S * x), "(A + A^\\top) x")
# L8: row vectors, d_model=3, d=2
dm, dh = 3, 2
x = sp.Matrix(1, dm, sp.symbols("x1:4")); y = sp.Matrix(1, dm, sp.symbols("y1:4"))
WQ = sp.Matrix(dm, dh, lambda i, j: sp.Symbol(f"Q{i}{j}")); WK = sp.Matrix(dm, dh, lambda i, j: sp.Symbol(f"K{i}{j}"))
dd = sp.Symbol("d", positive=True)
s = ((x * WQ) * (y * WK).T)[0] / sp.sqrt(dd)
A = WQ * WK.T / sp.sqrt(dd)
C.ck(8, "s = x A y^T", zero(s - (x * A * y.T)[0]), "A = W_Q W_K^\\top / \\sqrt d")
C.ck(8, "grad_y s", mat_zero(sp.Matrix(1, dm, [sp.diff(s, v) for v in y]) - x * WQ * WK.T / sp.sqrt(dd)), "\\nabla_y s = x W_Q W_K^\\top / \\sqrt d")
A = sp.Matrix([[1, 2], [3, 4]]); x = sp.Matrix([1, -1]); y = sp.Matrix([2, 1])
C.ck(9, "Ay, f", A * y == sp.Matrix([4, 10]) and (x.T * A * y)[0] == -6 and 4 - 10 == -6, "f = 4 - 10 = -6")
C.ck(10, "grads", A * y == sp.Matrix([4, 10]) and A.T * x == sp.Matrix([1 - 3, 2 - 4]) == sp.Matrix([-2, -2]), "(1 - 3, 2 - 4)^\\top = (-2, -2)^\\top")
C.ck(11, "consistency", ((A.T * x).T * y)[0] == -6 and -4 - 2 == -6, "-4 - 2 = -6")
C.done()
