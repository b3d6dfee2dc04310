d, h, dff = 768, 12, 3072
assert dff == 4 * d and d // h == 64 and d % h == 0
assert d * d == 589824 and d * d + d == 590592
attn = 4 * (d * d + d)
assert attn == 4 * 590592 == 2362368
assert d * dff == 2359296
ffn = 2 * d * dff + dff + d
assert ffn == 2 * 2359296 + 3072 + 768 == 4722432
ln = 2 * 2 * d
assert ln == 3072
tot = attn + ffn + ln
assert tot == 7087872
assert 12 * tot == 85054464
assert round(12 * tot / 1e6, 1) == 85.1
# "roughly 12 d^2": 12 d^2 = 7,077,888, within 0.2%
assert abs(tot - 12 * d * d) / tot < 0.002
print("005 ok")
