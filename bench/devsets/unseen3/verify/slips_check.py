"""For every slip: file differs from its base in exactly the recorded line, the change is the recorded one,
and the planted relation is false at the recorded witness (exact sympy)."""
import os, sys, json, collections
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from slip_specs import SPECS
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
man = [json.loads(l) for l in open(os.path.join(ROOT, "manifest.jsonl"))]
by_file = {r["file"]: r for r in man}
fails = 0
kinds = collections.Counter()
for s in SPECS:
    stem, ext = os.path.splitext(os.path.basename(s["base"]))
    slip_path = f"slips/{stem}__s1{ext}"
    row = by_file.get(slip_path)
    problems = []
    if row is None:
        problems.append("missing manifest row")
    else:
        a = open(os.path.join(ROOT, s["base"])).read().split("\n")
        b = open(os.path.join(ROOT, slip_path)).read().split("\n")
        diff = [i + 1 for i in range(max(len(a), len(b))) if i >= len(a) or i >= len(b) or a[i] != b[i]]
        if len(a) != len(b) or diff != [row["slip_line"]]:
            problems.append(f"diff lines {diff} vs recorded {row['slip_line']}")
        else:
            i = row["slip_line"] - 1
            if a[i].replace(s["old"], s["new"]) != b[i] or s["old"] not in a[i]:
                problems.append("changed text is not the recorded substitution")
        if row["base"] != s["base"] or row["correct"] is not False or row["slip_kind"] != s["slip_kind"]:
            problems.append("manifest fields mismatch")
    try:
        if not s["w"]():
            problems.append("witness does NOT show the slipped claim false")
    except Exception as e:
        problems.append(f"witness error {e!r}")
    kinds[s["slip_kind"]] += 1
    print(("OK  " if not problems else "FAIL") + f" {slip_path} line {row and row['slip_line']} [{s['slip_kind']}]" + ("" if not problems else ": " + "; ".join(problems)))
    fails += bool(problems)
over = {k: v for k, v in kinds.items() if v > 3}
if over:
    print("FAIL too many of a kind:", over); fails += 1
if len(man) != 60 or sum(r["correct"] for r in man) != 30:
    print("FAIL manifest size"); fails += 1
print("slip kinds:", dict(sorted(kinds.items())))
sys.exit(1 if fails else 0)
