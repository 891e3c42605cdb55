"""An output file in a folder that does not exist: ``eval``, ``compare`` and ``report``
evaluated everything, then failed with exit 1 ("no such file or directory"), as if an input
were bad; ``convert`` failed naming its hidden temporary file (``.q.txt.PID.partial``). A
missing folder is a usage error (exit 2), said before any input is read, naming the option."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

QRELS = "1 0 a 1\n1 0 b 0\n2 0 c 1\n"
RUN = "1 Q0 a 1 3 s\n1 Q0 b 2 2 s\n2 Q0 c 1 1 s\n"


def _files(tmp_path):
    (tmp_path / "q").write_text(QRELS)
    (tmp_path / "r").write_text(RUN)
    return str(tmp_path / "q"), str(tmp_path / "r")


@pytest.mark.parametrize("command, option", [
    (["eval", "{q}", "{r}", "-m", "P@1", "-o", "{out}"], "'-o' / '--output'"),
    (["compare", "{q}", "{r}", "{r}", "-m", "P@1", "-o", "{out}"], "'-o' / '--output'"),
    (["report", "{q}", "{r}", "-m", "P@1", "--no-plots", "-o", "{out}"], "'-o' / '--output'"),
    (["report", "{q}", "{r}", "-m", "P@1", "--text-table", "{out}"], "'--text-table'"),
    (["report", "{q}", "{r}", "-m", "P@1", "--latex-table", "{out}"], "'--latex-table'"),
    (["convert", "{q}", "{out}"], "'OUT'"),
])
def test_missing_output_folder_is_a_usage_error(tmp_path, command, option):
    q, r = _files(tmp_path)
    out = tmp_path / "no-such-folder" / "out.txt"
    args = [a.format(q=q, r=r, out=out) for a in command]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert option in result.stderr
    assert f"no folder {tmp_path / 'no-such-folder'}" in result.stderr
    assert "partial" not in result.stderr
    assert "means over" not in result.stderr  # refused before anything was evaluated
    assert not (tmp_path / "no-such-folder").exists()


def test_existing_folder_and_dataset_directory_still_written(tmp_path):
    q, r = _files(tmp_path)
    result = CliRunner().invoke(cli, ["eval", q, r, "-m", "P@1", "-o", str(tmp_path / "o.txt")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "o.txt").read_text().splitlines() == ["s\tP@1\tall\t1.0000"]
    dataset = tmp_path / "new" / "ds"  # a Parquet dataset directory is made with its folders
    result = CliRunner().invoke(cli, ["eval", q, r, "-m", "P@1", "--format", "parquet",
                                      "-o", f"{dataset}/"])
    assert result.exit_code == 0, result.output
    assert dataset.is_dir()
    result = CliRunner().invoke(cli, ["convert", q, "-"])
    assert result.exit_code == 0, result.output


def test_report_page_to_standard_output_is_refused(tmp_path, monkeypatch):
    # docs/cli.md: `-o -` is standard output in every command but report, whose -o wrote a
    # file named '-' in the working directory
    q, r = _files(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["report", q, r, "-m", "P@1", "--no-plots", "-o", "-"])
    assert result.exit_code == 2, result.output
    assert "--text-table -" in result.stderr
    assert not (tmp_path / "-").exists()
