"""End to end on the real catalogue: the committed ``reports/appendix.md`` is current, and the full
appendix PDF shows every claim with its status, the overview, the graph and the plots.

The catalogue is checked once for the module (seed 0) and the CLI is run on that result.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest
from report_support import pdf_pages, pdf_text, squash, tex_or_skip

import lnsym.runner
from lnsym.cli import main
from lnsym.report.appendix import BLOCKS_FILE, figure_files, render
from lnsym.report.figure_context import HEAT_FILE, STREAM_FILE

APPENDIX = Path(__file__).resolve().parents[2] / "reports" / "appendix.md"
EPOCH = "1796083200"  # 2026-12-01, the date printed in the committed appendix
REGENERATE = f"SOURCE_DATE_EPOCH={EPOCH} python -m lnsym report --format md -o reports/appendix.md"
# rows that may differ between machines without the appendix being stale
_VOLATILE = re.compile(r"^\| \*\*(Date|lnsym|SymPy|NumPy|Python)\*\* \|.*$", re.MULTILINE)


@pytest.fixture(scope="module")
def run():
    return lnsym.runner.verify(seed=0)


@pytest.fixture
def cached(run, monkeypatch):
    monkeypatch.setattr(lnsym.runner, "verify", lambda *a, **k: run)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    return run


def test_committed_markdown_appendix_is_current(run, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    fresh = render(run, "md")
    committed = APPENDIX.read_text(encoding="utf-8") if APPENDIX.is_file() else ""
    if _VOLATILE.sub("", fresh) != _VOLATILE.sub("", committed):
        diff = "\n".join(list(difflib.unified_diff(committed.splitlines(), fresh.splitlines(), "committed", "fresh",
                                                   lineterm="", n=1))[:40])
        pytest.fail(f"reports/appendix.md is stale; regenerate it from the repository root with\n\n    {REGENERATE}\n\n"
                    f"and commit it. First differences:\n{diff}")


def test_committed_figures_are_current(run, monkeypatch):
    """The SVGs the committed Markdown shows, beside it (written by the same command)."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    files = figure_files(run)
    markdown = render(run, "md")
    assert list(files) == [BLOCKS_FILE, HEAT_FILE, STREAM_FILE]
    for name, text in files.items():
        committed = APPENDIX.with_name(name)
        assert f"]({name})" in markdown
        assert committed.is_file() and committed.read_text(encoding="utf-8") == text, \
            f"reports/{name} is stale; regenerate it with\n\n    {REGENERATE}"


def test_markdown_renders_the_same_bytes_twice(run, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    assert render(run, "md").encode() == render(run, "md").encode()
    assert render(run, "tex").encode() == render(run, "tex").encode()


def test_markdown_cli_writes_the_committed_form(cached, tmp_path):
    out = tmp_path / "appendix.md"
    assert main(["report", "--format", "md", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == render(cached, "md")


@pytest.fixture(scope="module")
def full_pdf(run, tmp_path_factory):
    tex_or_skip()
    folder = tmp_path_factory.mktemp("catalogue")
    mp = pytest.MonkeyPatch()
    mp.setattr(lnsym.runner, "verify", lambda *a, **k: run)
    mp.setenv("SOURCE_DATE_EPOCH", EPOCH)
    try:
        code = main(["report", "--format", "pdf", "-o", str(folder / "appendix.pdf")])
    finally:
        mp.undo()
    assert code == 0
    out = folder / "appendix.pdf"
    return out, pdf_text(out), pdf_text(out, layout=True)


def test_full_pdf_shows_every_claim_and_status(run, full_pdf):
    out, text, layout = full_pdf
    flat = squash(text)
    assert "Overview" in flat and "Dependency graph" in flat
    assert f"of {len(run.results)} claims passed" in flat
    for r in run.results:
        assert re.search(rf"^{re.escape(r.id)}\s+{r.status.text}\s*$", layout, re.MULTILINE), \
            f"{r.id} with status {r.status.text} not found on its section's id line"
        assert f"lnsym verify {r.id}" in flat
        assert r.claim.title.split()[0] in flat
    assert "??" not in text
    assert pdf_pages(out) >= len(run.results) // 2


def test_full_pdf_has_the_plots(run, full_pdf):
    _, text, _ = full_pdf
    flat = squash(text)
    names = [p.name for r in run.results for p in r.plots]
    for name in names:
        assert f"Plot {name}" in flat
    for required in ("layernorm-cap", "residual-product-bound"):
        if required not in names:
            pytest.fail(f"the catalogue has no plot named {required!r} (the issue asks for it)")


# ----------------------------------------------------------------------------- no ASCII math in prose
# Spellings of math in plain text that the catalogue writes as LaTeX instead: a caret, sqrt(...),
# sum(...), a double bar, <=, >=, !=, ->, Greek letters spelled out, a subscript with "_".
_ASCII_MATH = [r"\^", r"\bsqrt\(", r"\bsum\(", r"\bexp\(", r"\blog\(", r"\|\|", r"<=", r">=", r"!=", r"->",
               r"\b(alpha|beta|gamma|delta|epsilon|eps|sigma|mu|zhat|lambda)\b", r"[A-Za-z0-9]_[A-Za-z0-9{(]"]


def _unescape_tex(text: str) -> str:
    for escaped, plain in ((r"\textasciicircum{}", "^"), (r"\textbar{}", "|"), (r"\textless{}", "<"),
                           (r"\textgreater{}", ">"), (r"\_", "_"), ("-{}", "-"), (r"\{", "{"), (r"\}", "}")):
        text = text.replace(escaped, plain)
    return text


def tex_prose(tex: str) -> str:
    """The text of the LaTeX appendix outside math, ids, plots and the preamble, unescaped."""
    body = tex[tex.index(r"\begin{document}"):]
    body = re.sub(r"^\\(lnstep|lndisplay|addplot|node|draw)\b.*$", "", body, flags=re.MULTILINE)
    body = re.sub(r"(?<!\\)\$[^$]*?(?<!\\)\$", " ", body)
    body = re.sub(r"\\(texttt|label|ref|pageref|hyperref)(\[[^\]]*\])?\{[^{}]*(\{[^{}]*\}[^{}]*)*\}", " ", body)
    return _unescape_tex(body)


def md_prose(md: str) -> str:
    """The text of the Markdown appendix outside math blocks, inline math, code and the graph."""
    md = re.sub(r"<!--.*?-->", " ", md, flags=re.DOTALL)  # the template's own comment
    md = re.sub(r"```(math|mermaid)\n.*?```", " ", md, flags=re.DOTALL)
    md = re.sub(r"`[^`]*`", " ", md)
    md = re.sub(r"(?<!\\)\$[^$\n]*?(?<!\\)\$", " ", md)
    md = re.sub(r"\]\(#[a-z0-9-]+\)", "]", md)  # link targets are ids
    return md.replace(r"\_", "_").replace(r"\|", "|").replace("&lt;", "<").replace("&gt;", ">")


def ascii_math(prose: str) -> list[str]:
    found = []
    for pattern in _ASCII_MATH:
        for m in re.finditer(pattern, prose):
            found.append(prose[max(0, m.start() - 30):m.end() + 30].replace("\n", " "))
    return found


def test_the_ascii_math_detector_finds_ascii_math():
    from report_support import make_claim, result, step

    from lnsym.runner import VerifyRun

    bad = VerifyRun((result(make_claim("ascii"), steps=(step(1, justification="alpha = (2N)^(1/4) at N = 6"),
                                                        step(2, justification="sum(zhat) = 0, ||J|| <= 1"))),),
                    0, 0.0, (), {})
    typeset = step(1, justification=r"$\alpha = (2N)^{1/4}$ at $N = 6$")
    good = VerifyRun((result(make_claim("typeset"), steps=(typeset,)),), 0, 0.0, (), {})
    for fmt, prose in (("tex", tex_prose), ("md", md_prose)):
        assert len(ascii_math(prose(render(bad, fmt, date="2026-01-01")))) >= 4
        assert ascii_math(prose(render(good, fmt, date="2026-01-01"))) == []


def test_no_ascii_math_in_the_appendix_prose(run, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    for fmt, prose in (("tex", tex_prose), ("md", md_prose)):
        found = ascii_math(prose(render(run, fmt)))
        assert not found, f"ASCII math in the {fmt} appendix's prose:\n" + "\n".join(found[:40])
