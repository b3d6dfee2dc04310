"""Run every key verification script and the slip check; exit non-zero on any failure."""
import glob, os, subprocess, sys
here = os.path.dirname(os.path.abspath(__file__))
scripts = sorted(glob.glob(os.path.join(here, "[0-9][0-9][0-9]_*.py"))) + [os.path.join(here, "slips_check.py")]
failed = []
for s in scripts:
    r = subprocess.run([sys.executable, s], cwd=here, capture_output=True, text=True)
    status = "PASS" if r.returncode == 0 else "FAIL"
    print(f"{status} {os.path.basename(s)}")
    if r.returncode: failed.append(s); print(r.stdout[-2000:], r.stderr[-2000:])
print(f"{len(scripts) - len(failed)}/{len(scripts)} passed")
sys.exit(1 if failed else 0)
