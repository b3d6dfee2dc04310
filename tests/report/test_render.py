"""Rendering the appendix to LaTeX and Markdown from synthetic results (no TeX, no catalogue)."""

from __future__ import annotations

import dataclasses
import re

import pytest
from report_support import HOSTILE, HOSTILE_MD, make_claim, plot, result, synthetic_run

from lnsym.claims import Plot, Series, Status
from lnsym.report.appendix import (
    _sizes_text,
    _source_text,
    _split_top_level,
    context,
    graph_layout,
    render,
    report_date,
)
from lnsym.report.latex import escape_latex, escape_markdown
from lnsym.runner import VerifyRun


@pytest.fixture(scope="module")
def run():
    return synthetic_run()


@pytest.fixture(scope="module")
def tex(run):
    return render(run, "tex", date="2026-01-02")


@pytest.fixture(scope="module")
def md(run):
    return render(run, "md", date="2026-01-02")


def test_same_inputs_give_identical_bytes(run, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")
    for fmt in ("tex", "md"):
        first = render(run, fmt).encode()
        # a structurally equal run with different timings renders the same bytes
        slower = dataclasses.replace(run, seconds=1e6, results=tuple(
            dataclasses.replace(r, seconds=r.seconds * 3 + 1) for r in run.results))
        assert render(slower, fmt).encode() == first
        assert render(run, fmt).encode() == first


def test_no_timings_in_the_output(tex, md):
    for text in (tex, md):
        for timing in ("98.7", "76.5", "1.23", "0.123", "seconds"):
            assert timing not in text


def test_date_from_source_date_epoch(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")
    assert report_date() == "2026-01-02"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "not a number")
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", report_date())
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", report_date())


def test_title_page_says_what_when_and_versions(tex, md, run):
    for text in (tex.replace("-{}", "-"), md):
        assert "2026-01-02" in text
        for name, version in (("SymPy", "1.14.0"), ("NumPy", "2.0.0"), ("Python", "3.11.7"), ("lnsym", "0.1.0")):
            assert name in text and version in text
        assert "lnsym verify --seed 7" in text.replace("-{}", "-")
    assert r"Seed & 7" in tex


def test_hostile_text_is_escaped_in_latex(tex):
    assert escape_latex(HOSTILE) in tex
    # nothing of the hostile strings survives as a live command
    assert r"\input{/etc/passwd}" not in tex
    assert r"\write18{" not in tex
    assert "<script>" not in tex
    body = tex[tex.index(r"\begin{document}"):]
    assert body.count(r"\begin{") == body.count(r"\end{")


def test_every_claim_has_its_id_status_and_label(tex, md, run):
    for r in run.results:
        assert rf"\label{{claim:{r.id}}}" in tex
        key = r.status.value.replace("_", "")
        assert rf"\texttt{{{escape_latex(r.id)}}}\hfill\lnbadge{{{key}}}{{{r.status.text}}}" in tex
        assert f"### {r.id}\n" in md
        assert f"**{r.status.text}**" in md


def test_failed_and_error_claims_show_their_message(tex, md):
    assert r"Why it did not pass:} step 2 (expand) is false: " + escape_latex(HOSTILE) in tex
    assert r"\lnmessage{error}{\textbf{Error:} the check crashed: ZeroDivisionError: division by zero}" in tex
    assert "> **Error:** the check crashed: ZeroDivisionError: division by zero" in md
    assert "No symbolic steps" in tex and "No numeric evidence recorded." in tex
    assert r"\lnbad" in tex and r"\lnunknown" in tex


def test_step_math_is_kept_and_text_escaped(tex, md, run):
    assert r"\lnstep{\frac{a}{b}}{=}{\frac{a}{b}}" in tex
    assert "```math\n\\frac{a}{b} = \\frac{a}{b}\n```" in md
    assert "where $s = \\sqrt{\\sigma^2+\\epsilon}$ (50\\% of \\{cases\\})" in tex
    assert "where $s = \\sqrt{\\sigma^2+\\epsilon}$ (50% of {cases})" in md


def test_statement_split_into_lines_at_top_level_qquad():
    assert _split_top_level(r"a = b,\qquad c = d") == ["a = b,", "c = d"]
    assert _split_top_level(r"\begin{cases} a \qquad b \end{cases}\qquad c") == [
        r"\begin{cases} a \qquad b \end{cases}", "c"]
    assert _split_top_level(r"{a \qquad b}") == [r"{a \qquad b}"]
    assert _split_top_level(r"a \qquadx") == [r"a \qquadx"]
    assert _split_top_level(r"unbalanced { \qquad") == [r"unbalanced { \qquad"]


def test_markdown_tables_keep_their_columns(md):
    for line in md.splitlines():
        if line.startswith("|"):
            cells = re.split(r"(?<!\\)\|", line)
            assert cells[0] == "" and cells[-1] == "", line
    overview = md[md.index("## Overview"):md.index("## Dependency graph")]
    rows = [line for line in overview.splitlines() if line.startswith("|")]
    widths = {len(re.split(r"(?<!\\)\|", line)) for line in rows}
    assert widths == {8}, rows
    assert "<script>" not in md
    assert escape_markdown(HOSTILE_MD) in md


def test_markdown_has_mermaid_graph_and_plot_numbers(md):
    assert "```mermaid\ngraph TD\n" in md
    assert "n1 --> n2" in md or "n1 --> n3" in md
    assert "classDef failed" in md and "class n4 failed" in md
    assert "**Plot `demo-plot`**" in md
    assert "(12 of 48 rows)" in md


def test_plot_drops_undrawable_points_and_formats_numbers(tex):
    assert r"\addplot[no markers, thick, solid, color=lnplot0] coordinates {(1,1.02) (2,1.0404)" in tex
    assert "only marks" in tex
    assert "nan" not in tex.split(r"\begin{axis}")[1].split(r"\end{axis}")[0]
    assert "2 points that cannot be drawn" in tex
    assert "xmode=linear, ymode=log" in tex


def test_plot_with_nothing_drawable_renders_a_note():
    empty = Plot("empty", "Nothing here", "x", "y", (Series("all bad", (0.0, -1.0), (1.0, 2.0)),), xmode="log")
    run = VerifyRun((result(make_claim("lonely"), plots=(empty,)),), 0, 0.0, (), {})
    tex = render(run, "tex", date="2026-01-01")
    assert r"\begin{axis}" not in tex
    assert "no drawable numbers" in tex
    assert "No drawable numbers" in render(run, "md", date="2026-01-01")


def test_empty_run_renders():
    run = VerifyRun((), 0, 0.0, (), {})
    assert "No claim was checked." in render(run, "tex", date="2026-01-01")
    assert "No claim was checked." in render(run, "md", date="2026-01-01")


def test_graph_layout_layers_and_determinism(run):
    layout = graph_layout(run.results)
    by_id = {n.id: n for n in layout.nodes}
    assert by_id["base-identity"].layer == 0
    assert by_id["plotted-bound"].layer == by_id["checked-sizes"].layer == 1
    assert by_id["failing-claim"].layer == 2
    assert by_id["base-identity"].y > by_id["plotted-bound"].y > by_id["failing-claim"].y
    # the claim standing alone goes below the graph
    assert by_id["crashing-claim"].y < by_id["failing-claim"].y
    assert ("n1", "n2") in layout.edges and ("n2", "n4") in layout.edges
    assert layout.nodes and all(n.key != "" for n in layout.nodes)
    assert graph_layout(run.results) == layout
    positions = {(n.x, n.y) for n in layout.nodes}
    assert len(positions) == len(layout.nodes)


def test_graph_layout_wraps_wide_layers_and_survives_cycles():
    claims = [make_claim("root")] + [make_claim(f"leaf-{k}", depends_on=("root",)) for k in range(9)]
    layout = graph_layout([result(c) for c in claims], columns=4)
    rows = {n.y for n in layout.nodes if n.layer == 1}
    assert len(rows) == 3
    cyclic = [make_claim("a", depends_on=("b",)), make_claim("b", depends_on=("a",))]
    layout = graph_layout([result(c) for c in cyclic])
    assert len(layout.nodes) == 2


def test_many_claims_render_with_a_scaled_dependency_graph():
    # how fast: bench/bench_report.py (a wall-clock bound here failed on a loaded machine)
    claims = [make_claim(f"claim-{k}", f"Claim number {k}", depends_on=(f"claim-{k - 1}",) if k else ())
              for k in range(60)]
    run = VerifyRun(tuple(result(c, plots=(plot(f"p{k}"),) if k % 10 == 0 else ()) for k, c in enumerate(claims)),
                    0, 0.0, (), {})
    tex = render(run, "tex", date="2026-01-01")
    md = render(run, "md", date="2026-01-01")
    assert tex.count(r"\section[") == 60 and md.count("\n### claim-") == 60
    assert r"\resizebox*{!}{0.85\textheight}" in tex  # 60 layers do not fit a page unscaled


def test_helpers():
    assert _sizes_text((2, 3, 4, 8, 64, 512)) == "2–4, 8, 64, 512"
    assert _sizes_text((5, 6)) == "5, 6"
    assert _sizes_text(()) == "–"
    assert _source_text("/home/x/project/derivations/layernorm.py:45") == "derivations/layernorm.py:45"
    assert _source_text("/tmp/mine/claims.py:7") == "claims.py:7"
    assert _source_text("") == ""


def test_context_marks_dependencies_outside_the_run(run):
    ctx = context(run, date="2026-01-01")
    hostile = next(c for c in ctx["claims"] if c["id"] == "hostile-text")
    assert {"id": "not-in-run", "in_report": False, "status": ""} in hostile["uses"]
    base = next(c for c in ctx["claims"] if c["id"] == "base-identity")
    assert base["used_by"] == ["plotted-bound", "checked-sizes", "hostile-text"]
    assert ctx["counts"] == {"proved": 2, "proved_from_premises": 1, "checked": 2, "failed": 1, "error": 1}


def test_unknown_format():
    with pytest.raises(ValueError, match="unknown format"):
        render(VerifyRun((), 0, 0.0), "html")


def test_status_of_every_value_renders(run):
    for status in Status:
        one = VerifyRun((result(make_claim("x"), status),), 0, 0.0, (), {})
        key = status.value.replace("_", "")  # a TeX colour name; the badge shows the status in words
        assert rf"\lnbadge{{{key}}}{{{status.text}}}" in render(one, "tex", date="2026-01-01")


def test_expected_failure_is_shown_as_such():
    c = dataclasses.replace(make_claim("known-gap", "A published result that does not reproduce"),
                            expected_failure="measured on trained models; 50% & more")
    run = VerifyRun((result(c, Status.FAILED, message="numeric check failed"),), 0, 0.0, (), {})
    tex = render(run, "tex", date="2026-01-01")
    md = render(run, "md", date="2026-01-01")
    assert r"\textbf{Expected to fail:} measured on trained models; 50\% \& more" in tex
    assert r"\lnbadge{failed}{failed}\newline{\scriptsize expected}" in tex
    assert "1 failed (1 as expected)" in tex and "1 failed (1 as expected)" in md
    assert "> **Expected to fail:** measured on trained models; 50% &amp; more" in md
    assert "| failed (expected) |" in md
    passed = VerifyRun((result(c, Status.CHECKED),), 0, 0.0, (), {})
    assert "Expected to fail, but did not" in render(passed, "md", date="2026-01-01")
