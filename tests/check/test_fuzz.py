"""Fuzzing `lnsym check`: keys from a grammar of math tokens and Markdown structure, and mutations of a real
key. Whatever the key, the command answers: no traceback, valid JSON, a documented exit code, time within
a bound proportional to the key's size, and no TeX control sequence from the key in the `.tex` report.

The seed is fixed (``derandomize``) and the budget short in CI; ``pytest -m fuzz`` runs the long version.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared_files import SEED

from lnsym.check import check_text
from lnsym.check.emit.annotated import _ALLOWED, render_report
from lnsym.check.findings import KeyReport
from lnsym.cli import main
from lnsym.report.latex import escape_latex

EXIT_CODES = {0, 1, 4}  # 2 and 3 are for unreadable input and PDF builds, neither of which happens here
_CONTROL = re.compile(r"\\([A-Za-z]+|.)", re.S)


def _seed_text() -> str:
    here = Path(__file__).resolve().parents[2]
    for candidate in (here / "lnsym" / "examples" / "residual-layernorm.md", SEED):
        if candidate.exists():
            return candidate.read_text(encoding="utf-8")
    return "Mean $\\mu=\\frac{2+4+4+6}{4}=\\frac{16}{4}=4$ and $\\sigma=\\sqrt{2}\\approx 1.4142$.\n"


SEED_TEXT = _seed_text()

# -- the grammar ---------------------------------------------------------------------------------------
_HOSTILE = ["^^5c", "^^5cinput{/etc/passwd}", "\\input{x}", "\\def\\x{\\x}\\x", "\\catcode`\\^=7", "<svg/onload=1>",
            "<!--", "-->", "<!-- lnsym: eps = 1e-99999 -->", "`", "```", "$", "$$", "\\(", "\\[", "\\]", "\\)",
            "\\begin{equation}", "\\end{align}", "%", "&", "#", "~", "\\\\", "\x00", "\u202e", "\ufeff"]
_NUMBERS = st.one_of(st.integers(-10**6, 10**6).map(str), st.decimals(allow_nan=False, allow_infinity=False,
                                                                       places=4).map(str),
                     st.sampled_from(["0", "1.01", "9" * 50, "0." + "3" * 30, "1{,}000", "10^{-5}"]))
_LEAF = st.one_of(_NUMBERS, st.sampled_from([*"xyzabn", "\\mu", "\\sigma", "\\epsilon", "\\pi", "\\gamma", "x_1",
                                             "z_{i}", "\\hat{z}_a", "e"]))


def _grow(inner):
    pair = st.tuples(inner, inner)
    return st.one_of(
        pair.map(lambda p: f"\\frac{{{p[0]}}}{{{p[1]}}}"), inner.map(lambda a: f"\\sqrt{{{a}}}"),
        pair.map(lambda p: f"{p[0]}^{{{p[1]}}}"), pair.map(lambda p: f"{p[0]}_{{{p[1]}}}"),
        inner.map(lambda a: f"({a})"), inner.map(lambda a: f"\\left({a}\\right)"),
        pair.map(lambda p: f"[{p[0]}, {p[1]}]"), st.tuples(inner, st.sampled_from(["+", "-", "\\cdot ", "\\times ",
                                                                                  "/", " "]), inner).map("".join),
        inner.map(lambda a: f"\\text{{{a}}}"), inner.map(lambda a: f"|{a}|"), inner.map(lambda a: f"{a}!"),
    )


_TERM = st.recursive(_LEAF, _grow, max_leaves=12)
_REL = st.sampled_from(["=", "=", "\\approx ", "<", "\\le ", "\\ne ", "≈", "&=", ",", "\\quad", "\\Rightarrow "])
_CHAIN = st.lists(st.tuples(_TERM, _REL), min_size=1, max_size=4).map(
    lambda parts: "".join(t + r for t, r in parts)[:-1] if parts else "")
_MATH = st.one_of(_CHAIN.map(lambda m: f"${m}$"), _CHAIN.map(lambda m: f"$${m}$$"), _CHAIN.map(lambda m: f"\\({m}\\)"),
                  _CHAIN.map(lambda m: f"\\begin{{align}}{m}\\end{{align}}"))
_PROSE = st.one_of(st.sampled_from(["Mean:", "If", "so", "Deviations:", "in base $2$", "or", "::: ", "Note",
                                    "`code $x=1$`", "\\$5", "100%"]), st.text(max_size=12))
_LINE = st.lists(st.one_of(_MATH, _PROSE, st.sampled_from(_HOSTILE)), max_size=6).map(" ".join)
_BLOCK = st.tuples(st.sampled_from(["", "- ", "1. ", "# ", "> ", "  "]), _LINE).map("".join)
GRAMMAR_KEY = st.lists(st.one_of(_BLOCK, st.just(""), st.just("```"), _BLOCK.map(lambda b: b + " ::: " + b)),
                       max_size=12).map("\n".join)


@st.composite
def mutated_key(draw) -> str:
    """A slice of the real key, cut, duplicated and salted with hostile tokens."""
    text = SEED_TEXT
    start = draw(st.integers(0, max(0, len(text) - 1)))
    text = text[start : start + draw(st.integers(0, 3000))]
    for _ in range(draw(st.integers(0, 6))):
        if not text:
            break
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 200)))
        op = draw(st.sampled_from(["delete", "duplicate", "insert", "swap"]))
        if op == "delete":
            text = text[:i] + text[j:]
        elif op == "duplicate":
            text = text[:j] + text[i:j] * draw(st.integers(1, 5)) + text[j:]
        elif op == "insert":
            text = text[:i] + draw(st.one_of(st.sampled_from(_HOSTILE), _MATH)) + text[i:]
        elif j - i >= 2:
            text = text[:i] + text[j - 1] + text[i + 1 : j - 1] + text[i] + text[j:]
    return text


KEYS = st.one_of(GRAMMAR_KEY, mutated_key())


# -- what a .tex report may hold --------------------------------------------------------------------
def _allowed_control_sequences() -> set[str]:
    benign = "$1+1=2$ $2+2=5$ $x=y$ $\\frac{1}{3}\\approx 0.33$ $3.14=\\pi$ $1/0=1$ $$1=1$$ $\\foo=1$\n\n- item $a$"
    allowed = {m.group(1) for m in _CONTROL.finditer(render_report(KeyReport((check_text(benign),)), "tex"))}
    for code in [*range(0x20, 0x3000), 0x1F600]:  # everything escape_latex writes
        allowed |= {m.group(1) for m in _CONTROL.finditer(escape_latex(chr(code)))}
    return allowed | _ALLOWED


ALLOWED = _allowed_control_sequences()


def check_one(tmp_path: Path, key: str) -> None:
    path = tmp_path / "key.md"
    path.write_text(key, encoding="utf-8", errors="surrogatepass")
    tex = tmp_path / "key.tex"
    out = io.StringIO()
    t = time.monotonic()
    with contextlib.redirect_stdout(out):
        code = main(["check", "--json", "--file-seconds", "0", "--run-seconds", "0", "--report", str(tex), str(path)])
    seconds = time.monotonic() - t
    assert code in EXIT_CODES
    data = json.loads(out.getvalue())
    assert set(data) == {"summary", "files"} and sum(data["summary"].values()) == len(data["files"][0]["findings"])
    # each step has 2 s; a key of n characters has at most n/2 steps, but real time is start-up and parsing
    assert seconds < 20 + len(key) / 100, (seconds, len(key))
    report = tex.read_text(encoding="utf-8")
    assert "^^" not in report
    used = {m.group(1) for m in _CONTROL.finditer(report)}
    assert used <= ALLOWED, used - ALLOWED


_CI = settings(max_examples=25, deadline=None, derandomize=True, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                      HealthCheck.data_too_large])


@_CI
@given(KEYS)
def test_any_key_gets_an_answer(tmp_path, key):
    check_one(tmp_path, key)


@pytest.mark.fuzz
@settings(_CI, max_examples=600)
@given(KEYS)
def test_any_key_gets_an_answer_long(tmp_path, key):
    check_one(tmp_path, key)


def test_the_tex_check_can_fail():
    # the allowed set does not hold what a key would smuggle in
    assert not {"input", "def", "gdef", "catcode", "write", "openin", "x"} & ALLOWED
