"""Shared test configuration.

Real INEX 2009/2010 data is bundled in tests/realdata (see its README); test modules find it at
``Path(__file__).resolve().parents[1] / "realdata"``.  Real-data tests skip where data is
missing, so a missing copy is a broken checkout and must fail loudly instead.
"""
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

_REAL_DATA = Path(__file__).resolve().parent / "realdata"
assert (_REAL_DATA / "inex2010-adhoc" / "inex2010.qrels").is_file(), _REAL_DATA


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Make ``--dist loadgroup`` (pyproject.toml) group the tests marked ``xdist_group``.

    pytest-xdist 3.8 names a worker's grouped test ``<nodeid>@<group>`` by setting the item's
    ``_nodeid``, which pytest 9.2 no longer reads (nodeids are structured), so the groups are
    silently ignored (pytest-xdist issue #1386).  Where the name lacks the suffix after xdist's
    own hook, it is set here the way pytest 9.2 keeps it; with versions where xdist's works,
    this does nothing."""
    if not getattr(config.option, "loadgroup", False):
        return
    for item in items:
        groups = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                         for m in item.iter_markers("xdist_group")})
        suffix = "@" + "_".join(groups)
        if groups and not item.nodeid.endswith(suffix):
            try:  # a pytest internal: where it is missing, the groups are only a speed-up
                from _pytest.nodeid import coerce_node_id
            except ImportError:
                return
            item._id = coerce_node_id(item.nodeid + suffix)


@pytest.fixture
def fresh_python():
    """Run Python code in a fresh interpreter (what a new process imports); its stdout."""
    def run(code: str) -> str:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True).stdout
    return run


@pytest.fixture
def sdreval_cli():
    """``sdreval ARGS`` run in this process (click's CliRunner), answered as
    ``subprocess.run([..., "-m", "sdreval", *ARGS], capture_output=True, text=True)`` answers:
    returncode, stdout, stderr.  An exception that escapes the command (a process would print
    its traceback) is raised.  For tests where a process of its own is not the point (one costs
    about 1 CPU s)."""
    from click.testing import CliRunner

    from sdreval.cli.main import cli

    def run(*args) -> subprocess.CompletedProcess:
        result = CliRunner().invoke(cli, [str(a) for a in args])
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return subprocess.CompletedProcess(["sdreval", *args], result.exit_code, result.stdout,
                                           result.stderr)
    return run


#: the local cluster of this test process while the tests that use it run (dask_cluster)
_DASK_CLUSTER: list = []


@pytest.fixture(scope="module")
def dask_cluster():
    """A real ``distributed`` cluster on 127.0.0.1 (2 worker processes, a thread each), shared
    by the tests of a process that use it one after another (starting one costs about 7 CPU s,
    its workers included); the tests that use it are in xdist group "dask_cluster", so one
    process starts it, once.  It is closed after the module of the last of them
    (pytest_runtest_teardown): left open to the end of the session, its scheduler and idle
    workers took about 9 CPU s a minute.  A test connects its own ``distributed.Client`` and closes it: a client left open
    would be Dask's default scheduler for every later test of the process."""
    distributed = pytest.importorskip("distributed")
    if not _DASK_CLUSTER:
        _DASK_CLUSTER.append(distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=":0"))
    return _DASK_CLUSTER[0]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """Close the cluster of dask_cluster when the next test is in another module and does not
    use it (after the fixtures torn down with this test: a module's Client closes before the
    cluster; within a module, a test may still get the module's value of dask_cluster)."""
    yield
    if _DASK_CLUSTER and (nextitem is None or (nextitem.path != item.path
                                               and "dask_cluster" not in nextitem.fixturenames)):
        _DASK_CLUSTER.pop().close()


_RANX_CHILD = """
import json, sys, warnings
import ranx
for line in sys.stdin:  # one request a line: [qrels, run, metrics]; one answer a line
    qrels, run, metrics = json.loads(line)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        values = ranx.evaluate(ranx.Qrels(qrels), ranx.Run(run), metrics, return_mean=False)
    print(json.dumps({m: [float(v) for v in values[m]] for m in metrics}), flush=True)
"""


@pytest.fixture(scope="session")
def _ranx_child():
    """One interpreter for every ranx_evaluate of a test process (importing ranx costs about
    5 CPU s); started on first use."""
    child: list[subprocess.Popen] = []
    yield child
    for process in child:
        if process.poll() is None:
            process.stdin.close()
            process.wait(timeout=60)


@pytest.fixture
def ranx_evaluate(_ranx_child):
    """``ranx.evaluate(..., return_mean=False)``: per-query values of each metric (ranx's
    sorted query order), computed in a fresh interpreter with numba's JIT off, so ranx's
    kernels run as the Python they are written in.  The numbers are the same; compiling the
    kernels costs about 100 s of CPU in a fresh environment (a clean CI install), once per
    test process.  Conversions to and from ranx objects (tests/io/test_interop.py) and ranx's
    saved files (tests/io/test_s14_ranx_json.py) use the real, compiled ranx; the values of
    ranx.evaluate come from here (36 CPU s compiled in a clean install).  The interpreter
    serves every test of the process: the tests that use it are in xdist group "ranx" with
    those that use the compiled ranx, so that one process runs them all."""
    pytest.importorskip("ranx")

    def evaluate(qrels: dict, run: dict, metrics: list[str]) -> dict[str, list[float]]:
        if not _ranx_child or _ranx_child[-1].poll() is not None:  # none yet, or one failed
            errors = tempfile.TemporaryFile()
            _ranx_child.append(subprocess.Popen(
                [sys.executable, "-c", _RANX_CHILD], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=errors, text=True,
                env=dict(os.environ, NUMBA_DISABLE_JIT="1")))
            _ranx_child[-1].errors = errors
        child = _ranx_child[-1]
        child.stdin.write(json.dumps([qrels, run, metrics]) + "\n")
        child.stdin.flush()
        answer = child.stdout.readline()
        if not answer:
            child.wait(timeout=60)
            child.errors.seek(0)
            raise RuntimeError(f"ranx failed (exit {child.returncode}):\n"
                               + child.errors.read().decode(errors="replace")[-3000:])
        return json.loads(answer)
    return evaluate
