from common import *
KEY = "keys/032_residual_norm_growth.md"
META = dict(kind="proof", topic="triangle-inequality bound on residual-stream norm growth")
SLIP = dict(line=7, old=r"x_L = x_0 + \sum_{l=0}^{L-1} f_l(x_l)$", new=r"x_L = x_0 + \sum_{l=1}^{L-1} f_l(x_l)$", kind="bound",
            desc="lower summation bound off by one: the first branch f_0(x_0) is dropped from the telescoped sum. "
                 "Witness L=1, d=1, x_0=0, f_0 = 1 (constant): x_1 = 1 but the claimed sum is empty, giving x_1 = 0.")
nrm = lambda u: mp.sqrt(mp.fsum(t * t for t in u))

def rand_stack(L, d):
    # branches f_l(x) = c_l * tanh(A_l x + b_l) / sqrt(d): bounded by c_l
    cs = [urand(0, 2) for _ in range(L)]
    As = [mp.matrix([[urand(-2, 2) for _ in range(d)] for _ in range(d)]) for _ in range(L)]
    bs = [[urand(-1, 1) for _ in range(d)] for _ in range(L)]
    def f(l, x):
        y = As[l] * mp.matrix(x)
        return [cs[l] * mp.tanh(y[i] + bs[l][i]) / mp.sqrt(d) for i in range(d)]
    x0 = [urand(-5, 5) for _ in range(d)]
    xs = [x0]; fs = []
    for l in range(L):
        fl = f(l, xs[-1]); fs.append(fl)
        xs.append([a + b for a, b in zip(xs[-1], fl)])
    return cs, xs, fs

def check(doc):
    doc.note(3, r"x_{l+1} = x_l + f_l(x_l)", r"\|f_l(x)\|_2 \le c_l")
    tol = mp.mpf('1e-40')
    for L in (1, 2, 5, 12):
        for d in (1, 3):
            for _ in range(15):
                cs, xs, fs = rand_stack(L, d)
                doc.true(3, [r"\|f_l(x)\|_2 \le c_l"], all(nrm(fs[l]) <= cs[l] + tol for l in range(L)))
                doc.true(5, [r"\|x_L\|_2 \le \|x_0\|_2 + \sum_{l=0}^{L-1} c_l"], nrm(xs[L]) <= nrm(xs[0]) + mp.fsum(cs) + tol)
                tel = [xs[0][i] + mp.fsum(fs[l][i] for l in range(L)) for i in range(d)]
                doc.true(7, [r"x_L = x_0 + \sum_{l=0}^{L-1} f_l(x_l)"], all(abs(tel[i] - xs[L][i]) < tol for i in range(d)))
                doc.true(9, [r"\|x_L\|_2 \le \|x_0\|_2 + \sum_{l=0}^{L-1} \|f_l(x_l)\|_2"], nrm(xs[L]) <= nrm(xs[0]) + mp.fsum(nrm(fl) for fl in fs) + tol)
                doc.true(11, ["Each term of the sum is at most $c_l$"], all(nrm(fl) <= c + tol for fl, c in zip(fs, cs)))
                cmax = max(cs)
                doc.true(13, [r"\|x_L\|_2 \le \|x_0\|_2 + L c"], nrm(xs[L]) <= nrm(xs[0]) + L * cmax + tol)
                doc.true(15, [r"\|x_L\|_2 \ge \|x_0\|_2 - \sum_{l=0}^{L-1} c_l"], nrm(xs[L]) >= nrm(xs[0]) - mp.fsum(cs) - tol)
    doc.eq(17, [r"16 - 12 \le \|x_L\|_2 \le 16 + 12"], 24 * sp.Rational(1, 2), 12)
    doc.eq(17, [r"[4, 28]"], sp.Matrix([16 - 12, 16 + 12]), sp.Matrix([4, 28]))
    for _ in range(50):
        L = 4; d = 2
        Ws = [mp.matrix([[urand(-2, 2) for _ in range(d)] for _ in range(d)]) for _ in range(L)]
        x = mp.matrix([urand(-3, 3) for _ in range(d)]); x0 = x
        for W in Ws:
            x = W * x
        spec = lambda W: mp.sqrt(max(mp.eig(W.T * W)[0], key=lambda z: mp.re(z)).real)
        doc.true(19, [r"\|x_L\|_2 \le \prod_{l=0}^{L-1}\|W_l\|_2\, \|x_0\|_2"], mp.norm(x) <= mp.fprod([spec(W) for W in Ws]) * mp.norm(x0) * (1 + mp.mpf('1e-30')))
    doc.approx(19, [r"1.5^{24} \approx"], sp.Rational(3, 2)**24, "16834.1")
    return doc.finish()

def slip_false(doc):
    x0 = 0; f0 = 1
    x1 = x0 + f0; claimed = x0 + 0   # sum over l = 1..0 is empty
    return false_at(doc, 7, [r"\sum_{l=1}^{L-1} f_l(x_l)$"], x1 == claimed, f"L=1, x_0=0, f_0=1: x_1 = {x1}, claimed {claimed}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
