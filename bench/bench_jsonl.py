"""Throughput and memory of `lnsym check --jsonl`, and of the same check on a local two-worker Dask cluster.

    python bench/bench_jsonl.py [--repeat 3] [--jobs 2]          # ProcessBench dev, 1,700 solutions
    python bench/bench_jsonl.py --scale 100 --minutes 10          # a file 100 times larger (new ids)
    python bench/bench_jsonl.py --cluster                         # Dask LocalCluster(2 workers) vs --jsonl

Each run is a fresh `python -m lnsym check --jsonl FILE -o OUT --no-progress` (start-up included). Memory
is sampled every 0.5 s over the whole process tree (the runner, its worker processes and their
evaluators): the peak of the summed PSS (shared pages counted once, the honest total) and of the
largest single RSS. Records per second are medians over ``--repeat`` runs; the load average before each
run is printed (this machine has 2 cores shared with other work), and so are the CPU seconds of the whole
process tree (user + system of the runner, its workers and their evaluators): on a shared machine the
wall clock depends on the other work, the CPU time per record much less. ``--scale N`` writes the dev file N
times with new ids and runs on it for at most ``--minutes`` (the memory over time is what it shows).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "external" / "processbench-dev.jsonl"


def _tree(pid: int) -> list[int]:
    """pid and all its descendants."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as f:
                    ppid = int(f.read().rsplit(b")", 1)[1].split()[1])
                children.setdefault(ppid, []).append(int(entry))
            except (OSError, ValueError, IndexError):
                pass
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def _memory(pids: list[int]) -> tuple[int, int]:
    """(sum of PSS, largest RSS) in kB."""
    pss = rss = 0
    for p in pids:
        try:
            with open(f"/proc/{p}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        pss += int(line.split()[1])
                    elif line.startswith("Rss:"):
                        rss = max(rss, int(line.split()[1]))
        except OSError:
            pass
    return pss, rss


def run(args: list[str], limit: float | None = None, trace: list | None = None) -> dict:
    """Run a command, sampling its process tree's memory; stop it after ``limit`` seconds."""
    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak_pss = peak_rss = 0
    stopped = False
    while proc.poll() is None:
        pss, rss = _memory(_tree(proc.pid))
        peak_pss, peak_rss = max(peak_pss, pss), max(peak_rss, rss)
        if trace is not None:
            trace.append((round(time.perf_counter() - t, 1), pss))
        if limit is not None and time.perf_counter() - t > limit:
            proc.terminate()
            stopped = True
            proc.wait()
            break
        time.sleep(0.5)
    seconds = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the tree: every process is waited for by its parent
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"seconds": seconds, "cpu": cpu, "pss_mb": peak_pss / 1024, "rss_mb": peak_rss / 1024, "load": load,
            "exit": proc.returncode, "stopped": stopped, "stderr": proc.stderr.read().decode()[-300:]}


def jsonl_command(source: Path, out: Path, jobs: int) -> list[str]:
    return [sys.executable, "-m", "lnsym", "check", "--jsonl", str(source), "-o", str(out), "--no-progress",
            "--jobs", str(jobs)]


def bench_dev(source: Path, repeat: int, jobs: int, tmp: Path) -> None:
    n = sum(1 for line in source.open("rb") if line.strip())
    rates, cpus = [], []
    for k in range(repeat):
        r = run(jsonl_command(source, tmp / "out.jsonl", jobs))
        rates.append(n / r["seconds"])
        cpus.append(r["cpu"] / n)
        print(f"  run {k + 1}: {r['seconds']:.1f} s, {n / r['seconds']:.1f} records/s, "
              f"{r['cpu']:.0f} s of CPU ({1000 * r['cpu'] / n:.0f} ms a record), peak memory "
              f"{r['pss_mb']:.0f} MB (PSS summed over the processes; largest RSS {r['rss_mb']:.0f} MB), "
              f"load average {r['load']:.1f}, exit {r['exit']}")
    print(f"--jsonl on {n} records, {jobs} processes: median {statistics.median(rates):.1f} records/s, "
          f"median {1000 * statistics.median(cpus):.0f} ms of CPU a record (at most "
          f"{jobs / statistics.median(cpus):.0f} records/s on {jobs} idle cores)")


def bench_scaled(source: Path, scale: int, minutes: float, jobs: int, tmp: Path) -> None:
    big = tmp / f"x{scale}.jsonl"
    with big.open("w", encoding="utf-8") as out:
        for k in range(scale):
            for line in source.open(encoding="utf-8"):
                if line.strip():
                    row = json.loads(line)
                    row["id"] = f"{row.get('id')}#{k}"
                    out.write(json.dumps(row) + "\n")
    n = sum(1 for _ in big.open("rb"))
    trace: list = []
    r = run(jsonl_command(big, tmp / "big.out.jsonl", jobs), limit=minutes * 60, trace=trace)
    done = sum(1 for _ in (tmp / "big.out.jsonl").open("rb"))
    print(f"a file {scale} times larger: {n} records ({big.stat().st_size / 1e6:.0f} MB); {done} checked in "
          f"{r['seconds']:.0f} s ({done / r['seconds']:.1f} records/s{', stopped' if r['stopped'] else ''}); "
          f"peak memory {r['pss_mb']:.0f} MB (PSS), largest RSS {r['rss_mb']:.0f} MB, load average {r['load']:.1f}")
    step = max(1, len(trace) // 12)
    print("  memory over time (s: MB): " + ", ".join(f"{t:.0f}: {kb / 1024:.0f}" for t, kb in trace[::step]))


def bench_cluster(source: Path, jobs: int, tmp: Path, parts: int) -> None:
    rows = [line for line in source.read_text(encoding="utf-8").splitlines() if line.strip()]
    folder = tmp / "parts"
    folder.mkdir(exist_ok=True)
    size = -(-len(rows) // parts)
    for k in range(parts):  # contiguous partitions: their outputs, in order, are the whole file's
        (folder / f"part-{k:03d}.jsonl").write_text("".join(r + "\n" for r in rows[k * size : (k + 1) * size]),
                                                    encoding="utf-8")
    script = tmp / "cluster.py"
    script.write_text(f"""
import time
from dask.distributed import Client, LocalCluster
from lnsym.check.batch.dask_bag import check_jsonl_files
if __name__ == "__main__":
    t = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c, Client(c):
        up = time.perf_counter() - t
        t = time.perf_counter()
        check_jsonl_files({str(folder / '*.jsonl')!r}, {str(tmp / 'cluster-out' / '*.jsonl')!r})
        print(up, time.perf_counter() - t)
""")
    load = os.getloadavg()[0]
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, check=True)
    up, seconds = map(float, done.stdout.split()[-2:])
    print(f"Dask LocalCluster (2 workers, {parts} partitions): {len(rows)} records in {seconds:.1f} s "
          f"({len(rows) / seconds:.1f} records/s; cluster start-up {up:.1f} s more), load average {load:.1f}")
    r = run(jsonl_command(source, tmp / "whole.jsonl", jobs))
    same = (tmp / "whole.jsonl").read_bytes() == b"".join(
        (tmp / "cluster-out" / f"{k}.jsonl").read_bytes() for k in range(parts))
    print(f"--jsonl --jobs {jobs} on the whole file: {r['seconds']:.1f} s ({len(rows) / r['seconds']:.1f} records/s, "
          f"start-up included), load average {r['load']:.1f}; outputs identical byte for byte: {same}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(DATA))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--scale", type=int, default=0, help="run on a file this many times larger instead")
    ap.add_argument("--minutes", type=float, default=10.0, help="stop the scaled run after this long")
    ap.add_argument("--cluster", action="store_true", help="compare a local Dask cluster with --jsonl")
    ap.add_argument("--parts", type=int, default=8, help="partitions (files) for --cluster")
    args = ap.parse_args()
    source = Path(args.data)
    if not source.exists():
        print(f"{source}: not found", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        if args.cluster:
            bench_cluster(source, args.jobs, tmp, args.parts)
        elif args.scale:
            bench_scaled(source, args.scale, args.minutes, args.jobs, tmp)
        else:
            bench_dev(source, args.repeat, args.jobs, tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
