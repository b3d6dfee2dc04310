"""The derivation appendix as data: a :class:`~lnsym.runner.VerifyRun` becomes a context dict, and
the templates ``appendix.tex.j2`` and ``appendix.md.j2`` turn it into LaTeX or Markdown.

Everything here is pure and deterministic: claims keep catalogue order, the dependency graph is laid
out in Python (layer = longest path from a claim that uses no other), floats have fixed formats, the
date comes from ``SOURCE_DATE_EPOCH`` when it is set, and timings are left out. The same run
renders to the same bytes.

Text is *not* escaped here: the templates apply the escape filters (``e``, ``texmath``, ``md``...)
to every piece of text, so each string is escaped exactly once, where it is used.
"""

from __future__ import annotations

import datetime as _dt
import math
import os
from dataclasses import dataclass
from pathlib import Path, PurePath

from lnsym.report.environment import environment, format_number
from lnsym.report.figure_context import figure_refs, heatmap_context, stream_context
from lnsym.report.latex import safe_id

__all__ = [
    "GraphLayout",
    "context",
    "figure_files",
    "graph_layout",
    "render",
    "render_markdown",
    "render_tex",
    "report_date",
]

STATUSES = ("proved", "proved_from_premises", "checked", "failed", "error")

STATUS_TEXT = {
    "proved": "holds for every size and value (symbolic, or by a named lemma), and all evidence agrees",
    "proved_from_premises": "proved as above, given premises that SymPy did not decide (assumptions, listed in "
    "the claim's section)",
    "checked": "everything agrees, but some step holds only for listed sizes, exact numbers or numerically",
    "failed": "a step or a check disagrees, or could not be decided",
    "error": "the check itself crashed or ran out of time",
}

# Markdown/mermaid colours of the statuses (the LaTeX ones are defined in the template)
STATUS_COLOURS = {"proved": "#c8e6c9", "proved_from_premises": "#f0f4c3", "checked": "#bbdefb", "failed": "#ffcdd2",
                  "error": "#ffe0b2"}
STATUS_STROKES = {"proved": "#2e7d32", "proved_from_premises": "#827717", "checked": "#1565c0", "failed": "#c62828",
                  "error": "#ef6c00"}

VERSION_NAMES = (("lnsym", "lnsym"), ("sympy", "SymPy"), ("numpy", "NumPy"), ("python", "Python"))

VERDICT_MARK = {"true": "✓", "false": "✗", "unknown": "?"}

#: graph geometry (cm): nodes per row, horizontal and vertical distance
GRAPH_COLUMNS = 4
GRAPH_DX = 3.9
GRAPH_DY = 1.55
GRAPH_DY_MAX = 2.4  # with stretch, rows are spread up to this distance ...
GRAPH_HEIGHT = 17.0  # ... so that the graph is up to this tall

#: at most this many rows of a plot's numbers in the Markdown tables
MD_PLOT_ROWS = 12


# ----------------------------------------------------------------------------------------- dates
def report_date(now: _dt.datetime | None = None) -> str:
    """The date printed in the document: ``SOURCE_DATE_EPOCH`` (UTC) when set, else today."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch:
        try:
            return _dt.datetime.fromtimestamp(int(epoch), tz=_dt.timezone.utc).date().isoformat()
        except (ValueError, OverflowError, OSError):
            pass
    return (now or _dt.datetime.now()).date().isoformat()


# ----------------------------------------------------------------------------------------- graph
@dataclass(frozen=True)
class GraphNode:
    id: str
    status: str
    layer: int
    x: float
    y: float
    key: str  # a short identifier safe for TikZ and mermaid: n1, n2, ...


@dataclass(frozen=True)
class GraphLayout:
    nodes: tuple[GraphNode, ...]
    edges: tuple[tuple[str, str], ...]  # (dependency key, claim key): the claim uses the dependency
    width: float
    height: float


def graph_layout(results, *, columns: int = GRAPH_COLUMNS, dx: float = GRAPH_DX, dy: float = GRAPH_DY,
                 stretch: bool = True) -> GraphLayout:
    """A layered layout of the claims: a claim sits one layer below the deepest claim it uses.

    Within a layer, claims are ordered by barycentre sweeps (the mean position of the claims they use,
    then of the claims that use them; ties by catalogue order) and wrapped into rows of at most
    ``columns``. Claims that use no other and are used by none form a last block of their own.
    Coordinates are in cm, y growing upwards (rows go down the page); with ``stretch`` few rows are
    spread further apart (up to :data:`GRAPH_DY_MAX`), as the graph has a page of its own.
    Dependencies outside ``results`` are ignored; a cycle is broken by ignoring the edge that
    closes it.
    """
    ids = [r.claim.id for r in results]
    index = {cid: k for k, cid in enumerate(ids)}
    deps = {r.claim.id: [d for d in dict.fromkeys(r.claim.depends_on) if d in index and d != r.claim.id]
            for r in results}
    layer: dict[str, int] = {}
    visiting: set[str] = set()

    def depth(cid: str) -> int:
        if cid in layer:
            return layer[cid]
        if cid in visiting:
            return -1  # cycle: the closing edge does not count
        visiting.add(cid)
        value = 1 + max((depth(d) for d in deps[cid]), default=-1)
        visiting.discard(cid)
        layer[cid] = max(value, 0)
        return layer[cid]

    for cid in ids:
        depth(cid)
    status = {r.claim.id: r.status.value for r in results}
    keys = {cid: f"n{k + 1}" for k, cid in enumerate(ids)}
    users: dict[str, list[str]] = {cid: [] for cid in ids}
    for cid in ids:
        for d in deps[cid]:
            if layer[d] < layer[cid]:
                users[d].append(cid)
    # claims that use none and are used by none go to a block of their own, below the graph
    alone = [cid for cid in ids if not users[cid] and not any(layer[d] < layer[cid] for d in deps[cid])]
    levels = max(layer.values(), default=-1) + 1
    members = [[cid for cid in ids if layer[cid] == level and cid not in alone] for level in range(levels)]
    members = [m for m in members if m]
    if alone:
        members.append(alone)

    def place(groups) -> tuple[dict[str, float], dict[str, float]]:
        xs: dict[str, float] = {}
        ys: dict[str, float] = {}
        row = 0.0
        for number, group in enumerate(groups):
            if alone and number == len(groups) - 1 and number:
                row += 0.4  # a gap between the graph and the claims standing alone
            for start in range(0, len(group), columns):
                chunk = group[start:start + columns]
                for k, cid in enumerate(chunk):
                    xs[cid] = round((k - (len(chunk) - 1) / 2) * dx, 3)
                    ys[cid] = round(-row * dy, 3)
                row += 1
        return xs, ys

    def reorder(group, xs, neighbours):
        def weight(cid: str) -> tuple[float, float, int]:
            placed = [xs[n] for n in neighbours[cid] if n in xs]
            return (sum(placed) / len(placed) if placed else xs[cid], xs[cid], index[cid])

        return sorted(group, key=weight)

    # barycentre sweeps (down, up, down): fewer crossings, still deterministic
    connected = len(members) - (1 if alone else 0)
    for neighbours, order in ((deps, range(1, connected)), (users, range(connected - 2, -1, -1)),
                              (deps, range(1, connected))):
        for level in order:
            xs, _ = place(members)
            members[level] = reorder(members[level], xs, neighbours)
    xs, ys = place(members)
    if stretch and ys:
        # spread the rows over the page when there are few of them
        rows = -min(ys.values()) / dy
        factor = min(GRAPH_DY_MAX / dy, max(1.0, GRAPH_HEIGHT / (rows * dy))) if rows else 1.0
        ys = {cid: round(y * factor, 3) for cid, y in ys.items()}
    nodes = tuple(GraphNode(cid, status[cid], layer[cid], xs[cid], ys[cid], keys[cid]) for cid in ids)
    edges = tuple((keys[d], keys[cid]) for cid in ids for d in deps[cid] if layer[d] < layer[cid])
    width = (min(len(ids), columns) - 1) * dx if ids else 0.0
    height = -min(ys.values(), default=0.0)
    return GraphLayout(nodes, edges, round(width, 3), round(height, 3))


# ----------------------------------------------------------------------------------------- pieces
def _sizes_text(sizes) -> str:
    """``(2, 3, 4, 8, 64)`` as ``2–4, 8, 64``."""
    values = sorted(set(int(s) for s in sizes))
    if not values:
        return "–"
    runs: list[list[int]] = []
    for v in values:
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


def _source_text(source: str) -> str:
    """Where a claim is defined, without machine-specific folders: ``derivations/layernorm.py:45``
    for the built-in catalogue, the file name for a user's claim."""
    if not source:
        return ""
    path, sep, line = source.rpartition(":")
    if not sep or not line.isdigit():
        path, line = source, ""
    parts = PurePath(path).parts
    shown = PurePath(path).name
    if "derivations" in parts:
        shown = "/".join(parts[len(parts) - 1 - parts[::-1].index("derivations"):])
    return f"{shown}:{line}" if line else shown


def _floats(values) -> list[float]:
    """Numbers as floats; anything that is not a number becomes NaN (and is not drawn)."""
    out = []
    for v in values:
        try:
            out.append(float(v))
        except (TypeError, ValueError, OverflowError):
            out.append(math.nan)
    return out


def _plot_context(plot) -> dict:
    """A plot's data, with points pgfplots cannot draw (not finite, or <= 0 on a log axis) dropped."""
    logx, logy = plot.xmode == "log", plot.ymode == "log"
    series = []
    dropped = 0
    for k, s in enumerate(plot.series):
        points = []
        for x, y in zip(_floats(s.x), _floats(s.y), strict=False):
            ok = math.isfinite(x) and math.isfinite(y) and not (logx and x <= 0) and not (logy and y <= 0)
            if ok:
                points.append((x, y))
            else:
                dropped += 1
        series.append({
            "label": s.label,
            "style": "marks" if s.style == "marks" else "line",
            "colour": f"lnplot{k % 6}",
            "dash": ("solid", "dashed", "dotted")[(k // 6) % 3],  # past six series, colours repeat
            "coordinates": " ".join(f"({x:.6g},{y:.6g})" for x, y in points),
            "points": points,
        })
    drawable = [s for s in series if s["points"]]
    return {
        "name": plot.name,
        "title": plot.title,
        "xlabel": plot.xlabel,
        "ylabel": plot.ylabel,
        "xmode": "log" if logx else "linear",
        "ymode": "log" if logy else "linear",
        "series": drawable,
        "empty_series": [s["label"] for s in series if not s["points"]],
        "dropped": dropped,
        "legend_columns": max(1, min(3, len(drawable))),
        "table": _plot_table(drawable),
    }


def _thin(n: int, rows: int) -> list[int]:
    if n <= rows:
        return list(range(n))
    return sorted({round(k * (n - 1) / (rows - 1)) for k in range(rows)})


def _plot_table(series: list[dict]) -> dict:
    """The plotted numbers as a table for Markdown: one x column when all series share their x,
    else one (x, y) pair of columns per series; at most :data:`MD_PLOT_ROWS` rows."""
    if not series:
        return {"header": [], "rows": [], "total": 0, "shown": 0}
    xs = [[x for x, _ in s["points"]] for s in series]
    if all(x == xs[0] for x in xs):
        keep = _thin(len(xs[0]), MD_PLOT_ROWS)
        rows = [[f"{xs[0][i]:.4g}"] + [f"{s['points'][i][1]:.4g}" for s in series] for i in keep]
        header = [None] + [s["label"] for s in series]
        return {"header": header, "rows": rows, "total": len(xs[0]), "shown": len(keep), "shared_x": True}
    length = max(len(x) for x in xs)
    keep = _thin(length, MD_PLOT_ROWS)
    rows = []
    for i in keep:
        row = []
        for s in series:
            if i < len(s["points"]):
                row += [f"{s['points'][i][0]:.4g}", f"{s['points'][i][1]:.4g}"]
            else:
                row += ["", ""]
        rows.append(row)
    header = []
    for s in series:
        header += [None, s["label"]]
    return {"header": header, "rows": rows, "total": length, "shown": len(keep), "shared_x": False}


def _split_top_level(tex: str, separator: str = r"\qquad") -> list[str]:
    r"""Split display math at top-level ``\qquad`` (outside braces and environments), so that a
    statement of several formulas is set one formula per line."""
    parts, depth, env, start, k = [], 0, 0, 0, 0
    while k < len(tex):
        ch = tex[k]
        if ch == "\\":
            if tex.startswith(r"\begin", k):
                env += 1
            elif tex.startswith(r"\end", k):
                env -= 1
            elif depth == 0 and env == 0 and tex.startswith(separator, k) and not tex[k + len(separator):k + len(
                    separator) + 1].isalpha():
                parts.append(tex[start:k])
                k += len(separator)
                start = k
                continue
            k += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        k += 1
    parts.append(tex[start:])
    parts = [p.strip() for p in parts]
    parts = [p for p in parts if p]
    if depth != 0 or env != 0 or not parts:
        return [tex.strip()]
    return parts


def _claim_context(result, number: int, chosen: set[str], status_of: dict[str, str], used_by: list[str]) -> dict:
    c = result.claim
    steps = [{
        "index": s.index,
        "lhs": s.lhs,
        "relation": s.relation,
        "rhs": s.rhs,
        "justification": s.justification,
        "method": s.method,
        "scope": s.scope,
        "general": s.general,
        "verdict": s.verdict.value,
        "mark": VERDICT_MARK[s.verdict.value],
        "detail": s.detail,
        # how the claim reads the decided step: shown beside it, never instead of it
        "reading": s.reading,
        "premises": [p.name for p in s.premises],
    } for s in result.steps]
    numeric = [{
        "label": n.label,
        "method": n.method,
        "sizes": _sizes_text(n.sizes),
        "points": n.points,
        "max_abs_error": format_number(n.max_abs_error, ".1e"),
        "max_rel_error": format_number(n.max_rel_error, ".1e"),
        "passed": n.passed,
        "mark": "✓" if n.passed else "✗",
        "detail": n.detail,
    } for n in result.numeric]
    uses = [{"id": d, "in_report": d in chosen, "status": status_of.get(d, "")} for d in c.depends_on]
    return {
        "number": number,
        "id": c.id,
        "label": "claim:" + safe_id(c.id),
        "title": c.title,
        "statement": c.statement,
        "statement_lines": _split_top_level(c.statement),
        "status": result.status.value,
        "status_text": result.status.text,
        "premises": [{"name": p.name, "statement": p.statement, "source": p.source} for p in result.premises],
        "scope": result.scope,
        "doc": c.doc,
        "source": _source_text(c.source),
        "family": c.family,
        "steps": steps,
        "numeric": numeric,
        "numeric_details": [n for n in numeric if n["detail"]],
        "plots": [_plot_context(p) for p in result.plots],
        "notes": list(result.notes),
        "message": result.message,
        # a documented disagreement (``@claim(..., expected_failure=...)``): failing is what it expects
        "expected_failure": getattr(c, "expected_failure", "") or "",
        "uses": uses,
        "used_by": used_by,
        "max_abs_error": format_number(result.max_abs_error, ".1e"),
        "max_rel_error": format_number(result.max_rel_error, ".1e"),
    }


#: the file the Markdown appendix shows the block diagrams from, written beside it by ``lnsym report``
BLOCKS_FILE = "lnsym-blocks.svg"
#: the block diagrams are set just before this claim (when it is in the report)
BLOCKS_ANCHOR = "residual-derivative"


def _node_name(node) -> str:
    """A node of a block diagram in words, for the figure's text alternative."""
    if node.kind in ("input", "output"):
        return f"{node.text}_{node.sub}"
    return "the sum" if node.kind == "add" else node.text


def _blocks_context(claims: list[dict], figure_file: str | None) -> dict | None:
    """The residual-block diagrams (:mod:`lnsym.report.diagrams`), when the report has a claim they cite:
    set before :data:`BLOCKS_ANCHOR` (else before the first claim they cite), each arrow's claim linked
    when it is in the report. ``figure_file``: the SVG the Markdown refers to (None: no image)."""
    from lnsym.report.diagram_emit import label_tex, label_text, svg_figure, tikz_block
    from lnsym.report.diagrams import BLOCKS, block_graph, claim_ids, formula_tex, formula_text, jacobian_tex, layout

    number = {c["id"]: c["number"] for c in claims}
    graphs = [block_graph(b) for b in BLOCKS]
    cited = [cid for cid in claim_ids(graphs) if cid in number]
    if not cited:
        return None
    anchor = BLOCKS_ANCHOR if BLOCKS_ANCHOR in number else min(cited, key=number.__getitem__)
    linked = frozenset(cited)
    provers: dict[str, dict] = {}
    for g in graphs:
        for e in g.edges:
            if e.symbol:
                entry = provers.setdefault(e.claim, {"id": e.claim, "number": number.get(e.claim), "labels": []})
                label = {"tex": label_tex(e), "text": label_text(e)}
                if label not in entry["labels"]:
                    entry["labels"].append(label)
    blocks = [{
        "letter": chr(ord("a") + k),
        "title": g.block.title,
        "formula": formula_tex(g.block.formula),
        "jacobian": jacobian_tex(g.block.formula),
        "claim": g.block.claim,
        "claim_number": number.get(g.block.claim),
        "tikz": tikz_block(layout(g), linked=linked),
    } for k, g in enumerate(graphs)]
    description = "; ".join(
        f"({b['letter']}) {b['title']}, x_l+1 = {formula_text(g.block.formula, 'x_l')}: " + ", ".join(
        f"{_node_name(g.node(e.source))} to {_node_name(g.node(e.target))} carries {label_text(e)} ({e.claim}, "
        f"{'residual path' if e.residual else 'branch'})" for e in g.edges if e.symbol)
        for b, g in zip(blocks, graphs, strict=True))
    return {
        "anchor": anchor,
        "blocks": blocks,
        "provers": list(provers.values()),
        "svg": svg_figure(graphs, linked=linked, description=description),
        "file": figure_file,
        "file_svg": svg_figure(graphs, description=description) if figure_file else "",
    }


def figure_files(run, **kwargs) -> dict[str, str]:
    """The files the Markdown appendix of ``run`` refers to, by name: written beside the ``.md``."""
    ctx = context(run, **kwargs)
    figures = [ctx["blocks"], ctx["heatmaps"], ctx["stream"]]
    return {f["file"]: f["file_svg"] for f in figures if f and f["file"]}


def context(run, *, date: str | None = None, paths=(), ids=(), figure_file: str | None = BLOCKS_FILE) -> dict:
    """Everything the templates show, from a :class:`~lnsym.runner.VerifyRun`.

    ``paths`` (the folders of user claims) and ``ids`` (the claims asked for) only describe what
    was checked on the title page.
    """
    results = tuple(run.results)
    chosen = {r.claim.id for r in results}
    status_of = {r.claim.id: r.status.value for r in results}
    used_by: dict[str, list[str]] = {r.claim.id: [] for r in results}
    for r in results:
        for d in dict.fromkeys(r.claim.depends_on):
            if d in used_by and d != r.claim.id:
                used_by[d].append(r.claim.id)
    claims = [_claim_context(r, k + 1, chosen, status_of, used_by[r.claim.id]) for k, r in enumerate(results)]
    blocks = _blocks_context(claims, figure_file)
    for c in claims:  # a claim section points to the figure whose arrows it proves
        c["drawn"] = next((p["labels"] for p in (blocks or {}).get("provers", ()) if p["id"] == c["id"]), [])
        c["drawn_blocks"] = [b["letter"] for b in (blocks or {}).get("blocks", ()) if b["claim"] == c["id"]]
    heatmaps, stream = heatmap_context(claims, figure_file), stream_context(claims, figure_file)
    for c in claims:  # and to the other figures that draw it
        c["figures"] = figure_refs(c["id"], heatmaps, stream)
    counts = {s: sum(c["status"] == s for c in claims) for s in STATUSES}
    expected = sum(bool(c["expected_failure"]) and c["status"] == "failed" for c in claims)
    versions = dict(run.versions or {})
    layout = graph_layout(results)
    command = "lnsym verify" + "".join(f" {i}" for i in ids) + f" --seed {run.seed}"
    command += "".join(f" --path {Path(p).name or p}" for p in paths)
    return {
        "title": "Derivation appendix",
        "subtitle": "Residual connections and layer normalisation, derived and checked by lnsym",
        "date": date if date is not None else report_date(),
        "seed": run.seed,
        "versions": [(shown, str(versions[name])) for name, shown in VERSION_NAMES if name in versions],
        "selection": list(ids),
        "paths": [str(p) for p in paths],
        "command": command,
        "claims": claims,
        "counts": counts,
        "expected_failures": expected,
        "total": len(claims),
        "passed": counts["proved"] + counts["proved_from_premises"] + counts["checked"],
        "load_errors": [{"path": e.path, "line": e.line, "message": e.message} for e in run.load_errors],
        "statuses": [{"name": s, "label": s.replace("_", " "), "text": STATUS_TEXT[s], "fill": STATUS_COLOURS[s],
                      "stroke": STATUS_STROKES[s]} for s in STATUSES],
        "graph": layout,
        "blocks": blocks,
        "heatmaps": heatmaps,
        "stream": stream,
        "plots": [(c["id"], p["name"]) for c in claims for p in c["plots"]],
    }


# ----------------------------------------------------------------------------------------- render
TEMPLATES = {"tex": "appendix.tex.j2", "md": "appendix.md.j2"}


def render(run, fmt: str, **kwargs) -> str:
    """The appendix of ``run`` as LaTeX (``fmt="tex"``) or Markdown (``fmt="md"``)."""
    if fmt not in TEMPLATES:
        raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(TEMPLATES)}")
    return environment().get_template(TEMPLATES[fmt]).render(context(run, **kwargs))


def render_tex(run, **kwargs) -> str:
    return render(run, "tex", **kwargs)


def render_markdown(run, **kwargs) -> str:
    return render(run, "md", **kwargs)
