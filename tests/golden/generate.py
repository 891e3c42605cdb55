"""Regenerate the frozen golden outputs (run after an intended change, and list it in the commit).

    PYTHONPATH=src python tests/golden/generate.py [--no-fuzz]

Writes outputs.json (real data, hostile corpus and a sample of the fuzzed runs, full texts)
and fuzz.txt (every fuzzed run: exit code, hash of the whole output, first line of stderr).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import cases  # noqa: E402


def main(argv: list[str]) -> None:
    records = cases.run_all(cases.real_cases() + cases.hostile_cases())
    old = json.loads(cases.FROZEN_CASES.read_text()) if cases.FROZEN_CASES.exists() else {}
    if "--no-fuzz" in argv:
        records.update({k: v for k, v in old.items() if k.startswith("fuzz-")})
    else:
        fuzz = cases.run_all(cases.fuzz_cases())
        records.update({k: fuzz[k] for k in cases.sample_keys(list(fuzz))})
        cases.FROZEN_FUZZ.write_text("\n".join(cases.fuzz_lines(fuzz)) + "\n")
    cases.FROZEN_CASES.write_text(json.dumps(records, indent=1, ensure_ascii=True,
                                             sort_keys=True) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
