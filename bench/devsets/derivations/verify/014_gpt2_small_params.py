V, n, d, L = 50257, 1024, 768, 12
assert V * d == 38597376 and n * d == 786432
assert 12 * d * d == 7077888 and 13 * d == 9984 and 12 * d * d + 13 * d == 7087872
# re-derive 12d^2+13d from components
attn = 4 * (d * d + d); ffn = 2 * d * 4 * d + 4 * d + d; ln = 4 * d
assert attn + ffn + ln == 12 * d * d + 13 * d
assert L * 7087872 == 85054464
assert 2 * d == 1536
P = 38597376 + 786432 + 85054464 + 1536
assert P == 124439808
assert round(100 * 38597376 / P, 1) == 31.0
print("014 ok")
