"""Mutation testing of the modules that decide correctness, with mutmut (not run in CI: it takes about an
hour on this 2-core machine).

    python -m pip install mutmut && python bench/mutation.py [--modules GLOB ...] [--workdir DIR] [--jobs N]
    python bench/mutation.py --workdir DIR --modules ... --rerun-survivors   # after adding tests

``--rerun-survivors`` tests only the survivors again, with the tests now in the repository; the other results
stand. It needs the same --modules and TESTS as the kept run: mutmut forgets every result when its
configuration changes, and then only the survivors would be counted.

The project is copied to a work folder (the repository stays clean), mutmut mutates the modules below one
change at a time and runs, for each mutant, the tests that execute the mutated function. A mutant is
*killed* when a test fails (or times out); the score is (killed + timeout) / (all - skipped), mutmut's
own formula, so a mutant no test reaches counts against it. The judges run in the test process
(``LNSYM_CHECK_INLINE=1``) so that mutmut sees them; the tests that need the worker's time limit are
left out. Prints one row per module and the score, and writes ``mutation.json`` in the work folder.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FORMULAS = "lnsym/check/judges/formulas/"
MODULES = ["lnsym/check/judges/*.py", FORMULAS + "*.py", "lnsym/decide.py", "lnsym/numeric.py"]
TESTS = [
    "tests/check/judges/test_arithmetic.py",
    "tests/check/judges/proofs/test_consequences.py",
    "tests/check/roles/test_context.py",
    "tests/check/parse/test_grammar.py",
    "tests/check/judges/numbers/test_rounding.py",
    "tests/check/test_pipeline.py",
    "tests/check/test_budget.py",
    "tests/test_decide.py",
    "tests/test_numeric.py",
    "tests/check/roles/test_notation.py",
    "tests/check/judges/numbers/test_precision.py",
    "tests/check/roles/test_roles.py",
    "tests/check/test_math_coverage.py",
    "tests/check/judges/test_judgement.py",
    "tests/check/judges/numbers/test_evaluate.py",
    "tests/check/judges/numbers/test_exact.py",
    "tests/check/judges/test_worker.py",
    "tests/check/judges/proofs/test_lemmas.py",
    "tests/check/test_inequalities.py",
    "tests/check/test_cases.py",
]
# the formulas' own tests, added only when a module of formulas/ is mutated: the other modules' runs stay as
# they were measured (the same tests, the same time)
FORMULA_TESTS = ["tests/check/judges/formulas/test_formulas.py", "tests/check/judges/formulas/test_formula_rules.py"]
# the derivation reader's tests, likewise added only when judges/notation/calculus.py is mutated
CALCULUS_TESTS = ["tests/check/judges/notation/test_calculus.py", "tests/check/test_reader.py"]
# the tests of the judges added on 2026-12-05, likewise added only when their module is mutated (or all judges are);
# and test_mutants_<name>.py beside the module's tests (tests/check/judges/<subpackage>/), the tests written against
# a module's survivors, whenever that module is mutated
MODULE_TESTS = {
    "region": ["tests/check/judges/proofs/test_region.py"],
    "universal": ["tests/check/judges/proofs/test_universal.py", "tests/check/roles/test_quantifiers.py",
                  "tests/check/roles/test_role_rules.py"],
    "expansion": ["tests/check/judges/numbers/test_expansion.py"],
    "linear_algebra": ["tests/check/judges/numbers/test_linear_algebra.py"],
    "values": ["tests/check/judges/numbers/test_linear_algebra.py"],
    "index_notation": ["tests/check/judges/notation/test_index_notation.py",
                       "tests/check/judges/notation/test_matrix_notation.py",
                       "tests/check/judges/notation/test_entries.py"],
    "index_steps": ["tests/check/judges/notation/test_index_notation.py",
                    "tests/check/judges/notation/test_matrix_notation.py",
                    "tests/check/judges/notation/test_entries.py"],
    "sum_forms": ["tests/check/judges/notation/test_matrix_notation.py",
                  "tests/check/judges/notation/test_index_notation.py"],
    "matrix_notation": ["tests/check/judges/notation/test_matrix_notation.py",
                        "tests/check/judges/notation/test_entries.py"],
    "conditions": ["tests/check/test_proof_steps.py", "tests/check/roles/test_role_rules.py"],
    "matrix_algebra": ["tests/check/judges/notation/test_matrix_algebra.py"],
    "facts": ["tests/check/judges/proofs/test_facts.py"],
    "definitions": ["tests/check/judges/proofs/test_definitions.py"],
    "sign_cases": ["tests/check/judges/numbers/test_sign_cases.py"],
}
MUTANT_TESTS = sorted((ROOT / "tests").rglob("test_mutants_*.py"))
# tests that need a real worker process (a step that must time out) cannot run inline
DESELECT = ("not runaway and not times_out and not budget_ends and not stopped and not command_line "
            "and not several_processes")


def copy_project(work: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".venv", "mutants")
    for name in ("lnsym", "derivations", "reports", "tests"):
        shutil.copytree(ROOT / name, work / name, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")


# Each mutant's tests run in a process forked from mutmut's, which ran every test for its stats: the answers
# lnsym remembers (exact_equal, arithmetic._identity, the lru_caches of consequences and linear_forms) would
# be inherited, and a test asking a question the stats run asked would get the unmutated answer without running
# the mutant. The copied tests' conftest forgets them when a session starts (SymPy's own cache is kept: it
# remembers SymPy, which is not mutated). A fork server (process_isolation=forkserver) avoids this too, but
# starts every mutant with a cold SymPy cache: several times slower here.
FRESH_CACHES = """

import pytest as _pytest_for_mutation


@_pytest_for_mutation.fixture(autouse=True, scope="session")
def _mutation_forgets_remembered_answers():  # added by bench/mutation.py to the copy of the tests
    import sys

    for name, module in list(sys.modules.items()):
        if not name.startswith("lnsym") or module is None:
            continue
        for obj in list(vars(module).values()):
            found = [obj]
            for cell in getattr(obj, "__closure__", None) or ():
                try:
                    found.append(cell.cell_contents)
                except ValueError:  # an empty cell
                    pass
            for f in found:
                if callable(getattr(f, "cache_clear", None)):
                    f.cache_clear()
    yield
"""


def forget_caches(work: Path) -> None:
    """Append FRESH_CACHES to the copied tests' conftest (once)."""
    conftest = work / "tests" / "conftest.py"
    text = conftest.read_text(encoding="utf-8")
    if "_mutation_forgets_remembered_answers" not in text:
        conftest.write_text(text + FRESH_CACHES, encoding="utf-8")


def write_config(work: Path, modules: list[str]) -> None:
    formulas = any(m.startswith(FORMULAS) for m in modules)
    tests = TESTS + FORMULA_TESTS if formulas else TESTS
    if any(m.endswith("judges/notation/calculus.py") or m == "lnsym/check/judges/*.py" for m in modules):
        tests = tests + CALCULUS_TESTS
    every_judge = "lnsym/check/judges/*.py" in modules
    mutated = {p.stem for m in modules for p in ROOT.glob(m)}  # a glob names several (formulas/*.py)
    for name in sorted(set(MODULE_TESTS) | {p.name[len("test_mutants_"):-3] for p in MUTANT_TESTS}):
        if every_judge or name in mutated:
            own = [str(p.relative_to(ROOT)) for p in MUTANT_TESTS if p.name == f"test_mutants_{name}.py"]
            tests = tests + [t for t in [*MODULE_TESTS.get(name, []), *own] if t not in tests and (ROOT / t).exists()]
    lines = ["[mutmut]", "source_paths=lnsym", "only_mutate=" + "\n    ".join(modules),
             "pytest_add_cli_args_test_selection=" + "\n    ".join(tests),
             f"pytest_add_cli_args=-p\n    no:cacheprovider\n    -m\n    not fuzz\n    -k\n    {DESELECT}",
             "timeout_multiplier=10"]
    if not formulas:  # a glob's * spans folders too: lnsym/check/judges/*.py alone means the judges above formulas/
        lines.insert(-1, "do_not_mutate=" + FORMULAS + "*")
    (work / "setup.cfg").write_text("\n".join(lines) + "\n", encoding="utf-8")


def statuses(work: Path) -> dict[str, collections.Counter]:
    out = subprocess.run([sys.executable, "-m", "mutmut", "results", "--all", "true"], cwd=work,
                         capture_output=True, text=True, check=True).stdout
    by_module: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for m in re.finditer(r"^\s*([\w.]+?)\.x[_ǁ]\S*?__mutmut_\d+: (.+)$", out, re.M):  # functions and methods
        by_module[m.group(1)][m.group(2).strip()] += 1
    return by_module


def score(counts: collections.Counter) -> tuple[int, int, float]:
    """(killed, tested, score): mutmut's (killed + timeout) / (all - skipped), over the mutants tested so far
    (an interrupted run leaves some "not checked")."""
    tested = sum(counts.values()) - counts.get("skipped", 0) - counts.get("not checked", 0)
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    return killed, tested, (100.0 * killed / tested if tested else 0.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modules", nargs="+", default=MODULES,
                        help="files to mutate (default: the deciders, formulas/ included)")
    parser.add_argument("--workdir", type=Path, help="work folder (default: a new temporary one); reused if given")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="mutants tested at once")
    parser.add_argument("--report-only", action="store_true", help="only print the results kept in --workdir")
    parser.add_argument("--rerun-survivors", action="store_true",
                        help="copy the current tests into --workdir and test its survivors again (after adding tests)")
    args = parser.parse_args()
    if args.report_only and args.workdir:
        report(args.workdir, 0.0)
        return 0
    work = args.workdir or Path(tempfile.mkdtemp(prefix="lnsym-mutation-"))
    if not (work / "lnsym").exists():
        work.mkdir(parents=True, exist_ok=True)
        copy_project(work)
    forget_caches(work)
    write_config(work, args.modules)
    env = dict(os.environ, LNSYM_CHECK_INLINE="1", OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    names: list[str] = []
    if args.rerun_survivors:  # mutmut keeps a result unless the mutant is named: name the survivors
        shutil.copytree(ROOT / "tests", work / "tests", dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        forget_caches(work)
        out = subprocess.run([sys.executable, "-m", "mutmut", "results"], cwd=work, capture_output=True, text=True,
                             check=True).stdout
        names = re.findall(r"^\s*(\S+__mutmut_\d+): (?:survived|no tests)$", out, re.M)
    t = time.monotonic()
    with open(work / "mutmut.log", "a" if names else "w") as log:
        subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(args.jobs), *names], cwd=work,
                       env=env, stdout=log, stderr=subprocess.STDOUT, check=False)
    minutes = (time.monotonic() - t) / 60
    report(work, minutes)
    return 0


def report(work: Path, minutes: float) -> None:
    """The table of the results so far (mutmut keeps them: an interrupted run can be reported, and resumed)."""
    by_module = statuses(work)
    total: collections.Counter = collections.Counter()
    print(f"{'module':40s} {'killed':>7s} {'tested':>7s} {'score':>7s}  other")
    for module, counts in sorted(by_module.items()):
        total += counts
        killed, tested, pct = score(counts)
        other = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()) if k not in ("killed", "timeout"))
        print(f"{module:40s} {killed:7d} {tested:7d} {pct:6.1f}%  {other}")
    killed, tested, pct = score(total)
    print(f"{'all':40s} {killed:7d} {tested:7d} {pct:6.1f}%   ({minutes:.0f} min; work folder {work})")
    (work / "mutation.json").write_text(json.dumps(
        {"modules": {m: dict(c) for m, c in by_module.items()}, "killed": killed, "tested": tested,
         "score": round(pct, 1), "minutes": round(minutes, 1)}, indent=2), encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
