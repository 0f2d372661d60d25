"""``python -m specdec_desktop``: the same as the ``specdec-desktop`` command."""

import sys

from . import startup_gc

startup_gc.pause()  # before the imports: the window turns it back on once its chart is live

from .cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
