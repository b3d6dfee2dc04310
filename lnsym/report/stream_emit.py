"""The unrolled residual stream of :mod:`lnsym.report.stream` drawn as TikZ (the PDF) and as SVG (the HTML
page, and the file beside the Markdown), from one geometry (cm, y down).

Forward arrows run left to right between the activations and the layers' Jacobians; under each chain a
dashed arrow runs back from ``x_n`` to ``x_0`` (the gradient multiplies through the same factors), then the
product and its bound with the claim that proves it. Line style, not only colour, tells the passes apart
(solid forward, dashed backward). Text is escaped (``escape_latex_id``, ``html.escape``); math is the
trusted LaTeX of the data module. Deterministic: fixed formats.
"""

from __future__ import annotations

import html

from lnsym.report.diagram_emit import RESIDUAL_COLOUR, _claim_tex, _tikz_colour
from lnsym.report.diagrams import OPERATORS
from lnsym.report.latex import escape_latex, safe_id
from lnsym.report.stream import PlacedChain, layout

__all__ = ["svg_stream", "tikz_stream"]

PX = 46.0
BOX_FILL = {True: OPERATORS["LN"].fill, False: OPERATORS["F"].fill}  # a factor with J_LN: the LN box's colour
BACK_COLOUR = "#6A1B9A"


def _f(value: float) -> str:
    return f"{value:.3f}"


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def _runs(runs) -> str:
    out = []
    for text, style in runs:
        if style in ("sub", "sup"):
            shift = "sub" if style == "sub" else "super"
            out.append(f'<tspan font-size="9" baseline-shift="{shift}">{_esc(text)}</tspan>')
        elif style == "it":
            out.append(f'<tspan font-style="italic">{_esc(text)}</tspan>')
        else:
            out.append(_esc(text))
    return "".join(out)


def _letter(k: int) -> str:
    return chr(ord("a") + k)


# ------------------------------------------------------------------------------------------ TikZ
def tikz_stream(placed=None, *, linked=frozenset()) -> str:
    placed = placed or layout()
    lines = [r"\begin{tikzpicture}[x=1cm,y=-1cm, lnfwd/.style={draw=" + _tikz_colour(RESIDUAL_COLOUR)
             + r", line width=1.2pt, -{Stealth[length=2mm]}}, lnback/.style={draw=" + _tikz_colour(BACK_COLOUR)
             + r", line width=0.8pt, dashed, -{Stealth[length=2mm]}}]"]
    for k, pc in enumerate(placed):
        c = pc.chain
        y = pc.y
        lines.append(rf"\node[anchor=west, font=\small\bfseries, inner sep=0pt] at (0,{_f(y - 0.7)}) "
                     rf"{{({_letter(k)}) {escape_latex(c.title)}}};")
        for a, b in zip(pc.items, pc.items[1:], strict=False):
            lines.append(rf"\draw[lnfwd] ({_f(a.x + a.width / 2)},{_f(y)}) -- ({_f(b.x - b.width / 2)},{_f(y)});")
        for it in pc.items:
            if it.kind == "box":
                lines.append(rf"\node[draw, line width=0.6pt, fill={_tikz_colour(BOX_FILL[c.norm_outside])}, "
                             rf"minimum width={_f(it.width)}cm, minimum height=0.62cm, inner sep=1pt, font=\small] "
                             rf"at ({_f(it.x)},{_f(y)}) {{${it.label.tex}$}};")
            else:
                lines.append(rf"\node[inner sep=1pt] at ({_f(it.x)},{_f(y)}) {{${it.label.tex}$}};")
        yb = y + 0.62
        lines.append(rf"\draw[lnback] ({_f(pc.items[-1].x)},{_f(yb)}) -- ({_f(pc.items[0].x)},{_f(yb)}) "
                     rf"node[pos=0.5, fill=white, font=\scriptsize, inner sep=1pt] "
                     r"{backward: the gradient multiplies through every box, right to left};")
        lines.append(rf"\node[anchor=west, font=\small, inner sep=0pt] at (0,{_f(yb + 0.72)}) "
                     rf"{{${c.product().tex}$,\quad ${c.definition().tex}$}};")
        lines.append(rf"\node[anchor=west, font=\small, inner sep=0pt] at (0,{_f(yb + 1.38)}) "
                     rf"{{${c.bound().tex}$\quad({_claim_tex(c.claim, linked)})}};")
    lines.append(r"\end{tikzpicture}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------- SVG
def svg_stream(placed=None, *, linked=frozenset(), prefix: str = "", ident: str = "lnstream",
               description: str = "") -> str:
    placed = placed or layout()
    width = (max(pc.right for pc in placed) + 0.3) * PX
    height = (placed[-1].y + 2.4) * PX
    title = "The residual stream unrolled over n layers: " + ", ".join(pc.chain.title for pc in placed)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" width="{width:.0f}" '
           f'height="{height:.0f}" role="img" aria-labelledby="{_esc(ident)}-title {_esc(ident)}-desc">',
           f'<title id="{_esc(ident)}-title">{_esc(title)}</title>',
           f'<desc id="{_esc(ident)}-desc">{_esc(description or title)}</desc>',
           '<rect x="0" y="0" width="100%" height="100%" fill="#FFFFFF"/>']

    def px(v: float) -> str:
        return f"{v * PX:.1f}"

    def arrow(x0: float, x1: float, y: float, colour: str, width_px: float, dashed: bool) -> list[str]:
        step = 1 if x1 > x0 else -1
        tip = 0.2
        end = x1 - step * tip
        if dashed:  # dashes as separate segments: the HTML whitelist has no stroke-dasharray
            n = max(1, int(abs(end - x0) / 0.16))
            marks = [(x0 + (end - x0) * k / n, x0 + (end - x0) * (k + 0.6) / n) for k in range(n)]
            d = " ".join(f"M {px(a)} {px(y)} L {px(b)} {px(y)}" for a, b in marks)
        else:
            d = f"M {px(x0)} {px(y)} L {px(end)} {px(y)}"
        return [f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width_px:.1f}"/>',
                f'<polygon points="{px(x1)},{px(y)} {px(x1 - step * tip)},{px(y - 0.09)} '
                f'{px(x1 - step * tip)},{px(y + 0.09)}" fill="{colour}"/>']

    for k, pc in enumerate(placed):
        c, y = pc.chain, pc.y
        out.append("<g>")
        out.append(f'<text x="0.0" y="{px(y - 0.62)}" font-family="sans-serif" font-size="13" font-weight="bold">'
                   f'({_letter(k)}) {_esc(c.title)}</text>')
        for a, b in zip(pc.items, pc.items[1:], strict=False):
            out += arrow(a.x + a.width / 2, b.x - b.width / 2, y, RESIDUAL_COLOUR, 2.0, False)
        for it in pc.items:
            if it.kind == "box":
                out.append(f'<rect x="{px(it.x - it.width / 2)}" y="{px(y - 0.31)}" width="{px(it.width)}" '
                           f'height="{px(0.62)}" fill="{BOX_FILL[c.norm_outside]}" stroke="#000000" stroke-width="1"/>')
            out.append(f'<text x="{px(it.x)}" y="{px(y + 0.12)}" text-anchor="middle" font-family="serif" '
                       f'font-size="14">{_runs(it.label.runs)}</text>')
        yb = y + 0.62
        out += arrow(pc.items[-1].x, pc.items[0].x, yb, BACK_COLOUR, 1.2, True)
        mid = (pc.items[-1].x + pc.items[0].x) / 2
        out.append(f'<rect x="{px(mid - 3.8)}" y="{px(yb - 0.2)}" width="{px(7.6)}" height="{px(0.4)}" '
                   f'fill="#FFFFFF"/>')
        out.append(f'<text x="{px(mid)}" y="{px(yb + 0.1)}" text-anchor="middle" font-family="sans-serif" '
                   f'font-size="11">backward: the gradient multiplies through every box, right to left</text>')
        out.append(f'<text x="0.0" y="{px(yb + 0.8)}" font-family="serif" font-size="14">{_runs(c.product().runs)}, '
                   f'   {_runs(c.definition().runs)}</text>')
        cid = f'<tspan font-family="monospace" font-size="11">{_esc(c.claim)}</tspan>'
        bound = (f'<text x="0.0" y="{px(yb + 1.45)}" font-family="serif" font-size="14">{_runs(c.bound().runs)}'
                 f'   ({cid})</text>')
        if c.claim in linked:
            bound = f'<a href="#{_esc(prefix + safe_id(c.claim))}">{bound}</a>'
        out.append(bound)
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def chain_items(pc: PlacedChain) -> list[str]:
    """The chain's items as plain text, in order (for the figure's text alternative)."""
    return [it.label.text() for it in pc.items]
