"""``lnsym check PATH...``: several keys read first, then checked in order, in one process or in ``jobs``
(:mod:`lnsym.check.batch.files_run`), each file and the run within their time budgets
(:mod:`lnsym.check.budget`)."""

from __future__ import annotations

from collections.abc import Iterable

from lnsym.check.batch.files_run import check_keys
from lnsym.check.budget import FILE_SECONDS, RUN_SECONDS, RunBudget
from lnsym.check.file_names import shown
from lnsym.check.findings import KeyReport
from lnsym.check.judges.worker import Worker
from lnsym.check.keys import check_key, key_name, load_key
from lnsym.check.pipeline import Meaning
from lnsym.errors import InputError

__all__ = ["check_paths"]


def check_paths(paths: Iterable[str], meaning: Meaning | None = None, *, keep_going: bool = False,
                file_seconds: float | None = FILE_SECONDS, run_seconds: float | None = RUN_SECONDS,
                plain_text: bool = True, jobs: int = 1) -> KeyReport:
    """Check several keys (Markdown, LaTeX, notebooks), in the order given.

    :class:`InputError` when one cannot be read, before any is checked; with ``keep_going`` the others
    are checked and the unreadable ones listed in ``KeyReport.unreadable`` (the error is raised only
    when none can be read). Each file has ``file_seconds`` and the run ``run_seconds`` (None or 0: no
    limit); see :mod:`lnsym.check.budget`. With ``jobs`` > 1 the keys are checked in that many
    processes (:mod:`lnsym.check.batch.files_run`), with the same findings; a ``meaning`` hook keeps
    one process."""
    keys, unreadable, first_error = [], [], None
    for p in paths:
        try:
            keys.append(load_key(p))
        except InputError as exc:
            if not keep_going:
                raise
            first_error = first_error or exc
            name = key_name(p)
            unreadable.append((name, str(exc).removeprefix(shown(name) + ": ")))  # the message shows the name
    if first_error is not None and not keys:
        raise first_error
    budget = RunBudget(file_seconds, run_seconds)
    if jobs > 1 and len(keys) > 1 and meaning is None:
        return KeyReport(tuple(check_keys(keys, budget, min(jobs, len(keys)), plain_text)), tuple(unreadable))
    files = []
    with Worker() as w:
        for key in keys:
            w.deadline = budget.file()  # a notebook's cells share their file's budget
            files.append(check_key(key, w, meaning, plain_text))
    return KeyReport(tuple(files), tuple(unreadable))
