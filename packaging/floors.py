"""Print the dependency floors of pyproject.toml as pip constraints (``name==floor``).

    python3 packaging/floors.py > floors.txt
    pip install -c floors.txt -e ".[test]"

Every ``>=`` bound of ``[project] dependencies`` and of the ``test`` extra becomes an exact
pin, so CI (.ci/run) runs the suite on exactly the oldest releases pyproject.toml admits:
the floors are claims, and this is how they are checked.  Needs Python 3.11+ (tomllib).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parent.parent
_FLOOR = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*([^;]*)")


def floors(pyproject: Path = ROOT / "pyproject.toml") -> dict[str, str]:
    """``{name: lowest admitted version}`` for the runtime and test requirements."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    found: dict[str, str] = {}
    for requirement in [*project["dependencies"], *project["optional-dependencies"]["test"]]:
        match = _FLOOR.match(requirement)
        if match is None:
            continue
        name, specifiers = match.groups()
        for specifier in specifiers.split(","):
            specifier = specifier.strip()
            if specifier.startswith(">="):
                found[name] = specifier[2:].strip()
    return found


def main() -> int:
    for name, version in floors().items():
        print(f"{name}=={version}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
