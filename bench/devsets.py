"""The dev sets written for issues 27 and 28 by helpers who never saw lnsym: answer keys with derivations
(``bench/devsets/derivations``) and proof paragraphs (``bench/devsets/proofs``), each half correct and half with
one planted slip at a known line, every statement recomputed by an independent script kept beside it; and
``bench/devsets/unseen`` (40 keys, symbolic, numeric and proofs, and 40 slipped copies), written later by a helper
who never saw lnsym either, and first measured before any rule was written from it (README); and
``bench/devsets/unseen2`` (30 keys and 30 slipped copies, more proofs), a second such set by another helper, kept
as the blind measure of the rules written from the first three; and ``bench/devsets/unseen3`` (30 keys and 30
slipped copies, 2026-12-07), a third, first measured on the code of that day's probe fixes, before any rule was
written from it.

    python bench/devsets.py                      # every set
    python bench/devsets.py --only proofs --show # and every finding on a slip's line, every false alarm

Printed per set (and per style or kind): on the correct files, the ``wrong`` findings (false alarms: the figure
belongs at 0); on the slipped files, the slips caught at their line (a ``wrong``, or ``imprecise`` for a
rounding, on a statement of the planted line that the correct original does not have) and the slips passed (such
a statement ``correct``: the worst failure, though a statement the slip changed may still hold when the slip
breaks what follows from it); and the share of steps decided (``correct``, ``wrong`` or ``imprecise``) on the
correct files, of all statements and of those that are not definitions or hypotheses (the measure of issue 27).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
SETS = {"derivations": HERE / "devsets" / "derivations", "proofs": HERE / "devsets" / "proofs",
        "unseen": HERE / "devsets" / "unseen", "unseen2": HERE / "devsets" / "unseen2",
        "unseen3": HERE / "devsets" / "unseen3"}


def _group(entry: dict) -> str:
    return entry.get("style") or entry.get("kind") or "-"


def measure(root: Path, show: bool) -> dict:
    from lnsym.check.judges.worker import Worker
    from lnsym.check.pipeline import check_text

    entries = [json.loads(line) for line in (root / "manifest.jsonl").read_text(encoding="utf-8").splitlines() if line]
    rows: dict[str, Counter] = defaultdict(Counter)
    originals: dict[str, set[str]] = {}  # a correct file -> the statements it writes
    with Worker() as worker:
        for e in entries:
            path = root / e["file"]
            report = check_text(path.read_text(encoding="utf-8"), str(path), worker=worker)
            verdicts = Counter(f.verdict.value for f in report.findings)
            row = rows[_group(e)]
            if e["correct"]:
                row["correct files"] += 1
                row["false alarms"] += verdicts["wrong"]
                row["files with a false alarm"] += verdicts["wrong"] > 0
                row["steps"] += sum(verdicts.values())
                row["decided"] += verdicts["correct"] + verdicts["wrong"] + verdicts["imprecise"]
                # the measure: definitions and hypotheses are not steps to decide
                claims = [f for f in report.findings if f.role not in ("definition", "hypothesis")]
                row["claims"] += len(claims)
                row["claims decided"] += sum(f.verdict.value in ("correct", "wrong", "imprecise") for f in claims)
                if show:
                    for f in report.findings:
                        if f.verdict.value == "wrong":
                            print(f"  FALSE ALARM {e['file']}:{f.line}: {f.source} ({f.reason[:120]})")
            else:
                # the statements the slip changed: on its line, and not written so in the correct original
                if e["base"] not in originals:  # (several slips share one original: checked once)
                    base = root / e["base"]
                    originals[e["base"]] = {}
                    for f in check_text(base.read_text(encoding="utf-8"), str(base), worker=worker).findings:
                        originals[e["base"]].setdefault("".join(f.source.split()), set()).add(f.verdict.value)
                before = originals[e["base"]]
                here = [f for f in report.findings if f.line <= e["slip_line"] <= f.end_line]
                on_line = [f for f in here if "".join(f.source.split()) not in before]
                # a slip in the words ("so $x = 3$ fails" for "works") leaves its statement as written: refuted
                # there although the original never is, it is caught too
                refuted = [f for f in here if f not in on_line and f.verdict.value in ("wrong", "imprecise")
                           and not before["".join(f.source.split())] & {"wrong", "imprecise"}]
                on_line += refuted
                caught = any(f.verdict.value in ("wrong", "imprecise") for f in on_line)
                passed = any(f.verdict.value == "correct" for f in on_line) and not caught
                row["slipped files"] += 1
                row["caught at the line"] += caught
                row["passed"] += passed
                if show:
                    for f in on_line:
                        mark = "CAUGHT" if caught else "PASSED" if passed else "missed"
                        print(f"  {mark} {e['file']}:{f.line}: {f.source} -> {f.verdict.value} ({f.reason[:100]})")
                    if not on_line:
                        print(f"  missed {e['file']}:{e['slip_line']}: no finding on the line ({e['slip']})")
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=sorted(SETS))
    ap.add_argument("--show", action="store_true")
    args = ap.parse_args(argv)
    bad = 0
    for name, root in SETS.items():
        if (args.only and name != args.only) or not root.exists():
            continue
        rows = measure(root, args.show)
        total: Counter = sum(rows.values(), Counter())
        print(f"{name}:")
        for group, row in [*sorted(rows.items()), ("all", total)]:
            decided = f"{row['decided'] / row['steps']:.0%}" if row["steps"] else "-"
            if row["claims"]:
                decided += f", {row['claims decided'] / row['claims']:.0%} without definitions and hypotheses"
            print(f"  {group:14} correct {row['correct files']:3} (false alarms {row['false alarms']}, in "
                  f"{row['files with a false alarm']} files; steps decided {decided}); slipped "
                  f"{row['slipped files']:3}: caught at the line {row['caught at the line']}, passed {row['passed']}")
        bad += total["false alarms"] + total["passed"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
