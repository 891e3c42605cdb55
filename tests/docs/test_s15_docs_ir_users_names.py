"""docs/ir-users.md's table of measure names, row by row, against trec_eval 10.0.

For every row whose trec_eval column names a measure, the sdreval name of the row (and the
trec_eval name itself, which sdreval accepts) gives trec_eval's mean.  The qrels are binary with
some pooled-but-unjudged documents (grade -1) and R = 10 or 20 relevant per topic, where
trec_eval 9.x's and 10.0's recall levels agree ((long)(x·R + 0.9) = lround(x·R) for x = 0.0,
0.1, ..., 1.0), so the iprec rows compare with trec_eval 10.0 too; the run has score ties.

Frozen: trec_eval 10.0's output on these files (``trec_eval -m NAME qrels run``).  Live, when
the trec_eval binary is found (``SDREVAL_TREC_EVAL`` or ``PATH``): the same against its run."""
from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from sdreval.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]

#: trec_eval 10.0, ``-m NAME`` one at a time, on the files of _write_files
TREC_EVAL = {
    "map": "0.2242", "map_cut.10": "0.0622", "P.10": "0.3000", "recall.100": "0.7500",
    "ndcg": "0.4723", "ndcg_cut.10": "0.2284", "recip_rank": "0.2019", "Rprec": "0.2667",
    "bpref": "0.3308", "success.10": "1.0000", "unj.10": "0.4167", "infAP": "0.2746",
    "iprec_at_recall.0.10": "0.4053", "11pt_avg": "0.2795", "gm_map": "0.2026",
    "rbp.p=0.8": "0.2024", "rbp_resid.p=0.8": "0.5422", "set_P": "0.2875",
    "set_recall": "0.7500", "set_F": "0.4067", "set_F.2": "0.4750", "num_rel": "90",
    "num_ret": "240", "num_rel_ret": "69",
    # the rows of trec_eval's less common measures (trec_eval 10.0, the same files)
    "num_nonrel_judged_ret": "73", "set_map": "0.2221", "set_relative_P": "0.7500",
    "relative_P.10": "0.3000", "Rprec_mult.0.20": "0.0833", "gm_bpref": "0.2743",
    "utility": "-17.0000", "utility.1,-2,0,0": "-45.5000", "binG": "0.2039", "G": "0.2039",
    "ndcg_rel": "0.3550", "Rndcg": "0.3482", "rbp": "0.2447", "rbp_resid": "0.4831",
}


def _write_files(folder: Path) -> tuple[Path, Path]:
    rng = random.Random(15)
    qrels, run = [], []
    for topic in range(1, 7):
        relevant = 10 if topic % 2 else 20
        docs = [f"D{topic}{i:03d}" for i in range(45)]
        grades = [1] * relevant + [0] * (30 - relevant) + [-1] * 5
        qrels += [f"{topic} 0 {d} {g}" for d, g in zip(docs, grades)]
        retrieved = rng.sample(docs, 35) + [f"X{topic}{i}" for i in range(5)]  # X: not pooled
        scores = [rng.randint(0, 8) for _ in retrieved]          # many ties
        run += [f"{topic} Q0 {d} {rank} {s} r" for rank, (d, s)
                in enumerate(zip(retrieved, scores), 1)]
    (folder / "qrels").write_text("\n".join(qrels) + "\n", encoding="utf-8")
    (folder / "run").write_text("\n".join(run) + "\n", encoding="utf-8")
    return folder / "qrels", folder / "run"


def _table_rows() -> list[tuple[list[str], list[str], str]]:
    """(trec_eval names, sdreval names, definition) of the rows naming a trec_eval measure."""
    text = (ROOT / "docs" / "ir-users.md").read_text(encoding="utf-8")
    section = text.split("## Measure names", 1)[1].split("\n\n", 2)[2].split("\n\n", 1)[0]
    rows = []
    for line in section.splitlines()[2:]:
        trec, _irm, ours, definition = [c.strip() for c in line.strip("|").split(" | ", 3)]
        if trec != "—":
            rows.append((re.findall(r"`([^`]+)`", trec), re.findall(r"`([^`]+)`", ours),
                         definition))
    return rows


def _trec_arg(name: str) -> str:
    """trec_eval's -m argument for a name as the table writes it (map_cut_10 -> map_cut.10)."""
    match = re.fullmatch(r"(map_cut|P|recall|ndcg_cut|success|unj|iprec_at_recall|relative_P"
                         r"|Rprec_mult)_([\d.]+)", name)
    return f"{match.group(1)}.{match.group(2)}" if match else name


def _pairs() -> list[tuple[str, str]]:
    """(trec_eval -m argument, sdreval name) for every trec_eval name of the table."""
    pairs = []
    for trec, ours, _definition in _table_rows():
        if len(ours) == len(trec):
            pairs += [(_trec_arg(t), o) for t, o in zip(trec, ours)]
        else:                                   # P_10, P.10 -> P@10; set_F, set_F.2 -> SetF
            pairs.append((_trec_arg(trec[0]), ours[0]))
    return pairs


def _sdreval(qrels: Path, run: Path, name: str) -> str:
    result = CliRunner().invoke(cli, ["eval", str(qrels), str(run), "-m", name, "--order", "rsv",
                                      "--quiet"])
    assert result.exit_code == 0, (name, result.output)
    return result.output.strip().split("\t")[-1]


def test_the_table_names_trec_evals_rbp_measures():
    names = {trec for trec, _ours in _pairs()}
    assert {"rbp.p=0.8", "rbp_resid.p=0.8", "map", "set_F", "11pt_avg"} <= names
    assert names <= set(TREC_EVAL), names - set(TREC_EVAL)


@pytest.mark.parametrize("trec, ours", _pairs())
def test_each_row_gives_trec_evals_mean(tmp_path, trec, ours):
    qrels, run = _write_files(tmp_path)
    assert _sdreval(qrels, run, ours) == TREC_EVAL[trec]


@pytest.mark.parametrize("name", ["P_10", "P.10", "set_F.2", "map_cut_10", "iprec_at_recall_0.10",
                                  "11pt_avg", "recall_100"])
def test_trec_evals_own_spelling_gives_its_mean(tmp_path, name):
    qrels, run = _write_files(tmp_path)
    assert _sdreval(qrels, run, name) == TREC_EVAL[_trec_arg(name)]


def test_frozen_values_are_trec_evals_live(tmp_path):
    binary = os.environ.get("SDREVAL_TREC_EVAL") or shutil.which("trec_eval")
    if not binary or not os.path.exists(binary):
        pytest.skip("trec_eval binary not found")
    qrels, run = _write_files(tmp_path)
    for name, value in TREC_EVAL.items():
        out = subprocess.run([binary, "-m", name, str(qrels), str(run)], capture_output=True,
                             text=True, check=True).stdout
        assert out.splitlines()[-1].split()[-1] == value, name


#: R = 7: trec_eval 9.x and 10.0 wait for different relevant results at some recall levels
SEVEN_QRELS = "".join(f"1 0 {d} 1\n" for d in "acegikm") + "1 0 b 0\n1 0 d 0\n"
SEVEN_RUN = "".join(f"1 Q0 {d} {i + 1} {20 - i} t\n"
                    for i, d in enumerate("b a d c x e y g z i k w m".split()))
#: trec_eval 10.0 -m iprec_at_recall.0.20 -m 11pt_avg, byte for byte
TREC_EVAL_10 = "iprec_at_recall_0.20  \tall\t0.5455\n11pt_avg              \tall\t0.5448\n"


def _trec_eval_format(tmp_path, *measures: str) -> str:
    (tmp_path / "q").write_text(SEVEN_QRELS, encoding="utf-8")
    (tmp_path / "r").write_text(SEVEN_RUN, encoding="utf-8")
    args = ["eval", str(tmp_path / "q"), str(tmp_path / "r"), "--format", "trec_eval", "--quiet"]
    result = CliRunner().invoke(cli, args + [f"-m{m}" for m in measures])
    assert result.exit_code == 0, result.output
    return result.output


def test_trec_eval_format_gives_trec_eval_10_with_version_trec10(tmp_path):
    """docs/ir-users.md and docs/cli.md: --format trec_eval prints trec_eval 10.0's bytes for
    IPrec(version=trec10)@x and IPrecAvg(version=trec10), under trec_eval's names."""
    out = _trec_eval_format(tmp_path, "IPrec(version=trec10)@0.2", "IPrecAvg(version=trec10)")
    assert out.endswith(TREC_EVAL_10)


def test_trec_eval_names_of_iprec_give_trec_eval_9(tmp_path):
    """... while iprec_at_recall_x and 11pt_avg follow trec_eval 9.x: pytrec_eval's 11pt_avg
    here is 0.544183 (the mean of 0.5455 nine times and 0.5385 twice), not 10.0's 0.5448."""
    out = _trec_eval_format(tmp_path, "iprec_at_recall_0.20", "11pt_avg")
    assert out.endswith("iprec_at_recall_0.20  \tall\t0.5455\n11pt_avg              \tall\t0.5442\n")
    assert round((9 * 6 / 11 + 2 * 7 / 13) / 11, 4) == 0.5442


def test_frozen_trec_eval_10_output_is_live(tmp_path):
    binary = os.environ.get("SDREVAL_TREC_EVAL") or shutil.which("trec_eval")
    if not binary or not os.path.exists(binary):
        pytest.skip("trec_eval binary not found")
    (tmp_path / "q").write_text(SEVEN_QRELS, encoding="utf-8")
    (tmp_path / "r").write_text(SEVEN_RUN, encoding="utf-8")
    out = subprocess.run([binary, "-m", "iprec_at_recall.0.20", "-m", "11pt_avg",
                          str(tmp_path / "q"), str(tmp_path / "r")], capture_output=True,
                         text=True, check=True).stdout
    assert out == TREC_EVAL_10
