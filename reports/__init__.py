"""Jinja templates of the derivation appendix and the annotated answer key (installed as ``lnsym.templates``)."""
