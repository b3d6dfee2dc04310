"""Fresh solutions: false alarms and caught slips on worked solutions written for lnsym's tests, not taken
from any dataset lnsym was tuned on.

    python bench/fresh.py [--jobs 2] [--show]

Every ``bench/fresh/*.jsonl`` is read, each written by a helper from a brief that named kinds of notation to
try (never from the dev files), every step recomputed with Python:

- ``latex.jsonl``: 287 Markdown solutions with LaTeX math (competition and textbook problems in many
  notations; 20 with one deliberate slip);
- ``plain.jsonl``: 317 plain-text solutions as steps (grade-school and chain-of-thought arithmetic, money,
  units, times, ranges; 30 with a slip);
- ``cot.jsonl``: 220 solutions as steps in the style of models' chains of thought on competition problems
  (cases, rejected trials, self-corrections, boxed answers; 22 with a slip);
- ``notes.jsonl``: 200 answer keys and lecture notes (the mathematics of machine learning, physics with
  units, statistics, calculus and linear algebra; 20 with a slip);
- ``tricky_tex.jsonl`` (160, LaTeX) and ``tricky_plain.jsonl`` (180, plain text as steps): adversarial,
  all correct, each written to be easy to misread (times, dates, ranges, ratios, loose '=', rejected trials,
  self-corrections, modular and binary arithmetic in prose, units on some terms, arguments by contradiction).
- ``olymp.jsonl`` (150, olympiad problems as a model's steps) and ``gsm_math.jsonl`` (170, grade-school
  and competition problems, plain text, LaTeX and both): adversarial and all correct too (recurrences, Vieta,
  Legendre symbols, roots of unity, decimal checks of closed forms; units, rates, times, rejected readings).
- ``ml_keys.jsonl`` (150 answer keys on the mathematics of transformers) and ``science.jsonl`` (160 physics,
  chemistry, finance and statistics solutions, half as plain-text steps): adversarial and all correct.
- ``homework.jsonl`` (160 homework answers as students type them) and ``geo_prob.jsonl`` (160 geometry,
  probability and counting solutions): adversarial and all correct.
- ``calc_linalg.jsonl`` (120 calculus and linear-algebra solutions) and ``stats_money.jsonl`` (120 statistics,
  probability, percent, interest and loan solutions, half plain text): adversarial and all correct.
- ``numtheory_comb.jsonl`` (120 number theory and combinatorics solutions) and ``chat_mixed.jsonl`` (120
  chat-assistant answers to everyday questions, with code, tables, dates and decimal commas): adversarial and
  all correct.
- ``heavy_tex.jsonl`` (120 competition solutions in heavy LaTeX: ``align*`` with tags, ``cases``,
  ``vmatrix``, sized brackets, display fractions, binomials, inequality chains, Vieta, telescoping sums;
  10 with a slip) and ``world_plain.jsonl`` (120 plain-text word problems with the conventions of other
  countries: the colon as division, decimal commas, thousands grouped by points, apostrophes, thin spaces
  and lakhs, currency after the amount, unit equalities, clock times, scores and map scales; 10 with a slip).
- ``marks_traps.jsonl`` (120, all correct): correct arithmetic next to lists and pairs written with commas,
  colons that are times, ratios, scores, verses and labels, points in versions, dates and addresses, money
  with three decimals, one-letter units and variables; written after the rules the ninth round called for.
- ``intl_tex.jsonl`` (110 answer keys typeset in LaTeX with the conventions of ten countries: decimal commas
  and point thousands in math, the colon as division, semicolons in intervals and points; 10 with a slip)
  and ``sci_tex.jsonl`` (110 science answer keys in LaTeX: siunitx, mhchem, scientific notation, significant
  figures, uncertainties; 10 with a slip).

- ``derivation_keys.jsonl`` (12 answer keys of deep-learning derivations, 8 Markdown and 4 LaTeX documents:
  momentum, weight decay, cross-entropy with a sigmoid, residual Jacobians, softmax, tanh, log-sum-exp, LayerNorm,
  RMSNorm, Adam, attention scaling), written on 2026-12-06 by a helper who never saw lnsym, to measure that day's
  readings on text they were not written from: all correct.
- ``proof_keys.jsonl`` (16 answer keys of proofs and backpropagation, 5 of them LaTeX documents: inequality
  chains under premises stated by "Let", Bernoulli, log-sum-exp bounds, a proof by contradiction, Lipschitz
  bounds, Cauchy-Schwarz, AM-GM, ReLU by cases; linear layer, MLP, softmax with cross-entropy, MSE, LayerNorm,
  attention, weight decay, numeric backprop), each with one slipped copy: written on 2026-12-06 by a helper who
  never saw lnsym, every step recomputed by ``proof_keys_verify.py`` beside it.

A record with ``slip`` (a text) names the slip as written; one with ``slip_step`` names the index of the
step that holds it; null on the solutions written correct. The bench prints the `wrong` and `imprecise`
findings on the solutions written correct (each a false alarm, or a slip of the writer to fix in the file)
and, for the others, whether the first `wrong` is the slip.
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import Pool
from pathlib import Path

HERE = Path(__file__).resolve().parent / "fresh"


def _check(record: dict) -> dict:
    from lnsym.check import check_record

    return check_record(record)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--show", action="store_true", help="print every finding on a slip record too")
    args = parser.parse_args(argv)
    for path in sorted(HERE.glob("*.jsonl")):
        name = path.stem
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        with Pool(args.jobs) as pool:
            results = pool.map(_check, records, chunksize=4)
        alarms, caught, missed, early, counts = [], 0, [], [], {}
        for rec, res in zip(records, results, strict=True):
            for verdict, n in res["summary"].items():
                counts[verdict] = counts.get(verdict, 0) + n
            by_text = "slip" in rec  # the slip as written, else the index of its step
            slip = rec.get("slip") if by_text else rec.get("slip_step")
            if slip is None:
                alarms += [(rec["id"], f["verdict"], f["source"], f["reason"]) for f in res["findings"]
                           if f["verdict"] in ("wrong", "imprecise")]
                continue
            wrong = [f for f in res["findings"] if f["verdict"] == "wrong"]
            if by_text:
                said = "".join(slip.split())  # the slip as written may be a longer chain than the link, or the link
                # longer than the slip as written (its unit, `= 40\ \text{rad/s}`, now read as the link's)
                at = [f for f in wrong if "".join(f["source"].split()) in said or said in "".join(f["source"].split())]
                first = wrong[0] if wrong else None
                if at and first is at[0]:
                    caught += 1
                elif wrong and not at:
                    early.append((rec["id"], first["source"]))
                else:
                    missed.append(rec["id"])
            else:
                fw = res["first_wrong_step"]
                if fw == slip:
                    caught += 1
                elif fw is not None and fw < slip:
                    early.append((rec["id"], fw))
                else:
                    missed.append(rec["id"])
        slips = caught + len(missed) + len(early)
        print(f"{name}: {len(records)} solutions ({slips} with a slip); findings {counts}")
        print(f"  on solutions written correct: {len(alarms)} wrong or imprecise")
        for a in alarms:
            print(f"    {a[0]}: {a[1]}: {a[2]}  ({a[3][:100]})")
        print(f"  slips: {caught} caught at the slip, {len(missed)} not caught, {len(early)} flagged elsewhere first")
        if args.show:
            for m in missed:
                print(f"    not caught: {m}")
            for e in early:
                print(f"    elsewhere first: {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
