"""Golden outputs of ``check``: every output byte of a refactoring, compared before and after.

    python bench/golden.py write DIR [--quick]     # check every input, write the outputs into DIR
    python bench/golden.py compare DIR_A DIR_B     # exit 1 and name the files that differ

The inputs are the seed key, the dev sets of ``bench/devsets/`` (each key and slip as a file), the fresh sets
of ``bench/fresh/`` and the shared external dev files (``--jsonl``), in the JSON, text, SARIF and Markdown
report formats for the key. ``--quick`` leaves out the external files (the slowest third). A refactoring that
claims "no change in behaviour" runs ``write`` on the code before and after and ``compare``s them; timings are
not written, and the paths of the checkout and of the shared files are written as ``<root>`` and ``<shared>``,
so the outputs of two checkouts are byte-identical when the behaviour is.
"""

from __future__ import annotations

import argparse
import filecmp
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = (ROOT.parent / "shared").resolve()
SEED_KEY = SHARED / "answer-keys" / "residual-layernorm.md"
EXTERNAL = ("math-solutions-dev.jsonl", "processbench-dev.jsonl", "bbm-arithmetic-dev.jsonl")


def _run(args: list[str], out: Path) -> None:
    """``python -m lnsym check ARGS`` with its standard output written to OUT and its exit code appended."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1796083200", "PYTHONHASHSEED": "0"}
    done = subprocess.run([sys.executable, "-m", "lnsym", "check", *args], capture_output=True, env=env,
                          cwd=ROOT)
    out.write_bytes(_placeholders(done.stdout) + f"\n[exit {done.returncode}]\n".encode())


def _placeholders(text: bytes) -> bytes:
    """The paths of the checkout and of the shared files as placeholders: two checkouts compare equal."""
    return text.replace(str(SHARED).encode(), b"<shared>").replace(str(ROOT).encode(), b"<root>")


def write(target: Path, quick: bool) -> None:
    target.mkdir(parents=True, exist_ok=True)
    if SEED_KEY.exists():
        for fmt in ("json", "text", "sarif"):
            _run(["--format", fmt, "--jobs", "1", str(SEED_KEY)], target / f"seed.{fmt}")
        with tempfile.TemporaryDirectory() as tmp:
            report = Path(tmp) / "seed.md"
            _run(["--jobs", "1", "--report", str(report), str(SEED_KEY)], target / "seed.report-run")
            if report.exists():
                (target / "seed.report.md").write_bytes(_placeholders(report.read_bytes()))
    for name in ("derivations", "proofs"):
        folder = ROOT / "bench" / "devsets" / name
        if folder.is_dir():
            _run(["--json", "--jobs", "2", "--run-seconds", "0", str(folder)], target / f"devset-{name}.json")
    for fresh in sorted((ROOT / "bench" / "fresh").glob("*.jsonl")):
        _run(["--jsonl", str(fresh), "--jobs", "2", "--no-progress"], target / f"fresh-{fresh.stem}.jsonl")
    if not quick:
        for name in EXTERNAL:
            if (SHARED / "external" / name).exists():
                _run(["--jsonl", str(SHARED / "external" / name), "--jobs", "2", "--no-progress"],
                     target / f"external-{name}")


def compare(a: Path, b: Path) -> int:
    names = sorted({p.name for p in a.iterdir()} | {p.name for p in b.iterdir()})
    differ = [n for n in names if not ((a / n).exists() and (b / n).exists()
                                       and filecmp.cmp(a / n, b / n, shallow=False))]
    for name in differ:
        print(f"differs: {name}")
    print(f"{len(names) - len(differ)} of {len(names)} outputs byte-identical")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("write", help="check every input and write the outputs into DIR")
    w.add_argument("dir", type=Path)
    w.add_argument("--quick", action="store_true", help="leave out the shared external dev files")
    c = sub.add_parser("compare", help="compare two folders written by 'write'")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    args = parser.parse_args(argv)
    if args.command == "write":
        write(args.dir, args.quick)
        return 0
    return compare(args.a, args.b)


if __name__ == "__main__":
    raise SystemExit(main())
