"""Building a PDF from LaTeX source with latexmk, safely.

:func:`build_pdf` runs ``latexmk -pdf -interaction=nonstopmode -halt-on-error -no-shell-escape`` in
a temporary directory and moves the PDF to the output path (atomically) only when the build
succeeded, so the output path never holds a half-written or stale-looking file. On a LaTeX error it
raises :class:`~lnsym.errors.BuildError` with the first error lines of the log and the line of the
.tex source they point to; when TeX is not installed it raises :class:`TexNotFoundError` naming the
Debian packages that provide it.

Shell escape is off and kpathsea's ``openout_any``/``openin_any`` are set to paranoid, so even a
document that slipped an ``\\input`` or ``\\write18`` past the escaping could not run programs,
nor read or write files outside the build folder.

latexmk runs in a session of its own, and on a timeout (:data:`DEFAULT_TIMEOUT`, or an interrupt) the
whole process group is killed: killing latexmk alone once left pdflatex looping at full speed after
lnsym had exited and its folder was gone. A timeout raises :class:`BuildTimeout`.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from lnsym.errors import BuildError
from lnsym.report.write import atomic_copy

__all__ = ["TEX_PACKAGES", "BuildError", "BuildTimeout", "TexNotFoundError", "build_pdf", "tex_available"]

#: Debian packages that give everything the documents use (the TeX part of the README's ci:apt list;
#: tests/report/test_tex_packages.py proves the list complete and this a part of it)
TEX_PACKAGES = "texlive-latex-recommended texlive-pictures lmodern latexmk"

LATEXMK = ["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "-file-line-error"]

DEFAULT_TIMEOUT = 60.0  # the 34-page appendix builds in 4 s; a document that loops should not take minutes


class TexNotFoundError(BuildError):
    """latexmk or pdflatex is not installed."""


class BuildTimeout(BuildError):
    """LaTeX did not finish in time (every TeX process it started has been killed)."""


def _kill_group(proc: subprocess.Popen) -> None:
    """Kill latexmk and every process it started (they share its process group), then reap latexmk. Only
    before latexmk is reaped: until then its pid, the group's id, cannot belong to anyone else."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(Exception):
        proc.communicate(timeout=10)


def _run_latexmk(folder: Path, env: dict, timeout: float, tex_name: str) -> tuple[int, bytes]:
    proc = subprocess.Popen(
        [*LATEXMK, "document.tex"], cwd=folder, env=env, stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
    )
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        raise BuildTimeout(f"LaTeX did not finish within {timeout:g} s building {tex_name}") from None
    except BaseException:  # an interrupt: leave no TeX behind either
        _kill_group(proc)
        raise
    return proc.returncode, out


def tex_available() -> bool:
    """True when latexmk and pdflatex are on the PATH."""
    return shutil.which("latexmk") is not None and shutil.which("pdflatex") is not None


def _missing_tex_message() -> str:
    missing = [p for p in ("latexmk", "pdflatex") if shutil.which(p) is None]
    return (f"cannot build a PDF: {' and '.join(missing)} not found on the PATH; on Debian or Ubuntu, "
            f"'apt-get install --no-install-recommends {TEX_PACKAGES}' provides them")


_ERROR_START = re.compile(r"^(?:!\s|\S[^:\n]*\.tex:\d+:\s|\S[^:\n]*\.(?:sty|cls|def|cfg|fd):\d+:\s)")
_LINE_REF = re.compile(r"^l\.(\d+)\s?(.*)$")
_FILE_LINE = re.compile(r"^(\S[^:\n]*?\.tex):(\d+):\s")


def log_errors(log: str, source: str, *, name: str = "document.tex", max_lines: int = 8) -> str:
    """The first error of a LaTeX log, as a few lines, with the source line it points to."""
    lines = log.splitlines()
    start = next((k for k, text in enumerate(lines) if _ERROR_START.match(text)), None)
    if start is None:
        tail = [t for t in lines[-max_lines:] if t.strip()]
        return "no error message found in the log; its last lines:\n  " + "\n  ".join(tail)
    picked: list[str] = []
    line_no = None
    m = _FILE_LINE.match(lines[start])
    if m and Path(m.group(1)).name == name:
        line_no = int(m.group(2))
    for text in lines[start:start + 20]:
        if len(picked) >= max_lines:
            break
        ref = _LINE_REF.match(text)
        if text.strip():
            picked.append(text)
        if ref:
            line_no = line_no or int(ref.group(1))
            break
    message = "\n  ".join(picked)
    source_lines = source.splitlines()
    if line_no and 1 <= line_no <= len(source_lines):
        quoted = source_lines[line_no - 1]
        if len(quoted) > 200:
            quoted = quoted[:200] + "..."
        message += f"\n  at {name} line {line_no}: {quoted}"
    return message


def build_pdf(tex_source: str, out_path, *, timeout: float = DEFAULT_TIMEOUT, tex_name: str | None = None) -> Path:
    """Compile ``tex_source`` to a PDF at ``out_path``; returns the path.

    ``tex_name`` is the name the source is given in messages (default: ``out_path`` with ``.tex``).
    Raises :class:`TexNotFoundError` when TeX is missing, :class:`BuildTimeout` after ``timeout`` seconds
    (no TeX process is left running) and :class:`BuildError` on a LaTeX error; in each case nothing is
    written at ``out_path``.
    """
    out_path = Path(out_path)
    tex_name = tex_name or out_path.with_suffix(".tex").name
    if not tex_available():
        raise TexNotFoundError(_missing_tex_message())
    env = dict(os.environ)
    env.update(openout_any="p", openin_any="p", shell_escape="f", LC_ALL="C")
    if env.get("SOURCE_DATE_EPOCH"):
        env.setdefault("FORCE_SOURCE_DATE", "1")  # reproducible PDF dates too
    with tempfile.TemporaryDirectory(prefix="lnsym-tex-") as tmp:
        folder = Path(tmp)
        (folder / "document.tex").write_text(tex_source, encoding="utf-8")
        try:
            returncode, output = _run_latexmk(folder, env, timeout, tex_name)
        except FileNotFoundError:
            raise TexNotFoundError(_missing_tex_message()) from None
        pdf = folder / "document.pdf"
        if returncode != 0 or not pdf.is_file():
            log_file = folder / "document.log"
            log = log_file.read_text(encoding="utf-8", errors="replace") if log_file.is_file() else ""
            if not log:
                log = output.decode("utf-8", errors="replace")
            details = log_errors(log, tex_source, name="document.tex").replace("document.tex", tex_name)
            raise BuildError(f"LaTeX failed on {tex_name}:\n  {details}")
        out_path.parent.mkdir(parents=True, exist_ok=True)
        return atomic_copy(pdf, out_path)
