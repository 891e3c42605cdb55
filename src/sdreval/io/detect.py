"""Format detection: the format of a file from its content (read by :mod:`sdreval.io.readers`),
INEX XML by its root element (:func:`sniff_inex_xml`), a directory by its files
(:func:`sniff_xml_directory`), a text file by the formats its first data lines fit
(:func:`line_formats`, :func:`detect_text_format`).  The format names (:data:`QRELS_FORMATS`,
:data:`RUN_FORMATS`, ``collection``, the aliases of :data:`ALIASES`), their layouts and the
detection rules with their ambiguities are documented once, in docs/inputs.md ("Formats",
"Format detection").  Standard input and pipes are read once, whole, into a temporary copy
that detection and the reader share (:func:`~sdreval.io.textlines.local_path`).
"""
from __future__ import annotations

import json
import os
import re
import zlib
from collections import Counter
from itertools import islice
from pathlib import Path

from ..errors import InputError, UsageError
from .json_files import is_qa_dataset
from .locations import is_directory, is_url, refuse_text_url
from .options import arguments_order, format_option
from .text_hints import ONLY_INPUTS, aid_refusal, twofold_qrels, unrecognised_hint
from .text_rules import LONE_CR_PROBLEM, lone_cr, wide_text
from .textlines import (is_pipe, local_path, open_binary, parse_float, parse_grade, parse_int,
                        read_head, table_layout)
from .xmlsafe import wide_codec  # lxml is imported by the first XML read, not here

QRELS_FORMATS = ("inex-assessments", "fol-qrels", "native-qrels", "passage-qrels",
                 "span-qrels", "trec-qrels", "table-qrels", "ranx-json")
RUN_FORMATS = ("inex-submission", "element-run", "passage-run", "document-run", "span-run",
               "chunk-run", "table-run", "ranx-json")
ALL_FORMATS = tuple(dict.fromkeys(QRELS_FORMATS + RUN_FORMATS + ("collection",)))
#: inputs of span evaluation detected by their columns, not judgements or runs (eval's
#: ``--chunk-map FILE``, ``--documents FILE``)
SPAN_TABLES = ("chunk-map", "documents")
ALIASES = {
    "fol": "fol-qrels", "native": "native-qrels", "tsv": "native-qrels",
    "passages": "passage-qrels", "trec": "trec-qrels", "qrels": "trec-qrels",
    "assessments": "inex-assessments", "element": "element-run", "passage": "passage-run",
    "document": "document-run", "submission": "inex-submission",
    "span": "span-run", "chunk": "chunk-run", "spans": "span-qrels",
    "run-table": "table-run", "qrels-table": "table-qrels", "json": "ranx-json",
}
_PREFERENCE = ("element-run", "passage-run", "native-qrels", "document-run", "fol-qrels",
               "passage-qrels", "trec-qrels")
_HEAD = 65536
_QZERO = ("Q0", "0")


def normalise_format(name: str, kinds: tuple[str, ...] = ALL_FORMATS,
                     path: str | Path | None = None) -> str:
    """The canonical format name of ``name`` (aliases allowed; ``table``: the table format of
    ``kinds``, a run's or the qrels', and where ``kinds`` hold both, the one the columns of the
    table at ``path`` name); UsageError if unknown, or if ``table`` stays ambiguous."""
    canonical = ALIASES.get(name.lower(), name.lower())
    if canonical == "table":
        tables = [kind for kind in ("table-run", "table-qrels") if kind in kinds]
        found = detect_format(path) if len(tables) == 2 and path is not None else None
        if len(tables) == 2 and found not in tables:
            raise UsageError(f"format {name!r} is table-run or table-qrels, and "
                             + (f"this is a {found} file" if found else "either is read here")
                             + ": name the one meant (table-run or table-qrels)")
        canonical = found or tables[0] if tables else canonical
    if canonical not in kinds:
        raise UsageError(f"unknown format {name!r}; expected one of {', '.join(kinds)}")
    return canonical


def line_formats(fields: list[str]) -> set[str]:
    """The text formats a line (split on white space) fits."""
    n = len(fields)
    found: set[str] = set()
    if n >= 6 and parse_int(fields[3]) is not None and _is_rsv(fields[4]):
        if n == 6 and not _is_range(fields[5]):  # an ``o:l`` sixth field: a FOL passage
            found.add("document-run")
        elif n == 7 and ":" not in fields[6] and parse_float(fields[6]) is None:
            found.add("element-run")
        elif n == 8 and parse_int(fields[6]) is not None and parse_int(fields[7]) is not None:
            found.add("passage-run")
    if (n >= 5 and fields[1].upper() in _QZERO and parse_int(fields[3]) is not None
            and parse_int(fields[4]) is not None):
        rest = fields[5:]
        if rest and ":" not in rest[0] and parse_int(rest[0]) is not None:
            rest = rest[1:]
        if all(_is_range(token) for token in rest):
            found.add("fol-qrels")
    if n in (5, 6) and fields[1].upper() != "Q0" and "/" in fields[2] and (fields[3] == "?" or
                                             parse_float(fields[3]) is not None):
        from ..model.xpath import XPathError, parse_steps

        try:
            parse_steps(fields[2])
        except XPathError:
            pass
        else:
            found.add("native-qrels")
    if (n in (4, 5) and fields[1].upper() not in _QZERO
            and all(parse_int(f) is not None for f in fields[2:])):
        found.add("passage-qrels")
    if n == 4 and fields[1].upper() in _QZERO and parse_grade(fields[3]) is not None:
        found.add("trec-qrels")
    return found


def _is_rsv(token: str) -> bool:
    """A number in a run's rsv field, ``inf`` and ``nan`` included: the layout is a run's, and
    its reader then says which line's rsv is not finite (instead of "unrecognised format")."""
    return parse_float(token) is not None or token.lower().lstrip("+-") in ("inf", "infinity",
                                                                           "nan")


def _is_range(token: str) -> bool:
    offset, sep, length = token.partition(":")
    return bool(sep) and parse_int(offset) is not None and parse_int(length) is not None


def detect_text_format(lines: list[list[str]]) -> str | None:
    """Format of a text file from its first data lines (split), or None: the native
    judgements if their header (``topic file path ...``) is there; else the format most
    lines fit, ties broken in the order of :data:`_PREFERENCE`."""
    votes: Counter[str] = Counter()
    for fields in lines:
        if fields and fields[0].lower() == "topic":  # a header line
            if [f.lower() for f in fields[1:3]] == ["file", "path"]:
                return "native-qrels"  # its own header: bad rows are its reader's to report
            continue
        votes.update(line_formats(fields))
    if not votes:
        return None
    best = max(votes.values())
    return next(f for f in _PREFERENCE if votes[f] == best)


def detect_format(path: str | Path, role: str | None = None) -> str:
    """Name of the format of a file (or ``collection`` / ``inex-assessments`` for a
    directory), from its content; ``role`` ``"run"`` when the file is given as a run (RAGAS
    samples, holding both the gold and the retrieved contexts, are then a span run).

    Raises :class:`InputError` naming the file when the content fits no format."""
    if is_url(path):  # Parquet files and datasets only (sdreval.io.locations)
        kind = _sniff_span(path, role)
        if kind is None:
            raise refuse_text_url(str(path))
        return kind
    path = Path(path)
    if path.is_dir():  # a Parquet dataset, a collection, or INEX assessments as a tree
        return _sniff_span(path, role) or sniff_xml_directory(path)
    if not is_pipe(path) and not path.exists():
        raise InputError("no such file", str(path))
    head = read_head(path, _HEAD)  # a pipe is spooled whole first
    if is_json_object(head):
        return "ranx-json"
    if table_layout(head) is not None and (span_kind := _sniff_span(path, role)) is not None:
        return span_kind
    wide = wide_codec(head)
    if wide is not None and not head.decode(wide, "replace").lstrip("\ufeff \t\r\n") \
            .startswith("<"):
        raise InputError(wide_text(wide.upper()), str(path))
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<") or wide is not None:
        kind = sniff_inex_xml(head, path)
        if kind is None:
            root = re.match(_ROOT, head, re.DOTALL)
            name = root.group("name").decode("utf-8", "replace") if root else ""
            hint = ("" if not name else "; a document of the collection? give its directory "
                    "with --collection DIR" if name == "article" else "; a topics file? "
                    + ONLY_INPUTS)
            raise InputError("XML file that is neither an INEX submission nor INEX assessments "
                             f"({f'root element <{name}>' if name else 'unknown root element'}"
                             f"{hint})", str(path))
        return kind
    if lone_cr(head):  # (CSV, JSON, XML: read above)
        raise InputError(LONE_CR_PROBLEM, str(path))
    rows = head.decode("utf-8", "replace").split("\n")  # lines as the readers cut them
    # (str.splitlines would also cut at \x1c-\x1e, U+0085, U+2028, which split fields there)
    if len(head) == _HEAD and rows:
        rows = rows[:-1]  # the last line may be cut
    lines = list(islice((fields for row in rows
                         if (fields := row.split()) and not fields[0].startswith("#")), 50))
    if not lines and len(head) == _HEAD:  # long comment lines fill the head: read on
        lines = _later_data_lines(path)
    if not lines:
        hint = ("; to evaluate it as a run with no results, name its format ("
                f"{format_option('run', 'document-run')})") if role == "run" else ""
        raise InputError(f"empty file: no data line to detect the format from{hint}", str(path))
    kind = detect_text_format(lines)
    if kind is None and b"\x00" in head:  # no format, and bytes no text file has
        raise InputError("NUL bytes: a binary file, or text in UTF-16/UTF-32 (save it as "
                         "UTF-8); qrels and runs are UTF-8 text (TREC-like lines, JSONL, CSV, "
                         "INEX XML; gzip-compressed as FILE.gz) or Parquet", str(path))
    if kind in ("passage-qrels", "trec-qrels") and (twofold := twofold_qrels(lines)):
        raise InputError(twofold, str(path))
    if kind is None:
        hint, expected = unrecognised_hint(lines), ", ".join(ALL_FORMATS + SPAN_TABLES)
        raise InputError(f"unrecognised format (first data line: {' '.join(lines[0])[:120]!r});"
                         f" expected one of {expected}{hint}", str(path))
    return kind


def _later_data_lines(path: str | Path, wanted: int = 50) -> list[list[str]]:
    """The fields of the first ``wanted`` data lines of a file whose first :data:`_HEAD`
    bytes hold none (comment lines that long), read line by line, each line at most
    :data:`_HEAD` bytes at a time; a data line longer than that is refused at its line (no
    line of a run or judgement format is that long)."""
    found: list[list[str]] = []
    number = 0
    try:
        with open_binary(path) as handle:
            while len(found) < wanted and (raw := handle.readline(_HEAD + 1)):
                number += 1
                fields = raw.decode("utf-8", "replace").lstrip("\ufeff").split()
                if fields and not fields[0].startswith("#") and len(raw) > _HEAD:
                    where = "the first line" if number == 1 else f"line {number}"
                    raise InputError(f"{where} is longer than {_HEAD} bytes: no line of a run "
                                     "or judgement format is that long (is this a text file of "
                                     "one line per result?)", str(path), number)
                while not raw.endswith(b"\n") and len(raw) > _HEAD:  # the rest of a comment
                    raw = handle.readline(_HEAD + 1)
                if fields and not fields[0].startswith("#"):
                    found.append(fields)
    except (OSError, EOFError, zlib.error) as error:  # a truncated or corrupt .gz
        raise InputError(f"cannot read: {error}", str(path), number + 1) from None
    return found


# one JSON object {topic: {doc: value}} (ranx's Run/Qrels.save, pytrec_eval's dicts json.dump'ed)
_JSON_OBJECT = re.compile(rb'\s*\{\s*(?:\}\s*$|"(?:[^"\\]|\\.)*"\s*:\s*[{\[])')


def is_json_object(head: bytes) -> bool:
    """The file starts one JSON object whose first value is an object or a list (``{}`` alone
    too: its reader refuses lists), and is not JSONL: a first line holding a whole object is
    JSONL if more lines follow or one of its values is neither."""
    text = head.lstrip(b"\xef\xbb\xbf")
    if not _JSON_OBJECT.match(text):
        return False
    first, _, rest = text.strip().partition(b"\n")
    try:
        record = json.loads(first)
    except (ValueError, RecursionError):  # (nested too deeply: its reader says so)
        return True  # an object over several lines (or longer than the head)
    return not rest.strip() and (all(isinstance(v, (dict, list)) for v in record.values())
                                 or is_qa_dataset(record))  # (LlamaIndex's: "mode": "text")


def _sniff_span(path: Path | str, role: str | None = None) -> str | None:
    """A span input or document table (JSONL, CSV/TSV, Parquet file or dataset) named by its
    keys, or None (imported only for those layouts: the span readers cost ~10 ms a start)."""
    from .spans import sniff_columns, span_format

    found = sniff_columns(path)
    if found is None:
        return None
    kind = span_format(found[1], role, str(path))
    if kind is None:
        from .doc_tables import table_kind

        return table_kind(*found, str(path) + ("/" if is_directory(path) else ""), role)
    return kind


def resolve_format(path: str | Path, fmt: str | None, kinds: tuple[str, ...],
                   what: str) -> str:
    """The format of ``path``: ``fmt`` when given (checked against ``kinds``), else detected
    from content, refused when it is not one of ``kinds`` (``what`` the file should be)."""
    if fmt is not None:
        return normalise_format(fmt, kinds)
    found = detect_format(path, None if what == "judgements" else "run")
    if found not in kinds:
        raise InputError(_wrong_kind(path, found, what, format_option(
            "qrels" if what == "judgements" else "run")), str(path))
    return found


def _wrong_kind(path: str | Path, found: str, what: str, option: str) -> str:
    """What to say when a file is not of the kind its place asks for (a run given as the
    judgements is the common case: the arguments swapped)."""
    if found == "collection" and Path(path).is_dir():
        return (f"this is a directory, not {what}: as {what} a directory is read only as "
                f"{'INEX assessment pools (XML files) or ' if what == 'judgements' else ''}"
                "a Parquet dataset, and this one holds neither; give the "
                f"{'qrels' if what == 'judgements' else 'run'} file itself")
    if found in SPAN_TABLES:  # documents, a chunk map: given beside the judgements and runs
        return aid_refusal(found, what)
    columns: list[str] = []
    if found in ("span-run", "table-qrels"):  # a table: its columns say more
        from .frame_qrels import beir_qrels
        from .spans import canonical_columns, sniff_columns

        columns = (sniff_columns(path) or ("", []))[1]
    if found == "span-run" and what == "judgements" and columns and not {
            "relevance", "score", "rank"} & set(canonical_columns(columns)):
        return ("this table has a span run's keys (query_id, doc_id, start, end) and neither "
                "a relevance key nor a score or rank: as judgements, give every span a "
                "relevance (1 for gold text); if it is a run, are the qrels and the run swapped? "
                f"({arguments_order()})" + ("; a query_id and a text, nothing else: a file of "
                "queries? " + ONLY_INPUTS if set(columns) == {"query_id", "text"} else ""))
    if found == "table-qrels" and what != "judgements" and beir_qrels(columns):
        return (f"this is a {found} file, not {what}: it has BEIR's qrels columns (query-id, "
                "corpus-id, score: Thakur et al. 2021), whose score is a grade; if it is a run "
                f"(the score the retrieval's), {format_option('run', 'table-run')} reads it; "
                f"else are the qrels and the run swapped? ({arguments_order()})")
    a = "an" if found[0] in "aeiou" else "a"
    if (found in RUN_FORMATS and what == "judgements") or \
            (found in QRELS_FORMATS and what != "judgements"):  # the arguments swapped
        fol = (" Or a TREC run without its run-id column: a TREC run has 6 fields, topic Q0 "
               "doc rank rsv run-id (FOL qrels have 5: topic Q0 doc relchars doclen)"
               if found == "fol-qrels" else "")
        return (f"this is {a} {found} file, not {what}: are the qrels and the run swapped? "
                f"({arguments_order()}; {option} forces a format){fol}")
    return f"this is {a} {found} file, not {what} (use {option} to force a format)"


# ------------------------------------------------------------------------------- INEX XML

SUBMISSION = "inex-submission"
ASSESSMENTS = "inex-assessments"

# the first element's name, after text, comments, processing instructions and declarations
# (``<!DOCTYPE ... [internal subset]>``).  The prolog is matched once, in a lookahead (never
# backtracked into) that a backreference then consumes: an atomic group in the syntax of
# Python 3.10 (``(?>...)`` and possessive quantifiers need 3.11), so nothing is read twice,
# a failing match included (compiled by the first XML detection, through re's cache)
_ROOT = (rb"(?=(?P<prolog>(?:[^<]*(?:<!--.*?-->|<\?.*?\?>"
         rb"|<!(?!--)[^\[>]*(?:\[.*?\](?=(?P<subset_end>[^>]*))(?P=subset_end))?>))*))"
         rb"(?P=prolog)[^<]*<(?P<name>[A-Za-z_][\w.\-]*(?::[A-Za-z_][\w.\-]*)?)")
#: the root elements of INEX assessments (their reader also takes them inside another root)
ASSESSMENT_ROOTS = ("assessments", "assessment", "inex-assessments")


def sniff_inex_xml(head: bytes, path: str | Path | None = None) -> str | None:
    """``"inex-submission"``, ``"inex-assessments"`` or None from the first bytes of a file:
    the name of the first element (after the XML declaration, comments and DOCTYPE; in
    INEX assessments, ``<assessments`` may follow another root).  When ``head`` ends before
    the first element (a long comment or DOCTYPE), the whole file ``path`` (mapped, not read
    into memory) is searched by the same rule."""
    codec = wide_codec(head[:4])  # UTF-16/UTF-32: decode what we have
    data = head if codec is None else bytes(head).decode(codec, "ignore").encode("utf-8")
    match = re.match(_ROOT, data, re.DOTALL)
    if match is None:
        if path is None or Path(local_path(path)).stat().st_size <= len(head):
            return None
        import mmap

        with open(local_path(path), "rb") as handle, \
                mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as whole:
            return sniff_inex_xml(whole)
    name = match.group("name").split(b":")[-1].lower().decode("ascii")
    if name == SUBMISSION:
        return SUBMISSION
    if name in ASSESSMENT_ROOTS or data.find(b"<assessments", match.start("name") - 1) >= 0:
        return ASSESSMENTS
    return None


#: X-RAI's layout, ``done/<type>/[main|others/]topic-T/pool-P.xml``, from the folder given or up
#: to four levels above the topic folders (only folder names are listed, no file is read).
_XRAI_LAYOUT = [("*/" * depth) + "topic-*/pool-*.xml" for depth in range(5)]


def sniff_xml_directory(path: str | Path, files: int = 5) -> str:
    """``"inex-assessments"`` if the directory has X-RAI's layout (``topic-T/pool-P.xml``) or its
    first XML files (in sorted walk order, at most ``files`` of them) include INEX assessments,
    else ``"collection"``."""
    root = Path(path)
    if any(next(root.glob(pattern), None) for pattern in _XRAI_LAYOUT):
        return ASSESSMENTS
    seen = 0
    for folder, dirs, names in os.walk(path):
        dirs.sort()
        for file in sorted(Path(folder) / n for n in names if n.lower().endswith(".xml")):
            try:
                with open(file, "rb") as handle:
                    head = handle.read(4096)
            except OSError:
                continue
            if sniff_inex_xml(head, file) == ASSESSMENTS:
                return ASSESSMENTS
            seen += 1
            if seen >= files:
                return "collection"
    return "collection"
