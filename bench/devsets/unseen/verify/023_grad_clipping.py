from common import *
KEY = "keys/023_grad_clipping.md"
META = dict(kind="numeric", topic="clip-by-norm of gradient vectors, per tensor and global")
SLIP = dict(line=11, old=r"so the first case applies and $\tilde h = h = (0.6, 0.8, 0)$",
            new=r"so the second case applies and $\tilde h = c\, h/\|h\|_2 = (3, 4, 0)$", kind="case",
            desc="the case with ||h|| = 1 <= c is the identity case; claiming the rescaling case gives clip(h) = (3,4,0), "
                 "but the clipping map defined on line 3 returns h = (0.6,0.8,0).")
R = sp.Rational
c = 5

def clip(v):
    n = sp.sqrt(sum(t**2 for t in v))
    return list(v) if n <= c else [c * t / n for t in v]

def check(doc):
    doc.note(3, r"g \mapsto g$ if $\|g\|_2 \le c", r"g \mapsto c\, g/\|g\|_2")
    g = [3, 4, 12]
    doc.eq(5, [r"\|g\|_2 = \sqrt{9 + 16 + 144} = \sqrt{169} = 13"], sp.sqrt(sum(t**2 for t in g)), 13)
    doc.eq(5, [r"\sqrt{9 + 16 + 144} = \sqrt{169}"], 9 + 16 + 144, 169)
    doc.true(7, [r"Since $13 > 5$ we are in the second case"], 13 > c)
    doc.approx(7, [r"c/\|g\|_2 = 5/13 \approx"], R(5, 13), "0.3846")
    gt = clip(g)
    doc.eq(9, [r"\tilde g = \frac{5}{13}(3, 4, 12)"], sp.Matrix(gt), R(5, 13) * sp.Matrix(g))
    for i, t in enumerate(["1.1538", "1.5385", "4.6154"]):
        doc.approx(9, [r"\approx (1.1538, 1.5385, 4.6154)"], gt[i], t)
    doc.eq(9, [r"\|\tilde g\|_2 = 5"], sp.sqrt(sum(t**2 for t in gt)), 5)
    h = [R(6, 10), R(8, 10), 0]
    doc.eq(11, [r"\|h\|_2 = 1 \le 5"], sp.sqrt(sum(t**2 for t in h)), 1)
    doc.eq(11, [r"the first case applies and $\tilde h = h = (0.6, 0.8, 0)$"], sp.Matrix(clip(h)), sp.Matrix(h))
    for v in (g, h):
        vt = clip(v)
        doc.eq(13, [r"\tilde g^\top g/(\|\tilde g\|_2\|g\|_2) = 1"], sum(a * b for a, b in zip(vt, v)) / (sp.sqrt(sum(t**2 for t in vt)) * sp.sqrt(sum(t**2 for t in v))), 1)
    doc.eq(15, [r"\sqrt{169 + 1} = \sqrt{170}"], sp.sqrt(sum(t**2 for t in g + h)), sp.sqrt(170))
    doc.approx(15, [r"\sqrt{170} \approx"], sp.sqrt(170), "13.0384")
    doc.approx(15, [r"5/\sqrt{170} \approx"], 5 / sp.sqrt(170), "0.3835")
    return doc.finish()

def slip_false(doc):
    h = [R(6, 10), R(8, 10), 0]
    return false_at(doc, 11, [r"so the second case applies", r"= (3, 4, 0)$"], clip(h) == [3, 4, 0], f"||h|| = 1 <= 5 so clip(h) = {clip(h)}, not (3, 4, 0)")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
