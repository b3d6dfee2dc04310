"""The stream above the per-layer gradient plot (:mod:`lnsym.report.stream_profile`) as TikZ (the PDF) and SVG
(the HTML page, and the file beside the Markdown), from one geometry (cm, y down).

The plot is drawn with plain TikZ, not pgfplots: its x axis is the same ``layer -> x`` map as the chain's
boxes, so the two line up exactly, which a pgfplots axis (placed and scaled by pgfplots) would not promise.
In the SVG, the chain's boxes carry ``class="lnbox"`` and the x ticks ``class="lntick"`` (and their layer), so
a test can read the alignment back. Text is escaped; math is the trusted LaTeX written here. Deterministic.
"""

from __future__ import annotations

import html

from lnsym.report.diagram_emit import RESIDUAL_COLOUR, _claim_tex, _tikz_colour
from lnsym.report.latex import escape_latex, safe_id
from lnsym.report.stream_emit import BOX_FILL, PX, _f, _letter, _runs
from lnsym.report.stream_profile import BOX_H, BOX_W, COLOURS, SHAPES, ProfileFigure

__all__ = ["profile_text", "svg_profile", "tikz_profile"]

GRID = "#DDDDDD"


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


def _value_text(v: float) -> str:
    return f"{v:g}"


def _box_tex(row, layer: int) -> str:
    inner = rf"(I{{+}}B_{{{layer}}})" if row.chain.norm_outside else rf"I{{+}}B_{{{layer}}}"
    if row.chain.norm_outside:
        return rf"$J_{{\mathrm{{{row.chain.norm_sub}}}}}^{{({layer})}}$\\[-1pt]${inner}$"
    return f"${inner}$"


def _box_runs(row, layer: int) -> list[tuple]:
    """The box's text lines as SVG runs."""
    inner = (("(I+", ""), ("B", "it"), (str(layer), "sub"), (")", ""))
    if row.chain.norm_outside:
        return [(("J", "it"), (row.chain.norm_sub, "sub"), (f"({layer})", "sup")), inner]
    return [(("I+", ""), ("B", "it"), (str(layer), "sub"))]


def _title(row, k: int, fig: ProfileFigure) -> tuple[str, str]:
    """The row's title as LaTeX and as text."""
    c = row.chain
    every = "every layer" if fig.step == 1 else f"layers {', '.join(str(b.layer) for b in row.boxes[:3])}, …"
    return (rf"({_letter(k)}) {escape_latex(c.title)}, $L = {fig.axis.layers}$: one box per layer "
            rf"({escape_latex(every)}), at that layer's place on the plot",
            f"({_letter(k)}) {c.title}, L = {fig.axis.layers}: one box per layer ({every}), at that layer's "
            "place on the plot")


# ------------------------------------------------------------------------------------------ TikZ
def _tikz_mark(shape: str, colour: str, filled: bool, x: float, y: float) -> str:
    fill = _tikz_colour(colour) if filled else "white"
    if shape == "circle":
        return (rf"\filldraw[draw={_tikz_colour(colour)}, fill={fill}, line width=0.6pt] ({_f(x)},{_f(y)}) "
                "circle (0.075);")
    return (rf"\filldraw[draw={_tikz_colour(colour)}, fill={fill}, line width=0.6pt] ({_f(x - 0.07)},{_f(y - 0.07)}) "
            rf"rectangle ({_f(x + 0.07)},{_f(y + 0.07)});")


def tikz_profile(fig: ProfileFigure, *, linked=frozenset()) -> str:
    a = fig.axis
    lines = [r"\begin{tikzpicture}[x=1cm,y=-1cm, lnfwd/.style={draw=" + _tikz_colour(RESIDUAL_COLOUR)
             + r", line width=1.2pt, -{Stealth[length=2mm]}}]"]
    deep = max(s.depth for s in fig.series)
    for k, row in enumerate(fig.rows):
        c, y = row.chain, row.y
        lines.append(rf"\node[anchor=west, font=\small\bfseries, inner sep=0pt] at (0,{_f(y - 0.72)}) "
                     rf"{{{_title(row, k, fig)[0]}}};")
        x_in, x_out = a.left - 0.75, row.boxes[-1].x + BOX_W / 2 + 0.65
        lines.append(rf"\node[inner sep=1pt] at ({_f(x_in)},{_f(y)}) {{$x_0$}};")
        lines.append(rf"\node[inner sep=1pt] at ({_f(x_out)},{_f(y)}) {{$x_{{{a.layers}}}$}};")
        ends = [x_in + 0.25, *[v for b in row.boxes for v in (b.x - BOX_W / 2, b.x + BOX_W / 2)], x_out - 0.3]
        for x0, x1 in zip(ends[::2], ends[1::2], strict=True):
            lines.append(rf"\draw[lnfwd] ({_f(x0)},{_f(y)}) -- ({_f(x1)},{_f(y)});")
        for b in row.boxes:
            lines.append(rf"\node[draw, line width=0.6pt, fill={_tikz_colour(BOX_FILL[c.norm_outside])}, "
                         rf"minimum width={_f(BOX_W)}cm, minimum height={_f(BOX_H)}cm, inner sep=0.5pt, "
                         rf"align=center, font=\scriptsize] at ({_f(b.x)},{_f(y)}) {{{_box_tex(row, b.layer)}}};")
        lines.append(rf"\node[anchor=west, font=\small, inner sep=0pt] at (0,{_f(y + 0.82)}) "
                     rf"{{${c.product().tex}$,\quad ${c.definition().tex}$}};")
        lines.append(rf"\node[anchor=west, font=\small, inner sep=0pt] at (0,{_f(y + 1.4)}) "
                     rf"{{${c.bound().tex}$\quad({_claim_tex(c.claim, linked)})}};")
        lines.append(_tikz_mark(SHAPES[c.title], COLOURS[c.title], True, -0.25, y - 0.72))
    # the plot: grid, frame, ticks, marks
    for layer, x in fig.xticks:
        lines.append(rf"\draw[draw={_tikz_colour(GRID)}, line width=0.4pt] ({_f(x)},{_f(a.top)}) -- "
                     rf"({_f(x)},{_f(a.bottom)});")
        lines.append(rf"\draw[line width=0.6pt] ({_f(x)},{_f(a.bottom)}) -- ({_f(x)},{_f(a.bottom + 0.12)}) "
                     rf"node[below, font=\footnotesize, inner sep=1.5pt] {{{layer}}};")
    for value, y in fig.yticks:
        lines.append(rf"\draw[draw={_tikz_colour(GRID)}, line width=0.4pt] ({_f(a.left)},{_f(y)}) -- "
                     rf"({_f(a.right)},{_f(y)});")
        lines.append(rf"\draw[line width=0.6pt] ({_f(a.left - 0.12)},{_f(y)}) -- ({_f(a.left)},{_f(y)}) "
                     rf"node[pos=0, left, font=\footnotesize, inner sep=1.5pt] {{{_value_text(value)}}};")
    lines.append(rf"\draw[line width=0.6pt] ({_f(a.left)},{_f(a.top)}) rectangle ({_f(a.right)},{_f(a.bottom)});")
    for m in fig.marks:
        s = fig.series[m.series]
        lines.append(_tikz_mark(SHAPES[s.placement], COLOURS[s.placement], s.depth == deep, m.x, m.y))
    lines.append(rf"\node[anchor=south west, font=\small, inner sep=1pt] at ({_f(a.left)},{_f(a.top - 0.05)}) "
                 r"{$\|\partial\ell/\partial W^{2,l}\|_F$ (log scale), measured by \texttt{depth-gradient-profile}};")
    lines.append(rf"\node[font=\small] at ({_f((a.left + a.right) / 2)},{_f(a.bottom + 0.8)}) "
                 r"{layer $l$ (the chain's boxes above sit at the same $x$)};")
    x = a.left
    for s in fig.series:
        lines.append(_tikz_mark(SHAPES[s.placement], COLOURS[s.placement], s.depth == deep, x + 0.1, a.bottom + 1.4))
        lines.append(rf"\node[anchor=west, font=\footnotesize, inner sep=1pt] at ({_f(x + 0.25)},{_f(a.bottom + 1.4)}) "
                     rf"{{{escape_latex(s.placement)}, $L = {s.depth}$}};")
        x += 3.2
    lines.append(r"\end{tikzpicture}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------- SVG
def _px(v: float) -> str:
    return f"{v * PX:.1f}"


def _svg_mark(shape: str, colour: str, filled: bool, x: float, y: float) -> str:
    fill = colour if filled else "#FFFFFF"
    if shape == "circle":
        return f'<circle cx="{_px(x)}" cy="{_px(y)}" r="{0.075 * PX:.1f}" fill="{fill}" stroke="{colour}" ' \
               'stroke-width="1.2"/>'
    return (f'<rect x="{_px(x - 0.07)}" y="{_px(y - 0.07)}" width="{_px(0.14)}" height="{_px(0.14)}" fill="{fill}" '
            f'stroke="{colour}" stroke-width="1.2"/>')


def _svg_arrow(x0: float, x1: float, y: float) -> list[str]:
    tip = 0.2
    return [f'<path d="M {_px(x0)} {_px(y)} L {_px(x1 - tip)} {_px(y)}" fill="none" stroke="{RESIDUAL_COLOUR}" '
            'stroke-width="2.0"/>',
            f'<polygon points="{_px(x1)},{_px(y)} {_px(x1 - tip)},{_px(y - 0.09)} {_px(x1 - tip)},{_px(y + 0.09)}" '
            f'fill="{RESIDUAL_COLOUR}"/>']


def svg_profile(fig: ProfileFigure, *, linked=frozenset(), prefix: str = "", ident: str = "lnstream",
                description: str = "") -> str:
    a = fig.axis
    title = ("The residual stream unrolled over the layers, above the measured per-layer gradient norms: "
             + ", ".join(r.chain.title for r in fig.rows))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {fig.width * PX:.0f} {fig.height * PX:.0f}" '
           f'width="{fig.width * PX:.0f}" height="{fig.height * PX:.0f}" role="img" '
           f'aria-labelledby="{_esc(ident)}-title {_esc(ident)}-desc">',
           f'<title id="{_esc(ident)}-title">{_esc(title)}</title>',
           f'<desc id="{_esc(ident)}-desc">{_esc(description or title)}</desc>',
           '<rect x="0" y="0" width="100%" height="100%" fill="#FFFFFF"/>']
    deep = max(s.depth for s in fig.series)
    for k, row in enumerate(fig.rows):
        c, y = row.chain, row.y
        out.append("<g>")
        out.append(_svg_mark(SHAPES[c.title], COLOURS[c.title], True, 0.1, y - 0.76))
        out.append(f'<text x="{_px(0.3)}" y="{_px(y - 0.62)}" font-family="sans-serif" font-size="13" '
                   f'font-weight="bold">{_esc(_title(row, k, fig)[1])}</text>')
        x_in, x_out = a.left - 0.75, row.boxes[-1].x + BOX_W / 2 + 0.65
        out.append(f'<text x="{_px(x_in)}" y="{_px(y + 0.12)}" text-anchor="middle" font-family="serif" '
                   f'font-size="14">{_runs((("x", "it"), ("0", "sub")))}</text>')
        out.append(f'<text x="{_px(x_out)}" y="{_px(y + 0.12)}" text-anchor="middle" font-family="serif" '
                   f'font-size="14">{_runs((("x", "it"), (str(a.layers), "sub")))}</text>')
        ends = [x_in + 0.25, *[v for b in row.boxes for v in (b.x - BOX_W / 2, b.x + BOX_W / 2)], x_out - 0.3]
        for x0, x1 in zip(ends[::2], ends[1::2], strict=True):
            out += _svg_arrow(x0, x1, y)
        for b in row.boxes:
            # centred on the rounded x of the layer's tick, so that the two agree to the digit
            left = float(_px(b.x)) - float(_px(BOX_W)) / 2
            out.append(f'<rect class="lnbox" x="{left:.2f}" y="{_px(y - BOX_H / 2)}" '
                       f'width="{_px(BOX_W)}" height="{_px(BOX_H)}" fill="{BOX_FILL[c.norm_outside]}" '
                       'stroke="#000000" stroke-width="1"/>')
            text_lines = _box_runs(row, b.layer)
            for n, runs in enumerate(text_lines):
                ty = y + 0.12 + (n - (len(text_lines) - 1) / 2) * 0.34
                out.append(f'<text x="{_px(b.x)}" y="{_px(ty)}" text-anchor="middle" font-family="serif" '
                           f'font-size="11">{_runs(runs)}</text>')
        out.append(f'<text x="0.0" y="{_px(y + 0.95)}" font-family="serif" font-size="14">'
                   f'{_runs(c.product().runs)},    {_runs(c.definition().runs)}</text>')
        cid = f'<tspan font-family="monospace" font-size="11">{_esc(c.claim)}</tspan>'
        bound = (f'<text x="0.0" y="{_px(y + 1.55)}" font-family="serif" font-size="14">{_runs(c.bound().runs)}'
                 f'   ({cid})</text>')
        if c.claim in linked:
            bound = f'<a href="#{_esc(prefix + safe_id(c.claim))}">{bound}</a>'
        out.append(bound)
        out.append("</g>")
    out.append("<g>")
    for layer, x in fig.xticks:
        out.append(f'<path d="M {_px(x)} {_px(a.top)} L {_px(x)} {_px(a.bottom)}" stroke="{GRID}" '
                   'stroke-width="0.8" fill="none"/>')
        out.append(f'<path class="lntick" id="{_esc(ident)}-tick-{layer}" d="M {_px(x)} {_px(a.bottom)} L {_px(x)} '
                   f'{_px(a.bottom + 0.12)}" stroke="#000000" stroke-width="1" fill="none"/>')
        out.append(f'<text x="{_px(x)}" y="{_px(a.bottom + 0.5)}" text-anchor="middle" font-family="sans-serif" '
                   f'font-size="11">{layer}</text>')
    for value, y in fig.yticks:
        out.append(f'<path d="M {_px(a.left)} {_px(y)} L {_px(a.right)} {_px(y)}" stroke="{GRID}" '
                   'stroke-width="0.8" fill="none"/>')
        out.append(f'<path d="M {_px(a.left - 0.12)} {_px(y)} L {_px(a.left)} {_px(y)}" stroke="#000000" '
                   'stroke-width="1" fill="none"/>')
        out.append(f'<text x="{_px(a.left - 0.18)}" y="{_px(y + 0.12)}" text-anchor="end" font-family="sans-serif" '
                   f'font-size="11">{_value_text(value)}</text>')
    out.append(f'<rect x="{_px(a.left)}" y="{_px(a.top)}" width="{_px(a.right - a.left)}" '
               f'height="{_px(a.bottom - a.top)}" fill="none" stroke="#000000" stroke-width="1"/>')
    for m in fig.marks:
        s = fig.series[m.series]
        out.append(_svg_mark(SHAPES[s.placement], COLOURS[s.placement], s.depth == deep, m.x, m.y))
    out.append(f'<text x="{_px(a.left)}" y="{_px(a.top - 0.15)}" font-family="serif" font-size="13">'
               f'‖∂ℓ/∂<tspan font-style="italic">W</tspan><tspan font-size="9" baseline-shift="super">2,l</tspan>‖'
               '<tspan font-size="9" baseline-shift="sub">F</tspan> (log scale), measured by '
               '<tspan font-family="monospace" font-size="11">depth-gradient-profile</tspan></text>')
    out.append(f'<text x="{_px((a.left + a.right) / 2)}" y="{_px(a.bottom + 1.0)}" text-anchor="middle" '
               'font-family="sans-serif" font-size="13">layer l (the chain\'s boxes above sit at the same x)</text>')
    x = a.left
    for s in fig.series:
        out.append(_svg_mark(SHAPES[s.placement], COLOURS[s.placement], s.depth == deep, x + 0.1, a.bottom + 1.4))
        out.append(f'<text x="{_px(x + 0.3)}" y="{_px(a.bottom + 1.5)}" font-family="sans-serif" font-size="12">'
                   f'{_esc(s.text())}</text>')
        x += 3.2
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def profile_text(fig: ProfileFigure) -> str:
    """What the figure shows, in words and numbers (its text alternative)."""
    rows = "; ".join(
        f"({_letter(k)}) {r.chain.title}: x_0 → " + " → ".join(r.chain.factor(str(b.layer)).text() for b in r.boxes)
        + f" → x_{fig.axis.layers}; {r.chain.product().text()}; {r.chain.bound().text()} ({r.chain.claim})"
        for k, r in enumerate(fig.rows))
    every = "every layer" if fig.step == 1 else f"layer 1 and every {fig.step}th layer"
    measured = "; ".join(f"{s.text()}: " + ", ".join(f"layer {layer} {v:.4g}" for layer, v in s.points)
                         for s in fig.series)
    return (f"{rows}. The chains' boxes ({every}) sit above the same layers on the plot below, whose x axis is "
            f"layer 1 to {fig.axis.layers} and whose log y axis is the measured gradient norm of each layer's W2 "
            f"(depth-gradient-profile): {measured}.")
