"""``compare``'s notes (the test and correction applied, the effect-size conventions) came
after the records: in a terminal, where stderr and stdout show in the order written, a user
saw them below the table, while the docs' transcripts (stderr first) and ``eval`` put them
above.  Now they are written before the records."""
import io
import sys

from sdreval.cli.main import cli
from sdreval.data import example_path


def test_notes_come_before_the_records(monkeypatch):
    syn = example_path("synthetic")
    runs = [str(syn / "runs" / f"sim0{i}.txt") for i in (1, 2, 3)]
    terminal = io.StringIO()  # one stream for both, as a terminal (CliRunner keeps them apart)
    monkeypatch.setattr(sys, "stdout", terminal)
    monkeypatch.setattr(sys, "stderr", terminal)
    cli.main(["compare", str(syn / "qrels.tsv"), *runs, "-m", "MAep", "-m", "nxCG@10",
              "--test", "t"], standalone_mode=False)
    text = terminal.getvalue()
    records = text.index("run_a\trun_b")
    assert text.index("sdreval: paired t test (two-sided), Benjamini-Yekutieli correction "
                      "over the 3 pair(s) of each measure, level 0.05") < records
    # nxCG@10: sim01 and sim02 score alike on every topic
    assert text.index("sdreval: every topic ties") < records
