"""The command line: ``lnsym`` / ``python -m lnsym``.

Each subcommand lives in its own module of this package and provides two functions:

``add_parser(subparsers) -> argparse.ArgumentParser``
    registers the subcommand and its options;
``run(args) -> int``
    does the work and returns the exit code.

Subcommand modules are imported only when chosen, so ``lnsym check`` never pays for SymPy's
catalogue and ``lnsym verify`` never pays for Jinja.

Exit codes shared by every subcommand: 0 success, 1 something checked was wrong (a claim failed,
a step of a key is wrong), 2 bad usage or unreadable input, 3 a document could not be built
(for ``report``: no TeX installed or a LaTeX error; the .tex is still written), 4 (``check``) lnsym
failed on a step, a bug to report, 130 interrupted (Ctrl-C). A message for the user is one line on
standard error, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from lnsym import __version__
from lnsym.blas import reproducible_blas
from lnsym.errors import LnsymError

# subcommand -> (module, one-line help)
COMMANDS = {
    "verify": ("lnsym.cli.verify_command", "derive and check the claims of the catalogue"),
    "list": ("lnsym.cli.list_command", "list the claims of the catalogue"),
    "report": ("lnsym.cli.report_command", "render the derivation appendix (PDF, LaTeX, Markdown or HTML)"),
    "check": ("lnsym.cli.check_command", "check an answer key step by step"),
    "experiment": ("lnsym.cli.experiment_command", "run a numerical experiment (depth scaling)"),
    "example": ("lnsym.cli.example_command", "print the path of the example answer key shipped with lnsym"),
    "lsp": ("lnsym.cli.lsp_command", "the language server for editors (needs the extra: lnsym[lsp])"),
}


class _Parser(argparse.ArgumentParser):
    """argparse exits with 2 on bad usage already; keep its message to the point."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n(see '{self.prog} --help')\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="lnsym",
        description="Symbolic derivation and proof checker for residual connections and layer normalisation.",
        epilog="Exit codes: 0 success, 1 a claim or step is wrong, 2 bad usage or unreadable input, "
        "3 a document could not be built, 4 lnsym failed on a step of a key (check), 130 interrupted (Ctrl-C).",
    )
    parser.add_argument("--version", action="version", version=f"lnsym {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (module, help_text) in COMMANDS.items():
        if name == command:
            importlib.import_module(module).add_parser(sub)
        else:
            # placeholder so `lnsym --help` lists every command without importing them all
            sub.add_parser(name, help=help_text, add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    reproducible_blas()
    argv = list(sys.argv[1:] if argv is None else argv)
    command = next((a for a in argv if not a.startswith("-")), None)
    if command not in COMMANDS:
        command = None
    try:
        parser = build_parser(command)  # imports the command's module: SymPy for check, a second or more
    except KeyboardInterrupt:
        print(f"lnsym{' ' + command if command else ''}: interrupted", file=sys.stderr)
        return 130
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    module = importlib.import_module(COMMANDS[args.command][0])
    try:
        return int(module.run(args))
    except LnsymError as exc:
        print(f"lnsym {args.command}: error: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print(f"lnsym {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `lnsym verify | head`
        return 0
