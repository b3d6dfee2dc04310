"""The hostile keys of issue 15, each timed on the command line: wall and CPU seconds, exit code, whether
standard output is valid JSON, and whether a TeX process is left behind.

    python bench/hostile.py [--cap SECONDS] [--only NAME ...]

Each key is written to a temporary folder; each run is killed (its whole process group) after --cap
seconds. CPU seconds include the worker process; on a shared machine they vary less than wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

KEYS = {
    "recursion": "$x" + "^2" * 989 + "=1$\n",
    "paren": "\\(" * 20_000,
    "env": "\\begin{equation}" * 6_000,
    "backtick": "`a` " * 200_000,
    "decl": "<!-- lnsym:" * 20_000,
    "decl2": "<!-- lnsym:" * 40_000,
    "eps": "<!-- lnsym: eps = 1e-30000000 -->\n$1=1$\n",
    "budget": "$1.01^{99999}=1$\n" * 10,
    "para": " , ".join(["$a+b=k$"] * 1000) + "\n",
    "para-distinct": " ".join(f"$a+{i}b=k$" for i in range(1000)) + "\n",
    "spoof": "$^^5cgdef^^5cstepbad^^231^^232{^^5cstepok{1}}$\n\n$3+3=7$\n",
    "loop": "$^^5cdef^^5cx{^^5cx}^^5cx$\n",
    "html": "$<svg/onload=alert(1)>$ and $<!--$\n",
}
REPORTS = {"spoof": ".pdf", "loop": ".pdf", "html": ".md"}


def tex_processes(marker: str) -> list[str]:
    found = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and marker.encode() in (proc / "environ").read_bytes():
                found.append(proc.name)
        except OSError:
            continue
    return found


def run(args: list[str], cap: float, marker: str) -> tuple[float, float, object, bool, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    env = dict(os.environ, **{marker: "1"})
    proc = subprocess.Popen([sys.executable, "-m", "lnsym", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, env=env)
    try:
        out, err = proc.communicate(timeout=cap)
        code: object = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        code = "killed"
    wall = time.monotonic() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    try:
        json.loads(out)
        valid = True
    except ValueError:
        valid = False
    last = err.decode(errors="replace").strip().splitlines()
    return wall, cpu, code, valid, (last[-1][:100] if last else "")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cap", type=float, default=120.0)
    parser.add_argument("--only", nargs="+", default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="lnsym-hostile-"))
    marker = f"LNSYM_HOSTILE_{os.getpid()}"
    cases = [("devzero", ["check", "--json", "/dev/zero"])]
    for name, text in KEYS.items():
        key = folder / f"{name}.md"
        key.write_text(text, encoding="utf-8")
        extra = ["--report", str(folder / f"{name}-report{REPORTS[name]}")] if name in REPORTS else []
        cases.append((name, ["check", "--json", str(key), *extra]))
    print(f"{'key':14s} {'wall s':>7s} {'cpu s':>6s}  exit  json")
    for name, argv in cases:
        if args.only and name not in args.only:
            continue
        wall, cpu, code, valid, last = run(argv, args.cap, marker)
        print(f"{name:14s} {wall:7.2f} {cpu:6.2f}  {code!s:>4s}  {'valid' if valid else '-':5s} {last}", flush=True)
    left = tex_processes(marker)
    print("TeX processes left:", ", ".join(left) if left else "none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
