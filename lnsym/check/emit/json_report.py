"""The JSON rendering of a check: one object, keys in schema order, findings sorted by position."""

from __future__ import annotations

import json

from lnsym.check.findings import KeyReport

__all__ = ["render_json"]


def render_json(report: KeyReport) -> str:
    """Deterministic JSON: keys in schema order, findings sorted by position."""
    return json.dumps(report.to_json(), ensure_ascii=False, indent=2)
