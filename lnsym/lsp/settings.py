"""The client's settings for lnsym, read from ``initializationOptions`` and ``workspace/didChangeConfiguration``.

A client sends them either under a section ``lnsym`` (``{"lnsym": {"showUnchecked": true}}``, what VS Code
and Neovim's ``settings`` send) or as the object itself. A bad value is never fatal: it is named in a
warning (sent to the client's log) and the setting keeps its previous value.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any

__all__ = ["SETTINGS", "Settings", "read_settings"]

# the defaults of `lnsym check`: lnsym.check.judges.worker.STEP_SECONDS and lnsym.check.budget.FILE_SECONDS
# (not imported: those modules load SymPy, and the server answers `initialize` before it has loaded it;
# tests/lsp/test_server.py checks that they agree)
DEFAULT_STEP_SECONDS = 2.0
DEFAULT_FILE_SECONDS = 30.0


@dataclass(frozen=True)
class Settings:
    plain_text: bool = True  # check the arithmetic written in prose too, as `lnsym check` does
    strict: bool = False  # an imprecise step is an error, not a warning (as `lnsym check --strict` fails on it)
    show_unchecked: bool = False  # unchecked statements as information diagnostics
    step_seconds: float = DEFAULT_STEP_SECONDS  # CPU seconds a step may take
    file_seconds: float = DEFAULT_FILE_SECONDS  # seconds one check of a document may take (0: no limit)
    debounce_ms: int = 300  # how long typing must pause before a document is checked again


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("expected true or false")
    return value


def _seconds(positive: bool):
    def read(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
                or value < 0 or (positive and value == 0):
            raise ValueError("expected a positive number of seconds" if positive
                             else "expected 0 (no limit) or a positive number of seconds")
        return float(value)
    return read


def _milliseconds(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10_000:
        raise ValueError("expected a whole number of milliseconds from 0 to 10000")
    return value


#: client key -> (field of Settings, reader that raises ValueError with what was expected)
SETTINGS = {
    "plainText": ("plain_text", _bool),
    "strict": ("strict", _bool),
    "showUnchecked": ("show_unchecked", _bool),
    "stepSeconds": ("step_seconds", _seconds(positive=True)),
    "fileSeconds": ("file_seconds", _seconds(positive=False)),
    "debounceMs": ("debounce_ms", _milliseconds),
}


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def read_settings(raw: Any, current: Settings) -> tuple[Settings, list[str]]:
    """``current`` updated by the client's ``raw`` settings, and one warning line per setting not taken.
    ``None`` (a client with nothing to say) changes nothing and warns of nothing."""
    if raw is None:
        return current, []
    if isinstance(raw, dict) and "lnsym" in raw:
        raw = raw["lnsym"]
        if raw is None:
            return current, []
    if not isinstance(raw, dict):
        return current, [f"lnsym settings: expected an object of settings, got {_shown(raw)}; nothing changed"]
    changes, warnings = {}, []
    for key in sorted(raw, key=str):
        if key not in SETTINGS:
            warnings.append(f"lnsym settings: unknown setting {_shown(key)} ignored; known: {', '.join(SETTINGS)}")
            continue
        name, reader = SETTINGS[key]
        try:
            changes[name] = reader(raw[key])
        except ValueError as exc:
            warnings.append(f"lnsym settings: {key}: {exc}, got {_shown(raw[key])}; "
                            f"keeping {_shown(getattr(current, name))}")
    return replace(current, **changes), warnings
