from common import *
KEY = "keys/036_tanh_contraction.md"
META = dict(kind="proof", topic="|tanh x| <= |x| via a lemma valid for x >= 0 and oddness")
SLIP = dict(line=5, old=r"Lemma. For every $x \ge 0$, $\tanh x \le x$.", new=r"Lemma. For every real $x$, $\tanh x \le x$.", kind="lemma-condition",
            desc="lemma stated for every real x although it holds only for x >= 0. Witness x = -1: tanh(-1) ~ -0.7616 > -1.")
x = sp.Symbol('x', real=True)

def check(doc):
    doc.note(1, r"$\tanh$")
    doc.forall(3, [r"For every real $x$, $|\tanh x| \le |x|$"], lambda t: abs(mp.tanh(t)) <= abs(t), lambda: (urand(-20, 20),))
    doc.forall(5, [r"For every $x \ge 0$, $\tanh x \le x$"], lambda t: mp.tanh(t) <= t, lambda: (urand(0, 20),))
    h = x - sp.tanh(x)
    doc.eq(7, [r"h(0) = 0"], h.subs(x, 0), 0)
    doc.eq(7, [r"h'(x) = 1 - (1 - \tanh^2 x) = \tanh^2 x \ge 0"], sp.diff(h, x), sp.tanh(x)**2, [x])
    doc.forall(7, [r"h(x) \ge h(0) = 0$ for $x \ge 0"], lambda t: t - mp.tanh(t) >= 0, lambda: (urand(0, 20),))
    doc.approx(9, [r"\tanh(-1) \approx"], sp.tanh(-1), "-0.7616")
    doc.true(9, [r"> -1$", "we take the supposition back"], sp.N(sp.tanh(-1), 50) > -1)
    doc.forall(11, [r"If $x \ge 0$, then $\tanh x \ge 0$", r"|\tanh x| = \tanh x \le x = |x|"], lambda t: mp.tanh(t) >= 0 and abs(mp.tanh(t)) == mp.tanh(t) <= t, lambda: (urand(0, 20),))
    doc.eq(13, [r"$\tanh$ is odd"], sp.tanh(-x), -sp.tanh(x))
    doc.forall(13, [r"|\tanh x| = \tanh(-x) \le -x = |x|"], lambda t: abs(abs(mp.tanh(t)) - mp.tanh(-t)) < mp.mpf('1e-45') and mp.tanh(-t) <= -t, lambda: (urand(-20, -1e-9),))
    doc.forall(15, [r"0 < 1 - \tanh^2 x \le 1"], lambda t: 0 < 1 - mp.tanh(t)**2 <= 1, lambda: (urand(-40, 40),))
    v = sp.tanh(2) - sp.tanh(1)
    doc.approx(15, [r"|\tanh(2) - \tanh(1)| \approx"], v, "0.2024")
    doc.true(15, [r"\le 1$"], sp.N(v, 50) <= 1)
    return doc.finish()

def slip_false(doc):
    return false_at(doc, 5, [r"For every real $x$, $\tanh x \le x$"], sp.N(sp.tanh(-1), 50) <= -1, f"x = -1: tanh(-1) = {sp.N(sp.tanh(-1), 6)} > -1")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
