from common import *
KEY = "keys/033_submultiplicative.tex"
META = dict(kind="proof", topic="submultiplicativity of the spectral norm and deep linear networks")
SLIP = dict(line=6, old=r"\|A B x\|_2 \le \|A\|_2 \|B x\|_2 \le", new=r"\|A B x\|_2 \ge \|A\|_2 \|B x\|_2 \le", kind="reversed",
            desc="first inequality reversed. Witness A = diag(1, 0), B = I, x = e_2: ||ABx|| = 0 but ||A|| ||Bx|| = 1.")

def spec(W):
    return mp.sqrt(max(mp.re(z) for z in mp.eig(W.T * W)[0]))

def rmat(r, c):
    return mp.matrix([[urand(-2, 2) for _ in range(c)] for _ in range(r)])

def check(doc):
    tol = mp.mpf('1e-30')
    doc.note(1, r"\section*")
    for ln in (5, 7):
        doc.note(ln, "\\")
    for _ in range(60):
        n = RNG.choice([2, 3]); W = rmat(n, n); x = mp.matrix([urand(-3, 3) for _ in range(n)])
        doc.true(2, [r"\|W x\|_2 \le \|W\|_2 \|x\|_2"], mp.norm(W * x) <= spec(W) * mp.norm(x) * (1 + tol))
        # max over the unit circle attained by the top right-singular vector
        E, V = mp.eig(W.T * W); k = max(range(n), key=lambda i: mp.re(E[i])); v = V[:, k]; v = v / mp.norm(v)
        doc.true(2, [r"\|W\|_2 = \max_{\|x\|_2 = 1} \|W x\|_2"], abs(mp.norm(W * v) - spec(W)) < tol)
        A = rmat(n, 3); B = rmat(3, n)
        doc.true(3, [r"\|A B\|_2 \le \|A\|_2 \|B\|_2"], spec(A * B) <= spec(A) * spec(B) * (1 + tol))
        Bm = rmat(3, n); Am = rmat(n, 3); xx = mp.matrix([urand(-3, 3) for _ in range(n)])
        doc.true(6, [r"\|A B x\|_2 \le \|A\|_2 \|B x\|_2"], mp.norm(Am * Bm * xx) <= spec(Am) * mp.norm(Bm * xx) * (1 + tol))
        doc.true(6, [r"\le \|A\|_2 \|B\|_2 \|x\|_2 ,"], spec(Am) * mp.norm(Bm * xx) <= spec(Am) * spec(Bm) * mp.norm(xx) * (1 + tol))
        Ws = [rmat(n, n) for _ in range(RNG.randint(1, 5))]
        y = mp.matrix([urand(-3, 3) for _ in range(n)]); x0 = y
        P = mp.eye(n)
        for Wl in Ws:
            y = Wl * y; P = Wl * P
        doc.true(9, [r"\|y\|_2 \le \left(\prod_{l=1}^{L} \|W_l\|_2\right) \|x\|_2"], mp.norm(y) <= mp.fprod([spec(Wl) for Wl in Ws]) * mp.norm(x0) * (1 + tol))
        doc.true(10, [r"\|W_L \cdots W_1\|_2 \le \|W_L\|_2 \|W_{L-1} \cdots W_1\|_2"], len(Ws) < 2 or spec(P) <= spec(Ws[-1]) * spec(_prod(Ws[:-1], n)) * (1 + tol))
    doc.note(8, "taking the maximum")
    # peeling one factor per application: a product of L factors needs L - 1 applications to become L separate norms
    for L in range(1, 8):
        k, factors = 0, 1
        while factors < L:
            factors += 1; k += 1
        doc.eq(10, [r"Apply the lemma $L - 1$ times"], k, L - 1)
    doc.note(4, r"\textbf{Proof of the lemma.}")
    A = sp.Matrix([[1, 0], [0, 0]]); B = sp.Matrix([[0, 0], [0, 1]])
    sn = lambda M: sp.sqrt(max((M.T * M).eigenvals().keys()))
    doc.eq(11, [r"\|A\|_2 = \|B\|_2 = 1"], sp.Matrix([sn(A), sn(B)]), sp.Matrix([1, 1]))
    doc.eq(11, [r"but $A B = 0$"], A * B, sp.zeros(2))
    doc.approx(12, [r"1.1^{12} \approx"], sp.Rational(11, 10)**12, "3.1384")
    doc.approx(12, [r"0.9^{12} \approx"], sp.Rational(9, 10)**12, "0.2824")
    th = sp.Symbol('theta', real=True)
    Q = sp.Matrix([[sp.cos(th), -sp.sin(th)], [sp.sin(th), sp.cos(th)]])
    doc.eq(13, [r"For orthogonal $W_l$ every $\|W_l\|_2 = 1$"], sp.simplify(Q.T * Q), sp.eye(2))
    xv = sp.Matrix(sp.symbols('x1 x2', real=True))
    doc.eq(13, [r"equality $\|y\|_2 = \|x\|_2$ holds"], sp.simplify(((Q * Q * xv).T * (Q * Q * xv))[0]), (xv.T * xv)[0])
    return doc.finish()

def _prod(Ws, n):
    P = mp.eye(n)
    for W in Ws:
        P = W * P
    return P

def slip_false(doc):
    A = mp.matrix([[1, 0], [0, 0]]); B = mp.eye(2); x = mp.matrix([0, 1])
    lhs = mp.norm(A * B * x); rhs = spec(A) * mp.norm(B * x)
    return false_at(doc, 6, [r"\|A B x\|_2 \ge \|A\|_2 \|B x\|_2"], lhs >= rhs, f"A=diag(1,0), B=I, x=e_2: ||ABx|| = {lhs} < ||A|| ||Bx|| = {rhs}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
