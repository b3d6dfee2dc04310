from common import *
KEY = "keys/022_lr_schedule.md"
META = dict(kind="numeric", topic="warm-up plus cosine learning-rate schedule values")
SLIP = dict(line=11, old=r"\approx 2.6491 \times 10^{-4}$", new=r"\approx 2.6490 \times 10^{-4}$", kind="rounding",
            desc="last digit off by one: 1.5(1 + cos(2 pi/9)) = 2.649066... rounds to 2.6491 (2.6490 comes from multiplying the rounded cosine 0.7660).")
R = sp.Rational
emax, Tw, T = R(3, 10**4), 1000, 10000

def eta(t):
    if t <= Tw:
        return emax * R(t, Tw)
    r = R(t - Tw, T - Tw)
    return emax / 2 * (1 + sp.cos(sp.pi * r))

def check(doc):
    doc.note(3, r"\eta_{\max} = 3 \times 10^{-4}", r"\eta_{\min} = 0")
    doc.eq(5, [r"\eta_{250} = 7.5 \times 10^{-5}"], eta(250), R('7.5e-5'))
    doc.eq(5, [r"\eta_{1000} = 3 \times 10^{-4}"], eta(1000), emax)
    r = sp.Symbol('r')
    doc.eq(7, [r"it gives $r = 0$ and $\eta_t = \eta_{\max}$"], (emax / 2 * (1 + sp.cos(sp.pi * r))).subs(r, R(Tw - Tw, T - Tw)), emax)
    doc.note(7, r"r = (t - T_w)/(T - T_w)")
    doc.eq(9, [r"r = 4500/9000 = 0.5"], R(5500 - Tw, T - Tw), R(1, 2))
    doc.eq(9, [r"\cos(\pi/2) = 0"], sp.cos(sp.pi / 2), 0)
    doc.eq(9, [r"\eta_{5500} = 1.5 \times 10^{-4}"], eta(5500), R('1.5e-4'))
    doc.eq(9, ["half the peak"], eta(5500), emax / 2)
    doc.eq(11, [r"r = 2000/9000 = 2/9"], R(3000 - Tw, T - Tw), R(2, 9))
    doc.approx(11, [r"2/9 \approx"], R(2, 9), "0.2222")
    doc.approx(11, [r"\cos(2\pi/9) \approx"], sp.cos(2 * sp.pi / 9), "0.7660")
    doc.eq(11, [r"\eta_{3000} = 1.5 \times 10^{-4}\,(1 + \cos(2\pi/9))"], eta(3000), R('1.5e-4') * (1 + sp.cos(2 * sp.pi / 9)))
    doc.approx(11, [r"\times 10^{-4}$"], eta(3000) * 10**4, "2.6491")
    doc.eq(13, [r"r = 8/9"], R(9000 - Tw, T - Tw), R(8, 9))
    doc.approx(13, [r"\cos(8\pi/9) \approx"], sp.cos(8 * sp.pi / 9), "-0.9397")
    doc.eq(13, [r"\eta_{9000} = 1.5 \times 10^{-4}\,(1 + \cos(8\pi/9))"], eta(9000), R('1.5e-4') * (1 + sp.cos(8 * sp.pi / 9)))
    doc.approx(13, [r"\approx 9.05 \times 10^{-6}"], eta(9000) * 10**6, "9.05")
    doc.eq(15, [r"\eta_{3000} + \eta_{8000} = \eta_{\max}"], eta(3000) + eta(8000), emax)
    doc.eq(15, [r"r = 7/9 = 1 - 2/9"], R(8000 - Tw, T - Tw), 1 - R(2, 9))
    doc.eq(15, [r"\cos(\pi r) + \cos(\pi(1 - r)) = 0"], sp.cos(sp.pi * r) + sp.cos(sp.pi * (1 - r)), 0, [r])
    return doc.finish()

def slip_false(doc):
    v = eta(3000) * 10**4
    return false_at(doc, 11, [r"\approx 2.6490 \times 10^{-4}$"], rhu(v, 4) == "2.6490", f"eta_3000 * 1e4 = {sp.N(v, 10)} rounds to {rhu(v, 4)}")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
