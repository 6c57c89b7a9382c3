"""English words and how common they are, for reading typing slips in everyday words
(``search/spelling.py``).

The list is pyspellchecker's English word frequency list (``spellchecker/resources/
en.json.gz`` in the ``pyspellchecker`` wheel, MIT licence; counts from the OpenSubtitles
corpus, https://github.com/barrust/pyspellchecker), read as data without importing the
package. Only words of four letters or more, all lower-case ASCII letters, are kept, each
as a 64-bit key (its CRC-32 and its Adler-32 side by side) beside its count in two sorted
NumPy arrays (about 127,000 words in 1.5 MB): a set of the words themselves held about 11
MB a process. A string not in the list takes a listed word's key about once in 10^14
look-ups (with the CRC-32 alone, once in 34,000: a reviewer's made slips found four
non-words read as listed ones).
"""

import gzip
import importlib.util
import re
import threading
import zlib
from pathlib import Path

import numpy as np

# An entry of the list's JSON object: a word of four or more lower-case letters and its count.
_ENTRY = re.compile(rb'"([a-z]{4,})": (\d+)')

_lock = threading.Lock()
_loaded = {"words": None}


def _key(word):
    """A word's key: ``int``, its CRC-32 then its Adler-32 (``bytes`` in), 64 bits."""
    return zlib.crc32(word) << 32 | zlib.adler32(word)


def _list_path():
    """The path of the English list inside the installed ``pyspellchecker`` wheel, found
    without importing the package. Raises ``ImportError`` when it is not installed."""
    spec = importlib.util.find_spec("spellchecker")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("pyspellchecker is not installed (pip install -e .)")
    return Path(next(iter(spec.submodule_search_locations))) / "resources" / "en.json.gz"


class EnglishWords:
    """The English words of a frequency list and their counts.

    Input: ``path``, a gzip'd JSON object ``{"word": count, …}`` (``None``: the
    ``pyspellchecker`` wheel's English list). ``word in words`` says whether a word is
    listed; :meth:`counts` gives the counts of several at once. Raises ``OSError`` when the
    file cannot be read, ``ImportError`` when the wheel is missing.
    """

    def __init__(self, path=None):
        raw = gzip.decompress(Path(path or _list_path()).read_bytes())
        # (one pair at a time into the array: a dict of the whole list left about 11 MB a
        # process with the allocator)
        pairs = np.fromiter(
            ((_key(m.group(1)), int(m.group(2))) for m in _ENTRY.finditer(raw)),
            dtype=np.dtype((np.uint64, 2)),
        )
        del raw
        order = np.argsort(pairs[:, 0], kind="stable")
        self.keys = np.ascontiguousarray(pairs[order, 0])
        self.frequencies = np.ascontiguousarray(pairs[order, 1]).astype(np.uint32)

    def __len__(self):
        return len(self.keys)

    def counts(self, words):
        """How often the list says each of ``words`` (``list[str]``, lower case) is used:
        ``uint32[len(words)]``, 0 for a word it does not hold."""
        if not words:
            return np.zeros(0, np.uint32)
        keys = np.fromiter((_key(w.encode()) for w in words), np.uint64, len(words))
        at = np.minimum(np.searchsorted(self.keys, keys), len(self.keys) - 1)
        return np.where(self.keys[at] == keys, self.frequencies[at], 0).astype(np.uint32)

    def __contains__(self, word):
        return bool(self.counts([word])[0])


def get_english_words():
    """This process's :class:`EnglishWords`, loaded on first use (about 0.15 s) and shared
    by every vocabulary version; ``None`` when the list cannot be read (slips in everyday
    words are then not read, as before)."""
    if _loaded["words"] is None:
        with _lock:
            if _loaded["words"] is None:
                try:
                    _loaded["words"] = EnglishWords()
                except (ImportError, OSError, ValueError):
                    _loaded["words"] = False
    return _loaded["words"] or None
