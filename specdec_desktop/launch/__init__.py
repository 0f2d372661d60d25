"""From the command line's words to typed launch options (no Qt, no numpy at import).

:mod:`.options` holds :class:`LaunchOptions`, the frozen record of how one
launch starts; :mod:`.arguments` turns ``argv`` into it.  Everything below the
command line (the application, the window services, the self-test and the
fuzzer) receives a :class:`LaunchOptions`, never raw arguments.
"""

from .options import EXIT_FAILURE, EXIT_OK, EXIT_USAGE, CalcRequest, FuzzOptions, LaunchOptions, UsageError

__all__ = [
    "EXIT_FAILURE",
    "EXIT_OK",
    "EXIT_USAGE",
    "CalcRequest",
    "FuzzOptions",
    "LaunchOptions",
    "UsageError",
]
