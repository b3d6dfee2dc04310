"""The LayerNorm Jacobian heatmaps and the unrolled residual stream: the drawn values are
``layer_norm_jacobian``'s, one colour scale serves every panel, the chains are read from the blocks'
formulas, and the emitters are deterministic, escape their text and stay inert."""

from __future__ import annotations

import dataclasses
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from html_whitelist import inspect
from report_support import HOSTILE, _page, make_claim, result, synthetic_run

import lnsym.report.heatmaps as heatmaps
import lnsym.runner
from lnsym import layer_norm_jacobian
from lnsym.catalogue import load_catalogue
from lnsym.cli import main
from lnsym.report.appendix import BLOCKS_FILE, figure_files, render
from lnsym.report.appendix_html import render_html
from lnsym.report.figure_context import HEAT_FILE, STREAM_FILE
from lnsym.report.heatmap_emit import number_text, svg_heatmaps, tikz_heatmaps
from lnsym.report.heatmaps import INPUTS, colour, jacobian_panels, layout
from lnsym.report.stream import CHAINS, chain_for
from lnsym.report.stream import layout as stream_layout
from lnsym.report.stream_emit import svg_stream, tikz_stream

NS = "{http://www.w3.org/2000/svg}"
WORKED = INPUTS[0]


# ------------------------------------------------------------------------------- the values drawn
def drawn_mismatches(placed) -> list[str]:
    """Every cell of every J panel whose drawn value is not ``layer_norm_jacobian`` at the row's input."""
    bad = []
    for row in placed.rows:
        expected = layer_norm_jacobian(np.asarray(row.inp.x), eps=row.inp.eps)
        panel = row.panels[0]
        d = expected.shape[0]
        assert panel.panel.part.key == "J" and len(panel.cells) == d * d
        for k, cell in enumerate(panel.cells):
            if cell.value != expected[divmod(k, d)]:
                bad.append(f"{row.inp.key}[{divmod(k, d)}] = {cell.value} != {expected[divmod(k, d)]}")
    return bad


def test_the_worked_example_is_the_answer_keys_input():
    assert WORKED.x == (2.0, 4.0, 4.0, 6.0) and WORKED.eps == 0.0 and WORKED.numbers
    assert len(INPUTS[1].x) == 16 and not INPUTS[1].numbers


def test_drawn_values_equal_layer_norm_jacobian():
    placed = layout()
    assert [r.inp.key for r in placed.rows] == ["worked", "random"]
    assert drawn_mismatches(placed) == []


def test_a_perturbed_matrix_is_caught(monkeypatch):
    """The mutation: one entry of the drawn J changed by 1e-3, and the check above fails."""
    original = heatmaps.jacobian_panels

    def perturbed(inp):
        panels = original(inp)
        values = panels[0].values.copy()
        values[0, 1] += 1e-3
        return (dataclasses.replace(panels[0], values=values), *panels[1:])

    monkeypatch.setattr(heatmaps, "jacobian_panels", perturbed)
    assert len(drawn_mismatches(layout())) == len(INPUTS)


def test_the_parts_add_up_to_the_jacobian_and_are_what_they_say():
    for inp in INPUTS:
        j, delta, mean, variance = (p.values for p in jacobian_panels(inp))
        d = j.shape[0]
        assert np.allclose(delta + mean + variance, j, rtol=0, atol=1e-14)
        s = delta[0, 0]
        assert np.array_equal(delta, s * np.eye(d)) and np.all(mean == -s / d)
        assert np.linalg.matrix_rank(variance) == 1  # a rank-one pattern: -s ẑ ẑᵀ / d
    # the worked example, by hand: s = 1/√2, ẑ = (-√2, 0, 0, √2)
    j, _delta, _mean, variance = (p.values for p in jacobian_panels(WORKED))
    s = 1 / np.sqrt(2)
    assert np.isclose(j[1, 1], s * (1 - 1 / 4)) and np.isclose(variance[0, 3], s * 2 / 4)
    assert np.count_nonzero(np.round(variance, 12)) == 4  # only the corners


def test_the_4x4_cells_write_the_numbers_of_layer_norm_jacobian():
    svg = svg_heatmaps()
    expected = layer_norm_jacobian(np.asarray(WORKED.x), eps=0.0)
    texts = [t.text for t in ET.fromstring(svg).iter(f"{NS}text") if t.text and re.fullmatch(r"−?\d\.\d\d|0", t.text)]
    j_cells = texts[:16]  # the first panel's cells come first
    assert j_cells == [number_text(v) for v in expected.ravel()]
    assert "0.53" in j_cells and "−0.18" in j_cells
    tex = tikz_heatmaps()
    assert tex.count(r"{$-$0.18}") >= 12 and "{0.53}" in tex


# ----------------------------------------------------------------------------- one colour scale
def test_one_colour_scale_for_every_panel_and_the_bar():
    placed = layout()
    cells = [c for row in placed.rows for p in row.panels for c in p.cells]
    assert len(cells) == 4 * (4 * 4 + 16 * 16)
    largest = max(abs(c.value) for c in cells)
    assert largest <= placed.bound < largest + 0.1
    assert cells and all(c.fill == colour(c.value, placed.bound) for c in cells)
    # the same number has the same colour in every panel: J_12 = -s/4 (ẑ_2 = 0) and the mean part's -s/4
    worked = placed.rows[0].panels
    assert worked[0].cells[1].value == pytest.approx(worked[2].cells[1].value)
    assert worked[0].cells[1].fill == worked[2].cells[1].fill
    # the bar spans the same scale: its ends are the scale's ends, and it is labelled with them
    assert placed.bar and all(c.fill == colour(c.value, placed.bound) for c in placed.bar)
    assert placed.bar[0].value == -placed.bar[-1].value > placed.bound * 0.95  # top +bound, bottom -bound
    assert f">{number_text(placed.bound)}</text>" in svg_heatmaps(placed)
    assert f">{number_text(-placed.bound)}</text>" in svg_heatmaps(placed)


def test_a_scale_per_panel_is_caught():
    """The mutation: each panel coloured on its own scale breaks the one-scale check."""
    placed = layout()
    own = [colour(c.value, max(abs(x.value) for x in p.cells)) for row in placed.rows for p in row.panels
           for c in p.cells]
    shared = [c.fill for row in placed.rows for p in row.panels for c in p.cells]
    assert own != shared


def test_the_scale_diverges_about_white():
    assert colour(0.0, 1.0) == "#F7F7F7"
    r, _g, b = (int(colour(-1.0, 1.0)[k:k + 2], 16) for k in (1, 3, 5))
    assert b > r  # negative: blue
    r, _g, b = (int(colour(1.0, 1.0)[k:k + 2], 16) for k in (1, 3, 5))
    assert r > b  # positive: red


# ------------------------------------------------------------------------------------ the stream
def test_the_chains_are_read_from_the_blocks():
    pre, post = CHAINS
    assert (pre.title, pre.norm_outside, pre.claim) == ("Pre-LN", False, "residual-product-bound")
    assert (post.title, post.norm_outside, post.claim) == ("Post-LN", True, "postln-jacobian-product")
    assert pre.factor("1").text() == "I + B_1"
    assert post.factor("1").text() == "J_LN^(1)(I + B_1)"
    assert pre.bound().text().endswith("(1 + δ)^n")
    items = [it.label.text() for it in stream_layout()[0].items]
    assert items == ["x_0", "I + B_1", "x_1", "I + B_2", "x_2", "I + B_3", "x_3", "⋯", "I + B_n", "x_n"]


def test_swapping_the_placement_changes_the_chain():
    from lnsym.report.diagrams import BLOCKS
    by_key = {b.key: b for b in BLOCKS}
    swapped = chain_for(dataclasses.replace(by_key["preln"], formula=by_key["postln"].formula))
    assert swapped.norm_outside and swapped.factor("1").text() != CHAINS[0].factor("1").text()


def test_the_stream_cites_claims_of_the_catalogue():
    catalogue = {c.id for c in load_catalogue().claims}
    assert {c.claim for c in CHAINS} <= catalogue


# --------------------------------------------------------------------------------- the emitters
def test_emitters_are_deterministic():
    assert svg_heatmaps().encode() == svg_heatmaps(layout()).encode()
    assert tikz_heatmaps() == tikz_heatmaps(layout())
    assert svg_stream().encode() == svg_stream(stream_layout()).encode()
    assert tikz_stream() == tikz_stream(stream_layout())
    assert heatmaps._random_input() == INPUTS[1].x  # the random input is seeded


def test_emitters_escape_their_text():
    evil = dataclasses.replace(CHAINS[0], title=HOSTILE + " <script>alert(1)</script>", claim="evil-<b>&-claim")
    placed = stream_layout((evil,))
    svg = svg_stream(placed, linked={"evil-<b>&-claim"})
    ET.fromstring(svg)
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "evil-&lt;b&gt;&amp;-claim" in svg
    assert inspect(_page(svg)) == []
    tex = tikz_stream(placed)
    assert r"\input{" not in tex and r"\textbackslash{}input" in tex
    hostile_input = dataclasses.replace(WORKED, title="<script>alert(1)</script> & x")
    svg = svg_heatmaps(layout((hostile_input,)), description="<b>")
    ET.fromstring(svg)
    assert "<script>" not in svg and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; x" in svg


def test_svgs_are_inert_and_draw_every_cell():
    svg = svg_heatmaps()
    root = ET.fromstring(svg)
    assert len(root.findall(f".//{NS}rect")) >= 4 * (16 + 256) + 21
    assert inspect(_page(svg)) == [] and inspect(_page(svg_stream(linked={"residual-product-bound"}))) == []


# ------------------------------------------------------------------------------ in the appendix
def _run():
    run = synthetic_run()
    extra = tuple(result(make_claim(cid, cid)) for cid in ("layernorm-jacobian", "layernorm-jacobian-structure",
                                                          "postln-jacobian-product", "residual-product-bound"))
    return dataclasses.replace(run, results=run.results + extra)


def test_the_appendix_shows_the_figures_before_their_claims_and_the_claims_point_back(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")
    run = _run()
    tex, md, page = render(run, "tex"), render(run, "md"), render_html(run)
    assert tex.index(r"\label{fig:heatmaps}") < tex.index(r"\label{claim:layernorm-jacobian-structure}")
    assert tex.index(r"\label{fig:stream}") < tex.index(r"\label{claim:residual-product-bound}")
    assert tex.count(r"\hyperref[fig:heatmaps]") == 2 and tex.count(r"\hyperref[fig:stream]") == 2
    assert md.count("](#the-layernorm-jacobian-as-a-picture)") == 2 and f"]({HEAT_FILE})" in md
    assert md.count("](#the-residual-stream-unrolled)") == 2 and f"]({STREAM_FILE})" in md
    assert page.count('<a href="#heatmaps">') == 3 and page.count('<a href="#stream">') == 3  # nav + 2 claims
    assert page.count("<svg ") == 3 and inspect(page) == [] and page == render_html(run)
    assert render(run, "tex") == tex and render(run, "md") == md
    assert sorted(figure_files(run)) == sorted([BLOCKS_FILE, HEAT_FILE, STREAM_FILE])


def test_no_drawn_claim_no_figure():
    run = synthetic_run()
    assert "as a picture" not in render(run, "tex") and "unrolled" not in render(run, "md")
    assert figure_files(run) == {}


def test_cli_writes_the_svgs_beside_the_markdown(tmp_path, monkeypatch, capsys):
    run = _run()
    monkeypatch.setattr(lnsym.runner, "verify", lambda ids=None, **kw: run)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")
    assert main(["report", "-o", str(tmp_path / "notes.md")]) == 0
    for name in (HEAT_FILE, STREAM_FILE):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert text == figure_files(run)[name] and "href=" not in text
        ET.fromstring(text)
    capsys.readouterr()


# ------------------------------------------------------------- the stream above the gradient plot
def _profile_plot() -> dict:
    """depth-gradient-profile's plot as the appendix's context holds it (seed 0)."""
    from lnsym.report.appendix import _plot_context
    run = lnsym.runner.verify(ids=["depth-gradient-profile"], seed=0)
    return _plot_context(run.results[0].plots[0]), run.results[0].plots[0]


def _svg_alignment(svg: str) -> tuple[list[list[float]], list[float]]:
    """From the SVG: the centre x of each chain's boxes (one list per chain), and the x of the plot's ticks."""
    root = ET.fromstring(svg)
    ticks = [float(p.get("d").split()[1]) for p in root.iter(f"{NS}path") if p.get("class") == "lntick"]
    rows = []
    for g in root.findall(f"{NS}g"):
        boxes = [round(float(r.get("x")) + float(r.get("width")) / 2, 6) for r in g.iter(f"{NS}rect")
                 if r.get("class") == "lnbox"]
        if boxes:
            rows.append(boxes)
    return rows, ticks


def _tikz_alignment(tex: str) -> tuple[list[float], list[float]]:
    boxes = [float(x) for x in re.findall(r"minimum width=[0-9.]+cm, minimum height=[0-9.]+cm.*? at \(([0-9.]+),", tex)]
    tick = r"\\draw\[line width=0\.6pt\] \(([0-9.]+),[0-9.]+\) -- \(\1,[0-9.]+\) node\[below"
    ticks = [float(x) for x in re.findall(tick, tex)]
    return boxes, ticks


def test_the_chains_boxes_sit_on_the_plots_layer_ticks_and_a_shift_is_caught():
    from lnsym.report.stream_profile import profile_layout, series_from_plot
    from lnsym.report.stream_profile_emit import svg_profile, tikz_profile
    fig = profile_layout(series_from_plot(_profile_plot()[0]))
    assert fig.axis.layers == 32 and [layer for layer, _ in fig.xticks] == [1, 4, 8, 12, 16, 20, 24, 28, 32]
    rows, ticks = _svg_alignment(svg_profile(fig))
    assert len(rows) == 2 and len(ticks) == 9 and all(boxes == ticks for boxes in rows)
    boxes, tex_ticks = _tikz_alignment(tikz_profile(fig))
    assert len(tex_ticks) == 9 and boxes == tex_ticks * 2
    assert [b.x for b in fig.rows[0].boxes] == [fig.axis.x(layer) for layer, _ in fig.xticks]
    # a mutation: one box of one chain shifted by a tenth of a millimetre
    row = fig.rows[1]
    moved = dataclasses.replace(row.boxes[3], x=row.boxes[3].x + 0.01)
    shifted = dataclasses.replace(row, boxes=(*row.boxes[:3], moved, *row.boxes[4:]))
    bad = dataclasses.replace(fig, rows=(fig.rows[0], shifted))
    rows, ticks = _svg_alignment(svg_profile(bad))
    assert rows[0] == ticks and rows[1] != ticks
    boxes, tex_ticks = _tikz_alignment(tikz_profile(bad))
    assert boxes != tex_ticks * 2


def test_the_plotted_values_are_the_claims_measured_norms():
    from lnsym.report.stream_profile import profile_layout, series_from_plot
    plot_ctx, plot = _profile_plot()
    fig = profile_layout(series_from_plot(plot_ctx))
    assert [s.text() for s in fig.series] == ["Post-LN, L = 4", "Pre-LN, L = 4", "Post-LN, L = 32", "Pre-LN, L = 32"]
    for k, series in enumerate(plot.series):
        drawn = [(m.layer, m.value) for m in fig.marks if m.series == k]
        assert drawn == [(int(x), float(y)) for x, y in zip(series.x, series.y, strict=True)] and len(drawn) in (4, 32)
        marks = [m for m in fig.marks if m.series == k]  # as many as drawn, asserted above
        assert marks and all(m.y == fig.axis.y(m.value) and m.x == fig.axis.x(m.layer) for m in marks)
    assert len(fig.marks) == 2 * (4 + 32) and all(fig.axis.top <= m.y <= fig.axis.bottom for m in fig.marks)


def test_the_combined_figure_is_deterministic_inert_and_replaces_the_standalone_chain(monkeypatch):
    from lnsym.report.stream_profile import profile_layout, series_from_plot
    from lnsym.report.stream_profile_emit import svg_profile, tikz_profile
    plot_ctx, plot = _profile_plot()
    fig = profile_layout(series_from_plot(plot_ctx))
    assert svg_profile(fig).encode() == svg_profile(profile_layout(series_from_plot(plot_ctx))).encode()
    assert tikz_profile(fig) == tikz_profile(profile_layout(series_from_plot(plot_ctx)))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")
    run = _run()
    profile = result(make_claim("depth-gradient-profile", "profile"), plots=(plot,))
    run = dataclasses.replace(run, results=(*run.results, profile))
    tex, md, page = render(run, "tex"), render(run, "md"), render_html(run)
    assert tex.count(r"\label{fig:stream}") == 1 and "one box per layer" in tex and r"x_0$}" in tex
    assert tex.count(r"\hyperref[fig:stream]") == 3  # the two chains' claims and depth-gradient-profile
    assert "I + B_n" not in figure_files(run)[STREAM_FILE] and 'class="lnbox"' in figure_files(run)[STREAM_FILE]
    assert "one box per layer" in md and "unrolled over L = 32 layers above the measured" in md
    assert inspect(page) == [] and page == render_html(run) and render(run, "tex") == tex
