"""Runs every verify/NNN_*.py on its key (all must pass), then slips_check.py (all must pass)."""
import json, os, subprocess, sys
from pathlib import Path
HERE = Path(__file__).resolve().parent; ROOT = HERE.parent
PY = sys.executable
bad = 0
scripts = sorted(p for p in HERE.glob("[0-9][0-9][0-9]_*.py"))
print(f"== {len(scripts)} key verification scripts")
for s in scripts:
    r = subprocess.run([PY, s.name], cwd=HERE, capture_output=True, text=True)
    last = (r.stdout.strip().splitlines() or ["(no output)"])[-1]
    print(("PASS " if r.returncode == 0 else "FAIL ") + last)
    if r.returncode != 0:
        bad += 1; print(r.stdout[-2000:], r.stderr[-2000:])
print("== slips_check.py")
r = subprocess.run([PY, "slips_check.py"], cwd=HERE, capture_output=True, text=True)
print(r.stdout.strip().splitlines()[-1] if r.stdout else r.stderr[-2000:])
if r.returncode != 0:
    bad += 1; print(r.stdout, r.stderr[-2000:])
print("== RESULT:", "ALL PASS" if bad == 0 else f"{bad} problem(s)")
sys.exit(1 if bad else 0)
