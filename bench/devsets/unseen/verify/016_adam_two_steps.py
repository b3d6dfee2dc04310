from common import *
KEY = "keys/016_adam_two_steps.md"
META = dict(kind="numeric", topic="two Adam optimiser steps with bias correction")
SLIP = dict(line=13, old=r"\theta_2 \approx 0.9 - 0.0346 = 0.8654$", new=r"\theta_2 \approx 1 - 0.0346 = 0.9654$", kind="rebound",
            desc="theta_2 computed from the old value theta_0 = 1 instead of theta_1 = 0.9: true theta_2 = 0.86543..., "
                 "claimed 0.9654.")
R = lambda s: sp.Rational(s)

def run():
    b1, b2, eta = R('0.9'), R('0.999'), R('0.1')
    th, m, v = [R(1)], [R(0)], [R(0)]
    for t, g in enumerate([R('0.5'), R('-0.2')], start=1):
        m.append(b1 * m[-1] + (1 - b1) * g); v.append(b2 * v[-1] + (1 - b2) * g**2)
        mh = m[-1] / (1 - b1**t); vh = v[-1] / (1 - b2**t)
        th.append(th[-1] - eta * mh / sp.sqrt(vh))
    return th, m, v

def check(doc):
    th, m, v = run()
    doc.note(3, r"\theta_0 = 1", r"g_2 = -0.2")
    doc.eq(5, [r"m_1 = 0.9 \cdot 0 + 0.1 \cdot 0.5 = 0.05"], m[1], R('0.9') * 0 + R('0.1') * R('0.5'))
    doc.eq(5, [r"= 0.05$"], m[1], R('0.05'))
    doc.eq(5, [r"v_1 = 0.999 \cdot 0 + 0.001 \cdot 0.25 = 0.00025"], v[1], R('0.00025'))
    doc.eq(7, [r"\hat m_1 = 0.05/0.1 = 0.5"], m[1] / R('0.1'), R('0.5'))
    doc.eq(7, [r"\hat v_1 = 0.00025/0.001 = 0.25"], v[1] / R('0.001'), R('0.25'))
    doc.eq(7, [r"\theta_1 = 1 - 0.1 \cdot 0.5/\sqrt{0.25} = 0.9"], th[1], 1 - R('0.1') * R('0.5') / sp.sqrt(R('0.25')))
    doc.eq(7, [r"= 0.9$"], th[1], R('0.9'))
    doc.eq(9, [r"m_2 = 0.9 \cdot 0.05 + 0.1 \cdot (-0.2) = 0.025"], m[2], R('0.9') * R('0.05') + R('0.1') * R('-0.2'))
    doc.eq(9, [r"= 0.025$"], m[2], R('0.025'))
    doc.eq(9, [r"v_2 = 0.999 \cdot 0.00025 + 0.001 \cdot 0.04 = 0.00028975"], v[2], R('0.00028975'))
    doc.eq(11, [r"1 - \beta_1^2 = 0.19"], 1 - R('0.9')**2, R('0.19'))
    doc.eq(11, [r"1 - \beta_2^2 = 0.001999"], 1 - R('0.999')**2, R('0.001999'))
    mh = m[2] / R('0.19'); vh = v[2] / R('0.001999')
    doc.approx(11, [r"\hat m_2 = 0.025/0.19 \approx"], mh, "0.1316")
    doc.approx(11, [r"\hat v_2 = 0.00028975/0.001999 \approx"], vh, "0.1449")
    upd = R('0.1') * mh / sp.sqrt(vh)
    doc.approx(13, [r"\approx 0.1 \cdot 0.1316/"], sp.sqrt(vh), "0.3807")
    doc.approx(13, [r"/0.3807 \approx"], upd, "0.0346")
    doc.approx(13, [r"0.1 \cdot 0.1316/0.3807 \approx 0.0346"], R('0.1') * R('0.1316') / R('0.3807'), "0.0346")
    doc.approx(13, [r"\theta_2 \approx"], th[2], "0.8654")
    doc.eq(13, [r"0.9 - 0.0346 = 0.8654"], R('0.9') - R('0.0346'), R('0.8654'))
    doc.eq(13, [r"giving $\theta_2"], th[1] - upd, th[2])
    doc.eq(15, [r"moved $\theta$ by exactly $\eta$"], th[0] - th[1], R('0.1'))
    return doc.finish()

def slip_false(doc):
    th, m, v = run()
    return false_at(doc, 13, [r"\theta_2 \approx 1 - 0.0346 = 0.9654$"], rhu(th[2], 4) == "0.9654", f"true theta_2 = {sp.N(th[2], 10)} (rounds to {rhu(th[2], 4)}), claimed 0.9654")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
