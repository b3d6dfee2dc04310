"""The residual-block diagrams: each graph is what its formula says, its labels come from the
catalogue, and the TikZ and SVG emitters are deterministic, escape their text and stay inert."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

import pytest
import sympy as sp
from html_whitelist import inspect
from report_support import HOSTILE, _page, make_claim, result, synthetic_run

import lnsym.report.diagrams as diagrams
import lnsym.runner
from lnsym.catalogue import load_catalogue
from lnsym.cli import main
from lnsym.report.appendix import BLOCKS_FILE, figure_files, render
from lnsym.report.appendix_html import render_html
from lnsym.report.diagram_emit import svg_figure, tikz_block
from lnsym.report.diagrams import BLOCKS, Add, Apply, Block, Operator, Scale, X, block_graph, claim_ids, layout
from lnsym.report.latex import escape_latex, escape_latex_id

BY_KEY = {b.key: b for b in BLOCKS}
NORMS = ("LN", "RMSNorm")


def residual_path(graph) -> list[str]:
    """The kinds of node on the thick path, from the input up: the edges marked residual, followed."""
    step = {e.source: e.target for e in graph.edges if e.residual}
    path, key = [], "in"
    while key in step:
        key = step[key]
        path.append(graph.node(key).text)
    return path


def norm_placement(graph) -> str:
    """"residual" when a norm box sits on the residual path, "branch" when norms sit only on the branch."""
    norms = [n for n in graph.nodes if n.kind == "box" and n.text in NORMS]
    assert norms, "the block has no norm box"
    return "residual" if any(n.main for n in norms) else "branch"


# ---------------------------------------------------------------------------------- the graphs
def test_postln_puts_ln_after_the_add_on_the_residual_path():
    graph = block_graph(BY_KEY["postln"])
    assert norm_placement(graph) == "residual"
    assert residual_path(graph) == ["+", "LN", "x"]  # x -> + -> LN -> x_{l+1}
    assert not graph.node("F1").main


def test_preln_puts_ln_only_on_the_branch():
    graph = block_graph(BY_KEY["preln"])
    assert norm_placement(graph) == "branch"
    assert residual_path(graph) == ["+", "x"]
    ln = graph.node("LN1")
    assert not ln.main and [e.target for e in graph.edges if e.source == "LN1"] == ["F1"]


def test_rmsnorm_and_deepnorm_variants():
    assert norm_placement(block_graph(BY_KEY["prermsnorm"])) == "branch"
    deep = block_graph(BY_KEY["deepnorm"])
    assert norm_placement(deep) == "residual"
    skip = next(e for e in deep.edges if e.source == "in" and e.residual)
    assert (skip.text(), skip.claim) == ("αI", "deepnorm-constants")


def test_swapping_the_placement_in_the_data_is_caught():
    """The mutation: Post-LN given Pre-LN's formula (and back) fails the checks above."""
    post, pre = BY_KEY["postln"], BY_KEY["preln"]
    assert norm_placement(block_graph(dataclasses.replace(post, formula=pre.formula))) != "residual"
    assert norm_placement(block_graph(dataclasses.replace(pre, formula=post.formula))) != "branch"


def _chain_rule(expr, sym):
    """The block's Jacobian by the chain rule on the tree, with non-commuting symbols."""
    if isinstance(expr, diagrams.Var):
        return sp.Integer(1)
    if isinstance(expr, Apply):
        return sym(diagrams.OPERATORS[expr.fn].sub) * _chain_rule(expr.arg, sym)
    if isinstance(expr, Scale):
        return sp.Symbol(expr.factor) * _chain_rule(expr.arg, sym)
    return _chain_rule(expr.left, sym) + _chain_rule(expr.right, sym)


@pytest.mark.parametrize("block", BLOCKS, ids=lambda b: b.key)
def test_the_labels_along_the_paths_add_up_to_the_blocks_jacobian(block):
    """Sum over input-to-output paths of the product of the arrow labels (later factors on the left)
    equals the chain rule on the formula: the graph and its labels say what the formula says."""
    symbols: dict[str, sp.Symbol] = {}

    def sym(sub):
        return symbols.setdefault(sub, sp.Symbol(f"J_{sub}", commutative=False))

    def label(e):
        value = sym(e.sub) if e.symbol == "J" else sp.Integer(1)
        return sp.Symbol(e.factor) * value if e.factor else value

    graph = block_graph(block)
    out_edges = {}
    for e in graph.edges:
        out_edges.setdefault(e.source, []).append(e)

    def paths(key):
        if key == "out":
            return sp.Integer(1)
        return sum((paths(e.target) * label(e) for e in out_edges[key]), sp.Integer(0))

    assert sp.expand(paths("in") - _chain_rule(block.formula, sym)) == 0


def test_jacobians_and_formulas_as_text():
    assert diagrams.jacobian_tex(BY_KEY["postln"].formula) == r"J_{\mathrm{LN}}(I + J_{F})"
    assert diagrams.jacobian_tex(BY_KEY["preln"].formula) == r"I + J_{F} J_{\mathrm{LN}}"
    assert diagrams.jacobian_tex(BY_KEY["deepnorm"].formula) == r"J_{\mathrm{LN}}(\alpha I + J_{F})"
    assert diagrams.formula_text(BY_KEY["deepnorm"].formula) == "LN(αx + F(x))"


def test_a_new_variant_is_one_line_and_bad_data_is_refused():
    post_rms = Block("postrms", "Post-RMSNorm", Apply("RMSNorm", Add(X, Apply("F", X))))
    assert norm_placement(block_graph(post_rms)) == "residual"
    with pytest.raises(ValueError, match="unknown function 'GN'"):
        block_graph(Block("gn", "GroupNorm", Add(X, Apply("F", Apply("GN", X)))))
    with pytest.raises(ValueError, match="unknown factor"):
        block_graph(Block("s", "S", Add(Scale("beta", X), Apply("F", X))))


# ---------------------------------------------------------------------------- the claim labels
def test_every_claim_id_on_an_arrow_or_a_block_is_in_the_catalogue():
    catalogue = {c.id for c in load_catalogue().claims}
    cited = claim_ids(block_graph(b) for b in BLOCKS)
    assert {"residual-derivative", "layernorm-jacobian", "rmsnorm-jacobian", "deepnorm-constants",
            "postln-jacobian", "preln-jacobian"} <= set(cited)
    assert [cid for cid in cited if cid not in catalogue] == []


def test_renaming_a_claim_changes_the_figure(monkeypatch):
    graph = block_graph(BY_KEY["preln"])
    before_tex, before_svg = tikz_block(layout(graph)), svg_figure([graph])
    renamed = dataclasses.replace(diagrams.OPERATORS["LN"], claim="layernorm-jacobian-renamed")
    monkeypatch.setitem(diagrams.OPERATORS, "LN", renamed)
    graph = block_graph(BY_KEY["preln"])
    tex, svg = tikz_block(layout(graph)), svg_figure([graph])
    assert tex != before_tex and svg != before_svg
    assert escape_latex_id("layernorm-jacobian-renamed") in tex and ">layernorm-jacobian-renamed</text>" in svg


# ---------------------------------------------------------------------------------- the emitters
@pytest.fixture
def hostile_block(monkeypatch):
    monkeypatch.setitem(diagrams.OPERATORS, "Evil",
                        Operator("<script>alert(1)</script> {%} $x$ \\input", "EV", "evil-<b>&-claim"))
    return Block("evil", HOSTILE, Add(X, Apply("F", Apply("Evil", X))))


def test_emitters_escape_their_text(hostile_block):
    graph = block_graph(hostile_block)
    tex = tikz_block(layout(graph), linked={"evil-<b>&-claim"})
    assert escape_latex("<script>alert(1)</script> {%} $x$ \\input") in tex
    assert "\\input" not in tex.replace(r"\textbackslash{}input", "") and "{%}" not in tex
    svg = svg_figure([graph], linked={"evil-<b>&-claim"})
    ET.fromstring(svg)  # well-formed: nothing unescaped closes or opens an element
    assert "<script>" not in svg and "&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    assert "evil-&lt;b&gt;&amp;-claim" in svg
    assert inspect(_page(svg)) == []


def test_emitters_are_deterministic():
    graphs = [block_graph(b) for b in BLOCKS]
    assert svg_figure(graphs).encode() == svg_figure([block_graph(b) for b in BLOCKS]).encode()
    assert [tikz_block(layout(g)) for g in graphs] == [tikz_block(layout(block_graph(b))) for b in BLOCKS]


def test_svg_is_inert_and_draws_every_block_and_arrow():
    graphs = [block_graph(b) for b in BLOCKS]
    svg = svg_figure(graphs, linked=set(claim_ids(graphs)))
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}g")) == len(BLOCKS)
    arrows = sum(1 for g in graphs for e in g.edges)
    assert len(root.findall(f".//{ns}polygon")) == arrows
    assert inspect(_page(svg)) == []
    assert 'href="#layernorm-jacobian"' in svg


# ------------------------------------------------------------------------------ in the appendix
def _run_with_residual_claims():
    run = synthetic_run()
    extra = (result(make_claim("layernorm-jacobian", "The LayerNorm Jacobian")),
             result(make_claim("residual-derivative", "The residual derivative")))
    return dataclasses.replace(run, results=run.results + extra)


def test_the_appendix_shows_the_blocks_before_the_residual_claims(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")
    run = _run_with_residual_claims()
    tex, md, page = render(run, "tex"), render(run, "md"), render_html(run)
    assert tex.index(r"\section*{Residual blocks") < tex.index(r"\label{claim:residual-derivative}")
    assert tex.count(r"\begin{tikzpicture}[x=1cm,y=1cm,lnpipe") == len(BLOCKS)
    assert r"$J_{\mathrm{LN}}$: \hyperref[claim:layernorm-jacobian]" in tex
    assert r"\texttt{rmsnorm-{}\allowbreak{}jacobian} (not in this appendix)" in tex
    assert md.index("### Residual blocks") < md.index("### residual-derivative")
    assert f"]({BLOCKS_FILE})" in md
    # the blocks once (layernorm-jacobian also brings the Jacobian's heatmaps: tests/report/test_heatmaps.py)
    assert page.count('<title id="lnblocks-title">') == 1 and inspect(page) == [] and page == render_html(run)
    assert page.index('id="blocks"') < page.index('id="residual-derivative"')
    assert render(run, "tex") == tex and render(run, "md") == md


def test_no_cited_claim_no_figure():
    run = synthetic_run()
    assert "Residual blocks" not in render(run, "tex") and "Residual blocks" not in render(run, "md")
    assert "<svg" not in render_html(run) and figure_files(run) == {}


def test_cli_writes_the_svg_beside_the_markdown(tmp_path, monkeypatch, capsys):
    run = _run_with_residual_claims()
    monkeypatch.setattr(lnsym.runner, "verify", lambda ids=None, **kw: run)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767312000")
    out = tmp_path / "notes.md"
    assert main(["report", "-o", str(out)]) == 0
    svg = (tmp_path / BLOCKS_FILE).read_text(encoding="utf-8")
    assert svg == figure_files(run)[BLOCKS_FILE] and "href=" not in svg  # a file alone links nowhere
    ET.fromstring(svg)
    capsys.readouterr()
    assert main(["report", "--format", "md", "-o", "-"]) == 0
    printed = capsys.readouterr().out
    assert "### Residual blocks" in printed and BLOCKS_FILE not in printed  # no file: the text, no image
