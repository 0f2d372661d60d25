"""``python -m specdec_desktop``: the same as the ``specdec-desktop`` command."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
