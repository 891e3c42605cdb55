"""Benchmark: XML parsing in sdreval vs bare lxml.

1. Document trees (paths, INEX offsets, words) of the 13 INEX 2009 Wikipedia sample documents
   (x ``--copies``) vs (a) bare ``lxml.etree.iterparse`` touching every element's text (the
   lower bound of any streaming reader) and (b) ``lxml.etree.fromstring`` + ``itertext``.
2. An INEX XML submission (synthetic, ``--results`` results) read by
   :func:`read_inex_submission` (bulk, and one result at a time) vs bare ``iterparse`` over the
   same file: throughput as a share of bare ``iterparse`` (target >= 50%), peak memory.

Run: ``python benchmarks/bench_parse_xml.py [--repeat N] [--copies N] [--results N]``.
"""
from __future__ import annotations

import argparse
import io
import random
import resource
import tempfile
import time
from pathlib import Path

from lxml import etree

from sdreval.io.collection import map_entities, parse_document
from sdreval.errors import ProblemLog
from sdreval.io.inex_submission import read_inex_submission

_BUNDLED = Path(__file__).resolve().parents[1] / "tests" / "realdata" / "inex2009-wikipedia-sample" / "docs"
DEFAULT_DOCS = _BUNDLED if _BUNDLED.is_dir() else Path("/work/shared/data/inex2009-wikipedia-sample/docs")


def bare_iterparse(blobs: list[bytes]) -> int:
    total = 0
    for data in blobs:
        for _, el in etree.iterparse(io.BytesIO(data), events=("end",), resolve_entities=False,
                                     no_network=True, load_dtd=False):
            total += len(el.text or "") + len(el.tail or "")
    return total


def bare_itertext(blobs: list[bytes]) -> int:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return sum(len("".join(etree.fromstring(d, parser).itertext())) for d in blobs)


def ours(blobs: list[bytes]) -> int:
    return sum(parse_document(d, "x").length for d in blobs)


def timed(fn, blobs, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(blobs)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--docs", type=Path, default=DEFAULT_DOCS)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--copies", type=int, default=10, help="parse the sample this many times")
    ap.add_argument("--results", type=int, default=150_000,
                    help="results in the synthetic submission")
    args = ap.parse_args()
    raw = [p.read_bytes() for p in sorted(args.docs.glob("*.xml"))] * args.copies
    # baselines get the entity-mapped bytes (bare lxml cannot read &nbsp; without the DTD)
    mapped = [map_entities(d) for d in raw]
    mb = sum(map(len, raw)) / 1e6
    t_ours = timed(ours, raw, args.repeat)
    t_iter = timed(bare_iterparse, mapped, args.repeat)
    t_text = timed(bare_itertext, mapped, args.repeat)
    print(f"{len(raw)} documents, {mb:.1f} MB, best of {args.repeat}")
    print(f"sdreval parse_document (paths, offsets, words): {t_ours:.3f} s "
          f"({mb / t_ours:.1f} MB/s)")
    print(f"bare lxml iterparse:                           {t_iter:.3f} s  "
          f"ratio ours/iterparse = {t_ours / t_iter:.2f}")
    print(f"bare lxml fromstring+itertext:                 {t_text:.3f} s  "
          f"ratio ours/itertext  = {t_ours / t_text:.2f}")


    bench_submission(args.results, args.repeat)


def bare_submission_iterparse(path: Path) -> int:
    """lxml's bare ``iterparse`` over a file (every element's end event, cleared): the floor
    of any streaming XML reader, the same baseline as ``bench_end_to_end.py``."""
    count = 0
    for _, el in etree.iterparse(str(path), events=("end",), resolve_entities=False,
                                 no_network=True, load_dtd=False):
        count += 1
        el.clear()
    return count


def bench_submission(n_results: int, repeat: int = 3) -> None:
    rng = random.Random(1)
    per_topic = 1500
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "run.xml"
        with open(path, "w") as out:
            out.write('<?xml version="1.0"?>\n<inex-submission participant-id="1" '
                      'run-id="bench" task="CO.Thorough">\n')
            for t in range(max(1, n_results // per_topic)):
                out.write(f'<topic topic-id="{t}">\n')
                for r in range(per_topic):
                    out.write(f"<result><file>{rng.randint(1, 10**6)}</file><path>/article[1]/"
                              f"bdy[1]/sec[{rng.randint(1, 9)}]/p[{rng.randint(1, 20)}]</path>"
                              f"<rank>{r + 1}</rank><rsv>{1.0 / (r + 1)!r}</rsv></result>\n")
                out.write("</topic>\n")
            out.write("</inex-submission>\n")
        mb = path.stat().st_size / 1e6
        best = {"bare": float("inf"), "bulk": float("inf"), "one": float("inf")}
        run = None
        for _ in range(repeat):  # interleaved, best of `repeat` (the machine is shared)
            t0 = time.perf_counter()
            bare_submission_iterparse(path)
            best["bare"] = min(best["bare"], time.perf_counter() - t0)
            t0 = time.perf_counter()
            run = read_inex_submission(path, ProblemLog())  # repeats are warnings: collect
            best["bulk"] = min(best["bulk"], time.perf_counter() - t0)
            t0 = time.perf_counter()
            read_inex_submission(path, ProblemLog(), bulk=False)
            best["one"] = min(best["one"], time.perf_counter() - t0)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"INEX XML submission: {len(run)} results, {mb:.1f} MB, best of {repeat}")
        print(f"bare lxml iterparse:                   {best['bare']:.3f} s "
              f"({mb / best['bare']:.1f} MB/s)")
        print(f"sdreval read_inex_submission:          {best['bulk']:.3f} s "
              f"({mb / best['bulk']:.1f} MB/s) = {best['bare'] / best['bulk']:.0%} of bare "
              "iterparse throughput (target >= 50%)")
        print(f"  one result at a time (bulk=False):   {best['one']:.3f} s "
              f"({mb / best['one']:.1f} MB/s) = {best['bare'] / best['one']:.0%}; "
              f"bulk speed-up x{best['one'] / best['bulk']:.2f}")
        print(f"process peak RSS {peak:.0f} MB")


if __name__ == "__main__":
    main()
