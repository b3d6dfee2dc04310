from common import *
KEY = "keys/029_attention_logit_bound.md"
META = dict(kind="proof", topic="Cauchy-Schwarz bound on scaled dot-product attention logits")
SLIP = dict(line=9, old=r"|s| = |q^\top k|/\sqrt d \le \|q\|_2 \|k\|_2/\sqrt d", new=r"|s| = |q^\top k|/\sqrt d \ge \|q\|_2 \|k\|_2/\sqrt d",
            kind="reversed", desc="Cauchy-Schwarz direction reversed. Witness d=2, q=(1,0), k=(0,1): |s| = 0 but ||q|| ||k||/sqrt d = 1/sqrt 2.")

def vec(d, B):
    return [urand(-B, B) for _ in range(d)]

def check(doc):
    doc.note(3, r"s = q^\top k/\sqrt{d}")
    nrm = lambda u: mp.sqrt(mp.fsum(t * t for t in u))
    dot = lambda u, v: mp.fsum(a * b for a, b in zip(u, v))
    for d in (1, 2, 3, 8, 64):
        doc.forall(5, [r"|u^\top v| \le \|u\|_2 \|v\|_2"], lambda u, v: abs(dot(u, v)) <= nrm(u) * nrm(v) * (1 + mp.mpf('1e-40')), lambda: (vec(d, 10), vec(d, 10)), N=300)
        doc.forall(5, ["with equality iff $u$ and $v$ are parallel"], lambda u, c: abs(abs(dot(u, [c * t for t in u])) - nrm(u) * nrm([c * t for t in u])) < mp.mpf('1e-40'), lambda: (vec(d, 10), urand(-5, 5)), N=100)
        for B in (sp.Rational(1, 2), 1, 3):
            Bm = mp.mpf(B.p) / B.q if isinstance(B, sp.Rational) else mp.mpf(B)
            doc.forall(7, [r"|s| \le B^2 \sqrt{d}"], lambda q, k: abs(dot(q, k)) / mp.sqrt(d) <= Bm**2 * mp.sqrt(d) * (1 + mp.mpf('1e-40')), lambda: (vec(d, Bm), vec(d, Bm)), N=200)
            doc.forall(9, [r"|s| = |q^\top k|/\sqrt d \le \|q\|_2 \|k\|_2/\sqrt d"], lambda q, k: abs(dot(q, k)) / mp.sqrt(d) <= nrm(q) * nrm(k) / mp.sqrt(d) * (1 + mp.mpf('1e-40')), lambda: (vec(d, Bm), vec(d, Bm)), N=200)
            doc.forall(11, [r"\|q\|_2 = \sqrt{\sum_{i=1}^{d} q_i^2} \le \sqrt{d B^2} = B\sqrt d", r"\|k\|_2 \le B \sqrt d"], lambda q: nrm(q) <= Bm * mp.sqrt(d) * (1 + mp.mpf('1e-40')), lambda: (vec(d, Bm),), N=200)
    B, d = sp.symbols('B d', positive=True)
    doc.eq(11, [r"\sqrt{d B^2} = B\sqrt d"], sp.sqrt(d * B**2), B * sp.sqrt(d))
    doc.eq(13, [r"B\sqrt d \cdot B \sqrt d/\sqrt d = B^2 \sqrt d"], B * sp.sqrt(d) * B * sp.sqrt(d) / sp.sqrt(d), B**2 * sp.sqrt(d))
    for dd in (1, 4, 64):
        q = sp.Matrix([B] * dd)
        doc.eq(15, [r"q^\top k = d B^2"], (q.T * q)[0], dd * B**2)
        doc.eq(15, [r"s = B^2\sqrt d"], (q.T * q)[0] / sp.sqrt(dd), B**2 * sp.sqrt(dd))
    doc.eq(17, [r"$d = 64$ and $B = 1$", r"|s| \le 8"], sp.sqrt(64), 8)
    doc.eq(17, ["differ by at most $16$"], 8 - (-8), 16)
    doc.eq(17, [r"at most $e^{16}$"], sp.exp(8) / sp.exp(-8), sp.exp(16))
    doc.eq(19, [r"|s| \le \sqrt d", "the same number"], sp.sqrt(d) * sp.sqrt(d) / sp.sqrt(d), (1**2) * sp.sqrt(d))
    return doc.finish()

def slip_false(doc):
    q, k = (1, 0), (0, 1)
    lhs = abs(q[0] * k[0] + q[1] * k[1]) / sp.sqrt(2); rhs = 1 * 1 / sp.sqrt(2)
    return false_at(doc, 9, [r"\ge \|q\|_2 \|k\|_2/\sqrt d"], lhs >= rhs, f"d=2, q=(1,0), k=(0,1): |s| = {lhs} < {rhs}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
