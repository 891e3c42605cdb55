"""What ``pip install sdreval`` gets: the wheel, built from this tree in a temporary folder, lists
every module, the bundled example data and the documentation pages in its RECORD, and, unpacked
outside the clone, serves the pages from inside the package (a wheel install had no docs before,
while help texts named them).  Building takes 4-10 s (pip builds in an isolated environment with
setuptools from the package index): marked ``slow``; skipped when no index is reachable."""
from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import sdreval

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "sdreval"

#: one build, on one worker under pytest-xdist
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("wheel24_build")]


#: what the build reads (a copy: pip builds in the source tree, whose build/ folder would keep
#: files of an earlier build)
SOURCES = ["pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "src", "docs"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    tree, out = tmp_path_factory.mktemp("tree"), tmp_path_factory.mktemp("wheel")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, tree / name, ignore=shutil.ignore_patterns(
                "__pycache__", "*.pyc", "*.egg-info"))
        elif (ROOT / name).exists():
            shutil.copy(ROOT / name, tree / name)
    # bytecode a test run leaves beside the bundled data is not data
    stray = tree / "src" / "sdreval" / "data" / "__pycache__" / "rag.cpython-311.pyc"
    stray.parent.mkdir(exist_ok=True)
    stray.write_bytes(b"\0" * 16)
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                            "--wheel-dir", str(out), str(tree)],
                           capture_output=True, text=True, timeout=300)
    if build.returncode != 0 and "No matching distribution found for setuptools" in build.stderr:
        pytest.skip("no package index to build the wheel's build environment from")
    assert build.returncode == 0, build.stderr[-3000:]
    (found,) = out.glob("sdreval-*.whl")
    return found


def _record(wheel: Path) -> tuple[set[str], zipfile.ZipFile]:
    archive = zipfile.ZipFile(wheel)
    (record,) = [n for n in archive.namelist() if n.endswith(".dist-info/RECORD")]
    rows = csv.reader(io.StringIO(archive.read(record).decode("utf-8")))
    return {row[0] for row in rows if row}, archive


def test_the_record_lists_the_modules_data_and_pages(wheel):
    listed, _ = _record(wheel)
    modules = {f"sdreval/{p.relative_to(PACKAGE).as_posix()}" for p in PACKAGE.rglob("*.py")}
    data = {f"sdreval/{p.relative_to(PACKAGE).as_posix()}"
            for p in (PACKAGE / "data" / "examples").rglob("*") if p.is_file()}
    pages = {f"sdreval/docs/{p.name}" for p in (ROOT / "docs").glob("*.md")}
    assert len(pages) >= 17 and "sdreval/docs/references.md" in pages
    assert sorted(modules - listed) == []
    assert sorted(data - listed) == []
    assert sorted(pages - listed) == []
    assert [n for n in listed if "__pycache__" in n or n.endswith(".pyc")] == []
    # the docs' maintenance scripts are not modules of the package
    assert [n for n in listed if n.startswith("sdreval/docs/") and not n.endswith(".md")] == []


def test_the_metadata_names_the_version_script_and_readme(wheel):
    _, archive = _record(wheel)
    info = {n.rsplit("/", 1)[-1]: n for n in archive.namelist() if ".dist-info/" in n}
    metadata = archive.read(info["METADATA"]).decode("utf-8")
    head, _, description = metadata.partition("\n\n")
    fields = [line.split(": ", 1) for line in head.splitlines() if ": " in line]
    assert ["Version", sdreval.__version__] in fields
    assert ["Requires-Python", ">=3.10"] in fields
    assert ["License-Expression", "BSD-3-Clause"] in fields
    assert ["License-File", "LICENSE"] in fields  # the licence's text, which BSD-3 asks to ship
    assert "BSD 3-Clause License" in archive.read(info["LICENSE"]).decode("utf-8")
    assert {"test", "peers"} <= {v for k, v in fields if k == "Provides-Extra"}
    assert description.startswith("# sdreval\n")
    scripts = archive.read(info["entry_points.txt"]).decode("utf-8")
    assert "[console_scripts]\nsdreval = sdreval.cli.main:main" in scripts


def test_the_unpacked_wheel_serves_its_own_pages_and_examples(wheel, tmp_path):
    site = (tmp_path / "site").resolve()
    zipfile.ZipFile(wheel).extractall(site)
    env = {**os.environ, "PYTHONPATH": str(site)}

    def sdreval_cli(*args: str) -> str:
        run = subprocess.run([sys.executable, "-m", "sdreval", *args], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr
        return run.stdout

    assert sdreval_cli("docs", "--path") == f"{site / 'sdreval' / 'docs'}\n"
    assert sdreval_cli("docs", "docs/scale.md") == (ROOT / "docs" / "scale.md").read_text(
        encoding="utf-8")
    assert f"The example files are in {site / 'sdreval' / 'data' / 'examples'}" in \
        sdreval_cli("demo")
