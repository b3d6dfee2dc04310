"""Time to diagnostics of `lnsym lsp`, and its memory over an editing session (the figures quoted in the README's
"In the editor (lnsym lsp)").

    python bench/bench_lsp.py [--edits 20] [--debounce-ms 300] [--memory-edits 2000]

Starts `python -m lnsym lsp` as an editor would, opens a key of 100 statements (25 paragraphs of 4: 75 checked
correct, 25 definitions), then makes one-paragraph edits one after another (each alternately puts a wrong value
in a paragraph and takes it out, in paragraphs spread over the key), timing each from the didChange
notification sent to the publishDiagnostics of that version received. Prints the median and the 95th
percentile of those times, the time to the first diagnostics after didOpen, the machine's load average, and
the server's resident memory after opening, after those edits and after ``--memory-edits`` more (made with
no debounce, each waited for: typing in one paragraph after another). The judge worker's evaluator process,
forked only for formula steps, is not counted; this key has none. Every edit's diagnostics are checked
against what the edit should give.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from lsp_client import LspClient  # noqa: E402

URI = "file:///bench/key.md"


def paragraph(k: int, wrong: bool = False) -> str:
    """Four statements: a mean (a definition, unchecked, and its value, checked), a step using it, a quotient."""
    a, c = 2 * k + 2, k + 3
    return (f"Step {k}: the mean is $\\mu = \\frac{{{a}+{a + 2}}}{{2}} = {a + 1}$, "
            f"so $\\mu + 1 = {a + 2 + (1 if wrong else 0)}$; also $\\frac{{{a * c}}}{{{c}}} = {a}$.")


def key(wrong_at: int | None = None) -> str:
    return "\n\n".join(paragraph(k, k == wrong_at) for k in range(25)) + "\n"


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))


def edit(client: LspClient, version: int, wrong_at: int | None) -> float:
    """One edit (the key with a wrong value in paragraph ``wrong_at``, or none): seconds to its diagnostics."""
    t = time.perf_counter()
    client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": version},
                                             "contentChanges": [{"text": key(wrong_at)}]})
    got = client.wait_for("textDocument/publishDiagnostics", lambda p: p["version"] == version, timeout=120)
    elapsed = time.perf_counter() - t
    assert len(got["diagnostics"]) == (1 if wrong_at is not None else 0), got
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--debounce-ms", type=int, default=300)
    parser.add_argument("--memory-edits", type=int, default=2000)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    client = LspClient()
    try:
        client.initialize({"lnsym": {"debounceMs": args.debounce_ms}})
        t = time.perf_counter()
        client.notify("textDocument/didOpen", {"textDocument": {"uri": URI, "languageId": "markdown", "version": 1,
                                                                "text": key()}})
        got = client.wait_for("textDocument/publishDiagnostics", timeout=120)
        opened = time.perf_counter() - t
        assert got["diagnostics"] == [], got
        memory_opened = rss_kib(client.proc.pid)
        # each even version puts a slip in a paragraph (7 apart, so spread over the key), the next takes it out
        times = [edit(client, v, (v * 7) % 25 if v % 2 == 0 else None) for v in range(2, args.edits + 2)]
        memory_edits = rss_kib(client.proc.pid)
        client.notify("workspace/didChangeConfiguration", {"settings": {"lnsym": {"debounceMs": 0}}})
        client.wait_for("textDocument/publishDiagnostics", timeout=120)  # (new settings: checked again)
        first, along = args.edits + 2, []  # (edits made, resident memory) along the way
        for n, v in enumerate(range(first, first + args.memory_edits), start=1):
            edit(client, v, (v // 8) % 25 if v % 2 == 0 else None)  # typing: 8 edits in a paragraph, then the next
            if n % 500 == 0:
                along.append((n, rss_kib(client.proc.pid)))
        memory = rss_kib(client.proc.pid)
        assert client.close() == 0
    finally:
        client.kill()
    load = max(load, os.getloadavg()[0])
    p95 = statistics.quantiles(times, n=20, method="inclusive")[-1] if len(times) > 1 else times[0]
    print(f"key of 100 statements; debounce {args.debounce_ms} ms; {args.edits} edits; load average {load:.1f} "
          f"on {os.cpu_count()} cores")
    print(f"didOpen -> diagnostics: {opened:.3f} s")
    print(f"didChange -> diagnostics: median {statistics.median(times):.3f} s, p95 {p95:.3f} s, "
          f"largest {max(times):.3f} s")
    print(f"server memory (resident): {memory_opened / 1024:.0f} MiB after opening, {memory_edits / 1024:.0f} MiB "
          f"after {args.edits} edits, {memory / 1024:.0f} MiB after {args.memory_edits} more")
    if along:
        print("  along the way: " + ", ".join(f"{kib / 1024:.0f} MiB after {n}" for n, kib in along))
    return 0


if __name__ == "__main__":
    sys.exit(main())
