"""The annotated report: the key in order, marks, and no raw TeX from the key."""

from __future__ import annotations

import shutil

import pytest

from lnsym.check import check_text
from lnsym.check.emit.annotated import render_report, typeset_math, write_report
from lnsym.check.findings import KeyReport

HOSTILE = (
    "Mean $\\mu=\\frac{2+4}{2}=3$ and $\\frac{1}{3}\\approx 0.334$.\n\n"
    "Evil: $\\input{/etc/passwd}=1$, \\write18{rm -rf /} $x=\\openin 3$ $\\def\\a{b}$ $\\catcode`\\%=11$ 100% #&~\n"
)


def report():
    return KeyReport((check_text(HOSTILE, "key.md"),))


def test_whitelist_typesetting():
    assert typeset_math(r"\frac{1}{2}\approx 0.5") == r"\frac {1}{2}\approx0.5"
    assert typeset_math(r"\input{/etc/passwd}") is None
    assert typeset_math(r"x^") is None
    assert typeset_math(r"\text{a\input{b}}") == r"\text{a\textbackslash{}input\{b\}}"


def test_tex_has_marks_and_no_raw_commands():
    tex = render_report(report(), "tex")
    assert r"\stepbad" in tex and r"\stepok" in tex and "0.333" in tex
    for bad in (r"\input{", r"\write18", r"\openin", r"\def\a", r"\catcode"):
        assert bad not in tex
    assert tex.index("Mean") < tex.index("Evil")


def test_markdown(tmp_path):
    out = write_report(report(), str(tmp_path / "k.md"))
    md = out.read_text(encoding="utf-8")
    assert "**✗ 0.333**" in md and "✓" in md


@pytest.mark.skipif(shutil.which("latexmk") is None, reason="latexmk is not installed")
def test_pdf(tmp_path):
    out = write_report(report(), str(tmp_path / "k.pdf"))
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.skipif(shutil.which("latexmk") is None, reason="latexmk is not installed")
def test_pdf_of_hostile_and_broken_math(tmp_path):
    text = ("$" + "{" * 300 + "1" + "}" * 300 + "=1$ $" + "x+" * 3000 + "1=1$\n\n"
            r"$\frac{1}=1$ $x^{}=2$ $\sqrt=1$ $\left( 1 = 1$ $\overset{a}=1$ and $1+1=2$.")
    out = write_report(KeyReport((check_text(text, "broken.md"),)), str(tmp_path / "b.pdf"))
    assert out.read_bytes().startswith(b"%PDF")
