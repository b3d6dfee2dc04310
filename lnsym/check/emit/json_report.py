"""The JSON rendering of a check: one object, keys in schema order, findings sorted by position."""

from __future__ import annotations

import json

from lnsym.check.file_names import unicode_name
from lnsym.check.findings import KeyReport

__all__ = ["render_json"]


def render_json(report: KeyReport) -> str:
    """Deterministic JSON: keys in schema order, findings sorted by position. A file name's bytes that
    are not UTF-8 are written ``\\xNN``: the output is UTF-8, and JSON escapes control characters."""
    data = report.to_json()
    for entry in [*data["files"], *data.get("unreadable", ())]:
        entry.update({k: unicode_name(entry[k]) for k in ("path", "reason") if k in entry})
    return json.dumps(data, ensure_ascii=False, indent=2)
