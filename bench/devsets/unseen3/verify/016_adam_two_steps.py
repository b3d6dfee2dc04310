from common import *
C = Checker("keys/016_adam_two_steps.md")
Rn = sp.Rational
eta, b1, b2 = Rn(1, 100), Rn(9, 10), Rn(999, 1000)
th0 = 1; g1, g2 = Rn(2, 10), Rn(-1, 10)
m1 = b1 * 0 + (1 - b1) * g1; v1 = b2 * 0 + (1 - b2) * g1**2
C.c("$m_1 = 0.9", "m1 v1", m1 == Rn(2, 100) and v1 == Rn(4, 100000) and g1**2 == Rn(4, 100))
mh1 = m1 / (1 - b1); vh1 = v1 / (1 - b2); th1 = th0 - eta * mh1 / sp.sqrt(vh1)
C.c("$\\hat m_1 = 0.02", "hat and theta1", mh1 == Rn(2, 10) and vh1 == Rn(4, 100) and th1 == Rn(99, 100) and sp.sqrt(vh1) == Rn(2, 10))
m2 = b1 * m1 + (1 - b1) * g2; v2 = b2 * v1 + (1 - b2) * g2**2
C.c("$m_2 = 0.9", "m2 v2", m2 == Rn(8, 1000) and v2 == Rn(4996, 10**8))
c1, c2 = 1 - b1**2, 1 - b2**2
C.c("Bias corrections", "corrections", c1 == Rn(19, 100) and c2 == Rn(1999, 10**6))
mh2 = m2 / c1; vh2 = v2 / c2
C.c("$\\hat m_2 = 0.008", "hats", rounds_to(mh2, "0.042105") and rounds_to(vh2, "0.024992"))
r = mh2 / sp.sqrt(vh2); th2 = th1 - eta * r
C.c("$\\theta_2 = \\theta_1", "theta2", rounds_to(r, "0.26634") and rounds_to(th2, "0.987337"))
C.c("Even though", "theta decreases", g2 < 0 and th2 < th1 and m2 > 0)
C.done()
