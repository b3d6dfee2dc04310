"""pytest plugin: ``pytest --lnsym [--lnsym-path DIR ...]`` runs every claim of the catalogue as a test.

Registered as the ``pytest11`` entry point ``lnsym``, so pytest loads it in every environment where
lnsym is installed. Without ``--lnsym`` it only adds its options: nothing is imported beyond the
standard library and nothing is collected.

With ``--lnsym`` each claim (built-in, then those of each ``--lnsym-path`` folder) becomes one test
item named by its id, e.g. ``lnsym::softmax-jacobian``; it passes when the claim is proved or
checked and fails with the claim's own message otherwise. A claim with ``expected_failure`` is a
strict xfail: reported as xfailed when it fails, as a failure when it passes. A claim module that cannot be loaded
becomes a failing item ``lnsym::load-error[FILE:LINE]``. Select with ``-k`` or ``-m lnsym`` /
``-m "not lnsym"`` as usual.
"""

from __future__ import annotations

from pathlib import Path

import pytest

_STATE = pytest.StashKey[dict]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("lnsym", "lnsym claims")
    group.addoption("--lnsym", action="store_true", default=False,
                    help="collect every claim of the lnsym catalogue as a test item")
    group.addoption("--lnsym-path", action="append", default=[], metavar="DIR",
                    help="also collect the claim modules (*.py) of this folder; may be repeated (implies --lnsym)")
    group.addoption("--lnsym-seed", type=int, default=0, metavar="N",
                    help="seed of the claims' random points (default: 0)")


def _enabled(config: pytest.Config) -> bool:
    return bool(config.getoption("lnsym", False) or config.getoption("lnsym_path", None))


def pytest_configure(config: pytest.Config) -> None:
    if _enabled(config):
        config.addinivalue_line("markers", "lnsym: a claim of the lnsym catalogue (added by --lnsym)")


class ClaimFailed(Exception):
    """A claim that did not pass; its message is the claim's own."""


class _Item(pytest.Item):
    """A test item with no fixtures. ``funcargs`` is empty rather than absent: plugins that wrap every test's call
    read it (pytest-lsp 1.0.1's ``pytest_runtest_call`` returns without yielding for an item that lacks it, and
    pytest then fails every claim with "did not yield")."""

    funcargs: dict = {}  # noqa: RUF012 - read only, never filled: a claim takes no fixture


class ClaimItem(_Item):
    """One claim, run with :func:`lnsym.runner.run_claim` (its dependencies first, once per session)."""

    def __init__(self, *, claim, **kwargs) -> None:
        super().__init__(**kwargs)
        self.claim = claim
        self.add_marker("lnsym")

    def runtest(self) -> None:
        result = _result(self.config, self.claim.id)
        self.user_properties.append(("lnsym_status", result.status.value))
        if self.claim.expected_failure:
            # a documented disagreement is pytest's strict xfail: its failure is expected, a pass is not
            if result.as_expected:
                pytest.xfail(f"{result.id}: {self.claim.expected_failure}")
            raise ClaimFailed(f"{result.id}: expected to fail ({self.claim.expected_failure}) but it "
                              f"{result.status.value}")
        if not result.status.passed:
            raise ClaimFailed(f"{result.id}: {result.status.value}: {result.message}")

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ClaimFailed):
            return f"{excinfo.value}\n  (claim defined at {self.claim.source})"
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        path, _, line = self.claim.source.rpartition(":")
        return Path(path) if path else self.path, max(int(line or 1) - 1, 0), f"lnsym claim {self.claim.id}"


class LoadErrorItem(_Item):
    """A claim module that could not be loaded: always fails with its file, line and error."""

    def __init__(self, *, error, **kwargs) -> None:
        super().__init__(**kwargs)
        self.error = error
        self.add_marker("lnsym")

    def runtest(self) -> None:
        raise ClaimFailed(f"cannot load {self.error}")

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ClaimFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return Path(self.error.path), max(self.error.line - 1, 0), f"lnsym load error {Path(self.error.path).name}"


class Catalogue(pytest.Collector):
    """The claims as a collector node (node id ``lnsym``)."""

    def collect(self):
        catalogue = self.config.stash[_STATE]["catalogue"]
        for claim in catalogue.claims:
            yield ClaimItem.from_parent(self, name=claim.id, claim=claim)
        for error in catalogue.errors:
            yield LoadErrorItem.from_parent(self, name=f"load-error[{Path(error.path).name}:{error.line}]",
                                            error=error)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list) -> None:
    """Append the claims to what was collected, before -k / -m deselect (they run after the
    project's own tests)."""
    if not _enabled(config):
        return
    from lnsym.catalogue import load_catalogue
    from lnsym.errors import LnsymError

    try:
        catalogue = load_catalogue(config.getoption("lnsym_path"))
    except LnsymError as exc:  # e.g. a --lnsym-path that is not a folder
        raise pytest.UsageError(f"--lnsym: {exc}") from None
    config.stash[_STATE] = {"catalogue": catalogue, "results": {}}
    node = Catalogue.from_parent(session, name="lnsym", nodeid="lnsym")
    report = session.ihook.pytest_make_collect_report(collector=node)
    session.ihook.pytest_collectreport(report=report)  # so that "collected N items" counts the claims
    items.extend(item for item in report.result if isinstance(item, pytest.Item))


def _result(config: pytest.Config, claim_id: str):
    """The result of one claim with the dependency rule of ``lnsym verify`` (a claim resting on a
    claim that did not pass fails; one resting on a checked claim is at most checked)."""
    from lnsym.runner import _with_dependencies, run_claim

    state = config.stash[_STATE]
    results = state["results"]
    if claim_id in results:
        return results[claim_id]
    by_id = {c.id: c for c in state["catalogue"].claims}
    claim = by_id[claim_id]
    results[claim_id] = None  # a dependency cycle: the claim is not consulted again while it runs
    for dep in claim.depends_on:
        if dep in by_id and dep not in results:
            _result(config, dep)
    done = {k: v for k, v in results.items() if v is not None}
    raw = run_claim(claim, seed=config.getoption("lnsym_seed"))
    results[claim_id] = _with_dependencies(raw, done)
    return results[claim_id]
