from common import *
c = Checker("keys/009_causal_attention_values.md")
for n in (3, 4):
    d = 2
    q = [sp.Matrix(d, 1, lambda a, b: sp.Symbol(f"q{i}{a}", real=True)) for i in range(n)]
    k = [sp.Matrix(d, 1, lambda a, b: sp.Symbol(f"k{i}{a}", real=True)) for i in range(n)]
    v = [sp.Matrix(d, 1, lambda a, b: sp.Symbol(f"v{i}{a}", real=True)) for i in range(n)]
    S = [[(q[i].T * k[j])[0] / sp.sqrt(d) for j in range(n)] for i in range(n)]
    A = sp.zeros(n, n)
    for i in range(n):
        Z = sum(sp.exp(S[i][l]) for l in range(i + 1))
        for j in range(i + 1):
            A[i, j] = sp.exp(S[i][j]) / Z
    # masked version: -oo added above diagonal, full softmax
    ln = c.find(r"the mask adds $-\infty$")
    c.true(ln, None, sp.exp(-sp.oo) == 0, "e^-oo = 0")
    for i in range(n):
        full = [sp.exp(S[i][j] + (0 if j <= i else -sp.oo)) for j in range(n)]
        Zf = sum(full)
        for j in range(n):
            c.eq(ln, None, full[j] / Zf, A[i, j], "mask == causal softmax")
    O = [sum((A[i, j] * v[j] for j in range(i + 1)), sp.zeros(d, 1)) for i in range(n)]
    ln = c.find("Each row of $A = (a_{ij})$ sums to one")
    for i in range(n):
        c.eq(ln, None, sum(A[i, j] for j in range(i + 1)), 1, "row sum")
    c.eq(ln, None, A[0, 0], 1, "a11=1"); c.meq(ln, None, O[0], v[0], "o1=v1")
    G = [sp.Matrix(d, 1, lambda a, b: sp.Symbol(f"G{i}{a}", real=True)) for i in range(n)]
    L = sum((G[i].T * O[i])[0] for i in range(n))  # dL/do_i = G_i
    ln = c.find(r"\frac{\partial L}{\partial v_j} = \sum_{i=j}^{n}")
    c.true(c.find("exactly when $i \\ge j$"), None, all((sp.diff(O[i][0], v[j][0]) != 0) == (i >= j) for i in range(n) for j in range(n)), "v_j in o_i iff i>=j")
    for j in range(n):
        gv = sp.Matrix([sp.diff(L, v[j][a]) for a in range(d)])
        c.meq(ln, None, gv, sum((A[i, j] * G[i] for i in range(j, n)), sp.zeros(d, 1)), f"dL/dv_{j}")
    ln = c.find(r"\nabla_V L = A^\top \nabla_O L")
    GV = sp.Matrix(n, d, lambda j, a: sp.diff(L, v[j][a])); GO = sp.Matrix(n, d, lambda i, a: G[i][a])
    c.meq(ln, None, GV, A.T * GO, "matrix form"); c.true(ln, None, all(A[i, j] == 0 for i in range(n) for j in range(i + 1, n)), "lower triangular")
    ln = c.find("The last value is read only")
    c.meq(ln, None, sp.Matrix([sp.diff(L, v[n - 1][a]) for a in range(d)]), A[n - 1, n - 1] * G[n - 1], "last value")
    c.eq(ln, None, sum(range(1, n + 1)), sp.Rational(n * (n + 1), 2), "count")
    c.eq(ln, None, sum(1 for i in range(n) for j in range(n) if j <= i), sum(range(1, n + 1)), "count unmasked")
c.report()
