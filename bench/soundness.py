"""The large profile of the soundness property: generated chains with one slip each, and how many of their
false links lnsym passes (``correct``, or ``imprecise`` beyond every cut of the digits). The figure belongs at 0.

    python bench/soundness.py --chains 100000 --jobs 2     # the README's figure
    python bench/soundness.py --chains 2000 --seed 5        # a quick look
    python bench/soundness.py --derivatives 2000 --jobs 2   # derivatives with a slip (tests/derivative_generator.py)
    python bench/soundness.py --inequalities 2000 --jobs 2  # inequalities and chains (tests/inequality_generator.py)

The chains, their slips and the truth of every link come from ``tests/chain_generator.py`` (interval arithmetic
in mpmath, independent of lnsym); the fast profile of the same property is ``tests/check/test_soundness.py``.
Chains are checked 50 to a text, one paragraph each. Printed: per shape and kind of slip, the false links and how
many lnsym called wrong, unchecked or passed; every passed link in full; the time.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import derivative_generator
import inequality_generator
from chain_generator import generate

PER_TEXT = 50


_WORKER = None  # one a process: starting a worker costs more than checking a text


def _start() -> None:
    global _WORKER
    from lnsym.check.judges.worker import Worker

    _WORKER = Worker().__enter__()


def _checked(cases: list, check, jobs: int) -> list:
    """The rows ``check`` gives for ``cases``, in order: batches of PER_TEXT cases in ``jobs`` processes, each with a
    worker of its own."""
    batches = [cases[k : k + PER_TEXT] for k in range(0, len(cases), PER_TEXT)]
    rows: list = []
    with Pool(jobs, initializer=_start) as pool:
        for part in pool.imap(check, batches, chunksize=1):
            rows.extend(part)
    return rows


def _check(batch: list) -> list:
    from lnsym.check.pipeline import check_text

    text = "\n\n".join(f"We compute ${chain.text()}$." for _, chain, _, _ in batch) + "\n"
    report = check_text(text, worker=_WORKER)
    by_paragraph: dict[int, dict[str, str]] = {}
    for f in report.findings:
        by_paragraph.setdefault(f.line, {}).setdefault("".join(f.source.split()), f.verdict.value)
    out = []
    for k, (shape, chain, _, kind) in enumerate(batch):
        got = by_paragraph.get(2 * k + 1, {})
        for j, (a, rel, b) in enumerate(chain.links()):
            verdict = got.get("".join(f"{a}{rel}{b}".split()))
            false = chain.false_beyond_rounding(j)
            if not false:
                continue
            passed = verdict == "correct" or (verdict == "imprecise" and chain.false_beyond_rounding(j, cut=True))
            out.append((shape, kind, verdict or "none", passed, f"{a} {rel} {b}"))
    return out


def _check_derivatives(batch: list) -> list:
    """(form, slip or "true", verdict) of each case, each checked as a text of its own (a paragraph's definition
    of f would be another paragraph's too)."""
    from lnsym.check.pipeline import check_text

    out = []
    for case in batch:
        want, verdict = "".join(case.statement.split()), "none"
        for f in check_text(case.text + "\n", worker=_WORKER).findings:
            if "".join(f.source.split()) == want:
                verdict = f.verdict.value
        out.append((case.form, case.slip or "true", verdict, case.text))
    return out


def derivatives(count: int, seed: int, jobs: int) -> int:
    """The derivatives' profile: every slipped derivative lnsym passes (the figure belongs at 0), every true one
    it calls wrong (a false alarm: belongs at 0), and how many of each it decides."""
    t0 = time.monotonic()
    cases = derivative_generator.generate(seed, count)
    rows = _checked(cases, _check_derivatives, jobs)
    table: Counter = Counter((form, "true" if slip == "true" else "slip", v) for form, slip, v, _ in rows)
    print(f"{len(cases)} derivatives (seed {seed}), checked in {time.monotonic() - t0:.0f} s with {jobs} processes")
    print(f"{'form':11} {'kind':5} {'cases':>6} {'correct':>8} {'wrong':>6} {'unchecked':>9} {'other':>6}")
    for form in derivative_generator.FORMS:
        for kind in ("true", "slip"):
            counts = {v: n for (f, k, v), n in table.items() if (f, k) == (form, kind)}
            total = sum(counts.values())
            other = total - sum(counts.get(v, 0) for v in ("correct", "wrong", "unchecked"))
            print(f"{form:11} {kind:5} {total:6} {counts.get('correct', 0):8} {counts.get('wrong', 0):6} "
                  f"{counts.get('unchecked', 0):9} {other:6}")
    passed = [r for r in rows if r[1] != "true" and r[2] in ("correct", "imprecise")]
    alarms = [r for r in rows if r[1] == "true" and r[2] == "wrong"]
    print(f"slipped derivatives passed: {len(passed)}; true derivatives called wrong: {len(alarms)}")
    for form, slip, verdict, text in passed + alarms:
        print(f"  {verdict.upper():9} {form}/{slip}: {text}")
    return 1 if passed or alarms else 0


def _check_inequalities(batch: list) -> list:
    """(family, slip or "true", the verdict of each link of the claim, the false link) of each case, each checked
    as a text of its own (its hypotheses are its own)."""
    from lnsym.check.pipeline import check_text

    out = []
    for case in batch:
        links = inequality_generator.links(case.claim)
        got: dict[str, str] = {}
        for f in check_text(case.text + "\n", worker=_WORKER).findings:
            got.setdefault("".join(f.source.split()), f.verdict.value)
        verdicts = tuple(got.get("".join(link.split()), "none") for link in links)
        out.append((case.family, case.slip or "true", verdicts, case.link, case.text))
    return out


def inequalities(count: int, seed: int, jobs: int) -> int:
    """The inequalities' profile: every false link lnsym passes (``correct``: the figure belongs at 0), every true
    link it calls wrong (a false alarm: belongs at 0), and how many of each it decides, by family (``other``: an
    ``imprecise`` flag, or no finding)."""
    t0 = time.monotonic()
    cases = inequality_generator.generate(count, seed)
    rows = _checked(cases, _check_inequalities, jobs)
    table: Counter = Counter()
    passed, alarms = [], []
    for family, slip, verdicts, false_link, text in rows:
        for j, v in enumerate(verdicts):
            kind = "false" if j == false_link else "true"
            table[(family, kind, v)] += 1
            # (`imprecise` is a flag: '=' between a value and what lnsym reads as its rounding, `10^6 = 1000003` with
            # 10^6 one significant figure, as the chains' profile counts it)
            if kind == "false" and v == "correct":
                passed.append((family, slip, j, v, text))
            if kind == "true" and v == "wrong":
                alarms.append((family, slip, j, v, text))
    print(f"{len(cases)} inequality cases (seed {seed}), checked in {time.monotonic() - t0:.0f} s "
          f"with {jobs} processes")
    print(f"{'family':15} {'link':5} {'links':>6} {'correct':>8} {'wrong':>6} {'unchecked':>9} {'other':>6}")
    for family in sorted({f for f, _, _ in table}):
        for kind in ("true", "false"):
            counts = {v: n for (f, k, v), n in table.items() if (f, k) == (family, kind)}
            total = sum(counts.values())
            other = total - sum(counts.get(v, 0) for v in ("correct", "wrong", "unchecked"))
            print(f"{family:15} {kind:5} {total:6} {counts.get('correct', 0):8} {counts.get('wrong', 0):6} "
                  f"{counts.get('unchecked', 0):9} {other:6}")
    print(f"false links passed: {len(passed)}; true links called wrong: {len(alarms)}")
    for family, slip, j, verdict, text in passed + alarms:
        print(f"  {verdict.upper():9} {family}/{slip or 'true'} link {j}: {text}")
    return 1 if passed or alarms else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chains", type=int, default=10_000)
    ap.add_argument("--derivatives", type=int, default=0, metavar="N",
                    help="check N generated derivatives (true ones and slips) instead of chains")
    ap.add_argument("--inequalities", type=int, default=0, metavar="N",
                    help="check N generated inequalities and chains (true ones and slips) instead of chains")
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    if args.derivatives:
        return derivatives(args.derivatives, args.seed, args.jobs)
    if args.inequalities:
        return inequalities(args.inequalities, args.seed, args.jobs)
    t0 = time.monotonic()
    cases = generate(args.seed, args.chains)
    t1 = time.monotonic()
    rows = _checked(cases, _check, args.jobs)
    t2 = time.monotonic()
    table: Counter = Counter()
    for shape, kind, verdict, passed, _ in rows:
        table[(shape, kind, "passed" if passed else verdict)] += 1
    print(f"{len(cases)} chains (seed {args.seed}), {len(rows)} false links; generated in {t1 - t0:.0f} s, "
          f"checked in {t2 - t1:.0f} s with {args.jobs} processes")
    print(f"{'shape':12} {'slip':9} {'false':>6} {'wrong':>6} {'unchecked':>9} {'other':>6} {'passed':>6}")
    for shape, kind in sorted({(s, k) for s, k, _ in table}):
        counts = {v: n for (s, k, v), n in table.items() if (s, k) == (shape, kind)}
        total = sum(counts.values())
        other = total - counts.get("wrong", 0) - counts.get("unchecked", 0) - counts.get("passed", 0)
        print(f"{shape:12} {kind:9} {total:6} {counts.get('wrong', 0):6} {counts.get('unchecked', 0):9} "
              f"{other:6} {counts.get('passed', 0):6}")
    passed = [r for r in rows if r[3]]
    print(f"passed false links: {len(passed)} of {len(rows)}")
    for shape, kind, verdict, _, link in passed:
        print(f"  PASSED {verdict:9} {shape}/{kind}: {link}")
    return 1 if passed else 0


if __name__ == "__main__":
    sys.exit(main())
