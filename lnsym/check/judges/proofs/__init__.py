"""The rules of a proof: a step that follows from the equations stated before it (:mod:`.consequences`,
kept cheap by :mod:`.linear_forms`), a condition derived from the one before (:mod:`.conditions`), a link
that is an instance of a named lemma (:mod:`.lemmas`), and a statement asserted under a hypothesis, decided
on its region (:mod:`.region`)."""
