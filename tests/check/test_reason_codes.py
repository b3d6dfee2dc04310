"""Reasons are acted on by their code (lnsym.check.reasons), never by their text, outside the emitters (which write
the messages out); the modulus of a congruence is a number the statement carries, never read back from a message."""

from __future__ import annotations

import re
from pathlib import Path

import sympy as sp
from source_lines import lines_matching

import lnsym
from lnsym.check.budget import Deadline, code_of
from lnsym.check.findings import Finding, Verdict
from lnsym.check.judges.arithmetic import NOT_DECIMALS, ROUNDING_NOTE, check_statement, decide_pair
from lnsym.check.judges.judgement import Judgement, StatementJob
from lnsym.check.judges.proofs.consequences import NOT_FOLLOWING
from lnsym.check.parse.grammar import parse_term
from lnsym.check.parse.lexer import tokenize
from lnsym.check.pipeline import check_text
from lnsym.check.reasons import NOT_CHECKED, Reason
from lnsym.check.roles.statement_roles import apply_role

PACKAGE = Path(lnsym.__file__).resolve().parent
# `res.reason.startswith("free symbol")`, `TRUNCATED in res.reason`, `res.reason == CONDITION`, the same of a
# statement's poison (`"modular" in st.poison`), and a modulus read back from a message (`modulus_of(job.poison)`)
TEXT_BRANCH = re.compile(r"\b(?:reason|poison)\.(?:startswith|endswith)\(|\bin\s+[\w.]*\b(?:reason|poison)\b(?!\s*\()"
                         r"|\b(?:reason|poison)\s*[!=]=|\bmodulus_of\(")


def branches(root: Path) -> list[str]:
    return lines_matching(root, TEXT_BRANCH)


def test_no_reason_is_branched_on_as_text_outside_the_emitters():
    assert branches(PACKAGE) == []


def test_the_check_finds_a_branch_on_text(tmp_path):
    """The pattern is not vacuous: each form it forbids is found in a module written for the test."""
    (tmp_path / "m.py").write_text('a = r.reason.startswith("free symbol")\nb = TRUNCATED in res.reason\n'
                                   'c = res.reason == CONDITION\nd = "modular" in st.poison\n'
                                   'e = modulus_of(job.poison)\n'
                                   'f = r.code is Reason.FREE_SYMBOLS\ng = f"{res.reason} ({note})"\n'
                                   'for path, reason in unreadable: pass\n')
    (tmp_path / "emit").mkdir()
    (tmp_path / "emit" / "e.py").write_text('x = f.reason.startswith("not checked")\n')
    assert [line.split(":")[1] for line in branches(tmp_path)] == ["1", "2", "3", "4", "5"]


def _statement(sources, rels, **fields):
    out = []
    job = StatementJob([parse_term(tokenize(s)) for s in sources], [""] * len(sources), sources, rels, **fields)
    check_statement(job, lambda i, res: out.append((i, res)) if i >= 0 else None)
    return out


def test_the_modulus_is_the_number_the_statement_carries_not_its_message():
    # decided modulo the modulus given, whatever the message says
    got = _statement(["10", "17"], ["≡"], poison="(any message)", poison_code=Reason.MODULAR, modulus=7)
    assert [(i, r.verdict) for i, r in got] == [(0, Verdict.CORRECT)]
    # a message that names a modulus is not read back: without the number the statement stays unchecked
    got = _statement(["10", "17"], ["≡"], poison="modular arithmetic modulo 7")
    assert [(i, r.verdict, r.reason) for i, r in got] == [(0, Verdict.UNCHECKED, "modular arithmetic modulo 7")]


def test_a_congruence_in_a_key_is_decided_modulo_its_modulus():
    got = check_text(r"So $10 \equiv 17 \pmod{7}$ and $10 \equiv 18 \pmod{7}$.", "k.md").findings
    assert [(f.verdict, f.expected) for f in got] == [(Verdict.CORRECT, ""), (Verdict.WRONG, "3")]


def test_the_judges_give_the_codes_the_later_stages_act_on():
    x, y = parse_term(tokenize("x")), parse_term(tokenize("y"))
    free = decide_pair(sp.Symbol("x"), sp.Symbol("y"), "=", (x, y), None, ("x", "y"), False)
    assert (free.verdict, free.code) == (Verdict.UNCHECKED, Reason.FREE_SYMBOLS)
    near = _statement([r"\sqrt{2}", r"\frac{7}{5}"], ["≈"])  # no decimal: no rounding to judge
    assert [(r.reason, r.code) for _, r in near] == [(NOT_DECIMALS, Reason.NOT_DECIMALS)]
    rounded = _statement([r"\frac{1}{3}", "0.333"], ["="])
    assert [(r.verdict, r.reason, r.code) for _, r in rounded] == [(Verdict.IMPRECISE, ROUNDING_NOTE,
                                                                     Reason.ROUNDING_EQUALS)]


def test_a_role_acts_on_the_code_and_a_reason_given_as_text_only_is_generic():
    """A judge that gives a message only keeps working: its code is OTHER, and the stages treat it as such, even
    when its text happens to begin as a coded reason does."""
    coded = Judgement(Verdict.WRONG, "", f"{NOT_FOLLOWING}: x = 2 ...", code=Reason.NOT_FOLLOWING)
    assert apply_role(coded, "equation", (None, None)) is coded  # wrong whatever its role
    text_only = Judgement(Verdict.WRONG, "", f"{NOT_FOLLOWING}: x = 2 ...")
    assert text_only.code is Reason.OTHER
    assert apply_role(text_only, "equation", (None, None)).verdict is Verdict.UNCHECKED


def test_a_step_left_for_the_budget_says_so_by_its_code():
    ticks = iter(range(0, 10**6, 100))  # the budget of 1 s has run out at the first look
    got = check_text("$1 + 1 = 2$\n\n$2 + 2 = 4$\n", "k.md", deadline=Deadline(1, None, clock=lambda: next(ticks)))
    assert got.findings and all(f.code is Reason.BUDGET and f.code in NOT_CHECKED for f in got.findings)
    assert got.findings and all(f.reason.startswith("not checked: the file's time budget") for f in got.findings)


def test_a_deadline_that_gives_a_message_only_keeps_working():
    class Old:
        def reason(self) -> str:
            return "not checked: out of time"

    assert code_of(Old()) is Reason.OTHER and code_of(Deadline(1, None)) is Reason.BUDGET


def test_the_code_is_never_written_out_nor_compared():
    f = Finding(1, 1, 1, 2, "x = 1", "=", Verdict.UNCHECKED, "", "free symbol(s) x", code=Reason.FREE_SYMBOLS)
    assert "code" not in f.to_json() and Reason.FREE_SYMBOLS.value not in str(f.to_json().values())
    assert f == Finding(1, 1, 1, 2, "x = 1", "=", Verdict.UNCHECKED, "", "free symbol(s) x")


def test_names_without_a_value_met_while_evaluating_carry_the_free_symbols_code():
    """A transpose of an unknown vector (``q^\\top k``) has no value for names without one: the step's code is
    FREE_SYMBOLS, as for a step whose sides have unknowns, so that an earlier paragraph's values are tried."""
    text = "Let $k_1 = (1, 1, 0)$ and $q = (1, 0, 1)$.\n\nThe score is $q^\\top k_1 = 1$."
    found = check_text(text).findings[-1]
    assert found.verdict is Verdict.CORRECT and "k_{1} = [1, 1, 0]" in found.reason
    found = check_text("The score is $q^\\top k_1 = 1$.").findings[-1]
    assert (found.verdict, found.code) == (Verdict.UNCHECKED, Reason.FREE_SYMBOLS), found
    # no message of that kind is written by hand any more: the exception names the unknowns
    written = [p for p in PACKAGE.rglob("*.py") if 'NotEvaluated(f"free symbol' in p.read_text(encoding="utf-8")]
    assert written == []
