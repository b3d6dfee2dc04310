"""Building real PDFs with latexmk (skipped only where CI is not set and TeX is absent).

One PDF of the synthetic results (hostile strings, every status, a plot) is built once for the
module; pdftotext shows what a reader sees.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from report_support import (
    HOSTILE,
    make_claim,
    pdf_pages,
    pdf_text,
    result,
    squash,
    synthetic_run,
    tex_or_skip,
)

from lnsym.errors import BuildError
from lnsym.report import pdf as pdf_module
from lnsym.report.appendix import render
from lnsym.report.pdf import TEX_PACKAGES, TexNotFoundError, build_pdf, log_errors
from lnsym.runner import VerifyRun


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    tex_or_skip()
    folder = tmp_path_factory.mktemp("pdf")
    run = synthetic_run()
    tex = render(run, "tex", date="2026-01-02")
    out = build_pdf(tex, folder / "appendix.pdf")
    return run, out, pdf_text(out), pdf_text(out, layout=True)


def test_pdf_is_written_where_asked(built):
    _, out, _, _ = built
    assert out.is_file() and out.read_bytes().startswith(b"%PDF")
    assert not list(out.parent.glob(".appendix.pdf.*"))  # no temporary file left behind
    assert pdf_pages(out) >= 4


def test_pdf_shows_each_claim_id_status_and_the_overview(built):
    run, _, text, layout = built
    flat = squash(text)
    assert "Derivation appendix" in flat
    assert "Overview" in flat and "Dependency graph" in flat
    assert ("5 of 7 claims passed (2 proved, 1 proved from premises, 2 checked); 1 failed and 1 ended in an "
            "error.") in flat
    for r in run.results:
        # the id line of the claim's section: id, then its status badge
        assert re.search(rf"^{re.escape(r.id)}\s+{r.status.text}\s*$", layout, re.MULTILINE), r.id
        assert f"lnsym verify {r.id}" in flat
    for name in ("SymPy", "NumPy", "Python", "1.14.0", "2.0.0", "3.11.7", "2026-01-02"):
        assert name in flat


def test_hostile_strings_appear_literally(built):
    _, _, text, _ = built
    flat = squash(text)
    assert HOSTILE in flat  # \input{/etc/passwd} \write18{...} }{ unbalanced { % & _ # ~ ^ $ -- << >>
    assert not Path("/tmp/lnsym-pwned").exists()
    assert "root:x:0:0" not in text  # /etc/passwd was not read
    greek = unicodedata.normalize("NFKC", flat)  # pdftotext gives the micro sign for mu
    assert "μ σ ε" in greek
    for piece in ("≈ ≤ ≥", "é ß ž", "[U+4E2D][U+6587]", "[U+1F600]", "end"):
        assert piece in flat, piece
    assert "50% x1 & #2" in flat or "50% x 1 & #2" in flat


def test_failure_message_and_marks_are_visible(built):
    _, _, text, _ = built
    flat = squash(text)
    assert "Why it did not pass: step 2 (expand) is false:" in flat
    assert "Error: the check crashed: ZeroDivisionError: division by zero" in flat
    assert "differs by 1 at d = 3" in flat


def test_no_unresolved_references(built):
    _, _, text, _ = built
    assert "??" not in text


def test_plot_is_drawn(built):
    _, _, text, _ = built
    flat = squash(text)
    assert "Plot demo-plot" in flat
    assert "largest of 20 random products" in flat


def test_latex_error_reports_the_tex_line_and_leaves_the_output_alone(tmp_path):
    tex_or_skip()
    out = tmp_path / "x.pdf"
    out.write_bytes(b"old")
    source = "\\documentclass{article}\n\\begin{document}\nfine\n\\undefinedcommand{oops}\n\\end{document}\n"
    with pytest.raises(BuildError) as info:
        build_pdf(source, out)
    message = str(info.value)
    assert "Undefined control sequence" in message
    assert "x.tex line 4: \\undefinedcommand{oops}" in message
    assert out.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.pdf"]
    assert info.value.exit_code == 3


def test_a_file_outside_the_build_folder_cannot_be_read(tmp_path):
    tex_or_skip()
    source = "\\documentclass{article}\n\\begin{document}\n\\input{/etc/hostname}\n\\end{document}\n"
    with pytest.raises(BuildError, match="line 3"):
        build_pdf(source, tmp_path / "x.pdf")


def test_no_tex_names_the_debian_packages(tmp_path, monkeypatch):
    monkeypatch.setattr(pdf_module.shutil, "which", lambda name: None)
    with pytest.raises(TexNotFoundError) as info:
        build_pdf("\\documentclass{article}", tmp_path / "x.pdf")
    assert TEX_PACKAGES in str(info.value)
    assert "texlive-latex-recommended texlive-pictures lmodern latexmk" in str(info.value)
    assert isinstance(info.value, BuildError) and info.value.exit_code == 3
    assert not (tmp_path / "x.pdf").exists()


def test_log_errors_parsing():
    log = "junk\n! Undefined control sequence.\n<recently read> \\foo\n \nl.2 \\foo\n                 bar\n"
    message = log_errors(log, "first\n\\foo bar\n", name="doc.tex")
    assert message.splitlines()[0] == "! Undefined control sequence."
    assert "at doc.tex line 2: \\foo bar" in message
    assert "no error message found" in log_errors("all fine\n", "", name="doc.tex")


def test_small_document_with_every_status_builds(tmp_path):
    tex_or_skip()
    claims = [make_claim("only-one", "Only one")]
    run = VerifyRun((result(claims[0]),), 0, 0.0, (), {})
    out = build_pdf(render(run, "tex", date="2026-01-01"), tmp_path / "one.pdf")
    text = pdf_text(out)
    assert "only-one" in text and "??" not in text


def test_ci_has_tex():
    """In CI, TeX must be there (the README's ci:apt list installs it); elsewhere this skips like the
    other PDF tests when TeX is absent, and passes when it is there."""
    tex_or_skip()


def test_any_unicode_text_builds(tmp_path):
    tex_or_skip()
    from lnsym.report.latex import escape_latex

    text = "".join(chr(c) for c in range(0x20, 0x180))
    text += "".join(chr(c) for c in (*range(0x370, 0x3D0), *range(0x400, 0x420), *range(0x2000, 0x2070),
                                     *range(0x2190, 0x21A0), *range(0x2200, 0x2270), 0x4E2D, 0x1F600, 0xFFFD))
    source = ("\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n"
              "\\usepackage{lmodern}\n\\usepackage{textcomp}\n\\usepackage{amssymb}\n\\begin{document}\n"
              f"{escape_latex(text)}\n\\end{{document}}\n")
    out = build_pdf(source, tmp_path / "unicode.pdf")
    flat = squash(pdf_text(out))
    assert "!\"#$%&" in flat and "é" in flat and "[U+4E2D]" in flat


def test_pdf_is_reproducible_with_source_date_epoch(tmp_path, monkeypatch):
    tex_or_skip()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")
    run = VerifyRun((result(make_claim("only-one", "Only one")),), 0, 0.0, (), {})
    tex = render(run, "tex")
    first = build_pdf(tex, tmp_path / "a.pdf").read_bytes()
    assert build_pdf(tex, tmp_path / "b.pdf").read_bytes() == first


def _tex_processes_with(marker: str) -> list[str]:
    """Command lines of the live processes whose environment holds ``marker``."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if marker.encode() in (proc / "environ").read_bytes():
                found.append((proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"))
        except OSError:  # gone, or not ours to read
            continue
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
def test_a_looping_document_times_out_and_leaves_no_tex_process(tmp_path, monkeypatch):
    # killing latexmk alone left pdflatex looping at full speed after lnsym had exited
    tex_or_skip()
    import time
    import uuid

    from lnsym.report.pdf import BuildTimeout

    marker = f"LNSYM_TEX_TEST_{uuid.uuid4().hex}"
    monkeypatch.setenv(marker, "1")
    out = tmp_path / "loop.pdf"
    t = time.monotonic()
    with pytest.raises(BuildTimeout, match="did not finish within 3 s"):
        build_pdf("\\documentclass{article}\n\\begin{document}\n\\def\\x{\\x}\\x\n\\end{document}\n", out,
                  timeout=3)
    assert time.monotonic() - t < 15
    assert not out.exists()
    assert _tex_processes_with(marker) == []


def test_hostile_math_in_prose_builds_and_shows_as_text(tmp_path):
    """Every text field is prose with math; math that could run TeX code is shown as text, and the
    document still builds. The ^^ spelling would be a backslash to TeX (^^5c)."""
    tex_or_skip()
    from report_support import HOSTILE_MATH, numeric, step

    hostile = " ".join(f"${m}$" for m in HOSTILE_MATH)
    claim = make_claim("hostile-math", r"Title with $\alpha = (2N)^{1/4}$ and $\input{/etc/passwd}$")
    run = VerifyRun((result(claim, steps=(step(1, justification="fine $x_1 \\le 2$ then " + hostile),),
                            numerics=(numeric(label=r"$^^5cinput{/etc/passwd}$ and $\|J\|_2$"),),
                            notes=(r"$\write18{touch /tmp/lnsym-pwned-math}$ $\catcode`\^=7$",)),), 0, 0.0, (), {})
    out = build_pdf(render(run, "tex", date="2026-01-01"), tmp_path / "math.pdf")
    text = squash(pdf_text(out))
    assert not Path("/tmp/lnsym-pwned-math").exists() and "root:x:0:0" not in text
    for literal in (r"$\input{/etc/passwd}$", r"$^^5cinput{/etc/passwd}$", r"$\write18{touch /tmp/lnsym-pwned-math}$",
                    r"$\end{document}$"):
        assert literal in text, literal
    assert "∥J∥" in text and r"\|J\|" not in text  # the valid math is set as math
