"""Robustness harness: a seeded GUI monkey with invariant checks (:mod:`.monkey`,
:mod:`.window_checks`), and the guard that turns escaped exceptions and Qt criticals into
failures (:mod:`.guard`)."""
