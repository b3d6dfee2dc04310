"""The appendix's figures beyond the block diagrams, as template context: the LayerNorm Jacobian heatmaps
(:mod:`lnsym.report.heatmaps`) and the unrolled residual stream (:mod:`lnsym.report.stream`).

Each figure appears only when the report includes a claim it draws, is set just before its anchor claim
(else before the first claim it draws), links the claims it cites when they are in the report, and tells
:func:`figure_refs` which claim sections point back to it. ``figure_file`` truthy: the Markdown shows the
figure from an SVG file of :data:`HEAT_FILE` / :data:`STREAM_FILE`, written beside it.
"""

from __future__ import annotations

__all__ = ["HEAT_FILE", "STREAM_FILE", "figure_refs", "heatmap_context", "stream_context"]

HEAT_FILE = "lnsym-ln-jacobian.svg"
STREAM_FILE = "lnsym-stream.svg"
#: the claims the heatmaps draw (the first gives the values), and the claim they are set before
HEAT_CLAIMS = ("layernorm-jacobian", "layernorm-jacobian-structure")
HEAT_ANCHOR = "layernorm-jacobian-structure"


def _placement(number: dict, cited, anchor: str) -> str | None:
    present = [cid for cid in cited if cid in number]
    if not present:
        return None
    return anchor if anchor in number else min(present, key=number.__getitem__)


def heatmap_context(claims: list[dict], figure_file) -> dict | None:
    from lnsym.report.heatmap_emit import number_text, svg_heatmaps, tikz_heatmaps
    from lnsym.report.heatmaps import PARTS, layout, statistics_text

    number = {c["id"]: c["number"] for c in claims}
    if HEAT_CLAIMS[0] not in number:  # the figure shows layernorm-jacobian's matrix: without it, no figure
        return None
    anchor = _placement(number, HEAT_CLAIMS, HEAT_ANCHOR)
    placed = layout()
    rows = []
    for row in placed.rows:
        j = row.panels[0].panel.values
        numbers = ""
        if row.inp.numbers:
            numbers = "; J = [" + "; ".join(", ".join(number_text(v) for v in r) for r in j) + "]"
        rows.append(f"{row.inp.title[:1].upper()}{row.inp.title[1:]}, {statistics_text(row.inp)}{numbers}")
    description = (f"Four heatmaps for each input, on one diverging colour scale from −{placed.bound:g} (blue) "
                   f"through 0 (white) to {placed.bound:g} (red), with a colour bar: "
                   + ", ".join(f"{p.words}" for p in PARTS)
                   + " (the last three add up to the first). " + ". ".join(rows) + ".")
    return {
        "anchor": anchor,
        "claims": [{"id": cid, "number": number.get(cid)} for cid in HEAT_CLAIMS],
        "inputs": [{"title": r.inp.title, "title_tex": r.inp.title_tex, "scale": statistics_text(r.inp)}
                   for r in placed.rows],
        "bound": f"{placed.bound:g}",
        "tikz": tikz_heatmaps(placed),
        "svg": svg_heatmaps(placed, description=description),
        "file": HEAT_FILE if figure_file else None,
        "file_svg": svg_heatmaps(placed, description=description) if figure_file else "",
        "description": description,
    }


def _profile_plot(claims: list[dict]) -> dict | None:
    """``depth-gradient-profile``'s plot context, when the report has the claim and its plot draws something."""
    from lnsym.report.stream_profile import PROFILE_CLAIM, PROFILE_PLOT, series_from_plot

    for c in claims:
        if c["id"] == PROFILE_CLAIM:
            plot = next((p for p in c["plots"] if p["name"] == PROFILE_PLOT), None)
            return plot if plot and series_from_plot(plot) else None
    return None


def stream_context(claims: list[dict], figure_file) -> dict | None:
    """The unrolled stream; with ``depth-gradient-profile``'s plot in the report, the chains are drawn one box
    per layer above that plot, on its layer axis (:mod:`lnsym.report.stream_profile`), instead of the n = 3
    chains with an ellipsis."""
    from lnsym.report.stream import BOUND_CLAIM, LAYERS, POSTLN_PRODUCT_CLAIM, layout
    from lnsym.report.stream_emit import chain_items, svg_stream, tikz_stream

    number = {c["id"]: c["number"] for c in claims}
    cited = (BOUND_CLAIM, POSTLN_PRODUCT_CLAIM)
    anchor = _placement(number, cited, BOUND_CLAIM)
    if anchor is None:
        return None
    plot = _profile_plot(claims)
    if plot is not None:
        return _profile_context(plot, number, cited, anchor, figure_file)
    linked = frozenset(cid for cid in cited if cid in number)
    placed = layout()
    description = "; ".join(
        f"({chr(ord('a') + k)}) {pc.chain.title}: " + " → ".join(chain_items(pc))
        + f"; {pc.chain.product().text()}, {pc.chain.definition().text()}; {pc.chain.bound().text()} "
        f"({pc.chain.claim})" for k, pc in enumerate(placed))
    return {
        "anchor": anchor,
        "layers": LAYERS,
        "profile": None,
        "claims": [{"id": cid, "number": number.get(cid)} for cid in cited],
        "tikz": tikz_stream(placed, linked=linked),
        "svg": svg_stream(placed, linked=linked, description=description),
        "file": STREAM_FILE if figure_file else None,
        "file_svg": svg_stream(placed, description=description) if figure_file else "",
        "description": description,
    }


def _profile_context(plot: dict, number: dict, cited, anchor: str, figure_file) -> dict:
    from lnsym.report.stream_profile import PROFILE_CLAIM, profile_layout, series_from_plot
    from lnsym.report.stream_profile_emit import profile_text, svg_profile, tikz_profile

    cited = (*cited, PROFILE_CLAIM)
    linked = frozenset(cid for cid in cited if cid in number)
    fig = profile_layout(series_from_plot(plot))
    description = profile_text(fig)
    return {
        "anchor": anchor,
        "layers": fig.axis.layers,
        "profile": {"layers": fig.axis.layers, "step": fig.step, "number": number[PROFILE_CLAIM]},
        "claims": [{"id": cid, "number": number.get(cid)} for cid in cited],
        "tikz": tikz_profile(fig, linked=linked),
        "svg": svg_profile(fig, linked=linked, description=description),
        "file": STREAM_FILE if figure_file else None,
        "file_svg": svg_profile(fig, description=description) if figure_file else "",
        "description": description,
    }


def figure_refs(claim_id: str, heat: dict | None, stream: dict | None) -> list[dict]:
    """The figures (beyond the block diagrams) that ``claim_id``'s section points to."""
    refs = []
    for key, title, fig in (("heatmaps", "The LayerNorm Jacobian as a picture", heat),
                            ("stream", "The residual stream, unrolled", stream)):
        if fig and any(c["id"] == claim_id for c in fig["claims"]):
            # the Markdown heading's anchor, as GitHub spells it
            refs.append({"key": key, "title": title, "slug": title.lower().replace(",", "").replace(" ", "-")})
    return refs
