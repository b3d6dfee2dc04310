from common import *
KEY = "keys/018_xent_numeric.md"
META = dict(kind="numeric", topic="cross-entropy of logits (2, 1, 0.1), its gradient and a step on the logits")
SLIP = dict(line=9, old=r"\frac{\partial L}{\partial z_1} = p_1 - 1 \approx -0.3410", new=r"\frac{\partial L}{\partial z_1} = 1 - p_1 \approx -0.3410",
            kind="sign", desc="sign flipped: dL/dz_1 = p_1 - 1; the written 1 - p_1 = +0.3410 contradicts the value -0.3410 and the true derivative.")
R = sp.Rational
z = [2, 1, R(1, 10)]

def probs(zz):
    S = sum(sp.exp(t) for t in zz)
    return S, [sp.exp(t) / S for t in zz]

def check(doc):
    S, p = probs(z)
    doc.note(3, r"z = (2.0, 1.0, 0.1)", "c = 1")
    doc.approx(5, [r"S = e^{2} + e^{1} + e^{0.1} \approx"], S, "11.2125")
    for i, t in enumerate(["0.6590", "0.2424", "0.0986"]):
        doc.approx(5, [r"p = (e^{2}, e^{1}, e^{0.1})/S \approx"], p[i], t)
    L = -sp.log(p[0])
    doc.eq(7, [r"L = -\log p_1 = \log S - 2"], L, sp.log(S) - 2)
    doc.approx(7, [r"\log S - 2 \approx"], L, "0.4170")
    zs = sp.symbols('z1:4', real=True)
    Ls = -sp.log(sp.exp(zs[0]) / sum(sp.exp(t) for t in zs))
    grad = [sp.diff(Ls, t).subs(dict(zip(zs, z))) for t in zs]
    doc.eq(9, [r"\nabla_z L = p - e_1"], sp.Matrix(grad), sp.Matrix([p[0] - 1, p[1], p[2]]))
    doc.eq(9, [r"\frac{\partial L}{\partial z_1} = p_1 - 1"], grad[0], p[0] - 1)
    doc.approx(9, [r"p_1 - 1 \approx"], grad[0], "-0.3410")
    doc.approx(9, [r"\frac{\partial L}{\partial z_2} = p_2 \approx"], grad[1], "0.2424")
    doc.approx(9, [r"\frac{\partial L}{\partial z_3} = p_3 \approx"], grad[2], "0.0986")
    zn = [z[i] - R(1, 2) * grad[i] for i in range(3)]
    for i, t in enumerate(["2.1705", "0.8788", "0.0507"]):
        doc.approx(11, [r"z' = z - \eta \nabla_z L \approx"], zn[i], t)
    S2, p2 = probs(zn)
    doc.approx(13, [r"-\log \operatorname{softmax}(z')_1 \approx"], -sp.log(p2[0]), "0.3328")
    doc.true(13, [r"smaller than $0.4170$"], sp.N(-sp.log(p2[0]), 50) < sp.N(L, 50))
    doc.eq(15, [r"\sum_j \frac{\partial L}{\partial z_j} = 0"], sum(grad), 0)
    doc.eq(15, [r"2.1705 + 0.8788 + 0.0507 = 3.1"], R('2.1705') + R('0.8788') + R('0.0507'), R('3.1'))
    doc.eq(15, ["does not change the sum of the logits"], sum(zn), sum(z))
    return doc.finish()

def slip_false(doc):
    S, p = probs(z)
    claimed = 1 - p[0]
    return false_at(doc, 9, [r"= 1 - p_1 \approx -0.3410"], rhu(claimed, 4) == "-0.3410" or sp.simplify(claimed - (p[0] - 1)) == 0,
                    f"1 - p_1 = {sp.N(claimed, 8)} (not -0.3410); true dL/dz_1 = p_1 - 1 = {sp.N(p[0]-1, 8)}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
