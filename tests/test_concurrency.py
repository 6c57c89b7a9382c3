"""Threads of one gunicorn worker share the process: what they share must be thread-safe."""

import threading

import snowballstemmer

from search.text import stem

WORDS = [
    f"{root}{suffix}"
    for root in ["hang", "crash", "timeout", "restart", "throttl", "connect", "overheat",
                 "corrupt", "schedul", "allocat", "migrat", "replicat", "checkpoint"]
    for suffix in ["", "s", "ed", "ing", "ings", "ation", "ations", "ational", "ness", "ful",
                   "ively", "izing", "ization", "ement", "ements"]
]  # fmt: skip


def test_stems_are_right_when_many_threads_stem_at_once():
    """Snowball's stemmer object keeps its working state on itself: shared between threads
    it once gave wrong stems (and IndexErrors) that then stayed in the memo."""
    expected = {w: snowballstemmer.stemmer("english").stemWord(w) for w in WORDS}
    failures = []

    def work(offset):
        try:
            for i in range(len(WORDS) * 4):
                word = WORDS[(i * 7 + offset) % len(WORDS)]
                if stem.__wrapped__(word) != expected[word]:
                    failures.append(word)
        except Exception as error:  # noqa: BLE001 - any error is the finding
            failures.append(repr(error))

    threads = [threading.Thread(target=work, args=(n,)) for n in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    stem.cache_clear()
    assert {w: stem(w) for w in WORDS} == expected
