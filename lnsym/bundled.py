"""Where lnsym's bundled folders are: the built-in catalogue (``derivations/``), the templates
(``reports/``) and the example answer key (``lnsym/examples/``).

``derivations/`` and ``reports/`` sit at the top of the repository, beside the package ``lnsym/``, as
the design asks; a wheel ships them inside the package (``lnsym/derivations``, ``lnsym/reports``:
see ``pyproject.toml``). So a folder is ``lnsym/NAME`` when lnsym runs from a wheel, and ``NAME``
beside ``lnsym/`` when it runs from a source tree: an editable install, a checkout on ``sys.path``,
and also ``python -m lnsym`` started in the project root, where the checkout's ``lnsym/`` is the one
imported whatever is installed. Either way the folder belongs to the ``lnsym`` that is running.

Nothing is imported from these folders by module name: the catalogue is loaded by path, exactly like
a user's ``--path`` folder (:mod:`lnsym.catalogue`), and the templates through Jinja's file loader.
That is what makes the three ways of running lnsym behave the same.
"""

from __future__ import annotations

from pathlib import Path

from lnsym.errors import LnsymError

__all__ = ["EXAMPLE_KEY", "bundled_folder", "example_key"]

PACKAGE = Path(__file__).resolve().parent

#: the answer key lnsym started from (residual connections and LayerNorm placement), shipped as an example
EXAMPLE_KEY = "residual-layernorm.md"


def bundled_folder(name: str) -> Path:
    """The bundled folder ``name`` of the running lnsym: inside the package (a wheel) or beside it (a
    source tree). A missing folder is a broken installation, reported as an :class:`LnsymError`."""
    inside, beside = PACKAGE / name, PACKAGE.parent / name
    for folder in (inside, beside):
        if folder.is_dir():
            return folder
    raise LnsymError(f"lnsym's folder {name}/ is missing: looked in {inside} and {beside}; reinstall lnsym")


def example_key() -> Path:
    """The example answer key shipped with lnsym (``lnsym/examples/residual-layernorm.md``)."""
    path = bundled_folder("examples") / EXAMPLE_KEY
    if not path.is_file():
        raise LnsymError(f"lnsym's example answer key is missing: expected {path}; reinstall lnsym")
    return path
