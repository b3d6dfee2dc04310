from common import *
C = Checker("keys/001_ce_label_smoothing.md")
eps = sp.symbols("epsilon")
for K in (2, 3, 4):
    z = sp.symbols(f"z1:{K+1}")
    S = sum(sp.exp(v) for v in z)
    p = [sp.exp(v) / S for v in z]
    for c in range(K):
        q = [(1 - eps) * (1 if i == c else 0) + eps / K for i in range(K)]
        L = -sum(q[i] * sp.log(p[i]) for i in range(K))
        # L5: log p_i = z_i - log sum; d log p_i / dz_k = delta_ik - p_k
        for i in range(K):
            C.ck(6, "log p_i form", zero(sp.expand_log(sp.log(p[i]), force=True) - (z[i] - sp.log(S))), "\\log p_i = z_i - \\log \\sum_j e^{z_j}")
            for k in range(K):
                C.ck(6, "dlogp", zero(sp.diff(sp.log(p[i]), z[k]) - ((1 if i == k else 0) - p[k])), "\\delta_{ik} - p_k")
        # L6: sum q = 1
        C.ck(7, "sum q", zero(sum(q) - 1) and zero((1 - eps) + K * eps / K - 1), "= 1")
        g = [sp.diff(L, v) for v in z]
        for k in range(K):
            mid1 = -sum(q[i] * ((1 if i == k else 0) - p[k]) for i in range(K))
            mid2 = -q[k] + p[k] * sum(q)
            C.ck(9, "display chain", zero(g[k] - mid1) and zero(mid1 - mid2) and zero(mid2 - (p[k] - q[k])), "= p_k - q_k")
            C.ck(10, "vector form", zero(g[k] - (p[k] - (1 - eps) * (1 if k == c else 0) - eps / K)), "p - (1 - \\varepsilon) e_c - \\frac{\\varepsilon}{K} \\mathbf 1")
            if k == c:
                C.ck(11, "true class", zero(g[k] - (p[c] - 1 + eps - eps / K)), "p_c - 1 + \\varepsilon - \\varepsilon/K")
            else:
                C.ck(11, "other class", zero(g[k] - (p[k] - eps / K)), "p_k - \\varepsilon / K")
        C.ck(12, "sum zero", zero(sum(g)) and zero(sum(p) - sum(q)), "1 - 1 = 0")
        C.ck(13, "eps=0", all(zero(g[k].subs(eps, 0) - (p[k] - (1 if k == c else 0))) for k in range(K)), "p - e_c")
C.ck(4, "definition line (target q, L) used above", True, "q_i = (1 - \\varepsilon)\\,\\delta_{ic} + \\varepsilon / K")
C.done()
