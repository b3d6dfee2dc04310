from common import *
KEY = "keys/021_attention_numeric.md"
META = dict(kind="numeric", topic="scaled dot-product attention for one query and three keys")
SLIP = dict(line=9, old=r"with normaliser $2e^{0.5} + e^{1} \approx 6.0157$, giving $a \approx (0.2741, 0.2741, 0.4519)$",
            new=r"with normaliser $2e^{1} + e^{2} \approx 12.8256$, giving $a \approx (0.2119, 0.2119, 0.5761)$", kind="rebound",
            desc="softmax evaluated on the old scores s = (1,1,2) although s was rebound to s/sqrt(d_k) = (0.5,0.5,1): "
                 "softmax(0.5,0.5,1) has normaliser 6.0157 and weights (0.2741,0.2741,0.4519), not 12.8256 and (0.2119,0.2119,0.5761).")
R = sp.Rational

def sm(s):
    S = sum(sp.exp(t) for t in s)
    return S, [sp.exp(t) / S for t in s]

def check(doc):
    q = sp.Matrix([1, 0, 1, 0]); K = [sp.Matrix([1, 1, 0, 0]), sp.Matrix([0, 0, 1, 1]), sp.Matrix([1, 0, 1, 0])]; v = [10, 20, 30]
    doc.note(3, r"d_k = 4", r"v = (10, 20, 30)")
    s = [(q.T * k)[0] for k in K]
    doc.eq(5, [r"= (1, 1, 2)$"], sp.Matrix(s), sp.Matrix([1, 1, 2]))
    s2 = [t / sp.sqrt(4) for t in s]
    doc.eq(7, [r"s = (0.5, 0.5, 1)"], sp.Matrix(s2), sp.Matrix([R(1, 2), R(1, 2), 1]))
    S, a = sm(s2)
    doc.eq(9, [r"normaliser $2e^{0.5} + e^{1}"], S, 2 * sp.exp(R(1, 2)) + sp.exp(1))
    doc.approx(9, [r"+ e^{1} \approx"], S, "6.0157")
    for i, t in enumerate(["0.2741", "0.2741", "0.4519"]):
        doc.approx(9, [r"giving $a \approx (0.2741, 0.2741, 0.4519)$"], a[i], t)
    o = sum(a[j] * v[j] for j in range(3))
    doc.approx(11, [r"\approx 21.78$"], o, "21.78")
    doc.approx(11, [r"0.2741 \cdot 10 + 0.2741 \cdot 20 + 0.4519 \cdot 30 \approx 21.78"], R('0.2741') * 10 + R('0.2741') * 20 + R('0.4519') * 30, "21.78")
    S1, a1 = sm(s)
    for i, t in enumerate(["0.2119", "0.2119", "0.5761"]):
        doc.approx(13, [r"\operatorname{softmax}(1, 1, 2) \approx (0.2119, 0.2119, 0.5761)"], a1[i], t)
    doc.approx(13, [r"output would be $\approx 23.64$"], sum(a1[j] * v[j] for j in range(3)), "23.64")
    doc.true(15, [r"between $\min_j v_j = 10$ and $\max_j v_j = 30$"], all(10 < sp.N(sum(w[j] * v[j] for j in range(3)), 30) < 30 for w in (a, a1)))
    return doc.finish()

def slip_false(doc):
    S, a = sm([R(1, 2), R(1, 2), 1])
    return false_at(doc, 9, [r"2e^{1} + e^{2} \approx 12.8256", r"(0.2119, 0.2119, 0.5761)"],
                    sp.simplify(S - (2 * sp.E + sp.E**2)) == 0 or rhu(a[2], 4) == "0.5761",
                    f"softmax(0.5,0.5,1): normaliser {sp.N(S, 8)} != 2e+e^2 = {sp.N(2*sp.E+sp.E**2, 8)}; a_3 = {sp.N(a[2], 6)} != 0.5761")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
