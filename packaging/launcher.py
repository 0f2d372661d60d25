"""Entry script of the frozen app: the same command line as the ``specdec-desktop`` console script.

PyInstaller starts the bundle here (``build.spec`` names this file).  Nothing
else lives here so the frozen app and the installed package behave alike.
"""

import sys

from specdec_desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
