"""Gather the licence texts and notices of everything the packaged app redistributes.

``build.spec`` calls :func:`write_licenses` with what the bundle holds; the result is the
bundle's ``licenses/`` folder (``_internal/licenses`` in the one-folder app), listed in
Help ▸ About.  Nothing here is copied by hand: the texts come from the build host, so a new
dependency or a new host library brings its licence without an edit here.

* the app's own ``LICENSE`` (MIT) and the Inter font's SIL Open Font Licence
  (``resources/fonts/LICENSE-Inter.txt``), and the credit of the bundled Shakespeare text
  (public domain; ``resources/text/README.txt``);
* every Python distribution a bundled module belongs to
  (``importlib.metadata.packages_distributions``), plus PyInstaller, whose bootloader
  starts the app: the licence files its installed metadata lists, and its licence
  expression.  A distribution that ships no text (PySide6 and shiboken6 name
  ``LGPL-3.0-only OR GPL-2.0-only OR GPL-3.0-only`` and carry none) gets the texts of
  the licences it names from the host's ``/usr/share/common-licenses`` (Debian's
  base-files), or, where there is none, a note naming them;
* CPython's ``LICENSE.txt`` from the Python that built the bundle;
* on Linux, each library copied from the build host: the Debian package it came from
  (``dpkg -S``) and that package's ``/usr/share/doc/<package>/copyright``.

``INDEX.txt`` lists each component, its version, its licence and its files.

    python packaging/collect_licenses.py OUT_DIR   # the Python parts only (no bundle), to look at
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Always in the bundle although no bundled module belongs to it: its bootloader runs the app.
ALWAYS = ("pyinstaller",)
_LICENCE_FILE = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE|AUTHORS|COPYRIGHT)", re.IGNORECASE)
#: Texts Debian keeps in /usr/share/common-licenses, by SPDX identifier.
COMMON_LICENSES = {
    "LGPL-3.0-only": "LGPL-3",
    "LGPL-3.0-or-later": "LGPL-3",
    "GPL-3.0-only": "GPL-3",
    "GPL-3.0-or-later": "GPL-3",
    "GPL-2.0-only": "GPL-2",
    "GPL-2.0-or-later": "GPL-2",
    "LGPL-2.1-only": "LGPL-2.1",
    "LGPL-2.1-or-later": "LGPL-2.1",
    "Apache-2.0": "Apache-2.0",
    "MPL-2.0": "MPL-2.0",
}
_COMMON = Path("/usr/share/common-licenses")


@dataclass
class Component:
    """One thing the bundle redistributes, and the licence files written for it."""

    name: str
    version: str
    licence: str
    files: list[str] = field(default_factory=list)
    note: str = ""


def _folder_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._+-]+", "_", name)


def _licence_of(dist: importlib.metadata.Distribution) -> str:
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return expression
    text = (meta.get("License") or "").strip()
    if text and len(text) <= 200 and "\n" not in text:
        return text
    classifiers = [
        c.split("::")[-1].strip() for c in meta.get_all("Classifier") or [] if c.startswith("License")
    ]
    return "; ".join(classifiers) or "see the files"


def _spdx_ids(licence: str) -> list[str]:
    return [token for token in re.split(r"[\s()]+", licence) if token and token not in ("AND", "OR", "WITH")]


def _copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def _distribution_component(dist: importlib.metadata.Distribution, out: Path) -> Component:
    name = dist.metadata["Name"]
    component = Component(name, dist.version, _licence_of(dist))
    folder = out / _folder_name(name)
    for entry in dist.files or []:
        in_metadata = any(part.endswith((".dist-info", ".egg-info")) for part in entry.parts)
        if not in_metadata or not _LICENCE_FILE.match(entry.name):
            continue
        source = Path(dist.locate_file(entry))
        if source.is_file():
            parts = list(entry.parts)
            relative = Path(*parts[next(i for i, p in enumerate(parts) if p.endswith("-info")) + 1 :])
            if relative.parts and relative.parts[0] == "licenses":
                relative = Path(*relative.parts[1:])
            _copy(source, folder / relative)
            component.files.append((folder / relative).relative_to(out).as_posix())
    if not component.files:
        for spdx in _spdx_ids(component.licence):
            text = _COMMON / COMMON_LICENSES.get(spdx, "-")
            if text.is_file():
                _copy(text, folder / f"{spdx}.txt")
                component.files.append(f"{_folder_name(name)}/{spdx}.txt")
        component.note = (
            "the distribution ships no licence file; the texts of the licences its metadata names "
            "were taken from the build host"
            if component.files
            else f"ships no licence file; see https://spdx.org/licenses/ for {component.licence}"
        )
    return component


def _python_component(out: Path) -> Component:
    component = Component("Python", sys.version.split()[0], "PSF-2.0")
    candidates = [
        Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt",
        Path(sys.base_prefix) / "LICENSE.txt",
    ]
    source = next((p for p in candidates if p.is_file()), None)
    if source is not None:
        _copy(source, out / "Python" / "LICENSE.txt")
        component.files.append("Python/LICENSE.txt")
    else:
        component.note = "LICENSE.txt not found next to this Python's standard library"
    return component


def _app_components(out: Path) -> list[Component]:
    from specdec_desktop import __version__

    _copy(ROOT / "LICENSE", out / "specdec-desktop" / "LICENSE")
    _copy(ROOT / "resources" / "fonts" / "LICENSE-Inter.txt", out / "Inter" / "OFL.txt")
    _copy(ROOT / "resources" / "text" / "README.txt", out / "tinyshakespeare" / "README.txt")
    return [
        Component("specdec-desktop", __version__, "MIT", ["specdec-desktop/LICENSE"]),
        Component("Inter (font)", "bundled", "OFL-1.1", ["Inter/OFL.txt"]),
        Component(
            "Works of William Shakespeare (text; tinyshakespeare of char-rnn)",
            "bundled",
            "public domain",
            ["tinyshakespeare/README.txt"],
        ),
    ]


def _owners() -> dict[str, list[str]]:
    """``{top-level import name: [distribution names]}``.

    Like ``importlib.metadata.packages_distributions``, whose Python 3.10 version reads only
    ``top_level.txt`` (numpy 2, built with meson, has none); here the installed file list
    fills in where it is missing.
    """
    owners: dict[str, list[str]] = {}
    for dist in importlib.metadata.distributions():
        name = dist.metadata["Name"]
        if not name:
            continue
        tops = (dist.read_text("top_level.txt") or "").split()
        if not tops:
            tops = {
                entry.parts[0].split(".")[0]
                for entry in dist.files or []
                if entry.parts
                and not entry.parts[0].endswith((".dist-info", ".egg-info", ".data"))
                and entry.suffix in (".py", ".so", ".pyd", "")
            }
        for top in tops:
            owners.setdefault(top, []).append(name)
    return owners


def distributions_of(modules: Iterable[str]) -> list[importlib.metadata.Distribution]:
    """The installed distributions the top-level packages of ``modules`` belong to, plus :data:`ALWAYS`."""
    owners = _owners()
    names = {owner for module in modules for owner in owners.get(module.split(".")[0], [])}
    names |= set(ALWAYS)
    found = {}
    for name in names:
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue
        found[dist.metadata["Name"].lower()] = dist
    found.pop("specdec-desktop", None)  # the app: its LICENSE comes from the source tree
    return [found[key] for key in sorted(found)]


def _host_library_components(sources: Iterable[str], out: Path) -> list[Component]:
    """Linux: the Debian package and copyright file of each library copied from the host."""
    sources = sorted({os.path.realpath(s) for s in sources})
    if not sources:
        return []
    dpkg = shutil.which("dpkg")
    if dpkg is None:
        return [
            Component(
                "libraries from the build host",
                "",
                "see each library's distribution package",
                note="copied from the build host, which has no dpkg to name their packages: "
                + ", ".join(Path(s).name for s in sources),
            )
        ]
    packages: dict[str, list[str]] = {}
    for source in sources:
        result = subprocess.run([dpkg, "-S", source], capture_output=True, text=True, check=False)
        if result.returncode != 0:  # e.g. /lib vs /usr/lib after the usr merge
            alternative = source.replace("/usr/lib/", "/lib/", 1)
            result = subprocess.run([dpkg, "-S", alternative], capture_output=True, text=True, check=False)
        package = result.stdout.split(":", 1)[0].strip() if result.returncode == 0 else "unknown package"
        packages.setdefault(package, []).append(Path(source).name)
    components = []
    for package, libraries in sorted(packages.items()):
        copyright_file = Path("/usr/share/doc") / package / "copyright"
        component = Component(f"Debian package {package}", "", "see the copyright file")
        if copyright_file.is_file():
            _copy(copyright_file, out / "system-libraries" / f"{package}.copyright")
            component.files.append(f"system-libraries/{package}.copyright")
        component.note = "libraries: " + ", ".join(sorted(libraries))
        version = subprocess.run(
            [dpkg, "-s", package.split(":")[0]], capture_output=True, text=True, check=False
        ).stdout
        match = re.search(r"^Version: (.+)$", version, re.MULTILINE)
        component.version = match.group(1) if match else ""
        components.append(component)
    return components


def host_library_sources(binaries: Iterable[tuple[str, str, str]]) -> list[str]:
    """Sources of the bundled binaries that come from the host system, not a Python package."""
    prefixes = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, *sysconfig.get_paths().values())}
    picked = []
    for dest, source, typecode in binaries:
        if typecode == "SYMLINK" or not source or not os.path.isabs(source):
            continue
        real = os.path.realpath(source)
        if any(real.startswith(prefix + os.sep) for prefix in prefixes) or "site-packages" in real:
            continue
        if "/" in dest.replace("\\", "/"):  # inside a package folder: it came with the package
            continue
        picked.append(source)
    return picked


def write_licenses(
    out: Path, modules: Iterable[str], binaries: Iterable[tuple[str, str, str]] = ()
) -> list[tuple[str, Path]]:
    """Write the ``licenses`` folder into ``out``; return ``(path inside licenses/, file)`` pairs."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    components = [*_app_components(out), _python_component(out)]
    components += [_distribution_component(dist, out) for dist in distributions_of(modules)]
    if sys.platform.startswith("linux"):
        components += _host_library_components(host_library_sources(binaries), out)
    lines = [
        "Licences of SpecDec Desktop and of everything this package redistributes.",
        "Generated at build time by packaging/collect_licenses.py from the installed packages.",
        "Qt's own third-party notices (harfbuzz, freetype, pcre2, ...) are listed at",
        "https://doc.qt.io/qt-6/licenses-used-in-qt.html; the PySide6 wheels carry no copy.",
        "",
    ]
    for component in components:
        version = f" {component.version}" if component.version else ""
        lines.append(f"{component.name}{version}: {component.licence}")
        lines += [f"    {name}" for name in component.files]
        if component.note:
            lines.append(f"    ({component.note})")
    (out / "INDEX.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return sorted((p.relative_to(out).as_posix(), p) for p in out.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python packaging/collect_licenses.py OUT_DIR", file=sys.stderr)
        return 2
    files = write_licenses(Path(argv[0]), ["specdec_desktop", "PySide6", "shiboken6", "pyqtgraph", "numpy"])
    print(f"collect_licenses: {len(files)} files in {argv[0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
