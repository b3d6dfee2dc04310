from common import *
KEY = "keys/006_attention_score_grads.tex"
META = dict(kind="symbolic", topic="gradients of attention scores S = QK^T/sqrt(d_k) w.r.t. Q and K, softmax backward")
SLIP = dict(line=10, old=r"\nabla_K L = \frac{1}{\sqrt{d_k}}\, G^\top Q .", new=r"\nabla_K L = \frac{1}{\sqrt{d_k}}\, G Q .",
            kind="transpose",
            desc="G^T Q written as G Q (type-checks when n = m). Witness n=m=2, d_k=1, L = sum G*S with G=[[0,1],[0,0]], "
                 "Q=[[1],[0]]: true grad_K = G^T Q = [[0],[1]], claimed G Q = [[0],[0]].")

def mats(n, m, dk):
    Q = sp.Matrix(n, dk, lambda i, l: sp.Symbol(f'Q{i}{l}', real=True))
    K = sp.Matrix(m, dk, lambda j, l: sp.Symbol(f'K{j}{l}', real=True))
    G = sp.Matrix(n, m, lambda i, j: sp.Symbol(f'G{i}{j}', real=True))
    return Q, K, G

def check(doc):
    doc.note(1, r"\section*")
    doc.note(3, r"G = \partial L / \partial S")
    for l in (4, 7, 9, 11):
        doc.note(l, "\\")
    for (n, m, dk) in [(2, 3, 2), (3, 2, 4), (2, 2, 3)]:
        Q, K, G = mats(n, m, dk)
        S = Q * K.T / sp.sqrt(dk)
        for i in range(n):
            for j in range(m):
                doc.eq(2, [r"S_{ij} = \frac{1}{\sqrt{d_k}} \sum_{l=1}^{d_k} Q_{il} K_{jl}", r"S = Q K^\top / \sqrt{d_k}"], S[i, j], sum(Q[i, l] * K[j, l] for l in range(dk)) / sp.sqrt(dk))
        L = sum(G[i, j] * S[i, j] for i in range(n) for j in range(m))   # dL/dS = G
        gQ = sp.Matrix(n, dk, lambda i, l: sp.diff(L, Q[i, l]))
        gK = sp.Matrix(m, dk, lambda j, l: sp.diff(L, K[j, l]))
        for i in range(n):
            for l in range(dk):
                doc.eq(5, [r"\sum_{j=1}^{m} G_{ij} \frac{\partial S_{ij}}{\partial Q_{il}}"], gQ[i, l], sum(G[i, j] * sp.diff(S[i, j], Q[i, l]) for j in range(m)))
                doc.eq(5, [r"= \frac{1}{\sqrt{d_k}} \sum_{j=1}^{m} G_{ij} K_{jl},"], gQ[i, l], sum(G[i, j] * K[j, l] for j in range(m)) / sp.sqrt(dk))
        for j in range(m):
            for l in range(dk):
                doc.eq(6, [r"\sum_{i=1}^{n} G_{ij} \frac{\partial S_{ij}}{\partial K_{jl}}"], gK[j, l], sum(G[i, j] * sp.diff(S[i, j], K[j, l]) for i in range(n)))
                doc.eq(6, [r"= \frac{1}{\sqrt{d_k}} \sum_{i=1}^{n} G_{ij} Q_{il}."], gK[j, l], sum(G[i, j] * Q[i, l] for i in range(n)) / sp.sqrt(dk))
        doc.eq(10, [r"\nabla_Q L = \frac{1}{\sqrt{d_k}}\, G K,"], gQ, G * K / sp.sqrt(dk))
        doc.eq(10, [r"\nabla_K L = \frac{1}{\sqrt{d_k}}\, G^\top Q ."], gK, G.T * Q / sp.sqrt(dk))
        doc.true(12, [r"$G K$ is $n \times d_k$ like $Q$", r"$G^\top Q$ is $m \times d_k$ like $K$"], (G * K).shape == Q.shape and (G.T * Q).shape == K.shape)
    # softmax backward, n=2 rows, m=3 columns, numeric-symbolic
    n, m = 2, 3
    Sx = sp.Matrix(n, m, lambda i, j: sp.Symbol(f'S{i}{j}', real=True))
    Ab = sp.Matrix(n, m, lambda i, j: sp.Symbol(f'B{i}{j}', real=True))
    A = sp.Matrix(n, m, lambda i, j: sp.exp(Sx[i, j]) / sum(sp.exp(Sx[i, k]) for k in range(m)))
    LA = sum(Ab[i, j] * A[i, j] for i in range(n) for j in range(m))
    Gt = sp.Matrix(n, m, lambda i, j: sp.diff(LA, Sx[i, j]))
    syms = list(Sx) + list(Ab)
    for i in range(n):
        a = A[i, :].T; ab = Ab[i, :].T
        doc.eq(13, [r"G_{i,:}^\top = \left(\operatorname{diag}(a_i) - a_i a_i^\top\right) \bar a_i"], Gt[i, :].T, (sp.diag(*a) - a * a.T) * ab, syms)
    one = sp.ones(m, 1)
    doc.eq(13, [r"G = A \odot \left(\bar A - (\bar A \odot A)\mathbf 1 \mathbf 1^\top\right)"], Gt,
           A.multiply_elementwise(Ab - Ab.multiply_elementwise(A) * one * one.T), syms)
    doc.eq(14, [r"1/\sqrt{d_k} = 1/8 = 0.125", r"d_k = 64"], 1 / sp.sqrt(64), sp.Rational(1, 8))
    doc.eq(14, [r"1/8 = 0.125"], sp.Rational(1, 8), sp.Rational(125, 1000))
    return doc.finish()

def slip_false(doc):
    Q, K, G = mats(2, 2, 1)
    S = Q * K.T
    L = sum(G[i, j] * S[i, j] for i in range(2) for j in range(2))
    gK = sp.Matrix(2, 1, lambda j, l: sp.diff(L, K[j, l]))
    pt = {G[0, 0]: 0, G[0, 1]: 1, G[1, 0]: 0, G[1, 1]: 0, Q[0, 0]: 1, Q[1, 0]: 0}
    tv = gK.subs(pt); cl = (G * Q).subs(pt)
    return false_at(doc, 10, [r"\nabla_K L = \frac{1}{\sqrt{d_k}}\, G Q ."], tv == cl, f"d_k=1, G=[[0,1],[0,0]], Q=[[1],[0]]: true {tv.tolist()}, claimed {cl.tolist()}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
