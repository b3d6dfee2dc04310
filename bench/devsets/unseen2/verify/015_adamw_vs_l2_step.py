from common import *
c = Checker("keys/015_adamw_vs_l2_step.md")
R = sp.Rational
w0 = 2; g = R(1, 2); eta = R(1, 10); lam = R(1, 100); b1 = R(9, 10); b2 = R(999, 1000); eps = R(1, 10**8)
ln = c.find("The regulariser is folded into the gradient")
gp = g + lam * w0
c.eq(ln, None, lam * w0, R(2, 100), "lam w0"); c.eq(ln, None, gp, R(52, 100), "g'")
ln = c.find("Then $m_1 = 0.1")
m1 = (1 - b1) * gp; v1 = (1 - b2) * gp**2
c.eq(ln, None, m1, R(52, 1000), "m1"); c.eq(ln, None, v1, R(2704, 10**7), "v1")
mh = m1 / (1 - b1); vh = v1 / (1 - b2)
c.eq(ln, None, mh, R(52, 100), "mhat"); c.eq(ln, None, vh, R(2704, 10**4), "vhat")
ln = c.find("Since $\\sqrt{0.2704} = 0.52$")
c.eq(ln, None, sp.sqrt(R(2704, 10**4)), R(52, 100), "sqrt")
step = eta * mh / (sp.sqrt(vh) + eps)
c.approx(ln, "\\approx 0.1$", step, "0.1"); c.eq(ln, None, 2 - R(1, 10), R(19, 10), "2-0.1")
c.approx(ln, "1.900000002", w0 - step, "1.900000002")
ln = c.find("The L2 term has been normalised away")
lm = sp.symbols("lambda", positive=True)
gl = g + lm * w0
c.eq(ln, None, eta * ((1 - b1) * gl / (1 - b1)) / sp.sqrt((1 - b2) * gl**2 / (1 - b2)), eta, "eps=0: step = eta for any lambda>0 with g>0")
ln = c.find("The moments see only $g$")
mhw = (1 - b1) * g / (1 - b1); vhw = (1 - b2) * g**2 / (1 - b2)
c.eq(ln, None, mhw, R(1, 2), "mhat"); c.eq(ln, None, vhw, R(1, 4), "vhat")
stepw = eta * mhw / (sp.sqrt(vhw) + eps)
c.approx(ln, "\\approx 0.1$", stepw, "0.1")
ln = c.find("- \\eta\\lambda w_0 \\approx 2 - 0.1 - 0.002 = 1.898")
w1 = w0 - stepw - eta * lam * w0
c.eq(ln, None, eta * lam * w0, R(2, 1000), "decay term"); c.eq(ln, None, 2 - R(1, 10) - R(2, 1000), R(1898, 1000), "arith")
c.approx(ln, None, w1, "1.898")
ln = c.find("**Plain SGD, for comparison.**")
c.eq(ln, None, w0 - eta * (g + lam * w0), 2 - R(1, 10) * R(52, 100), "sgd l2 expr"); c.eq(ln, None, 2 - R(1, 10) * R(52, 100), R(1948, 1000), "1.948")
c.eq(ln, None, w0 - eta * g - eta * lam * w0, 2 - R(5, 100) - R(2, 1000), "decoupled expr"); c.eq(ln, None, 2 - R(5, 100) - R(2, 1000), R(1948, 1000), "1.948")
wl2 = w0 - step
c.true(ln, "differ by $0.002$", rounds_to(abs(wl2 - w1), "0.002"), "Adam vs AdamW difference ~ 0.002")
c.report()
