from common import *
KEY = "keys/015_softmax_numeric.md"
META = dict(kind="numeric", topic="softmax, log-sum-exp and cross-entropy of z = (1, 2, 3)")
SLIP = dict(line=7, old=r"p_3 = 1/S \approx 0.6652$", new=r"p_3 = 1/S \approx 0.6653$", kind="rounding",
            desc="last digit off by one: 1/S = 0.66524095... rounds to 0.6652, not 0.6653.")
R = sp.Rational

def check(doc):
    z = [1, 2, 3]
    S0 = sum(sp.exp(t) for t in z)
    p = [sp.exp(t) / S0 for t in z]
    doc.eq(3, [r"m = 3", r"z - m = (-2, -1, 0)"], sp.Matrix([t - 3 for t in z]), sp.Matrix([-2, -1, 0]))
    for i in range(3):
        doc.eq(3, ["leaves $p$ unchanged"], sp.exp(z[i] - 3) / sum(sp.exp(t - 3) for t in z), p[i])
    doc.approx(5, [r"e^{-2} \approx"], sp.exp(-2), "0.1353")
    doc.approx(5, [r"e^{-1} \approx"], sp.exp(-1), "0.3679")
    doc.eq(5, [r"e^{0} = 1"], sp.exp(0), 1)
    S = sp.exp(-2) + sp.exp(-1) + 1
    doc.approx(5, [r"S = e^{-2} + e^{-1} + 1 \approx"], S, "1.5032")
    doc.approx(7, [r"p_1 = e^{-2}/S \approx"], sp.exp(-2) / S, "0.0900")
    doc.eq(7, [r"p_1 = e^{-2}/S"], sp.exp(-2) / S, p[0])
    doc.approx(7, [r"p_2 = e^{-1}/S \approx"], sp.exp(-1) / S, "0.2447")
    doc.approx(7, [r"p_3 = 1/S \approx"], 1 / S, "0.6652")
    doc.eq(7, [r"p_3 = 1/S"], 1 / S, p[2])
    doc.eq(9, [r"0.0900 + 0.2447 + 0.6652 = 0.9999"], R('0.0900') + R('0.2447') + R('0.6652'), R('0.9999'))
    lse = sp.log(S0)
    doc.eq(11, [r"\operatorname{lse}(z) = 3 + \log S"], lse, 3 + sp.log(S))
    doc.approx(11, [r"3 + \log S \approx"], lse, "3.4076")
    doc.approx(11, [r"\operatorname{lse}(z) - z_3 \approx"], lse - 3, "0.4076")
    doc.eq(11, [r"which equals $-\log p_3$"], lse - 3, -sp.log(p[2]))
    doc.approx(13, [r"p - e_3 \approx (0.0900,"], p[0], "0.0900")
    doc.approx(13, [r"0.2447, -0.3348)"], p[1], "0.2447")
    doc.approx(13, [r"p - e_3 \approx"], p[2] - 1, "-0.3348")
    doc.eq(15, [r"z/\tau = (0.5, 1, 1.5)"], sp.Matrix([R(t, 2) for t in z]), sp.Matrix([R(1, 2), 1, R(3, 2)]))
    pt = sp.exp(R(3, 2)) / sum(sp.exp(R(t, 2)) for t in z)
    doc.eq(15, [r"1/(e^{-1} + e^{-0.5} + 1)"], pt, 1 / (sp.exp(-1) + sp.exp(-R(1, 2)) + 1))
    doc.approx(15, [r"+ 1) \approx"], pt, "0.5065")
    return doc.finish()

def slip_false(doc):
    S = sp.exp(-2) + sp.exp(-1) + 1
    got = rhu(1 / S, 4)
    return false_at(doc, 7, [r"p_3 = 1/S \approx 0.6653$"], got == "0.6653", f"1/S = {sp.N(1/S, 10)} rounds to {got}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
