"""The derivation appendix: Jinja rendering to LaTeX and Markdown, and the PDF build.

Modules (imported on use; nothing is loaded by importing this package):

``latex``        one-pass escaping of text for LaTeX and Markdown (``escape_latex``,
                 ``escape_text_with_math``, ``escape_markdown``...)
``environment``  the cached Jinja environment over the templates in ``reports/``
``pdf``          ``build_pdf``: latexmk in a temporary folder; ``BuildError``, ``TexNotFoundError``
``write``        atomic file writes
``appendix``     a ``VerifyRun`` as a context dict, the dependency-graph layout, ``render(run, "tex"|"md")``
``diagrams``     residual blocks as formula trees, their graphs and layout; ``diagram_emit`` draws them (TikZ, SVG)
``heatmaps``     the LayerNorm Jacobian and its three parts at two inputs, one colour scale; ``heatmap_emit`` draws them
``stream``       the residual stream unrolled over n layers, read from the blocks; ``stream_emit`` draws it
``figure_context`` the heatmaps and the stream as template context, and the claim sections that point to them
"""
