"""The exception hierarchy: every error lnsym raises on purpose is an :class:`LnsymError`.

The command line turns these into one-line messages and documented exit codes; anything else
that escapes is a bug in lnsym.
"""

from __future__ import annotations

__all__ = ["BuildError", "ClaimLoadError", "InputError", "LnsymError", "UsageError"]


class LnsymError(Exception):
    """Base class of lnsym's errors. The message says what was expected, what was got, and what to do."""

    #: exit code the command line uses when this error reaches it
    exit_code = 1


class UsageError(LnsymError, ValueError):
    """Bad arguments: an unknown claim id, an invalid option, a bad array passed to the numeric API."""

    exit_code = 2


class InputError(LnsymError):
    """An input file cannot be read: missing, a directory, not UTF-8, too large."""

    exit_code = 2


class ClaimLoadError(LnsymError):
    """A claim module cannot be imported or defines a malformed claim (file and line in the message)."""

    exit_code = 2


class BuildError(LnsymError):
    """A document could not be built (LaTeX error, missing TeX); the message says which and how to fix it."""

    exit_code = 3
