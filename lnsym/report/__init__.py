"""The derivation appendix: Jinja rendering to LaTeX and Markdown, and the PDF build."""
