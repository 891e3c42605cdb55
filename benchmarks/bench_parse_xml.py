"""Benchmark: building document trees (paths, INEX offsets, words) vs bare lxml parsing.

Run: ``python benchmarks/bench_parse_xml.py [--repeat N] [--docs DIR]``.  Baselines measured in
the same run on the same bytes: (a) bare ``lxml.etree.iterparse`` touching every element's text
(the lower bound of any streaming reader), (b) ``lxml.etree.fromstring`` + ``itertext`` (text
only, no paths, no offsets).  Prints seconds and ratios.
"""
from __future__ import annotations

import argparse
import io
import time
from pathlib import Path

from lxml import etree

from sdreval.io.collection import map_entities, parse_document

DEFAULT_DOCS = Path("/work/shared/data/inex2009-wikipedia-sample/docs")


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


if __name__ == "__main__":
    main()
