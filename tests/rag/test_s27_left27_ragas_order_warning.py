"""RAGAS samples give each question's retrieved chunks as a list, ``retrieved_contexts``, in
rank order; without score or rank the warning said "the order of the rows is the ranking",
which is not the rule applied to them: the order of each list is.  The warning now says so, and
still says rows where each row is one chunk."""
from sdreval.errors import ProblemLog
from sdreval.io.spans import read_documents, read_span_run

TEXT = "Alpha beta gamma. Delta epsilon zeta. Eta theta iota."


def _read(tmp_path, lines):
    (tmp_path / "d.jsonl").write_text('{"doc_id": "d1", "text": "%s"}\n' % TEXT)
    (tmp_path / "r.jsonl").write_text("\n".join(lines) + "\n")
    log = ProblemLog()
    run = read_span_run(tmp_path / "r.jsonl", log, documents=read_documents(tmp_path /
                                                                               "d.jsonl"))
    return run, [w.message for w in log.warnings]


def test_samples_are_ranked_by_their_lists_and_told_so(tmp_path):
    run, said = _read(tmp_path, [
        '{"user_input": "q1", "retrieved_contexts": ["Delta epsilon zeta.", "Alpha beta '
        'gamma."]}', '{"user_input": "q2", "retrieved_contexts": ["Eta theta iota."]}'])
    # "Delta epsilon zeta." starts at character 18, "Alpha beta gamma." at 0: list order
    assert run.topics["q1"].offsets.tolist() == [18, 0]
    assert run.topics["q1"].ranks.tolist() == [1, 2]
    assert said == ["no score or rank: the order of each retrieved_contexts list is the "
                    "ranking (the first item of each list is rank 1)"]


def test_a_query_in_several_rows_of_lists_names_both_orders(tmp_path):
    _, said = _read(tmp_path, [
        '{"query_id": "q1", "retrieved_contexts": ["Delta epsilon zeta."]}',
        '{"query_id": "q1", "retrieved_contexts": ["Alpha beta gamma.", "Eta theta iota."]}'])
    assert said == ["no score or rank: the order of the rows, and of each row's "
                    "retrieved_contexts list, is the ranking (the first item of each query's "
                    "first row is rank 1)"]


def test_one_text_a_row_still_names_the_rows(tmp_path):
    _, said = _read(tmp_path, ['{"query_id": "q1", "retrieved_contexts": "Eta theta iota."}',
                               '{"query_id": "q1", "retrieved_contexts": "Alpha beta gamma."}'])
    assert said == ["no score or rank: the order of the rows is the ranking (the first row "
                    "of each query is rank 1)"]
