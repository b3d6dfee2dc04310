from common import *
KEY = "keys/026_init_std_trials.md"
META = dict(kind="numeric", topic="He/Xavier initialisation scales, fan-in found by trials")
SLIP = dict(line=9, old=r"= 1/16 = 0.0625$, so $n_{\mathrm{in}} = 512$ works", new=r"\ne 0.0625$, so $n_{\mathrm{in}} = 512$ fails too",
            kind="trial", desc="the trial n_in = 512 actually works: sqrt(1/256) = 1/16 = 0.0625 exactly, yet it is rejected.")
R = sp.Rational

def check(doc):
    doc.note(3, r"\mathrm{std} = \sqrt{2/n_{\mathrm{in}}}")
    doc.eq(3, [r"0.0625 = 1/16"], R('0.0625'), R(1, 16))
    doc.eq(5, [r"\sqrt{2/256} = \sqrt{1/128}"], R(2, 256), R(1, 128))
    doc.approx(5, [r"\sqrt{1/128} \approx"], sp.sqrt(R(1, 128)), "0.0884")
    doc.true(5, [r"\ne 0.0625$, so $256$ fails"], sp.sqrt(R(1, 128)) != R(1, 16))
    doc.eq(7, [r"\sqrt{2/1024} = \sqrt{1/512}"], R(2, 1024), R(1, 512))
    doc.approx(7, [r"\sqrt{1/512} \approx"], sp.sqrt(R(1, 512)), "0.0442")
    doc.true(7, [r"\ne 0.0625$, so $1024$ fails"], sp.sqrt(R(1, 512)) != R(1, 16))
    doc.eq(9, [r"\sqrt{2/512} = \sqrt{1/256} = 1/16 = 0.0625"], sp.sqrt(R(2, 512)), R('0.0625'))
    n = sp.Symbol('n', positive=True)
    doc.eq(9, [r"solving $2/n_{\mathrm{in}} = 1/256$ directly confirms it is the only solution"], sp.Matrix(sp.solve(sp.Eq(2 / n, R(1, 256)), n)), sp.Matrix([512]))
    a = sp.Symbol('a', positive=True); u = sp.Symbol('u', real=True)
    doc.eq(11, [r"the variance is $a^2/3$"], sp.integrate(u**2 / (2 * a), (u, -a, a)), a**2 / 3)
    doc.eq(11, [r"\operatorname{Var} = 2/512 = 1/256"], R(2, 512), R(1, 256))
    doc.eq(11, [r"a = \sqrt{3/256}"], sp.solve(sp.Eq(a**2 / 3, R(1, 256)), a)[0], sp.sqrt(R(3, 256)))
    doc.approx(11, [r"\sqrt{3/256} \approx"], sp.sqrt(R(3, 256)), "0.1083")
    doc.eq(13, [r"\sqrt{6/(n_{\mathrm{in}} + n_{\mathrm{out}})} = \sqrt{6/2560}"], R(6, 512 + 2048), R(6, 2560))
    doc.approx(13, [r"\sqrt{6/2560} \approx"], sp.sqrt(R(6, 2560)), "0.0484")
    return doc.finish()

def slip_false(doc):
    v = sp.sqrt(R(1, 256))
    return false_at(doc, 9, [r"\sqrt{1/256} \ne 0.0625$, so $n_{\mathrm{in}} = 512$ fails too"], v != R('0.0625'), f"sqrt(1/256) = {v} = 0.0625 exactly, so the trial works")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
