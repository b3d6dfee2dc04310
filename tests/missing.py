"""One rule for a test whose tool or data is not on this machine: it skips on a developer's machine and
fails in CI (``CI=true``, exported by ``.ci/run``), which installs everything the README lists, so that a
green CI run never hides a skipped test."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def skip_or_fail(missing: str, remedy: str) -> NoReturn:
    """Skip because ``missing`` is absent, or fail under ``CI=true``; ``remedy`` says how to get it."""
    if in_ci():
        pytest.fail(f"{missing} in CI: {remedy}")
    pytest.skip(f"{missing}: {remedy} (a failure under CI=true)")
