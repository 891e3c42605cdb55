"""Generate docs/measures.md: every registered measure with its family, syntax, parameters,
definition and source (paper + equation, or the peer tool that defines a measure no paper
does), from the registry ``sdreval.measures.MEASURES``.

Run ``python docs/_make_measures_index.py`` after adding or changing a measure
(``tests/report/test_measures_index.py`` checks the generator covers every measure).
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

FAMILY_DOCS = {
    "xcg": ("XCG: xCG, nxCG, MAnxCG, ep/gr, MAep, iMAep, Q, R", "xcg.md"),
    "classic": ("Classic graded measures on elements", "classic.md"),
    "inex_eval": ("inex_eval (precall)", "inex_eval.md"),
    "inex_eval_ng": ("inex_eval_ng (size and overlap)", "inex_eval.md"),
    "esr": ("ESR, PRUM and EPRUM", "esr.md"),
    "passage": ("Passage tasks: HiXEval, Focused, Relevant/Best in Context", "passage-tasks.md"),
    "rankings": ("More document-ranking measures: GMAP, 11pt_avg, RBP, ERR, Hits",
                 "ir-users.md"),
    "pooled": ("Sampled judgement pools: infAP, Unjudged@k", "classic.md"),
    "trec_more": ("trec_eval's less common measures: set_map, relative_P, Rprec_mult, "
                  "gm_bpref, utility, binG, G, ndcg_rel, Rndcg, rbp", "ir-users.md"),
    "span": ("Span measures: chunk retrieval for RAG (character P/R/F/IoU, budget, τ, MAP)",
             "rag.md"),
}
#: a citation: authors ("Kazai & Lalmas", "Manning, Raghavan & Schütze", "Gövert et al.",
#: "van Rijsbergen") and year, with the section, equation, table or note cited after commas
_NAME = r"(?:van )?[A-ZÄÖÜ][a-zäöüé][\w'’-]*"
_SOURCE = re.compile(rf"(?<![A-Z] ){_NAME}(?:(?:, | & ){_NAME})*(?: et al\.)?,? (?:19|20)\d\d"
                     r"(?:,? (?:§|Eq\.|Eqs\.|Table|Fig\.|note|footnote|p\.\s?\d|ch\.)[^);,]*)*")
#: a measure of a peer tool, cited where no paper defines it: "trec_eval num_rel", "ranx hits@k"
_PEER = re.compile(r"(?:trec_eval|ir_measures|ranx) (?!\d)[\w@]+")
_CUTOFF = {"none": "", "int": "@k", "float": "@r", "optional-int": "[@k]",
           "optional-float": "[@r]"}


def cited(text: str) -> list[str]:
    """The works ``text`` cites, as ``Authors YEAR[, §/Eq./Table ...]``."""
    return [re.sub(r",? ((?:19|20)\d\d)", r" \1", m.group(0).strip().rstrip(",;"), count=1)
            for m in _SOURCE.finditer(text)]


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _param(p) -> str:
    text = f"`{p.name}`"
    if p.default is not None:
        text += f" = `{p.default}`"
    if p.choices:
        text += " (" + ", ".join(f"`{c}`" for c in p.choices) + ")"
    if getattr(p, "allowed", None) is not None:
        text += f" ({p.allowed.describe(p.name)})"
    if p.context_key:
        text += f" [default from `--{p.context_key.replace('_', '-')}`]"
    return text


def _inert(rule) -> str:
    """``keep`` with ``ideal=full``: a parameter refused where it has no effect."""
    when = " and ".join(f"`{o}={'|'.join(map(str, v))}`" if v else f"`{o}`"
                        for o, v in rule.when)
    return f"`{rule.param}`" + (f" with {when}" if when else "")


def _inert_rules(rules) -> str:
    """The rules of a measure; two parameters that each void the other said once."""
    said: set[frozenset] = set()
    out = []
    for rule in rules:
        other = rule.when[0][0] if len(rule.when) == 1 and rule.when[0][1] is None else None
        if other and any(o.param == other and o.when == ((rule.param, None),) for o in rules):
            if frozenset((rule.param, other)) not in said:
                said.add(frozenset((rule.param, other)))
                out.append(f"`{rule.param}` and `{other}` together")
            continue
        out.append(_inert(rule))
    return ", ".join(out)


def render() -> str:
    from sdreval.measures import MEASURES

    lines = [
        "# Measures: an index",
        "",
        "Every measure sdreval registers (`sdreval measures` prints the same list). "
        "Names are used as typed: parameters in parentheses before any cut-off, e.g. "
        "`MAep(quant=sog,overlap=off)`, `nxCG@10`, `gP(task=bic)@5`, `Q(beta=10)`. "
        "Each family's page gives the full definitions, the choices made where the papers are "
        "ambiguous, and the errata; the user guide (`user-guide.md`) shows them at work.",
        "",
        "Sources are cited as author and year with the paper's section or equation; the full "
        "references are in [references.md](references.md). A measure no paper defines (a count, "
        "or one of trec_eval's own measures) names the tool that defines it: trec_eval, "
        "ir_measures or ranx.",
    ]
    families: dict[str, list] = {}
    for definition in MEASURES.values():
        families.setdefault(definition.family, []).append(definition)
    for family in sorted(families, key=lambda f: (list(FAMILY_DOCS).index(f)
                                                   if f in FAMILY_DOCS else 99, f)):
        if family.startswith("_"):
            continue  # test-only families
        title, doc = FAMILY_DOCS.get(family, (family, None))
        lines += ["", f"## {title}", ""]
        if doc:
            lines += [f"Family `{family}`; definitions, choices and errata: [{doc}]({doc}).", ""]
        lines += ["| measure | parameters | definition | source |",
                  "|---|---|---|---|"]
        for d in sorted(families[family], key=lambda d: d.name.lower()):
            syntax = f"`{d.name}{_CUTOFF[d.cutoff]}`"
            if d.cutoff_default is not None:
                syntax += f" (default cut-off {d.cutoff_default})"
            params = "; ".join(_param(p) for p in d.params) or "–"
            if getattr(d, "inert", ()):
                params += ("; refused where it has no effect (warned at its default value): "
                           + _inert_rules(d.inert))
            sources = sorted(set(cited(d.doc)))
            # no paper defines the measure: the peer tool that does
            sources = sources or [m.group(0) for m in _PEER.finditer(d.doc)]
            lines.append(f"| {syntax} | {_cell(params)} | {_cell(d.doc)} | "
                         f"{_cell('; '.join(sources)) or 'see family page'} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    out = Path(__file__).resolve().parent / "measures.md"
    out.write_text(render(), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
