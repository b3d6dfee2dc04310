"""The README's one list of system packages (its ``ci:apt`` block) is complete for what the templates use.

Every template of ``reports/`` is rendered (the appendix from the synthetic run of
``test_report_support``, the annotated answer key from a small key) and the LaTeX it writes is read
for what it loads: ``\\documentclass``, ``\\usepackage``, ``\\RequirePackage``, ``\\usetikzlibrary``,
``\\usepgfplotslibrary``, the font encodings and input encodings, and the font definition files of
the families in use. Two proofs, both run in CI (where a missing TeX or dpkg fails them) and skipped
elsewhere when TeX is absent:

* ``kpsewhich`` finds every one of those files; a miss names the file, the template that needs it
  and the Debian package that provides it;
* every file that a real ``pdflatex -recorder`` run of each rendered template reads belongs to a
  package of the list or to one that the list depends on (``Depends``/``Pre-Depends``, recursively,
  as installed), so that a package installed by hand cannot hide a gap in the list; a font that
  pdflatex had to generate as a bitmap at run time (no Type 1 outline installed) fails it too.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from missing import skip_or_fail
from report_support import synthetic_run

from lnsym.check import check_text
from lnsym.check.emit.annotated import render_report
from lnsym.check.emit.annotated_html import render_html as render_html_check
from lnsym.check.findings import KeyReport
from lnsym.report.appendix import render
from lnsym.report.appendix_html import render_html as render_html_appendix
from lnsym.report.environment import templates_folder
from lnsym.report.pdf import TEX_PACKAGES

ROOT = Path(__file__).resolve().parents[2]
APT_PREFIX = "apt-get install -y --no-install-recommends"

#: The Debian package of each file the templates load directly, for the message of a miss (the
#: file is then not installed, so ``dpkg -S`` cannot tell). Read with ``dpkg -S`` on Debian 12.
PROVIDED_BY = {
    "article.cls": "texlive-latex-base",
    "fontenc.sty": "texlive-latex-base",
    "inputenc.sty": "texlive-latex-base",
    "textcomp.sty": "texlive-latex-base",
    "amsmath.sty": "texlive-latex-base",
    "geometry.sty": "texlive-latex-base",
    "graphicx.sty": "texlive-latex-base",
    "array.sty": "texlive-latex-base",
    "longtable.sty": "texlive-latex-base",
    "fancyhdr.sty": "texlive-latex-base",
    "hyperref.sty": "texlive-latex-base",
    "t1enc.def": "texlive-latex-base",
    "utf8.def": "texlive-latex-base",
    "amssymb.sty": "texlive-base",
    "microtype.sty": "texlive-latex-recommended",
    "xcolor.sty": "texlive-latex-recommended",
    "booktabs.sty": "texlive-latex-recommended",
    "tikz.sty": "texlive-pictures",
    "pgfplots.sty": "texlive-pictures",
    "tikzlibrarybackgrounds.code.tex": "texlive-pictures",
    "pgflibraryarrows.meta.code.tex": "texlive-pictures",
    "lmodern.sty": "lmodern",
    "t1lmr.fd": "lmodern",
    "t1lmss.fd": "lmodern",
    "t1lmtt.fd": "lmodern",
}


# ------------------------------------------------------------------------------ the README's list
def readme_apt_packages(readme: str) -> list[str]:
    """The package names of the README's ``<!-- ci:apt -->`` block, read by the rule ``.ci/run`` uses:
    the first fenced block after the marker is one command, ``apt-get install -y
    --no-install-recommends NAME ...``, continued with backslashes."""
    lines = readme.splitlines()
    if "<!-- ci:apt -->" not in lines:
        raise ValueError("README has no <!-- ci:apt --> block")
    block, inside = [], False
    for line in lines[lines.index("<!-- ci:apt -->") + 1:]:
        if line.startswith("```"):
            if inside:
                break
            inside = True
            continue
        if inside:
            block.append(line.rstrip().removesuffix("\\"))
    command = " ".join(" ".join(block).split())
    if not command.startswith(APT_PREFIX + " "):
        raise ValueError(f"the ci:apt block must be '{APT_PREFIX} NAME ...', got {command!r}")
    names = command[len(APT_PREFIX):].split()
    bad = [n for n in names if not re.fullmatch(r"[a-z0-9][a-z0-9.+-]+", n)]
    if bad:
        raise ValueError(f"not Debian package names in the ci:apt block: {bad}")
    return names


def listed() -> list[str]:
    return readme_apt_packages((ROOT / "README.md").read_text(encoding="utf-8"))


def test_readme_block_is_read_as_ci_reads_it():
    text = f"x\n<!-- ci:apt -->\n```sh\n{APT_PREFIX} \\\n  a-b c+d \\\n  e9\n```\n```sh\nnot this\n```\n"
    assert readme_apt_packages(text) == ["a-b", "c+d", "e9"]
    with pytest.raises(ValueError, match="must be"):
        readme_apt_packages("<!-- ci:apt -->\n```sh\napt-get install lmodern\n```\n")  # recommends would hide gaps
    with pytest.raises(ValueError, match="not Debian package names"):
        readme_apt_packages(f"<!-- ci:apt -->\n```sh\n{APT_PREFIX} lmodern; rm -rf /\n```\n")
    with pytest.raises(ValueError, match="no <!-- ci:apt -->"):
        readme_apt_packages("no block here")
    # .ci/run reads the same block with the same prefix (it runs nothing else from it)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f'apt_prefix="{APT_PREFIX}"' in ci and "readme_command apt" in ci


def test_the_readme_lists_tex_and_what_the_tests_use():
    packages = listed()
    assert len(packages) == len(set(packages)), "a package is listed twice"
    # what the no-TeX message of `lnsym report` tells a user to install is part of the list
    assert set(TEX_PACKAGES.split()) <= set(packages)
    assert {"lmodern", "latexmk", "poppler-utils"} <= set(packages)  # fonts; the builder; pdftotext for the tests


# ------------------------------------------------------------------------------ what the LaTeX loads
def rendered_templates() -> dict[str, str]:
    """Every template of ``reports/``, rendered: {template name: text}."""
    run = synthetic_run()
    key = KeyReport((check_text("Mean $\\mu=\\frac{2+4}{2}=3$, so $\\frac{1}{3}\\approx 0.334$.\n", "key.md"),))
    return {
        "appendix.tex.j2": render(run, "tex", date="2026-01-01"),
        "appendix.md.j2": render(run, "md", date="2026-01-01"),
        "check.tex.j2": render_report(key, "tex"),
        "check.md.j2": render_report(key, "md"),
        # HTML pages load no TeX; rendered here so that the list above stays complete (page.css.j2 is
        # included by both)
        "appendix.html.j2": render_html_appendix(run),
        "check.html.j2": render_html_check(key),
        "page.css.j2": "",
    }


def test_every_template_is_rendered():
    templates = {p.name for p in Path(str(templates_folder())).iterdir() if p.name.endswith(".j2")}
    assert templates == set(rendered_templates()), "a template is missing from rendered_templates()"


_COMMENT = re.compile(r"(?<!\\)%.*")
_LOAD = re.compile(r"\\(usepackage|RequirePackage|documentclass|usetikzlibrary|usepgfplotslibrary)\s*"
                   r"(?:\[([^\]]*)\])?\s*\{([^}]*)\}")


def required_files(tex: str) -> list[tuple[str, ...]]:
    """What a LaTeX document loads, as alternatives: each entry is one or more file names of which
    one must exist (TikZ looks for ``tikzlibraryX.code.tex``, then ``pgflibraryX.code.tex``)."""
    tex = _COMMENT.sub("", tex)
    needs: list[tuple[str, ...]] = []
    encodings: list[str] = []
    packages: set[str] = set()
    for command, options, names in _LOAD.findall(tex):
        options_list = [o.strip() for o in options.split(",") if o.strip()]
        for name in (n.strip() for n in names.split(",") if n.strip()):
            if command == "documentclass":
                needs.append((f"{name}.cls",))
            elif command == "usetikzlibrary":
                needs.append((f"tikzlibrary{name}.code.tex", f"pgflibrary{name}.code.tex"))
            elif command == "usepgfplotslibrary":
                needs.append((f"pgfplotslibrary{name}.code.tex", f"tikzlibrarypgfplots.{name}.code.tex"))
            else:
                needs.append((f"{name}.sty",))
                packages.add(name)
                if name == "fontenc":
                    encodings += [o.lower() for o in options_list]
                    needs += [(f"{o.lower()}enc.def",) for o in options_list]
                elif name == "inputenc":
                    needs += [(f"{o}.def",) for o in options_list]
    # the font definition files of the text families: Latin Modern with lmodern, else Computer Modern
    families = ("lmr", "lmss", "lmtt") if "lmodern" in packages else ("cmr", "cmss", "cmtt")
    needs += [(f"{enc}{family}.fd",) for enc in encodings if enc != "ot1" for family in families]
    return list(dict.fromkeys(needs))


def test_required_files_of_a_preamble():
    tex = ("% \\usepackage{commented}\n\\documentclass[11pt]{article}\n\\usepackage[T1]{fontenc}\n"
           "\\usepackage[utf8]{inputenc}\n\\usepackage{lmodern}\n\\usepackage{amsmath, amssymb}\n"
           "\\RequirePackage{xcolor}\n\\usetikzlibrary{arrows.meta,backgrounds}\n\\usepgfplotslibrary{fillbetween}\n"
           "50\\% \\usepackage{after-escaped-percent}\n")
    needs = required_files(tex)
    assert ("article.cls",) in needs and ("t1enc.def",) in needs and ("utf8.def",) in needs
    assert ("amsmath.sty",) in needs and ("amssymb.sty",) in needs and ("xcolor.sty",) in needs
    assert ("tikzlibraryarrows.meta.code.tex", "pgflibraryarrows.meta.code.tex") in needs
    assert ("pgfplotslibraryfillbetween.code.tex", "tikzlibrarypgfplots.fillbetween.code.tex") in needs
    assert ("t1lmr.fd",) in needs and ("t1cmr.fd",) not in needs
    assert ("after-escaped-percent.sty",) in needs
    assert needs and not any("commented" in name for alternatives in needs for name in alternatives)
    assert ("t1cmr.fd",) in required_files("\\usepackage[T1]{fontenc}")


def missing_files(needs_by_template: dict[str, list[tuple[str, ...]]], found: set[str]) -> list[str]:
    """One message per file that is not found, naming the template and the Debian package."""
    problems = []
    for template, needs in needs_by_template.items():
        for alternatives in needs:
            if any(name in found for name in alternatives):
                continue
            name = next((n for n in alternatives if n in PROVIDED_BY), alternatives[0])
            package = PROVIDED_BY.get(name)
            where = (f"Debian package {package}" if package else
                     f"a Debian package this test does not know (try: apt-file search {name})")
            problems.append(f"{name} (needed by {template}) is not installed: it comes from {where}; "
                            "add it to the README's ci:apt list")
    return problems


def test_a_missing_file_is_named_with_its_debian_package():
    needs = {"check.tex.j2": required_files("\\usepackage{lmodern}\n\\usepackage{lnsymnosuch}\n\\usepackage{amsmath}")}
    problems = missing_files(needs, found={"amsmath.sty"})
    assert len(problems) == 2
    assert problems[0].startswith("lmodern.sty (needed by check.tex.j2)") and "Debian package lmodern;" in problems[0]
    assert problems[1].startswith("lnsymnosuch.sty") and "apt-file search lnsymnosuch.sty" in problems[1]
    assert missing_files(needs, found={"amsmath.sty", "lmodern.sty", "lnsymnosuch.sty"}) == []


def _need_tool(*tools: str) -> None:
    """Skip when a tool is absent, except in CI, which installs the README's list: there it fails."""
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        skip_or_fail(f"{', '.join(missing)} not installed", "the README's ci:apt list provides TeX")


def test_kpsewhich_finds_every_file_the_templates_load():
    _need_tool("kpsewhich")
    needs = {name: required_files(text) for name, text in rendered_templates().items()}
    assert sum(map(len, needs.values())) > 20  # the tex templates load that much; reading found it
    names = sorted({n for alternatives in (a for v in needs.values() for a in v) for n in alternatives})
    out = subprocess.run(["kpsewhich", *names], capture_output=True, text=True, check=False).stdout
    found = {Path(line).name for line in out.splitlines() if line.strip()}
    problems = missing_files(needs, found)
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------------------------ who owns what is read
def _bare(name: str) -> str:
    """A dependency's package name without version, architecture qualifier or spaces."""
    return name.strip().split(" ")[0].split(":")[0]


def dependency_closure(roots, installed: dict[str, tuple[list[str], list[list[str]]]]) -> set[str]:
    """The packages ``roots`` pull in: ``installed`` maps each installed package to (what it
    provides, its dependencies as lists of alternatives); an alternative counts when it is installed
    or provided by an installed package."""
    providers: dict[str, set[str]] = {}
    for package, (provides, _) in installed.items():
        providers.setdefault(package, set()).add(package)
        for virtual in provides:
            providers.setdefault(virtual, set()).add(package)
    closure: set[str] = set()
    todo = [r for r in roots if r in installed]
    while todo:
        package = todo.pop()
        if package in closure:
            continue
        closure.add(package)
        for alternatives in installed[package][1]:
            for alternative in alternatives:
                todo.extend(providers.get(alternative, ()))
    return closure


def installed_packages() -> dict[str, tuple[list[str], list[list[str]]]]:
    fmt = "${Package}\\t${db:Status-Status}\\t${Provides}\\t${Depends}, ${Pre-Depends}\\n"
    out = subprocess.run(["dpkg-query", "-W", "-f", fmt], capture_output=True, text=True, check=True).stdout
    installed = {}
    for line in out.splitlines():
        package, status, provides, depends = line.split("\t")
        if status != "installed":
            continue
        clauses = [[_bare(a) for a in clause.split("|")] for clause in depends.split(",") if clause.strip()]
        installed[package] = ([_bare(p) for p in provides.split(",") if p.strip()], clauses)
    return installed


def owned_files(packages) -> set[str]:
    """Every path the packages installed (dpkg's file lists)."""
    out = subprocess.run(["dpkg-query", "-L", *sorted(packages)], capture_output=True, text=True, check=False).stdout
    return {line for line in out.splitlines() if line.startswith("/")}


def owner_of(path: str) -> str:
    out = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True, check=False).stdout
    return out.split(":")[0] if out else ""


_BITMAP_FONT = re.compile(r"\.\d+pk$")


def unlisted_reads(read: list[str], owned: set[str], build_dir: str, owner=owner_of) -> list[str]:
    """One message per file read that no listed package (nor one of their dependencies) installed.

    Files in the build folder are the document's own; those under ``/var/lib/texmf`` and
    ``/etc/texmf`` are made by the listed packages' installation triggers (formats, font maps,
    ``ls-R``, ``texmf.cnf``); a bitmap font (``*.600pk``)
    was generated at run time because no outline font was installed, wherever it was written."""
    problems = []
    made_by_triggers = ("/var/lib/texmf/", "/etc/texmf/")
    for path in dict.fromkeys(read):
        path = os.path.join(build_dir, path)  # the recorder writes the document's own files relative
        real = os.path.realpath(path)
        if _BITMAP_FONT.search(path):
            problems.append(f"{path}: a bitmap font pdflatex generated at run time (mktexpk); no Type 1 outline "
                            "of it is installed: load a font package the list provides (lmodern) instead")
        elif path.startswith(build_dir) or real.startswith((build_dir, *made_by_triggers)) or {path, real} & owned:
            continue
        else:
            package = owner(real) or owner(path)
            where = f"Debian package {package}" if package else "no Debian package (installed by hand?)"
            problems.append(f"{path}: from {where}, which is neither in the README's ci:apt list nor a dependency "
                            "of it")
    return problems


def test_dependency_closure_and_unlisted_reads():
    installed = {"a": ([], [["b"], ["c", "d"]]), "b": (["virtual"], []), "d": ([], [["virtual"]]),
                 "e": ([], []), "f": ([], [["e"]])}
    assert dependency_closure(["a"], installed) == {"a", "b", "d"}
    assert dependency_closure(["missing"], installed) == set()
    owners = {"/usr/share/x/lmodern.sty": "lmodern"}
    problems = unlisted_reads(
        ["/tmp/build/k.aux", "k.tex", "/usr/share/ok.sty", "/usr/share/x/lmodern.sty",
         "/var/lib/texmf/web2c/pdftex/pdflatex.fmt", "/etc/texmf/web2c/texmf.cnf",
         "/root/.texlive2022/texmf-var/fonts/pk/ljfour/jknappen/ec/ecrm1095.600pk", "/opt/hand/made.sty"],
        owned={"/usr/share/ok.sty"}, build_dir="/tmp/build", owner=lambda p: owners.get(p, ""))
    assert len(problems) == 3
    assert problems[0].startswith("/usr/share/x/lmodern.sty: from Debian package lmodern, which is neither")
    assert "bitmap font" in problems[1] and "ecrm1095" in problems[1]
    assert "no Debian package" in problems[2]


def test_every_file_pdflatex_reads_comes_from_the_list(tmp_path):
    _need_tool("pdflatex", "dpkg-query", "dpkg")
    installed = installed_packages()
    packages = listed()
    absent = [p for p in packages if p not in installed]
    assert not absent, f"listed in the README's ci:apt block but not installed: {absent}"
    owned = owned_files(dependency_closure(packages, installed))
    problems = []
    for name, text in rendered_templates().items():
        if not name.endswith(".tex.j2"):
            continue
        folder = tmp_path / name.removesuffix(".tex.j2")
        folder.mkdir()
        (folder / "doc.tex").write_text(text, encoding="utf-8")
        build = subprocess.run(["pdflatex", "-recorder", "-interaction=nonstopmode", "-halt-on-error",
                                "-no-shell-escape", "doc.tex"], cwd=folder, capture_output=True, text=True,
                               timeout=300, check=False)
        assert build.returncode == 0, f"{name} did not build:\n{build.stdout[-3000:]}"
        read = [line[len("INPUT "):] for line in (folder / "doc.fls").read_text().splitlines()
                if line.startswith("INPUT ")]
        assert any(p.endswith("article.cls") for p in read)  # the recorder saw the class: the list is real
        problems += [f"{name}: {p}" for p in unlisted_reads(read, owned, str(folder))]
    assert not problems, "\n".join(problems)
