from common import *
C = Checker("keys/009_lse_hessian.tex")
for n in (2, 3, 4):
    z = sp.symbols(f"z1:{n+1}", real=True)
    S = sum(sp.exp(v) for v in z)
    LSE = sp.log(S)
    p = sp.Matrix([sp.exp(v) / S for v in z])
    C.ck(4, "gradient = softmax", all(zero(sp.diff(LSE, z[i]) - p[i]) for i in range(n)), "= p_i")
    H = sp.hessian(LSE, z)
    quot = sp.Matrix(n, n, lambda i, k: ((1 if i == k else 0) * sp.exp(z[i]) * S - sp.exp(z[i]) * sp.exp(z[k])) / S**2)
    C.ck(7, "quotient rule", mat_zero(H - quot), "\\frac{\\delta_{ik} e^{z_i} \\sum_j e^{z_j} - e^{z_i} e^{z_k}}")
    C.ck(8, "p_i delta - p_i p_k", mat_zero(quot - sp.Matrix(n, n, lambda i, k: p[i] * (1 if i == k else 0) - p[i] * p[k])), "&= p_i \\delta_{ik} - p_i p_k")
    Hm = sp.diag(*p) - p * p.T
    C.ck(10, "Hessian matrix", mat_zero(H - Hm), "\\operatorname{diag}(p) - p p^\\top")
    v = sp.Matrix(sp.symbols(f"v1:{n+1}", real=True))
    qf = (v.T * Hm * v)[0]
    var = sum(p[i] * v[i]**2 for i in range(n)) - sum(p[i] * v[i] for i in range(n))**2
    # variance form: sum p_i (v_i - pbar)^2 >= 0
    mean = sum(p[i] * v[i] for i in range(n))
    C.ck(11, "quadratic form = variance >= 0", zero(qf - var) and zero(var - sum(p[i] * (v[i] - mean)**2 for i in range(n))) and zero(sum(p) - 1), "\\ge 0")
    C.ck(12, "H 1 = 0", mat_zero(Hm * sp.ones(n, 1)) and mat_zero(sp.diag(*p) * sp.ones(n, 1) - p) and zero((p.T * sp.ones(n, 1))[0] - 1), "= p - p = 0")
    tr = sum(p[i] * (1 - p[i]) for i in range(n))
    C.ck(13, "trace", zero(Hm.trace() - tr) and zero(tr - (1 - sum(p[i]**2 for i in range(n)))), "1 - \\|p\\|_2^2")
    # ||p||^2 >= 1/n: n*sum p_i^2 - (sum p_i)^2 = sum_{i<j} (p_i - p_j)^2 (Lagrange identity)
    ps = sp.symbols(f"P1:{n+1}")
    C.ck(13, "CS: n||p||^2 >= (sum p)^2", zero(n * sum(t**2 for t in ps) - sum(ps)**2 - sum((ps[i] - ps[j])**2 for i in range(n) for j in range(i + 1, n))), "\\le 1 - \\frac{1}{n}")
# variance identity check with exact p on simplex (sum p = 1)
import random
random.seed(9)
ok = True
for _ in range(50):
    w = [random.randint(1, 9) for _ in range(3)]; s = sum(w); p = [sp.Rational(a, s) for a in w]
    v = [sp.Rational(random.randint(-9, 9), 2) for _ in range(3)]
    m = sum(pi * vi for pi, vi in zip(p, v))
    ok &= sum(pi * vi**2 for pi, vi in zip(p, v)) - m**2 == sum(pi * (vi - m)**2 for pi, vi in zip(p, v))
C.ck(11, "variance under p (numeric exact)", ok, "a variance under $p$")
z = sp.symbols("a b", real=True); S = sum(sp.exp(v) for v in z)
H = sp.hessian(sp.log(S), z).subs({z[0]: 0, z[1]: 0})
C.ck(14, "n=2 example", H == sp.Matrix([[sp.Rational(1, 4), -sp.Rational(1, 4)], [-sp.Rational(1, 4), sp.Rational(1, 4)]]), "\\begin{pmatrix} 1/4 & -1/4 \\\\ -1/4 & 1/4 \\end{pmatrix}")
C.done()
