"""The ``sdreval`` command group; each command lives in its own module."""
from __future__ import annotations

import gc
import importlib
import importlib.util
import os
import sys

import click

from .. import __version__

# (command name, module, attribute, one-line help): modules are imported lazily so that a
# command's dependencies (numpy, pandas, scipy, matplotlib, dask, ...) load only when it runs;
# the help line lets `sdreval --help` list the commands without importing any of them (an entry
# without one is imported to ask).
COMMANDS = [
    ("eval", "eval_cmd", "eval_command", "Evaluate RUNS against QRELS on the given measures."),
    ("compare", "compare_cmd", "compare_command",
     "Test every pair of runs for a significant difference."),
    ("stability", "stability_cmd", "stability_command",
     "Stability and discrimination of measures: CIs, swap rates, tau."),
    ("recallbase", "recallbase_cmd", "recallbase_command",
     "Print the ideal recall-base of QRELS."),
    ("validate", "validate_cmd", "validate_command",
     "Check qrels, runs or collections and list every problem."),
    ("convert", "convert_cmd", "convert_command",
     "Convert a run or judgements to another format."),
    ("report", "report_cmd", "report_command",
     "Write a self-contained HTML report of RUNS against QRELS."),
    ("demo", "demo_cmd", "demo_command",
     "Evaluate the bundled examples (worked example, synthetic, RAG)."),
    ("simulate", "simulate_cmd", "simulate_command",
     "Write synthetic INEX-like qrels and runs (documents on request)."),
    ("measures", "measures_cmd", "measures_command",
     "List the measures, their parameters and defaults."),
    ("docs", "docs_cmd", "docs_command",
     "Show the documentation pages that help texts and messages name."),
    ("project", "project_cmd", "project_command",
     "Project span judgements onto a chunking (TREC qrels)."),
    ("sensitivity", "sensitivity_cmd", "sensitivity_command",
     "How span scores and run rankings move across tau and chunkings."),
    ("budget", "budget_cmd", "budget_command",
     "Span recall and precision against the context budget, with CIs."),
]


#: commands that do no large matrix products: numpy's OpenBLAS starts one thread (not one per
#: core) for them.  Starting the thread pool costs more CPU than such a command's matrix work
#: (``import numpy`` takes about 0.08 s less on two cores, more on larger machines); the
#: statistics commands (compare, stability, report, sensitivity, budget) keep every core for
#: their bootstrap and randomisation products.
ONE_BLAS_THREAD = frozenset({"eval", "validate", "convert", "recallbase", "measures",
                             "project", "simulate"})
#: the variables that set OpenBLAS's thread count (the first one set wins); a user's own
#: setting is always kept
BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")


def one_blas_thread(command: str) -> None:
    """Set ``OPENBLAS_NUM_THREADS=1`` for a command of :data:`ONE_BLAS_THREAD`, before numpy
    is imported, unless the user set the thread count."""
    if (command in ONE_BLAS_THREAD and "numpy" not in sys.modules
            and not any(name in os.environ for name in BLAS_THREAD_VARIABLES)):
        os.environ["OPENBLAS_NUM_THREADS"] = "1"


def lazy_arrow_arena() -> None:
    """Set ``MIMALLOC_ARENA_EAGER_COMMIT=0`` before pyarrow is imported, unless the user set
    it: Arrow's default allocator (mimalloc) then commits its first arena's pages as they are
    used rather than at once, which takes about 3.5 MB less memory in every command that reads
    a file with Arrow (the same CPU time, measured)."""
    if "pyarrow" not in sys.modules:
        os.environ.setdefault("MIMALLOC_ARENA_EAGER_COMMIT", "0")


EXAMPLES = """\b
Examples:
  sdreval demo
  sdreval eval qrels.tsv run1.txt run2.txt -m nxCG@10 -m MAep
  sdreval compare qrels.tsv run1.txt run2.txt -m MAep --test wilcoxon
  sdreval report qrels.tsv run1.txt run2.txt -o report.html
"""


def _entries():
    """``(name, module, attribute, help or None)`` of every available command."""
    for entry in COMMANDS:
        name, module, attr, *rest = entry
        if _available(module):
            yield name, module, attr, (rest[0] if rest else None)


class LazyGroup(click.Group):
    def main(self, *args, standalone_mode: bool = True, **kwargs):
        """click's own handling, but a path that does not exist is said in sdreval's words
        (``sdreval: usage error: ...``, exit 2) as every other usage error is."""
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            return super().main(*args, standalone_mode=False, **kwargs)
        except click.BadParameter as error:
            if "does not exist" not in error.message:
                error.show()
                raise SystemExit(error.exit_code) from None
            name = error.param.human_readable_name if error.param else "a path"
            click.echo(f"sdreval: usage error: {name}: {error.message} (check the path; "
                       "`sdreval COMMAND --help` lists the arguments)"
                       + (_measures_hint(error.message) if name in ("RUNS", "INPUTS") else ""),
                       err=True)
            raise SystemExit(2) from None
        except click.NoSuchOption as error:
            said = PEER_OPTIONS.get(error.option_name)
            if said is None or error.ctx is None or error.ctx.info_name not in MEASURING:
                error.show()
                raise SystemExit(error.exit_code) from None
            advice = said[1] or _judged_only()
            click.echo(f"sdreval: usage error: no option {error.option_name}: {said[0]} "
                       f"{error.option_name} {advice}{_not_here(advice, error.ctx)}",
                       err=True)
            raise SystemExit(2) from None
        except click.ClickException as error:
            error.show()
            raise SystemExit(error.exit_code) from None
        except click.exceptions.Abort:
            click.echo("Aborted!", err=True)
            raise SystemExit(1) from None
        except click.exceptions.Exit as error:
            raise SystemExit(error.exit_code) from None

    def list_commands(self, ctx):
        return [name for name, *_ in _entries()]

    def get_command(self, ctx, name):
        for command, module, attr, _ in _entries():
            if command == name:
                one_blas_thread(name)
                lazy_arrow_arena()
                found = getattr(importlib.import_module(f"{__package__}.{module}"), attr)
                collect_after_imports()
                return found
        return None

    def format_commands(self, ctx, formatter):
        """The command list from the help lines above (no command module is imported)."""
        rows = []
        for name, module, attr, line in _entries():
            if line is None:
                line = self.get_command(ctx, name).get_short_help_str(limit=formatter.width)
            rows.append((name, line))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


#: the commands that take trec_eval's measures and options (-m, -q, -c, -M, -l)
MEASURING = ("eval", "compare", "report", "stability")
#: trec_eval's and ir_measures' options that these commands do not have: (whose, what to do)
PEER_OPTIONS = {
    "-n": ("trec_eval's and ir_measures'", "(no means, per-topic rows only) is not taken: -q "
           "adds the per-topic rows, and the means are the rows whose topic is 'all' "
           "(--format csv for a table to filter)"),
    "-J": ("trec_eval's", None),  # measures.aliases.JUDGED_ONLY, the measure parameter's
    "-N": ("trec_eval's", "(documents in the collection) is not taken: no sdreval measure of "
           "trec_eval's needs it (utility's fourth weight, which does, is refused unless 0)"),
    "-R": ("trec_eval's", "(the qrels format) is not needed: formats are detected from "
           "content; --qrels-format forces one"),
    "-T": ("trec_eval's", "(the results format) is not needed: formats are detected from "
           "content; --run-format forces one"),
    "-Z": ("trec_eval's", "(z-scores against a file of means) is not in sdreval"),
    "-D": ("trec_eval's", "(debug output) is not in sdreval"),
    "-v": ("trec_eval's", "(the version) is `sdreval --version`"),
    "--by_query": ("ir_measures'", "(per-query values) is -q"),
    "--no_summary": ("ir_measures'", "(no means) is not taken: -q adds the per-topic rows, "
                     "and the means are the rows whose topic is 'all'"),
    "--places": ("ir_measures'", "(decimals) is --digits with --format table|latex; text "
                 "prints 4 decimals as trec_eval, --format json the unrounded values"),
    "-p": ("ir_measures'", "(decimals) is --digits with --format table|latex; text prints 4 "
           "decimals as trec_eval, --format json the unrounded values"),
    "--output_format": ("ir_measures'", "(tsv, jsonl) is --format (text, csv, json, ...)"),
    "--provider": ("ir_measures'", "(which library computes) is not taken: sdreval computes "
                   "every measure itself"),
}


def _judged_only() -> str:
    """What -J is and what to use instead, as the measure parameter judged_only says it (the
    measures are imported only for this message: the start-up does not pay for them)."""
    from ..measures.aliases import JUDGED_ONLY

    return JUDGED_ONLY


def _not_here(advice: str, ctx: click.Context) -> str:
    """`` (options of sdreval eval: COMMAND has no -q, --digits)`` where the advice for a
    peer's option names options of ``eval`` that the command given lacks."""
    import re

    have = {name for param in ctx.command.params for name in param.opts}
    named = re.findall(r"(?<![\w-])(?<!sdreval )(-[a-zA-Z]|--[a-z][a-z_-]+)\b", advice)
    missing = list(dict.fromkeys(n for n in named if n not in have))
    return (f" (options of sdreval eval: {ctx.info_name} has no {', '.join(missing)})"
            if missing else "")


def _measures_hint(message: str) -> str:
    """``; ... give them with -m`` when a run path that does not exist is measure names (the
    third argument of ir_measures' command line, ``ir_measures QRELS RUN 'nDCG@10 P@5'``)."""
    import ast
    import re

    from ..errors import UsageError
    from ..measures.registry import parse_measure

    found = re.match(r"^\w+ (.+) does not exist\.$", message)
    try:
        words = str(ast.literal_eval(found.group(1))).split() if found else []
        for word in words:
            parse_measure(word)
    except (ValueError, SyntaxError, UsageError):
        return ""
    if not words:
        return ""
    return ("; measures are given with -m (" + " ".join(f"-m {w}" for w in words)
            + "), where ir_measures takes them after the run")


def _available(module: str) -> bool:
    return importlib.util.find_spec(f"{__package__}.{module}") is not None


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"],
                                              "show_default": True},
             epilog=EXAMPLES)
@click.version_option(__version__, prog_name="sdreval")
def cli():
    """sdreval: evaluation of structured document retrieval (XML elements, passages, chunks).

    Formats are detected from content; `sdreval COMMAND --help` describes each command and
    `sdreval measures` lists every measure.  The pages docs/NAME.md that help texts and
    messages name are installed with sdreval: `sdreval docs` lists them and `sdreval docs
    NAME` prints one.  The papers cited are listed in docs/references.md."""


#: whether :func:`main` paused the garbage collector for the command's imports
_PAUSED = [False]
#: the script's first collector generation holds this many new objects (Python's default:
#: 700): a command makes its arrays and tables with few Python objects, and collecting every
#: 700 of them cost 5-10 ms of the 50-run evaluations measured, for no garbage found
GEN0_THRESHOLD = 5000


def collect_after_imports() -> None:
    """Once the command's module is imported by :func:`main`: its import-time objects (modules,
    functions, classes: they live as long as the process) are frozen out of the collector,
    which then runs for the command's own objects."""
    if _PAUSED[0]:
        _PAUSED[0] = False
        gc.freeze()
        gc.enable()


def main() -> None:
    """The ``sdreval`` script: one command line, then the process ends.

    The garbage collector is paused while the command's modules load (numpy, Arrow, the
    measures: some 100,000 objects that live as long as the process; the collections made
    during those imports walked them again and again, 20-40 ms of CPU, and found nothing to
    free) and those objects frozen out of it (:func:`collect_after_imports`); the command then
    collects every :data:`GEN0_THRESHOLD` new objects.  When the command is done every object
    is frozen (:func:`gc.freeze`): the interpreter's exit otherwise walks them all once more
    looking for cycles, about 0.1 s of CPU on two cores, while the memory goes back to the
    system with the process anyway.  Output is written and closed by the command itself
    before."""
    from ..lazy import one_command_process

    one_command_process()
    if gc.isenabled():
        gc.disable()
        _PAUSED[0] = True
    gc.set_threshold(GEN0_THRESHOLD, *gc.get_threshold()[1:])
    try:
        cli(prog_name="sdreval")
    finally:
        collect_after_imports()
        gc.freeze()


if __name__ == "__main__":
    main()
