"""Where lnsym's bundled folders are: the built-in catalogue (``derivations/``) and the templates
(``reports/``).

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

__all__ = ["bundled_folder"]

PACKAGE = Path(__file__).resolve().parent


def bundled_folder(name: str) -> Path:
    """The bundled folder ``name`` of the running lnsym: inside the package (a wheel) or beside it (a
    source tree). A missing folder is a broken installation, reported as an :class:`LnsymError`."""
    inside, beside = PACKAGE / name, PACKAGE.parent / name
    for folder in (inside, beside):
        if folder.is_dir():
            return folder
    raise LnsymError(f"lnsym's folder {name}/ is missing: looked in {inside} and {beside}; reinstall lnsym")

