"""What the app says, in words and numbers, without Qt: the window, the command line, the
exports and the self-test read it from here, so they say the same thing.

:mod:`.numbers` formats each kind of value one way; :mod:`.cards` declares the four readout
cards and their texts; :mod:`.run_captions` narrates the token-by-token run.
"""
