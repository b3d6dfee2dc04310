"""Run every per-key verification script and the slip checker; exit non-zero if anything fails."""
import os, sys, glob, subprocess, json
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
py = sys.executable
keys = sorted(glob.glob(os.path.join(ROOT, "keys", "*")))
bad = 0
for k in keys:
    stem = os.path.splitext(os.path.basename(k))[0]
    script = os.path.join(HERE, stem + ".py")
    if not os.path.exists(script):
        print("FAIL no verify script for", k); bad += 1; continue
    r = subprocess.run([py, script], cwd=HERE, capture_output=True, text=True, timeout=900)
    sys.stdout.write(r.stdout + r.stderr[-2000:])
    bad += r.returncode != 0
    n = len(open(k).read().rstrip("\n").split("\n"))
    if not 6 <= n <= 25:
        print("FAIL line count", k, n); bad += 1
r = subprocess.run([py, os.path.join(HERE, "slips_check.py")], cwd=HERE, capture_output=True, text=True)
sys.stdout.write(r.stdout + r.stderr[-2000:])
bad += r.returncode != 0
man = [json.loads(l) for l in open(os.path.join(ROOT, "manifest.jsonl"))]
files = {m["file"] for m in man}
ondisk = {os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "keys", "*")) + glob.glob(os.path.join(ROOT, "slips", "*"))}
if files != ondisk:
    print("FAIL manifest/disk mismatch", files ^ ondisk); bad += 1
from collections import Counter
print("keys by kind:", dict(Counter(m["kind"] for m in man if m["correct"])))
print("ALL PASS" if bad == 0 else f"{bad} FAILURES")
sys.exit(1 if bad else 0)
