"""The LayerNorm Jacobian heatmaps of :mod:`lnsym.report.heatmaps` drawn as TikZ (the PDF) and as SVG (the
HTML page, and the file beside the Markdown), from one geometry (cm, y down), so the pictures agree.

Cells are plain filled rectangles (TikZ ``\\fill``, SVG ``<rect>``); the colour bar is a column of such
cells, not a gradient (an SVG gradient is referenced through ``url(...)``, which the HTML whitelist
refuses). Colour never carries alone: each panel has its title in text, the 4 x 4 panels write their
numbers in the cells, and the colour bar has numbered ticks. Text is escaped here (``escape_latex``,
``html.escape``); colours are hex values the data module computed. Deterministic: fixed formats.
"""

from __future__ import annotations

import html

from lnsym.report.diagram_emit import _tikz_colour
from lnsym.report.heatmaps import Placed, ink, layout

__all__ = ["number_text", "runs_svg", "svg_heatmaps", "tick_values", "tikz_heatmaps"]

PX = 46.0  # px per cm, as the block diagrams
OVERLAP = 0.01  # cm
FONT_TITLE, FONT_PANEL, FONT_CELL, FONT_TICK = 13, 12, 9, 10


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def number_text(value: float, digits: int = 2) -> str:
    """A cell's number, with a true minus sign and no ``-0.00``."""
    text = f"{value:.{digits}f}"
    if float(text) == 0:
        return "0"
    return text.replace("-", "−")


def tick_values(bound: float) -> tuple[float, ...]:
    return (bound, bound / 2, 0.0, -bound / 2, -bound)


def runs_svg(runs) -> str:
    """Text runs ``(text, "" | "it" | "sub")`` as SVG ``<tspan>``s (escaped)."""
    out = []
    for text, style in runs:
        if style == "sub":
            out.append(f'<tspan font-size="8.5" baseline-shift="sub" font-style="italic">{_esc(text)}</tspan>')
        elif style == "it":
            out.append(f'<tspan font-style="italic">{_esc(text)}</tspan>')
        else:
            out.append(_esc(text))
    return "".join(out)


# ------------------------------------------------------------------------------------------ TikZ
def _f(value: float) -> str:
    return f"{value:.3f}"


def _tex_number(value: float) -> str:
    return number_text(value).replace("−", "$-$")


def tikz_heatmaps(placed: Placed | None = None) -> str:
    """The figure as one ``tikzpicture`` (y points down, as in the layout)."""
    placed = placed or layout()
    lines = [r"\begin{tikzpicture}[x=1cm,y=-1cm]"]
    for row in placed.rows:
        lines.append(rf"\node[anchor=west, font=\small\bfseries, inner sep=0pt] at (0,{_f(row.title_y)}) "
                     rf"{{{row.inp.title_tex}}};")
        for pp in row.panels:
            for c in pp.cells:  # each cell overlaps the next by OVERLAP: no hairline seams between equal cells
                x1, y1 = min(c.x + c.w + OVERLAP, pp.x + pp.side), min(c.y + c.h + OVERLAP, pp.y + pp.side)
                lines.append(rf"\fill[fill={_tikz_colour(c.fill)}] ({_f(c.x)},{_f(c.y)}) rectangle "
                             rf"({_f(x1)},{_f(y1)});")
                if row.inp.numbers:
                    lines.append(rf"\node[font=\tiny, text={_tikz_colour(ink(c.fill))}, inner sep=0pt] at "
                                 rf"({_f(c.x + c.w / 2)},{_f(c.y + c.h / 2)}) {{{_tex_number(c.value)}}};")
            lines.append(rf"\draw[line width=0.4pt] ({_f(pp.x)},{_f(pp.y)}) rectangle "
                         rf"({_f(pp.x + pp.side)},{_f(pp.y + pp.side)});")
            lines.append(rf"\node[anchor=south, font=\footnotesize, inner sep=1pt] at "
                         rf"({_f(pp.x + pp.side / 2)},{_f(pp.y - 0.08)}) {{${pp.panel.part.tex}$}};")
    for c in placed.bar:
        lines.append(rf"\fill[fill={_tikz_colour(c.fill)}] ({_f(c.x)},{_f(c.y)}) rectangle "
                     rf"({_f(c.x + c.w)},{_f(c.y + c.h)});")
    top, bottom = placed.bar[0].y, placed.bar[-1].y + placed.bar[-1].h
    bx, bw = placed.bar[0].x, placed.bar[0].w
    lines.append(rf"\draw[line width=0.4pt] ({_f(bx)},{_f(top)}) rectangle ({_f(bx + bw)},{_f(bottom)});")
    for k, v in enumerate(tick_values(placed.bound)):
        y = top + (bottom - top) * k / 4
        lines.append(rf"\draw ({_f(bx + bw)},{_f(y)}) -- ({_f(bx + bw + 0.1)},{_f(y)}) node[anchor=west, "
                     rf"font=\scriptsize, inner sep=1pt] {{{_tex_number(v) if v else '0'}}};")
    lines.append(r"\end{tikzpicture}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------- SVG
def svg_heatmaps(placed: Placed | None = None, *, ident: str = "lnheat", description: str = "") -> str:
    """The figure as one SVG (shapes and text only: it may sit inline in the HTML page)."""
    placed = placed or layout()
    width, height = placed.width * PX, (placed.height + 0.2) * PX
    title = "The LayerNorm Jacobian and its three parts, on one colour scale"
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" '
           f'height="{height:.0f}" role="img" aria-labelledby="{_esc(ident)}-title {_esc(ident)}-desc">',
           f'<title id="{_esc(ident)}-title">{_esc(title)}</title>',
           f'<desc id="{_esc(ident)}-desc">{_esc(description or title)}</desc>',
           '<rect x="0" y="0" width="100%" height="100%" fill="#FFFFFF"/>']

    def px(v: float) -> str:
        return f"{v * PX:.1f}"

    for row in placed.rows:
        out.append("<g>")
        out.append(f'<text x="0.0" y="{px(row.title_y + 0.15)}" font-family="sans-serif" font-size="{FONT_TITLE}" '
                   f'font-weight="bold">{_esc(row.inp.title)}</text>')
        for pp in row.panels:
            for c in pp.cells:
                out.append(f'<rect x="{px(c.x)}" y="{px(c.y)}" width="{px(c.w)}" height="{px(c.h)}" fill="{c.fill}"/>')
                if row.inp.numbers:
                    out.append(f'<text x="{px(c.x + c.w / 2)}" y="{px(c.y + c.h / 2 + 0.08)}" text-anchor="middle" '
                               f'font-family="sans-serif" font-size="{FONT_CELL}" fill="{ink(c.fill)}">'
                               f'{_esc(number_text(c.value))}</text>')
            out.append(f'<rect x="{px(pp.x)}" y="{px(pp.y)}" width="{px(pp.side)}" height="{px(pp.side)}" '
                       f'fill="none" stroke="#000000" stroke-width="0.8"/>')
            out.append(f'<text x="{px(pp.x + pp.side / 2)}" y="{px(pp.y - 0.15)}" text-anchor="middle" '
                       f'font-family="serif" font-size="{FONT_PANEL}">{runs_svg(pp.panel.part.runs)}</text>')
        out.append("</g>")
    top, bottom = placed.bar[0].y, placed.bar[-1].y + placed.bar[-1].h
    bx, bw = placed.bar[0].x, placed.bar[0].w
    out.append("<g>")
    for c in placed.bar:
        out.append(f'<rect x="{px(c.x)}" y="{px(c.y)}" width="{px(c.w)}" height="{px(c.h + 0.01)}" fill="{c.fill}"/>')
    out.append(f'<rect x="{px(bx)}" y="{px(top)}" width="{px(bw)}" height="{px(bottom - top)}" fill="none" '
               f'stroke="#000000" stroke-width="0.8"/>')
    for k, v in enumerate(tick_values(placed.bound)):
        y = top + (bottom - top) * k / 4
        out.append(f'<path d="M {px(bx + bw)} {px(y)} L {px(bx + bw + 0.1)} {px(y)}" stroke="#000000" '
                   f'stroke-width="0.8"/>')
        out.append(f'<text x="{px(bx + bw + 0.15)}" y="{px(y + 0.1)}" font-family="sans-serif" '
                   f'font-size="{FONT_TICK}">{_esc(number_text(v) if v else "0")}</text>')
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"
