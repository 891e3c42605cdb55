"""Start-up: `sdreval --help`/`--version` and `import sdreval` load no heavy module; every
public name still resolves."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from sdreval.cli.main import BLAS_THREAD_VARIABLES

HEAVY = {"numpy", "pandas", "scipy", "statsmodels", "matplotlib", "dask", "pyarrow", "lxml"}


def run_probe(probe: str, check: bool = True, env: dict[str, str] | None = None
              ) -> subprocess.CompletedProcess:
    """Run the Python code ``probe`` in a fresh interpreter; its finished process (text)."""
    return subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=check, env=env)


def _loaded_after(code: str) -> set[str]:
    probe = (f"import sys\n{code}\n"
             "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))")
    done = run_probe(probe)
    return set(done.stdout.split())


def _cli_modules(args: list[str], prelude: str = "") -> tuple[subprocess.CompletedProcess,
                                                                set[str]]:
    """Run the command line on ``args`` in a fresh interpreter (after ``prelude``): the
    finished process and every module it loaded."""
    probe = (f"import sys\n{prelude}from sdreval.cli.main import cli\n"
             "from sdreval.lazy import one_command_process\none_command_process()\ntry:\n"
             f"    cli.main(args={args!r}, prog_name='sdreval')\n"
             "except SystemExit as e:\n    assert not e.code, e.code\n"
             "print(' '.join(sorted(m for m in sys.modules)), file=sys.stderr)")
    done = run_probe(probe)
    return done, set(done.stderr.strip().splitlines()[-1].split())


@pytest.mark.parametrize("option", ["--help", "--version"])
def test_help_and_version_import_nothing_heavy(option):
    loaded = _loaded_after("from sdreval.cli.main import cli\n"
                           "try:\n"
                           f"    cli.main(args=[{option!r}], prog_name='sdreval')\n"
                           "except SystemExit:\n"
                           "    pass")
    assert not loaded & HEAVY, sorted(loaded & HEAVY)


def test_import_sdreval_is_light():
    assert not _loaded_after("import sdreval") & HEAVY
    assert not _loaded_after("import sdreval.api") & {"pandas", "pyarrow", "scipy",
                                                      "statsmodels", "matplotlib", "dask"}


def test_every_public_name_resolves():
    import sdreval
    import sdreval.api as api

    for name in sdreval.__all__:
        assert getattr(sdreval, name) is not None, name
    assert sdreval.measure("P@10").cutoff == 10 and sdreval.api is api
    for name in api.__all__:
        assert getattr(api, name) is not None, name
    assert "evaluate" in dir(sdreval) and "nxCG" in dir(api)
    with pytest.raises(AttributeError):
        sdreval.no_such_name  # noqa: B018


def test_help_lists_every_command_without_importing_it():
    from click.testing import CliRunner

    from sdreval.cli.main import COMMANDS, cli

    out = CliRunner().invoke(cli, ["--help"]).output
    for entry in COMMANDS:
        assert len(entry) == 4, (f"COMMANDS entry {entry[0]!r} needs a one-line help as 4th item "
                                 "(else `sdreval --help` imports its module)")
        name, _module, _attr, line = entry
        assert name in out and line.split()[0] in out
        command = cli.get_command(None, name)
        assert command is not None and command.name == name
        assert "SPEC" not in line and "seed 0" not in line


def test_eval_imports_no_statistics_plotting_or_cluster_module(tmp_path):
    (tmp_path / "q.tsv").write_text("1\td1\t/article[1]\t1\t1\n")
    (tmp_path / "r.txt").write_text("1 Q0 d1 1 0.9 r /article[1]\n1 Q0 d2 2 0.5 r /article[1]\n")
    loaded = _loaded_after("from sdreval.cli.main import cli\n"
                           "try:\n"
                           f"    cli.main(args=['eval', {str(tmp_path / 'q.tsv')!r}, "
                           f"{str(tmp_path / 'r.txt')!r}, '-m', 'AP'], prog_name='sdreval')\n"
                           "except SystemExit:\n"
                           "    pass")
    assert "sdreval" in loaded
    assert not loaded & {"scipy", "statsmodels", "matplotlib", "dask"}


def _eval_loads(tmp_path, *options: str) -> tuple[set[str], str]:
    """The top-level modules loaded by a whole ``sdreval eval`` of a small TREC run, and its
    stdout."""
    qrels, run = tmp_path / "q.txt", tmp_path / "r.txt"
    qrels.write_text("1 0 d1 2\n1 0 d2 0\n1 0 d3 1\n2 0 d1 1\n")
    run.write_text("1 Q0 d1 1 3.0 r\n1 Q0 d2 2 2.0 r\n1 Q0 d3 3 1.0 r\n2 Q0 d4 1 1.0 r\n"
                   "2 Q0 d1 2 0.5 r\n")
    probe = ("import sys\nfrom sdreval.cli.main import cli\n"
             "from sdreval.lazy import one_command_process\none_command_process()\ntry:\n"
             f"    cli.main(args=['eval', {str(qrels)!r}, {str(run)!r}, '-m', 'map', '-m', "
             f"'ndcg_cut_10', '-m', 'P_10', '-m', 'Rprec', *{list(options)!r}], "
             "prog_name='sdreval')\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
             "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})), file=sys.stderr)")
    done = run_probe(probe)
    return set(done.stderr.strip().splitlines()[-1].split()), done.stdout


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_eval_of_a_small_trec_file_imports_no_pandas(tmp_path, fmt):
    """Classic measures on TREC text files, written as text or JSON, need neither pandas
    (its import costs more than the evaluation) nor the statistics and plotting stacks."""
    loaded, out = _eval_loads(tmp_path, "--format", fmt)
    assert not loaded & {"pandas", "scipy", "statsmodels", "matplotlib", "dask", "rich"}, \
        sorted(loaded & HEAVY)
    # topic 1: AP = (1/1 + 2/3) / 2 relevant; topic 2: AP = (1/2) / 1; P@10 = 2/10, 1/10
    if fmt == "text":
        assert "r\tmap\tall\t0.6667\n" in out and "r\tP_10\tall\t0.1500\n" in out, out


def test_eval_output_formats_written_by_pandas_after_arrow_reading(tmp_path):
    """Parquet is written by pandas through Arrow after a reading that did not load pandas:
    the nullable ``topics`` column survives (Arrow recognises pandas' missing values)."""
    import pandas as pd

    out = tmp_path / "out.parquet"
    _eval_loads(tmp_path, "-q", "--format", "parquet", "-o", str(out))
    table = pd.read_parquet(out)
    assert table["topics"].isna().sum() == 8 and table["topics"].max() == 2


def test_eval_of_classic_measures_imports_no_other_family(tmp_path):
    """``-m map`` (and the other classic measures) imports the classic family only: the
    registry imports a family on the first lookup of one of its names; and no
    ``pyarrow.compute`` (its import costs more than the evaluation of a small file)."""
    qrels, run = tmp_path / "q.txt", tmp_path / "r.txt"
    qrels.write_text("1 0 d1 2\n1 0 d2 0\n")
    run.write_text("1 Q0 d1 1 3.0 r\n1 Q0 d2 2 2.0 r\n")
    done, loaded = _cli_modules(["eval", str(qrels), str(run), "-m", "map", "-m",
                                 "ndcg_cut_10", "-m", "P_10", "-m", "Rprec"])
    families = {m.split(".")[2] for m in loaded if m.startswith("sdreval.measures.")
                and m.count(".") >= 3}
    assert families == {"classic"}, sorted(families)
    assert not {"sdreval.measures.rankings", "sdreval.measures.xcg"} & loaded
    # Arrow's kernels are called without pyarrow.compute's wrappers (sdreval.arrow_kernels)
    assert "pyarrow._compute" in loaded and "pyarrow.compute" not in loaded
    assert "r\tmap\tall\t1.0000" in done.stdout, done.stdout


def _blas_threads_after(command: str, **environ: str) -> str:
    """``OPENBLAS_NUM_THREADS`` in a fresh process after the command is looked up (its
    module imported: numpy's OpenBLAS reads the variable then)."""
    env = {k: v for k, v in os.environ.items() if k not in BLAS_THREAD_VARIABLES} | environ
    probe = ("import os, sys\nfrom sdreval.cli.main import cli\n"
             f"cli.get_command(None, {command!r})\n"
             "assert 'numpy' in sys.modules\n"
             "print(os.environ.get('OPENBLAS_NUM_THREADS', 'unset'))")
    done = run_probe(probe, env=env)
    return done.stdout.strip()


def test_eval_starts_one_blas_thread_unless_the_user_says():
    assert _blas_threads_after("eval") == "1"
    assert _blas_threads_after("eval", OPENBLAS_NUM_THREADS="3") == "3"
    assert _blas_threads_after("eval", OMP_NUM_THREADS="4") == "unset"


def test_statistics_commands_keep_every_blas_thread():
    assert _blas_threads_after("compare") == "unset"


def test_eval_of_a_topic_across_blocks_with_a_repeat_imports_no_pandas(tmp_path):
    """A topic whose lines span two blocks of the reader and hold a repeated document is
    checked with exact document codes (found without pandas: it was imported there, 30 MB
    and 0.3 s for a 2.6 MB run file), and the repeat is still reported."""
    qrels, run = tmp_path / "q.txt", tmp_path / "r.txt"
    qrels.write_text("1 0 d1 1\n2 0 d5 1\n")
    lines = [f"1 Q0 d{i} {i} {100 - i} r\n" for i in range(1, 40)]
    lines.append("1 Q0 d3 40 1 r\n")  # d3 again
    lines += [f"2 Q0 d{i} {i} {100 - i} r\n" for i in range(1, 20)]
    run.write_text("".join(lines))
    done, loaded = _cli_modules(["eval", str(qrels), str(run), "-m", "P@5"],
                                "import sdreval.io.columnar as c\nc.BLOCK_BYTES = 256\n")
    assert "r.txt:40: warning: topic 1: result d3" in done.stderr, done.stderr
    assert "pandas" not in loaded and "pyarrow.compute" not in loaded


def test_eval_of_a_plain_trec_file_loads_no_compression_spans_or_masked_arrays(tmp_path):
    """Each of these costs 10-20 ms at every start and is not used on a plain (not ``.gz``,
    not piped) TREC file: the compression and temporary-file modules, the span readers
    (detection imports them only for JSONL/CSV/TSV/Parquet heads), ``numpy.ma`` (imported by
    ``pyarrow.array`` of a numpy array and by ``numpy.unique`` without indices), fractions
    (exact means are rounded by integer division), csv (``--format csv`` only) and cloudpickle
    (which pyarrow imports and does not use)."""
    qrels, run = tmp_path / "q.txt", tmp_path / "r.txt"
    qrels.write_text("1 0 d1 2\n1 0 d2 0\n2 0 d1 1\n")
    run.write_text("1 Q0 d1 1 3.0 r\n1 Q0 d2 2 2.0 r\n1 Q0 d2 3 1.0 r\n2 Q0 d1 1 1.0 r\n")
    done, loaded = _cli_modules(["eval", str(qrels), str(run), "-m", "map", "-m", "P_10"])
    unused = {"gzip", "bz2", "lzma", "tempfile", "shutil", "numpy.ma", "sdreval.io.spans",
              "fractions", "csv", "cloudpickle"}
    assert not unused & loaded, sorted(unused & loaded)
    assert "r.txt:3: warning: topic 1: result d2" in done.stderr, done.stderr  # the repeat
    assert "r\tmap\tall\t1.0000" in done.stdout, done.stdout


def test_eval_of_a_gzip_run_and_a_span_table_still_read(tmp_path):
    """The modules left out above load when the input needs them."""
    import gzip

    qrels, run = tmp_path / "q.txt", tmp_path / "r.txt.gz"
    qrels.write_text("1 0 d1 1\n")
    run.write_bytes(gzip.compress(b"1 Q0 d1 1 3.0 r\n1 Q0 d2 2 2.0 r\n"))
    done, loaded = _cli_modules(["eval", str(qrels), str(run), "-m", "P_2"])
    assert "gzip" in loaded and "r\tP_2\tall\t0.5000" in done.stdout, done.stdout
    spans = tmp_path / "q.jsonl"
    spans.write_text('{"query_id": "1", "doc_id": "d1", "start": 0, "end": 5, '
                     '"relevance": 1}\n')
    done, loaded = _cli_modules(["validate", str(spans)])
    assert "sdreval.io.spans" in loaded


def test_pyarrow_loaded_without_cloudpickle_pickles_as_before():
    """pyarrow imported by the eval command without cloudpickle: its module-level ``pickle``
    is the standard module either way, and a later ``import cloudpickle`` works."""
    probe = ("import sys, pickle\n"
             "from sdreval.lazy import import_pyarrow_without_cloudpickle as load\n"
             "load()\nimport pyarrow.lib\n"
             "assert 'cloudpickle' not in sys.modules and pyarrow.lib.pickle is pickle\n"
             "try:\n    import cloudpickle\nexcept ImportError:\n    pass\n"
             "else:\n    assert sys.modules['cloudpickle'] is cloudpickle\n"
             "import pyarrow as pa\n"
             "assert pickle.loads(pickle.dumps(pa.array([1, 2]))).to_pylist() == [1, 2]\n"
             "print('ok')")
    done = run_probe(probe, check=False)
    assert done.stdout.strip() == "ok", done.stderr


def test_commands_commit_arrow_memory_as_used_unless_the_user_says():
    """mimalloc (Arrow's default pool) reads MIMALLOC_ARENA_EAGER_COMMIT when first used: the
    command sets it to 0 before pyarrow loads, and keeps a user's own value."""
    def after(**environ: str) -> str:
        env = {k: v for k, v in os.environ.items() if k != "MIMALLOC_ARENA_EAGER_COMMIT"}
        probe = ("import os\nfrom sdreval.cli.main import cli\ncli.get_command(None, 'eval')\n"
                 "print(os.environ.get('MIMALLOC_ARENA_EAGER_COMMIT', 'unset'))")
        done = run_probe(probe, env=env | environ)
        return done.stdout.strip()

    assert after() == "0"
    assert after(MIMALLOC_ARENA_EAGER_COMMIT="1") == "1"


def test_eval_of_small_passage_files_loads_no_thread_pool_compute_wrappers_or_masked_arrays(
        tmp_path):
    """A one-block run file is parsed without the parse-ahead thread (concurrent.futures and
    the logging module it imports: about 5 ms); FOL qrels and Best in Context hand numpy
    arrays to Arrow's kernels without ``pyarrow.compute`` (its wrappers of ~290 kernels cost
    more than evaluating a small file) and without ``numpy.ma``."""
    qrels, run = tmp_path / "q.fol", tmp_path / "r.txt"
    qrels.write_text("1 Q0 d1 10 100 5 0:10\n1 Q0 d2 20 50 20:20\n2 Q0 d1 30 100 40:30\n")
    run.write_text("1 Q0 d1 1 3.0 r 5 10\n1 Q0 d2 2 2.0 r 0 10\n2 Q0 d3 1 1.0 r 0 5\n")
    done, loaded = _cli_modules(["eval", str(qrels), str(run), "-m", "MAgP(task=bic)",
                                 "-m", "gP(task=bic)@2", "-q"])
    unused = {"concurrent.futures", "logging", "pyarrow.compute", "numpy.ma", "pandas"}
    assert not unused & loaded, sorted(unused & loaded)
    assert "r\tMAgP(task=bic)\tall\t" in done.stdout, done.stdout


@pytest.mark.parametrize("args", [["measures"], ["--version"]])
def test_the_script_freezes_its_objects_before_the_interpreter_exits(args):
    """``sdreval`` pauses the garbage collector while the command's modules load, freezes
    their objects, collects every 5,000 new objects during the command (the collector is on
    again once the command is found), and leaves every object to the process's exit
    (gc.freeze) rather than have the interpreter's last collection walk them all once more."""
    probe = ("import gc, sys\nimport sdreval.cli.main as m\nseen = []\n"
             "found = m.collect_after_imports\n"
             "def spy():\n    found()\n    seen.append(gc.isenabled())\n"
             "m.collect_after_imports = spy\n"
             f"sys.argv = ['sdreval', *{args!r}]\ntry:\n    m.main()\nexcept SystemExit:\n"
             "    pass\nprint('on after import', seen[0], 'on', gc.isenabled(), 'frozen', "
             "gc.get_freeze_count() > 0, 'every', gc.get_threshold()[0], file=sys.stderr)")
    done = run_probe(probe)
    assert "on after import True on True frozen True every 5000" in done.stderr, done.stderr


@pytest.mark.parametrize("command", ["eval", "compare", "stability"])
def test_a_command_help_imports_no_pandas_scipy_or_statsmodels(command):
    """``sdreval eval --help`` took 2 s (it listed the paired tests by importing every
    statistics module, pandas, scipy and statsmodels with them)."""
    done, loaded = _cli_modules([command, "--help"])
    assert "--correction" in done.stdout
    assert not {"pandas", "scipy", "statsmodels"} & {m.split(".")[0] for m in loaded}


@pytest.mark.parametrize("command", ["sensitivity", "recallbase", "demo"])
def test_help_of_commands_that_use_pandas_does_not_import_it(command):
    done, loaded = _cli_modules([command, "--help"])
    assert "Usage:" in done.stdout
    assert "pandas" not in {m.split(".")[0] for m in loaded}
