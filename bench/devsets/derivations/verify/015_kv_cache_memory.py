L, d, n, B, bytes_ = 32, 4096, 2048, 1, 2
assert d // 32 == 128
per_tok = 2 * L * d * bytes_
assert per_tok == 524288 == 512 * 1024
total = per_tok * n * B
assert total == 1073741824 == 2**30
assert 8 * 128 == 1024 and 4096 // 1024 == 4
assert total // 4 == 256 * 2**20
assert 16 * total == 16 * 2**30
print("015 ok")
