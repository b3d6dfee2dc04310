from common import *
C = Checker("keys/017_attention_head_numeric.md")
Rn = sp.Rational
d, h = 512, 8; dk = Rn(d, h)
C.c("Let $d = 512$", "dk and scale", dk == 64 and 1 / sp.sqrt(dk) == Rn(1, 8) == Rn(125, 1000))
s = [Rn(16, 8), Rn(8, 8), Rn(-8, 8)]
C.c("Scaled scores", "scores", s == [2, 1, -1])
S = sum(sp.exp(v) for v in s)
C.c("Exponentials", "exps", rounds_to(sp.exp(2), "7.3891") and rounds_to(sp.E, "2.7183") and rounds_to(sp.exp(-1), "0.3679") and rounds_to(S, "10.4752"))
a = [sp.exp(v) / S for v in s]
C.c("Weights:", "softmax", all(rounds_to(a[i], v) for i, v in enumerate(["0.7054", "0.2595", "0.0351"])))
v = [1, 2, 4]
out = sum(ai * vi for ai, vi in zip(a, v))
C.c("With scalar values", "output", rounds_to(a[0], "0.7054") and rounds_to(2 * a[1], "0.5190") and rounds_to(4 * a[2], "0.1405") and rounds_to(out, "1.3649"))
a0 = sp.exp(16) / (sp.exp(16) + sp.exp(8) + sp.exp(-8))
C.c("Without the", "unscaled", zero(a0 - 1 / (1 + sp.exp(-8) + sp.exp(-24))) and rounds_to(a0, "0.9997"))
C.ck(4, "setup (raw dot products given)", True, "q^\\top k_1 = 16")
C.done()
