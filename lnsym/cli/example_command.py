"""``lnsym example``: the path of the example answer key shipped with lnsym.

It prints a path rather than checking the key itself, so that the example composes with every
command and tool: ``lnsym check "$(lnsym example)"``, ``lnsym check "$(lnsym example)" --report
key.pdf``, ``cp "$(lnsym example)" my-key.md`` to start a key of one's own.
"""

from __future__ import annotations

import argparse


def add_parser(subparsers) -> argparse.ArgumentParser:
    return subparsers.add_parser(
        "example", help="print the path of the example answer key shipped with lnsym",
        description="Print the path of the example answer key shipped with lnsym (residual connections and "
        "LayerNorm placement, the key lnsym started from). Check it with: lnsym check \"$(lnsym example)\"",
    )


def run(args) -> int:
    from lnsym.bundled import example_key

    print(example_key())
    return 0
