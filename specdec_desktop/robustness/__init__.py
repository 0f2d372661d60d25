"""Robustness harness: a seeded GUI monkey with invariant checks (:mod:`.monkey`,
:mod:`.window_checks`), the guard that turns escaped exceptions and Qt criticals into failures
(:mod:`.guard`), fuzzed files for its dialogs (:mod:`.fuzz_files`) and ``--fuzz`` (:mod:`.fuzz_run`).
The seeded corpus of bad files serves the tests only: tests/support/corpus.py."""
