"""The block diagrams of :mod:`lnsym.report.diagrams` drawn as TikZ (the PDF) and as SVG (the HTML page,
and the file beside the Markdown), from one geometry, so the pictures agree.

Text is escaped here, once: box names, claim ids and titles through ``escape_latex`` for TikZ and
``html.escape`` for SVG; math comes only from the checked names of the blocks' data. Colours are
checked hex values. The SVG uses plain elements and presentation attributes (no script, no style
sheet, no ``url(...)``, no marker: arrowheads are drawn as triangles), so it can sit inline in the
HTML appendix, or stand alone as a file. Output is deterministic: fixed number formats, data order.
"""

from __future__ import annotations

import html
import re

from lnsym.report.diagrams import FACTORS, Placed, PlacedEdge, formula_text, layout
from lnsym.report.latex import escape_latex, escape_latex_id, safe_id

__all__ = ["RESIDUAL_COLOUR", "label_tex", "label_text", "svg_figure", "tikz_block"]

#: the residual path ("the pipe"): thick and coloured; the branch thin and dark (width tells them apart
#: without colour)
RESIDUAL_COLOUR = "#00838F"
BRANCH_COLOUR = "#37474F"
RESIDUAL_WIDTH_PT, BRANCH_WIDTH_PT = 2.4, 0.9
_HEX = re.compile(r"#[0-9A-Fa-f]{6}")


def _hex(colour: str) -> str:
    if not _HEX.fullmatch(colour):
        raise ValueError(f"a diagram colour is a hex value such as #00838F, not {colour!r}")
    return colour.upper()


def _tikz_colour(colour: str) -> str:
    value = _hex(colour)
    r, g, b = (int(value[k:k + 2], 16) for k in (1, 3, 5))
    return f"{{rgb,255:red,{r};green,{g};blue,{b}}}"


def _f(value: float) -> str:
    return f"{value:.3f}"


# ------------------------------------------------------------------------------------------ TikZ
def label_tex(edge) -> str:
    """An arrow's Jacobian as math: ``I``, ``\\alpha I``, ``J_{\\mathrm{LN}}``, ``J_{F}``."""
    factor = FACTORS[edge.factor][0] + " " if edge.factor else ""
    if not edge.sub:
        return factor + edge.symbol
    sub = escape_latex(edge.sub)
    if not edge.sub_italic:
        sub = r"\mathrm{" + sub + "}"
    return f"{factor}{edge.symbol}_{{{sub}}}"


def label_text(edge) -> str:
    """An arrow's Jacobian as plain text: ``I``, ``αI``, ``J_LN``."""
    return edge.text()


def _io_tex(node) -> str:
    """The input or output, ``x_{l}``: letters, digits and ``+`` stay math, anything else is text."""
    def part(text: str) -> str:
        return text if re.fullmatch(r"[A-Za-z0-9+]*", text) else r"\text{" + escape_latex(text) + "}"
    return part(node.text) + (f"_{{{part(node.sub)}}}" if node.sub else "")


def _claim_tex(cid: str, linked) -> str:
    text = rf"\texttt{{{escape_latex_id(cid)}}}"
    return rf"\hyperref[claim:{safe_id(cid)}]{{\textcolor{{lnlink}}{{{text}}}}}" if cid in linked else text


def tikz_block(placed: Placed, *, linked=frozenset()) -> str:
    """One block as a ``tikzpicture``; claim ids in ``linked`` link to their sections."""
    lines = [r"\begin{tikzpicture}[x=1cm,y=1cm,"
             rf"lnpipe/.style={{draw={_tikz_colour(RESIDUAL_COLOUR)}, line width={RESIDUAL_WIDTH_PT}pt, "
             r"-{Stealth[length=2.6mm,width=2.6mm]}},"
             rf"lnbranch/.style={{draw={_tikz_colour(BRANCH_COLOUR)}, line width={BRANCH_WIDTH_PT}pt, "
             r"-{Stealth[length=2mm]}},"
             r"lnlabel/.style={font=\scriptsize, align=center, inner sep=1pt}]"]
    for pe in placed.edges:
        style = "lnpipe" if pe.edge.residual else "lnbranch"
        path = " -- ".join(f"({_f(x)},{_f(y)})" for x, y in pe.points)
        lines.append(rf"\draw[{style}] {path};")
    for pn in placed.nodes:
        n = pn.node
        at = f"({_f(pn.x)},{_f(pn.y)})"
        if n.kind == "box":
            lines.append(rf"\node[draw, line width=0.8pt, fill={_tikz_colour(n.fill)}, minimum width={_f(pn.width)}cm, "
                         rf"minimum height={_f(pn.height)}cm, inner sep=1pt, font=\sffamily\small] at {at} "
                         rf"{{{escape_latex(n.text)}}};")
        elif n.kind == "add":
            lines.append(rf"\node[draw, circle, line width=0.8pt, fill=white, minimum size={_f(pn.width)}cm, "
                         rf"inner sep=0pt] at {at} {{$+$}};")
        else:
            lines.append(rf"\node[inner sep=1pt] at {at} {{${_io_tex(n)}$}};")
    for pe in placed.edges:
        if not pe.edge.symbol:
            continue
        anchor = "west" if pe.label_side == "right" else "east"
        lines.append(rf"\node[lnlabel, anchor={anchor}] at ({_f(pe.label_at[0])},{_f(pe.label_at[1])}) "
                     rf"{{${label_tex(pe.edge)}$\\[-1pt]{{\tiny {_claim_tex(pe.edge.claim, linked)}}}}};")
    lines.append(r"\end{tikzpicture}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------- SVG
PX = 46.0  # px per cm
FONT_BOX, FONT_MATH, FONT_SUB, FONT_ID, FONT_TITLE = 14, 14, 9.5, 9.5, 13
_ID_CHAR = 0.6 * FONT_ID / PX  # the width of a monospace character, in cm
PANEL_GAP = 0.6  # cm between panels
TITLE_SPACE = 1.15  # cm under a panel for its title and formula


def _label_extent(pe: PlacedEdge) -> float:
    """How far (cm) a label reaches from its anchor: the claim id is its widest line."""
    return max(len(pe.edge.claim) * _ID_CHAR, 0.8) if pe.edge.symbol else 0.0


def _extent(placed: Placed) -> tuple[float, float, float, float]:
    """The panel's drawing (cm): left, right, bottom, top."""
    left = min(pn.x - pn.width / 2 for pn in placed.nodes)
    right = max(pn.x + pn.width / 2 for pn in placed.nodes)
    for pe in placed.edges:
        if pe.label_side == "right":
            right = max(right, pe.label_at[0] + _label_extent(pe))
        else:
            left = min(left, pe.label_at[0] - _label_extent(pe))
    bottom = min(pn.y - pn.height / 2 for pn in placed.nodes)
    return left, right, bottom, placed.top


def _esc(text: str) -> str:
    return html.escape(str(text), quote=True)


def _svg_label(pe: PlacedEdge, to_px, linked, prefix: str) -> list[str]:
    x, y = to_px(*pe.label_at)
    anchor = "start" if pe.label_side == "right" else "end"
    e = pe.edge
    factor = _esc(FACTORS[e.factor][1]) if e.factor else ""
    sub = ""
    if e.sub:
        style = ' font-style="italic"' if e.sub_italic else ""
        sub = f'<tspan font-size="{FONT_SUB}" baseline-shift="sub"{style}>{_esc(e.sub)}</tspan>'
    label = (f'<text x="{x:.1f}" y="{y - 5:.1f}" text-anchor="{anchor}" font-family="serif" font-size="{FONT_MATH}">'
             f'{factor}<tspan font-style="italic">{_esc(e.symbol)}</tspan>{sub}</text>')
    cid = (f'<text x="{x:.1f}" y="{y + 12:.1f}" text-anchor="{anchor}" font-family="monospace" '
           f'font-size="{FONT_ID}">{_esc(e.claim)}</text>')
    if e.claim in linked:
        cid = f'<a href="#{_esc(prefix + safe_id(e.claim))}">{cid}</a>'
    return [label, cid]


def _arrowhead(points, width_px: float) -> str:
    (x0, y0), (x1, y1) = points[-2], points[-1]
    length = max(7.0, 2.6 * width_px)
    dx, dy = x1 - x0, y1 - y0
    norm = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / norm, dy / norm
    half = length / 2.2
    base = (x1 - ux * length, y1 - uy * length)
    corners = [(x1, y1), (base[0] - uy * half, base[1] + ux * half), (base[0] + uy * half, base[1] - ux * half)]
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in corners)


def _svg_panel(placed: Placed, letter: str, origin: tuple[float, float], linked, prefix: str) -> list[str]:
    """One block, its drawing's top-left at ``origin`` (cm, in the figure)."""
    left, _right, _bottom, top = _extent(placed)
    ox, oy = origin

    def to_px(x: float, y: float) -> tuple[float, float]:
        return (ox + x - left) * PX, (oy + top - y) * PX

    out = []
    for pe in placed.edges:
        colour, width = ((RESIDUAL_COLOUR, RESIDUAL_WIDTH_PT) if pe.edge.residual else (BRANCH_COLOUR, BRANCH_WIDTH_PT))
        width_px = width * PX / 28.45
        pts = [to_px(x, y) for x, y in pe.points]
        # the line stops where the arrowhead starts, so the thick pipe does not blunt the tip
        tail = max(7.0, 2.6 * width_px) * 0.8
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        seg = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 or 1.0
        line = [*pts[:-1], (x1 - (x1 - x0) / seg * tail, y1 - (y1 - y0) / seg * tail)]
        d = "M " + " L ".join(f"{x:.1f} {y:.1f}" for x, y in line)
        out.append(f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width_px:.2f}"/>')
        out.append(f'<polygon points="{_arrowhead(pts, width_px)}" fill="{colour}"/>')
    for pn in placed.nodes:
        n = pn.node
        cx, cy = to_px(pn.x, pn.y)
        if n.kind == "box":
            w, h = pn.width * PX, pn.height * PX
            out.append(f'<rect x="{cx - w / 2:.1f}" y="{cy - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
                       f'fill="{_hex(n.fill)}" stroke="#000000" stroke-width="1.1"/>')
            out.append(f'<text x="{cx:.1f}" y="{cy + 5:.1f}" text-anchor="middle" font-family="sans-serif" '
                       f'font-size="{FONT_BOX}">{_esc(n.text)}</text>')
        elif n.kind == "add":
            out.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{pn.width / 2 * PX:.1f}" fill="#FFFFFF" '
                       f'stroke="#000000" stroke-width="1.1"/>')
            out.append(f'<text x="{cx:.1f}" y="{cy + 5:.1f}" text-anchor="middle" font-family="sans-serif" '
                       f'font-size="{FONT_BOX}">+</text>')
        else:
            out.append(f'<text x="{cx:.1f}" y="{cy + 5:.1f}" text-anchor="middle" font-family="serif" '
                       f'font-size="{FONT_MATH + 1}" font-weight="bold" font-style="italic">{_esc(n.text)}'
                       f'<tspan font-size="{FONT_SUB}" baseline-shift="sub">{_esc(n.sub)}</tspan></text>')
    for pe in placed.edges:
        if pe.edge.symbol:
            out += _svg_label(pe, to_px, linked, prefix)
    block = placed.graph.block
    _l, _r, bottom, _t = _extent(placed)
    width = _r - _l
    tx, ty = (ox + width / 2) * PX, (oy + top - bottom + 0.55) * PX
    out.append(f'<text x="{tx:.1f}" y="{ty:.1f}" text-anchor="middle" font-family="sans-serif" '
               f'font-size="{FONT_TITLE}" font-weight="bold">({_esc(letter)}) {_esc(block.title)}</text>')
    out.append(f'<text x="{tx:.1f}" y="{ty + 16:.1f}" text-anchor="middle" font-family="serif" '
               f'font-size="{FONT_TITLE}">{_esc("xₗ₊₁ = " + formula_text(block.formula, "xₗ"))}</text>')
    return out


def svg_figure(graphs, *, columns: int = 2, linked=frozenset(), prefix: str = "", ident: str = "lnblocks",
               description: str = "") -> str:
    """The blocks as one SVG, ``columns`` panels a row, lettered (a), (b), ...; claim ids in ``linked``
    link to ``#`` + ``prefix`` + the id (leave it empty for a file that stands alone)."""
    placed = [layout(g) for g in graphs]
    extents = [_extent(p) for p in placed]
    cell_w = max((r - left for left, r, _b, _t in extents), default=0.0) + PANEL_GAP
    cell_h = max((t - b for _l, _r, b, t in extents), default=0.0) + TITLE_SPACE + PANEL_GAP
    rows = -(-len(placed) // columns) if placed else 0
    width_px = (min(columns, len(placed)) * cell_w) * PX
    height_px = rows * cell_h * PX
    title = "Residual blocks: " + ", ".join(g.block.title for g in graphs)
    body = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width_px:.0f} {height_px:.0f}" '
            f'width="{width_px:.0f}" height="{height_px:.0f}" role="img" '
            f'aria-labelledby="{_esc(ident)}-title {_esc(ident)}-desc">',
            f'<title id="{_esc(ident)}-title">{_esc(title)}</title>',
            f'<desc id="{_esc(ident)}-desc">{_esc(description or title)}</desc>',
            '<rect x="0" y="0" width="100%" height="100%" fill="#FFFFFF"/>']
    for k, (p, (left, right, _b, _t)) in enumerate(zip(placed, extents, strict=True)):
        row, col = divmod(k, columns)
        # centre a narrower panel in its cell
        ox = col * cell_w + PANEL_GAP / 2 + (cell_w - PANEL_GAP - (right - left)) / 2
        body.append("<g>")
        body += _svg_panel(p, chr(ord("a") + k), (ox, row * cell_h + PANEL_GAP / 2), linked, prefix)
        body.append("</g>")
    body.append("</svg>")
    return "\n".join(body) + "\n"
