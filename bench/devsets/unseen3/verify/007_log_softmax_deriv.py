from common import *
C = Checker("keys/007_log_softmax_deriv.md")
for n in (2, 3, 4):
    z = sp.symbols(f"z1:{n+1}", real=True)
    S = sum(sp.exp(v) for v in z)
    p = [sp.exp(v) / S for v in z]
    ell = [sp.log(pi) for pi in p]
    dl = sp.Matrix(n, n, lambda i, j: sp.diff(ell[i], z[j]))
    C.ck(6, "dp_i/dz_j", all(zero(sp.diff(p[i], z[j]) - p[i] * ((1 if i == j else 0) - p[j])) for i in range(n) for j in range(n)), "p_i(\\delta_{ij} - p_j)")
    C.ck(7, "chain rule with 1/p_i", all(zero(dl[i, j] - sp.diff(p[i], z[j]) / p[i]) and zero(dl[i, j] - ((1 if i == j else 0) - p[j])) for i in range(n) for j in range(n)), "\\frac{1}{p_i}\\frac{\\partial p_i}{\\partial z_j} = \\delta_{ij} - p_j")
    C.ck(9, "direct", all(zero(sp.expand_log(ell[i], force=True) - (z[i] - sp.log(S))) for i in range(n)) and all(zero(sp.diff(sp.log(S), z[j]) - p[j]) for j in range(n)), ["\\ell_i = z_i - \\log \\sum_{k=1}^{n} e^{z_k}", "again $\\frac{\\partial \\ell_i}{\\partial z_j} = \\delta_{ij} - p_j$"])
    pv = sp.Matrix(p); one = sp.ones(n, 1); I = sp.eye(n)
    J = I - one * pv.T
    C.ck(11, "J = I - 1 p^T", mat_zero(dl - J), "J = I - \\mathbf 1 p^\\top")
    C.ck(11, "rows = -p^T + e_i", all(mat_zero(J[i, :] - (-pv.T + I[i, :])) for i in range(n)), "-p^\\top")
    C.ck(12, "J1 = 0", zero((pv.T * one)[0] - 1) and mat_zero(J * one), "J \\mathbf 1 = \\mathbf 1 - \\mathbf 1 = 0")
    c = sp.Symbol("c")
    import random
    random.seed(n)
    okc = True
    for _ in range(5):
        zv = [sp.Rational(random.randint(-9, 9), 4) for _ in range(n)]; cv = sp.Rational(random.randint(-9, 9), 3)
        for i in range(n):
            okc &= abs(sp.N(ell[i].subs(dict(zip(z, [u + cv for u in zv]))) - ell[i].subs(dict(zip(z, zv))), 50)) < 1e-45
    C.ck(12, "shift invariance", okc, "leaves $\\ell$ unchanged")
    C.ck(13, "J^2 = J", mat_zero(J * J - (I - 2 * one * pv.T + one * (pv.T * one)[0] * pv.T)) and mat_zero(J * J - J), "= J")
    for cc in range(n):
        L = -ell[cc]
        g = sp.Matrix([sp.diff(L, v) for v in z])
        C.ck(14, "NLL grad", mat_zero(g - (-J.T * I[:, cc])) and mat_zero(g - (pv - I[:, cc])), "-J^\\top e_c = p - e_c")
z = (0, sp.log(3)); S = 1 + 3; p = (sp.Rational(1, 4), sp.Rational(3, 4))
C.ck(15, "example", sp.exp(z[0]) / S == p[0] and sp.simplify(sp.exp(z[1]) / S - p[1]) == 0 and 0 - p[1] == -sp.Rational(3, 4), "-\\tfrac34")
C.done()
