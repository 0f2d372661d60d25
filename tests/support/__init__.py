"""Helpers shared by the tests of every layer (and the fuzz corpus the tests feed the app)."""
