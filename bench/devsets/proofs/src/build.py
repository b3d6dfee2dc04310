"""Generate items/, verify/, verify/slips_check.py and manifest.jsonl from defs_*.py."""
import json, os, sys, textwrap
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import defs_a, defs_b, defs_c

PREAMBLE = '''from sympy import *
import numpy as np, math, mpmath
rng = np.random.default_rng(12345)


def opn(A):
    """spectral (operator 2-) norm"""
    return np.linalg.norm(A, 2)


def check(cond, msg="check failed"):
    if not bool(cond):
        raise AssertionError(msg)
'''

items = defs_a.ITEMS + defs_b.ITEMS + defs_c.ITEMS
names = [it["name"] for it in items]
assert len(set(names)) == len(names)
os.makedirs(f"{ROOT}/items", exist_ok=True); os.makedirs(f"{ROOT}/verify", exist_ok=True)
manifest = []
slip_funcs = []
for i, it in enumerate(items, 1):
    stem = f"{i:03d}_{it['name']}"
    body = f"# {it['title']}\n\n" + it["text"].strip("\n") + "\n"
    open(f"{ROOT}/items/{stem}.md", "w").write(body)
    lem = ", ".join(it["lemmas"]) or "none (exact arithmetic only)"
    vcode = (f'"""Verify items/{stem}.md (style: {it["style"]}).\nLemmas used in the text: {lem}.\n'
             f'Lemma steps are checked at random points / random small matrices; arithmetic exactly."""\n'
             + PREAMBLE + "\n\ndef main():\n" + textwrap.indent(textwrap.dedent(it["verify"]).strip("\n"), "    ")
             + f'\n    print("OK {stem}")\n\n\nif __name__ == "__main__":\n    main()\n')
    open(f"{ROOT}/verify/{stem}.py", "w").write(vcode)
    manifest.append(dict(file=f"items/{stem}.md", style=it["style"], correct=True, base=None,
                         slip_line=None, slip=None, lemmas=it["lemmas"]))
    sl = it["slip"]
    lines = body.split("\n")
    hits = [j for j, ln in enumerate(lines) if sl["old"] in ln]
    assert len(hits) == 1 and lines[hits[0]].count(sl["old"]) == 1, (stem, hits)
    j = hits[0]
    new_lines = list(lines); new_lines[j] = lines[j].replace(sl["old"], sl["new"])
    assert new_lines[j] != lines[j]
    sbody = "\n".join(new_lines)
    open(f"{ROOT}/items/{stem}__slip.md", "w").write(sbody)
    manifest.append(dict(file=f"items/{stem}__slip.md", style=it["style"], correct=False,
                         base=f"items/{stem}.md", slip_line=j + 1, slip=sl["desc"], lemmas=it["lemmas"]))
    slip_funcs.append((stem, j + 1, lines[j], new_lines[j], sl["check"]))

# slips_check.py
out = ['"""For every planted slip: the slipped file differs from its base in exactly the stated line,\n'
       'and the claim made on that line is false (asserted below)."""', PREAMBLE,
       "import json, os", "ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))", ""]
for stem, ln, old, new, code in slip_funcs:
    out.append(f"def slip_{stem}():")
    out.append(f"    # line {ln}: {new!r}")
    out.append(textwrap.indent(textwrap.dedent(code).strip("\n"), "    "))
    out.append("")
out.append('''
def structural():
    """each slip file differs from its base in exactly one line, the manifest's slip_line"""
    rows = [json.loads(l) for l in open(os.path.join(ROOT, "manifest.jsonl"))]
    n = 0
    for r in rows:
        if r["correct"]:
            continue
        a = open(os.path.join(ROOT, r["base"])).read().split("\\n")
        b = open(os.path.join(ROOT, r["file"])).read().split("\\n")
        diff = [i + 1 for i, (x, y) in enumerate(zip(a, b)) if x != y]
        check(len(a) == len(b) and diff == [r["slip_line"]], r["file"])
        n += 1
    return n


def main():
    fails = 0
    fns = [(k, v) for k, v in globals().items() if k.startswith("slip_") and callable(v)]
    for k, f in fns:
        try:
            f(); print("OK", k)
        except Exception as e:
            fails += 1; print("FAIL", k, type(e).__name__, e)
    n = structural()
    print(f"{len(fns)} slip checks, {fails} failures; {n} slip files structurally checked")
    raise SystemExit(1 if fails else 0)


if __name__ == "__main__":
    main()
''')
open(f"{ROOT}/verify/slips_check.py", "w").write("\n".join(out))
with open(f"{ROOT}/manifest.jsonl", "w") as f:
    for r in manifest:
        f.write(json.dumps(r) + "\n")
from collections import Counter
print(len(items), "base items;", len(manifest), "files;", Counter(it["style"] for it in items))
