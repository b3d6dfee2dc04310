"""Write slips/ and manifest.jsonl from slip_specs.SPECS (idempotent)."""
import os, json, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from slip_specs import SPECS
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
rows_k, rows_s = [], []
for s in SPECS:
    lines = open(os.path.join(ROOT, s["base"])).read().split("\n")
    hits = [i for i, l in enumerate(lines) if s["old"] in l]
    assert len(hits) == 1, (s["n"], hits)
    i = hits[0]
    assert lines[i].count(s["old"]) == 1, s["n"]
    new_lines = list(lines)
    new_lines[i] = lines[i].replace(s["old"], s["new"])
    base_name = os.path.basename(s["base"])
    stem, ext = os.path.splitext(base_name)
    slip_path = f"slips/{stem}__s1{ext}"
    with open(os.path.join(ROOT, slip_path), "w") as f:
        f.write("\n".join(new_lines))
    rows_k.append(dict(file=s["base"], kind=s["kind"], correct=True, base=None, slip_line=None, slip=None, topic=s["topic"]))
    rows_s.append(dict(file=slip_path, kind=s["kind"], correct=False, base=s["base"], slip_line=i + 1, slip=s["desc"], slip_kind=s["slip_kind"], topic=s["topic"]))
with open(os.path.join(ROOT, "manifest.jsonl"), "w") as f:
    for r in rows_k + rows_s:
        f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(len(rows_k), "keys,", len(rows_s), "slips written")
