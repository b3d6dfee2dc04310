from common import *
C = Checker("keys/029_adam_correction_trial.md")
Rn = sp.Rational
b = Rn(9, 10)
ts = [t for t in range(1, 200) if 1 - b**t >= Rn(99, 100)]
C.c("**Claim.** The smallest integer", "claim", ts[0] == 44)
C.c("Since $0 < 0.9 < 1$", "monotone", all(b**(t + 1) < b**t for t in range(0, 200)))
C.c("Taking logarithms", "log bound", sp.log(b) < 0 and rounds_to(sp.log(Rn(1, 100)) / sp.log(b), "43.7087"))
C.c("Try $t = 40$", "t=40", rounds_to(b**40, "0.014781") and b**40 > Rn(1, 100))
C.c("Try $t = 43$", "t=43", rounds_to(b**43, "0.010775") and b**43 > Rn(1, 100))
C.c("Try $t = 44$", "t=44", rounds_to(b**44, "0.009698") and b**44 <= Rn(1, 100) and rounds_to(1 - b**44, "0.990302") and 1 - b**44 >= Rn(99, 100))
C.c("By monotonicity every", "conclusion", all((1 - b**t >= Rn(99, 100)) == (t >= 44) for t in range(1, 200)))
v = sp.log(Rn(1, 100)) / sp.log(Rn(999, 1000))
C.c("For $\\beta_2 = 0.999$", "beta2", rounds_to(v, "4602.9") and sp.ceiling(v) == 4603 and 1 - Rn(999, 1000)**4603 >= Rn(99, 100) > 1 - Rn(999, 1000)**4602)
C.done()
