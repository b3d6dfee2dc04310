from common import *
c = Checker("keys/013_causal_attention_numeric.md")
k = [sp.Matrix([1, 0]), sp.Matrix([0, 1]), sp.Matrix([1, 1])]; v = [1, 2, 4]
r2 = sp.sqrt(2)
def s(q, j): return (q.T * k[j])[0] / r2
ln = c.find("Row 1:")
c.true(ln, None, True, "a11 = 1 (single visible position; softmax of one entry is 1)"); c.eq(ln, None, sp.exp(7) / sp.exp(7), 1, "one-entry softmax")
q2 = sp.Matrix([2, 0])
ln = c.find("Row 2, with $q_2 = (2, 0)$")
c.eq(ln, None, s(q2, 0), 2 / r2, "s21"); c.eq(ln, None, 2 / r2, r2, "=sqrt2"); c.eq(ln, None, s(q2, 1), 0, "s22")
a21 = sp.exp(r2) / (sp.exp(r2) + 1)
c.eq(ln, None, a21, 1 / (1 + sp.exp(-r2)), "sigma(sqrt2)")
c.approx(ln, "0.8044", a21, "0.8044"); c.approx(ln, "0.1956", 1 - a21, "0.1956")
ln = c.find("The output is $o_2")
o2 = a21 * 1 + (1 - a21) * 2
c.eq(ln, None, o2, 2 - a21, "o2"); c.approx(ln, "1.1956", o2, "1.1956")
q3 = sp.Matrix([1, 1])
ln = c.find("Row 3, with $q_3 = (1, 1)$")
c.eq(ln, None, s(q3, 0), 1 / r2, "s31"); c.eq(ln, None, s(q3, 1), 1 / r2, "s32"); c.approx(ln, "0.7071", 1 / r2, "0.7071")
c.eq(ln, None, s(q3, 2), 2 / r2, "s33"); c.approx(ln, "1.4142", r2, "1.4142")
ln = c.find("Dividing numerator and denominator")
w = [sp.exp(s(q3, j)) for j in range(3)]; Z = sum(w); a3 = [wj / Z for wj in w]
c.eq(ln, None, a3[2] / a3[0], sp.exp(1 / r2), "ratio"); c.eq(ln, None, a3[1] / a3[0], 1, "ratio 2")
c.approx(ln, "2.0281", sp.exp(1 / r2), "2.0281"); c.approx(ln, "0.2483", a3[0], "0.2483"); c.eq(ln, None, a3[0], a3[1], "a31=a32")
c.approx(ln, "0.5035", a3[2], "0.5035")
ln = c.find("Then $o_3")
o3 = a3[0] * 1 + a3[1] * 2 + a3[2] * 4
c.approx(ln, "2.7587", o3, "2.7587")
ln = c.find("Without the mask")
c.eq(ln, None, s(q2, 2), r2, "s23")
wf = [sp.exp(s(q2, j)) for j in range(3)]
c.eq(ln, None, wf[0] / sum(wf), sp.exp(r2) / (2 * sp.exp(r2) + 1), "unmasked weights")
c.eq(ln, None, wf[1] / sum(wf), 1 / (2 * sp.exp(r2) + 1), "unmasked weights 2")
c.approx(ln, "0.4458", sp.exp(r2) / (2 * sp.exp(r2) + 1), "0.4458"); c.approx(ln, "0.1084", 1 / (2 * sp.exp(r2) + 1), "0.1084")
c.report()
