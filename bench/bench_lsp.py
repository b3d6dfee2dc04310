"""Time to diagnostics of `lnsym lsp` (the figures quoted in the README's "In the editor (lnsym lsp)").

    python bench/bench_lsp.py [--edits 5] [--debounce-ms 300]

Starts `python -m lnsym lsp` as an editor would, opens a key of 100 statements (25 paragraphs of 4: 75 checked
correct, 25 definitions), then makes one-paragraph edits one after another (each alternately puts a wrong value
in a paragraph and takes it out), timing each from the didChange notification sent to the publishDiagnostics
of that version received.
Prints the median and the largest of those times, the time to the first diagnostics after didOpen, and the
server's resident memory after opening and after the edits (the judge worker's evaluator process, forked
only for formula steps, is not counted; this key has none). Every edit's diagnostics are checked against
what the edit should give.
"""

from __future__ import annotations

import argparse
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=5)
    parser.add_argument("--debounce-ms", type=int, default=300)
    args = parser.parse_args()
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
        times = []
        for v in range(2, args.edits + 2):
            wrong_at = (v * 7) % 25 if v % 2 == 0 else None
            text = key(wrong_at)
            t = time.perf_counter()
            client.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": v},
                                                     "contentChanges": [{"text": text}]})
            got = client.wait_for("textDocument/publishDiagnostics", lambda p, v=v: p["version"] == v, timeout=120)
            times.append(time.perf_counter() - t)
            assert len(got["diagnostics"]) == (1 if wrong_at is not None else 0), got
        memory = rss_kib(client.proc.pid)
        assert client.close() == 0
    finally:
        client.kill()
    print(f"key of 100 statements; debounce {args.debounce_ms} ms; {args.edits} edits")
    print(f"didOpen -> diagnostics: {opened:.3f} s")
    print(f"didChange -> diagnostics: median {statistics.median(times):.3f} s, largest {max(times):.3f} s")
    print(f"server memory (resident): {memory_opened / 1024:.0f} MiB after opening, {memory / 1024:.0f} MiB after "
          f"{args.edits} edits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
