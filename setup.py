"""Build hook (the project's metadata is in pyproject.toml): the documentation pages docs/*.md,
which help texts and messages name, are copied into the package as sdreval/docs/, so that a
wheel or sdist install has them too (``sdreval docs``).  An editable install reads the clone's
docs/ folder instead."""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DOCS = Path(__file__).resolve().parent / "docs"


class BuildPyWithDocs(build_py):
    """``build_py`` that also copies docs/*.md to ``sdreval/docs/`` in the build."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib, "sdreval", "docs")
        self.mkpath(str(target))
        for page in sorted(DOCS.glob("*.md")):
            self.copy_file(str(page), str(target / page.name))


setup(cmdclass={"build_py": BuildPyWithDocs})
