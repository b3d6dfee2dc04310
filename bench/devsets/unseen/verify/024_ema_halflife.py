from common import *
KEY = "keys/024_ema_halflife.md"
META = dict(kind="numeric", topic="half-life of an exponential moving average by trials")
SLIP = dict(line=9, old=r"$0.9^7 = 0.4782969 < 0.5$, so $n = 7$ works, and it is the smallest such $n$ because $\beta^n$ decreases in $n$",
            new=r"$0.9^7 = 0.4782969 > 0.5$, so $n = 7$ fails too", kind="trial",
            desc="the trial n = 7 actually works (0.9^7 = 0.4782969 < 0.5) but is rejected with a reversed comparison.")
R = sp.Rational
b = R(9, 10)

def check(doc):
    doc.note(3, r"\beta = 0.9", r"\beta^n < 0.5")
    doc.eq(5, [r"0.9^5 = 0.59049"], b**5, R('0.59049')); doc.true(5, [r"> 0.5$, so $n = 5$ fails"], b**5 > R(1, 2))
    doc.eq(7, [r"0.9^6 = 0.531441"], b**6, R('0.531441')); doc.true(7, [r"> 0.5$, so $n = 6$ fails"], b**6 > R(1, 2))
    doc.eq(9, [r"0.9^7 = 0.4782969"], b**7, R('0.4782969')); doc.true(9, [r"< 0.5$, so $n = 7$ works"], b**7 < R(1, 2))
    doc.true(9, ["it is the smallest such $n$"], min(n for n in range(1, 100) if b**n < R(1, 2)) == 7)
    ns = sp.log(2) / (-sp.log(b))
    doc.approx(11, [r"n^\ast = \ln 2/(-\ln 0.9) \approx"], ns, "6.5788")
    doc.eq(11, [r"whose ceiling is $7$"], sp.ceiling(ns), 7)
    b2 = R(999, 1000); ns2 = sp.log(2) / (-sp.log(b2))
    doc.approx(13, [r"\ln 2/(-\ln 0.999) \approx"], ns2, "692.80")
    doc.true(13, ["the half-life is $693$ steps"], b2**693 < R(1, 2) <= b2**692)
    n = sp.Symbol('n', integer=True, positive=True); k = sp.Symbol('k', integer=True)
    for nn in range(1, 12):
        doc.eq(15, [r"(1 - \beta)\sum_{k=0}^{n-1} \beta^k = 1 - \beta^n"], (1 - b) * sum(b**kk for kk in range(nn)), 1 - b**nn)
    doc.true(15, ["first exceeds one half at the same $n$"], min(nn for nn in range(1, 100) if 1 - b**nn > R(1, 2)) == 7)
    return doc.finish()

def slip_false(doc):
    return false_at(doc, 9, [r"$0.9^7 = 0.4782969 > 0.5$, so $n = 7$ fails too"], b**7 > R(1, 2), f"0.9^7 = {b**7} = 0.4782969 < 0.5, so the trial works")

if __name__ == '__main__':
    print(KEY, 'checks:', check(Doc(KEY)))
