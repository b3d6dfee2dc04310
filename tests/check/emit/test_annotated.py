"""The annotated report: the key in order, marks, and no raw TeX from the key."""

from __future__ import annotations

from report_support import tex_or_skip

from lnsym.check import check_text
from lnsym.check.emit.annotated import render_report, typeset_math
from lnsym.check.emit.report_file import write_report
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


def test_pdf(tmp_path):
    tex_or_skip()
    out = write_report(report(), str(tmp_path / "k.pdf"))
    assert out.read_bytes().startswith(b"%PDF")


def test_pdf_of_hostile_and_broken_math(tmp_path):
    tex_or_skip()
    text = ("$" + "{" * 300 + "1" + "}" * 300 + "=1$ $" + "x+" * 3000 + "1=1$\n\n"
            r"$\frac{1}=1$ $x^{}=2$ $\sqrt=1$ $\left( 1 = 1$ $\overset{a}=1$ and $1+1=2$.")
    out = write_report(KeyReport((check_text(text, "broken.md"),)), str(tmp_path / "b.pdf"))
    assert out.read_bytes().startswith(b"%PDF")


# -- issue 15: TeX's ^^ notation and raw HTML ----------------------------------------------------------
SPOOF = "$^^5cgdef^^5cstepbad^^231^^232{^^5cstepok{1}}$\n\n$3+3=7$\n"  # ^^5c is a backslash to TeX
LOOP = "$^^5cdef^^5cx{^^5cx}^^5cx$\n\n$1+1=2$\n"
HTML = ("$<svg/onload=alert(1)>$ and $<!--$ then $1<2$ and $x^2 > 0$ and $<img src=x onerror=alert(1)>$\n\n"
        "More text $2+2=4$ <b>bold</b> &amp; $a<b>c$.\n")


def test_carets_never_reach_tex():
    assert typeset_math("^^5cinput{x}") is None
    assert typeset_math("x^{^2}") is not None  # a superscript inside a superscript is not the notation
    tex = render_report(KeyReport((check_text(SPOOF, "spoof.md"),)), "tex")
    assert "^^" not in tex
    assert r"\gdef" not in tex and "stepbad^" not in tex
    assert r"\stepbad{3:2}{6}" in tex  # the wrong step keeps its red mark


def test_the_spoof_and_the_loop_build_with_their_math_as_text(tmp_path):
    tex_or_skip()
    import subprocess
    import time

    for name, key in (("spoof", SPOOF), ("loop", LOOP)):
        t = time.monotonic()
        out = write_report(KeyReport((check_text(key, f"{name}.md"),)), str(tmp_path / f"{name}.pdf"))
        assert time.monotonic() - t < 60  # the loop ran into a 300 s timeout, then a second build
        text = subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout
        assert "^^5c" in text  # shown, not obeyed


def _elements(md: str) -> tuple[set[str], list[str]]:
    """Tag names of the HTML a CommonMark renderer makes of ``md``, and any raw HTML it passes through."""
    import re

    from markdown_it import MarkdownIt

    parser = MarkdownIt("commonmark").enable("table")
    raw = []
    for tok in parser.parse(md):
        if tok.type in ("html_block", "html_inline"):
            raw.append(tok.content)
        raw.extend(c.content for c in tok.children or () if c.type in ("html_block", "html_inline"))
    html = parser.render(md)
    return set(re.findall(r"<([A-Za-z][A-Za-z0-9]*)", html)), raw


def test_the_markdown_report_holds_no_element_from_the_key():
    md = render_report(KeyReport((check_text(HTML, "html.md"),)), "md")
    tags, raw = _elements(md)
    assert raw == []
    assert tags <= {"h1", "h2", "p", "table", "thead", "tbody", "tr", "th", "td", "strong", "em", "code"}, tags
    import re

    outside_code = re.sub(r"`[^`]*`", "", md)
    assert not re.search(r"<[A-Za-z/!?]", outside_code)  # what any HTML parser would take for markup
    assert r"\lt" in md and r"\gt" in md  # the math is still there, as MathJax and KaTeX write it


def test_the_markdown_check_finds_raw_html_when_there_is_some():
    # the check above must be able to fail: the same renderer on unescaped text
    tags, raw = _elements("$<img src=x onerror=alert(1)>$ and $<!--$\n")
    assert raw and "img" in tags


def test_a_step_written_in_prose_is_marked_where_it_ends():
    # outside math, a step's mark once went after the next formula (a ✗ on a correct $3+3=6$), or was
    # dropped when no formula followed
    report = KeyReport((check_text("So 2 + 2 = 5. Then $3+3=6$.\n\nLast: 1 + 2 = 4.\n", "prose.md"),))
    assert [f.verdict.value for f in report.files[0].findings] == ["wrong", "correct", "wrong"]
    md = render_report(report, "md")
    assert "So 2 + 2 = 5 **✗ 4**. Then $3+3=6$ ✓." in md
    assert "Last: 1 + 2 = 4 **✗ 3**." in md
    tex = render_report(report, "tex")
    assert r"2 + 2 = 5\,\stepbad{1:4}{4}" in tex and r"1 + 2 = 4\,\stepbad{3:7}{3}" in tex
