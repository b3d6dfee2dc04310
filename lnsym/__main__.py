"""``python -m lnsym``: the command line (see :mod:`lnsym.cli`)."""

from lnsym.cli import main

raise SystemExit(main())
