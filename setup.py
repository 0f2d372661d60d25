"""Packaging glue that pyproject.toml cannot express on its own.

The top-level ``resources/`` folder ships inside the wheel as the data-only package
``specdec_desktop._resources``; :mod:`specdec_desktop.resources` finds it there, in a source
checkout, or in the PyInstaller bundle.  Everything else lives in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["specdec_desktop", "specdec_desktop.*"]), "specdec_desktop._resources"],
    package_dir={"specdec_desktop._resources": "resources"},
    package_data={"specdec_desktop._resources": ["**/*"]},
    include_package_data=False,
)
