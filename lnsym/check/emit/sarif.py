"""``--format sarif``: SARIF 2.1.0, what GitHub code scanning and editors read.

One run of the tool ``lnsym``, one rule per verdict that is reported (``wrong``, ``imprecise``,
``error``; see :mod:`lnsym.check.emit.one_line` for why ``correct`` and ``unchecked`` are not),
and one result per such finding, with its region (1-based lines, columns in Unicode code points,
``endColumn`` exclusive, as SARIF counts). In a notebook the region is where the cell's text lies in
the ``.ipynb`` file, and the result's ``properties`` carry ``cell``, ``cellLine`` and
``cellColumn``. Relative paths are relative to ``%SRCROOT%`` (the folder lnsym was run in); a URI
percent-encodes the name's bytes (a name that is not UTF-8 too, as RFC 3986 has it). An
input that could not be read is a ``toolExecutionNotification`` of the invocation, whose
``executionSuccessful`` is then false (as it is when lnsym failed on a step). No time stamps: the
same input gives the same bytes.
"""

from __future__ import annotations

import json
from pathlib import PurePath

from lnsym import __version__
from lnsym.check.emit.one_line import ANNOTATED, annotated, message
from lnsym.check.file_names import unicode_name, uri_path
from lnsym.check.findings import FileReport, KeyReport
from lnsym.check.sources.notebook_positions import NotebookPositions

__all__ = ["SCHEMA", "render_sarif"]

SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_RULES = {
    "wrong": "A step that is refuted: the message gives the correct value and the evidence.",
    "imprecise": "A right value written with wrong digits (truncated, too many digits, '=' for a rounding).",
    "error": "lnsym failed on this step (a bug or a broken install): the results are incomplete.",
}


def _artifact(path: str) -> dict:
    if PurePath(path).is_absolute():
        return {"uri": PurePath(path).as_uri()}  # percent-encodes the name's bytes (os.fsencode)
    return {"uri": uri_path(PurePath(path).as_posix()), "uriBaseId": "%SRCROOT%"}


def _results(report: FileReport, rule_index: dict[str, int]) -> list[dict]:
    positions = NotebookPositions(report.text) if report.cells else None
    results = []
    for f in annotated(report):
        region: dict | None = {"startLine": f.line, "startColumn": f.column,
                               "endLine": f.end_line, "endColumn": f.end_column}
        props = {"verdict": f.verdict.value}
        if f.expected:
            props["expected"] = f.expected
        if positions is not None:
            start = positions.locate(f.cell, f.line, f.column) if f.cell is not None else None
            end = positions.locate(f.cell, f.end_line, f.end_column) if start else None
            region = {"startLine": start[0], "startColumn": start[1]} if start else None
            if region and end:
                region.update(endLine=end[0], endColumn=end[1])
            props.update(cell=f.cell, cellLine=f.line, cellColumn=f.column)
        physical = {"artifactLocation": _artifact(report.path)}
        if region:
            physical["region"] = region
        results.append({
            "ruleId": f.verdict.value,
            "ruleIndex": rule_index[f.verdict.value],
            "level": ANNOTATED[f.verdict.value],
            "message": {"text": message(f)},
            "locations": [{"physicalLocation": physical}],
            "properties": props,
        })
    return results


def sarif_log(report: KeyReport) -> dict:
    """The SARIF log as a dict."""
    rules = [{"id": v, "name": v.capitalize() + "Step" if v != "error" else "LnsymFailure",
              "shortDescription": {"text": text},
              "defaultConfiguration": {"level": ANNOTATED[v]}} for v, text in _RULES.items()]
    rule_index = {r["id"]: i for i, r in enumerate(rules)}
    notifications = [{"level": "error", "message": {"text": unicode_name(f"{path}: {reason}")},
                      "locations": [{"physicalLocation": {"artifactLocation": _artifact(path)}}]}
                     for path, reason in report.unreadable]
    failed = bool(report.unreadable) or report.summary["error"] > 0
    run = {
        "tool": {"driver": {"name": "lnsym", "version": __version__, "semanticVersion": __version__,
                            "rules": rules}},
        "invocations": [{"executionSuccessful": not failed, "toolExecutionNotifications": notifications}],
        "columnKind": "unicodeCodePoints",
        "results": [res for r in report.files for res in _results(r, rule_index)],
    }
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def render_sarif(report: KeyReport) -> str:
    """Deterministic SARIF JSON (UTF-8, indented)."""
    return json.dumps(sarif_log(report), ensure_ascii=False, indent=2)
