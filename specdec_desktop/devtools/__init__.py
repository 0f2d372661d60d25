"""Tools for maintainers, run from a checkout and imported by nothing the app runs.

``python -m specdec_desktop.devtools.extract`` gathers every marked message into the
catalogue template and merges it into each ``.po``; ``python -m specdec_desktop.devtools.compile``
turns each ``.po`` into the ``.mo`` the text layer reads at run time (docs/i18n.md).  They stand
above every layer: they read tables kept elsewhere (shortcuts, parameters, assumptions) and write
with the one atomic writer.
"""
