"""Timing the derivation appendix: ``python bench/bench_report.py [--repeat N] [--no-pdf]``.

Measures, on the real catalogue (seed 0):

* ``verify``: checking every claim (SymPy and NumPy; not part of rendering, shown for context);
* ``render tex`` / ``render md``: VerifyRun -> LaTeX / Markdown source (best of N);
* ``build pdf``: latexmk on that source (two pdflatex runs; best of N);
* ``lnsym report``: the whole command, ``python -m lnsym report --format pdf``, in a fresh process.

The README quotes these figures; the issue's budget is a full PDF within 20 s, rendering well
under 1 s.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def best(fn, repeat: int) -> tuple[float, object]:
    times, value = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - started)
    return min(times), value


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="repetitions of render and build (best is shown)")
    parser.add_argument("--no-pdf", action="store_true", help="skip the LaTeX build and the full command")
    args = parser.parse_args(argv)
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1796083200")

    from lnsym.report.appendix import render
    from lnsym.report.pdf import build_pdf, tex_available
    from lnsym.runner import verify

    started = time.perf_counter()
    run = verify(seed=0)
    verify_s = time.perf_counter() - started
    print(f"verify          {verify_s:7.2f} s   ({len(run.results)} claims, "
          f"{sum(len(r.plots) for r in run.results)} plots)")
    tex_s, tex = best(lambda: render(run, "tex"), args.repeat)
    md_s, md = best(lambda: render(run, "md"), args.repeat)
    print(f"render tex      {tex_s:7.3f} s   ({len(tex) / 1024:.0f} KiB)")
    print(f"render md       {md_s:7.3f} s   ({len(md) / 1024:.0f} KiB)")
    if args.no_pdf:
        return 0
    if not tex_available():
        print("build pdf       skipped: latexmk/pdflatex not installed")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "appendix.pdf"
        pdf_s, _ = best(lambda: build_pdf(tex, out), args.repeat)
        pages = "?"
        if shutil.which("pdfinfo"):
            info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
            pages = next((line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")), "?")
        print(f"build pdf       {pdf_s:7.2f} s   ({pages} pages, {out.stat().st_size / 1024:.0f} KiB)")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "lnsym", "report", "--format", "pdf", "-o", str(Path(tmp) / "cli.pdf")],
                       check=True, capture_output=True)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        print(f"lnsym report    {wall:7.2f} s   (python -m lnsym report --format pdf in a fresh process: "
              f"verify + render + build; CPU time {cpu:.1f} s)")
    print(f"load average    {os.getloadavg()[0]:7.2f}     on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
