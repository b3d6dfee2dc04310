from common import *
KEY = "keys/019_param_count.md"
META = dict(kind="numeric", topic="parameter count of a transformer block with d = 512, h = 8, d_ff = 2048")
SLIP = dict(line=9, old=r"$2\, d\, d_{ff} + d_{ff} + d = ", new=r"$d\, d_{ff} + d_{ff} + d = ", kind="factor",
            desc="factor 2 (two weight matrices) dropped from the formula: d*d_ff + d_ff + d = 1051136, not 2097152 + 2048 + 512 = 2099712.")
d, h, dff = 512, 8, 2048

def check(doc):
    doc.eq(3, [r"d_{ff} = 4d = 2048"], 4 * d, dff)
    doc.eq(5, [r"d_k = d/h = 64"], sp.Rational(d, h), 64)
    doc.eq(5, [r"one $d \times d$ matrix"], h * (d * (d // h)), d * d)
    doc.eq(7, [r"4d^2 + 4d = 4 \cdot 262144 + 2048"], 4 * d**2 + 4 * d, 4 * 262144 + 2048)
    doc.eq(7, [r"= 1050624"], 4 * d**2 + 4 * d, 1050624)
    doc.eq(9, [r"2\, d\, d_{ff} + d_{ff} + d = 2097152 + 2048 + 512"], 2 * d * dff + dff + d, 2097152 + 2048 + 512)
    doc.eq(9, [r"= 2099712"], 2 * d * dff + dff + d, 2099712)
    doc.eq(11, [r"2 \cdot 2d = 2048"], 2 * 2 * d, 2048)
    doc.eq(13, [r"1050624 + 2099712 + 2048 = 3152384"], 1050624 + 2099712 + 2048, 3152384)
    doc.eq(13, [r"12 d^2 = 3145728"], 12 * d**2, 3145728)
    doc.eq(13, ["plus lower-order terms"], 3152384 - 12 * d**2, 4 * d + dff + d + 4 * d)
    doc.eq(15, [r"6 \cdot 3152384 = 18914304"], 6 * 3152384, 18914304)
    doc.approx(15, [r"\approx 1.89 \times 10^{7}"], sp.Rational(18914304, 10**7), "1.89")
    return doc.finish()

def slip_false(doc):
    lhs = d * dff + dff + d
    return false_at(doc, 9, [r"$d\, d_{ff} + d_{ff} + d = 2097152 + 2048 + 512"], lhs == 2097152 + 2048 + 512, f"d*d_ff + d_ff + d = {lhs} != 2099712")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
