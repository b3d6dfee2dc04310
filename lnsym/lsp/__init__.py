"""``lnsym lsp``: a language server that checks an answer key while it is written.

The modules, one concept each:

``settings``
    the client's settings (``initializationOptions``, ``workspace/didChangeConfiguration``) read and validated;
``positions``
    lnsym's 1-based code-point positions to the client's 0-based ones (UTF-16 code units by default) and back;
``convert``
    findings to diagnostics and to hover text;
``actions``
    the code actions: a wrong value replaced by the computed one, ``=`` turned into ``\\approx``;
``notebooks``
    the Markdown cells of an open notebook, and each finding given back to its cell;
``scheduler``
    debounced checks, one at a time off the event loop (in the main thread), superseded ones cancelled, never a
    stale publish;
``server``
    the pygls wiring.

Only ``server`` and ``notebooks``
    the Markdown cells of an open notebook, and each finding given back to its cell;
``scheduler`` need pygls at import time (``convert`` and ``actions`` need
``lsprotocol``, which pygls brings); the core install never imports this package.
"""
