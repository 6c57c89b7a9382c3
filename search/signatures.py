r"""Finding the vocabulary's log signatures in a pasted text (``taxonomy/signatures.py``).

Every signature of every term is compiled once per taxonomy version into one RE2 set,
which tells in a single pass, linear in the text, which patterns match anywhere; each
of those is then searched once for where it first matches. The patterns of a vocabulary
are bounded in all (:data:`TOTAL_PROGRAM_SIZE`), so the set always compiles and matches
a 6,000-character paste in well under a second even when editors wrote the worst they
may. A line stored before the validator refused it is skipped, never raised, and the
term's other lines still work.

Memory (issue 25): a counted repetition is compiled into one copy of its item per count
(``\S{1,253}`` is 253 copies), so the set of the exact patterns held about 8 MB in every
process (116,000 instructions for 257 signatures). The set is only a filter, so it is
built from the patterns with each long count left open (:func:`loosened`: ``\S{1,253}``
becomes ``\S+``), which matches wherever the exact pattern does, in about a quarter of
the instructions (0.6 MB); the exact pattern of each signature the set names is then
compiled when first needed and searched, and decides. The compiled patterns the
validator used (each with the caches its checks filled) are not kept.
"""

import logging
import re

import re2

from taxonomy.signatures import options, parse_signatures

# RE2's memory budget for the set of every signature, in bytes, and the most
# instructions the patterns of one vocabulary may add up to in the set, loosened (the
# real ones: about 27,000 in 2026-12; 116,000 exact).
# Past the budget the remaining patterns are left out, with a warning in the log: a text
# is then matched in one linear pass whatever editors wrote.
SET_MEMORY = 64 << 20
TOTAL_PROGRAM_SIZE = 150_000
logger = logging.getLogger(__name__)


# A counted repetition ``{m,n}`` (``?`` after it: lazy) whose bound is at least
# LOOSE_FROM, not escaped: :func:`loosened` leaves it open.
LOOSE_FROM = 16
_COUNTED = re.compile(r"(?<!\\)\{(\d+),(\d+)\}")


def loosened(pattern):
    """``pattern`` with every counted repetition of a long bound left open: ``{0,n}``
    becomes ``*``, ``{m,n}`` becomes ``{m,}`` (``n`` ≥ :data:`LOOSE_FROM`). Any text the
    pattern matches, the loosened one matches too (a superset, for the set's filter).

    Input and output: ``str``. Raises nothing (should a rewrite make a pattern RE2
    refuses, the caller uses the original)."""

    def open_bound(match):
        low, high = int(match.group(1)), int(match.group(2))
        if high < LOOSE_FROM:
            return match.group(0)
        return "*" if low == 0 else f"{{{low},}}"

    return _COUNTED.sub(open_bound, pattern)


class SignatureMatcher:
    """The signatures of a vocabulary, ready to match.

    Input: ``rows``, ``list[tuple[str kind, str slug, str signatures_text]]``.
    """

    def __init__(self, rows):
        self.keys = []
        self.patterns = []  # the exact patterns, as text
        self._compiled = {}  # position → the exact pattern compiled, once first needed
        self.set = None
        filters = []  # the loosened patterns, for the set
        size, left_out = 0, 0
        for kind, slug, text in rows:
            for line in (text or "").splitlines():
                try:  # each line on its own: one bad line leaves the others working
                    signatures = parse_signatures(line)
                except ValueError:
                    continue  # refused by the form; an old or hand-loaded row
                for signature in signatures:
                    filter_pattern = loosened(signature.pattern)
                    try:
                        program = re2.compile(filter_pattern, options()).programsize
                    except re2.error:
                        filter_pattern = signature.pattern
                        program = signature.compiled.programsize
                    if size + program > TOTAL_PROGRAM_SIZE:
                        left_out += 1
                        continue
                    size += program
                    self.keys.append((kind, slug))
                    self.patterns.append(signature.pattern)
                    filters.append(filter_pattern)
        if left_out:
            logger.warning(
                "%d log signatures left out: the vocabulary's patterns exceed %d instructions",
                left_out,
                TOTAL_PROGRAM_SIZE,
            )
        if self.patterns:
            chosen = options()
            chosen.max_mem = SET_MEMORY
            self.set = re2.Set.SearchSet(chosen)
            for pattern in filters:
                self.set.Add(pattern)
            self.set.Compile()

    def exact(self, i):
        """The exact pattern of signature ``i``, compiled (once; threads may race to
        compile it, harmlessly)."""
        compiled = self._compiled.get(i)
        if compiled is None:
            compiled = self._compiled[i] = re2.compile(self.patterns[i], options())
        return compiled

    def find(self, text):
        """Where signatures match ``text``: ``list[tuple[str kind, str slug, int start,
        int end]]``, one per value (its first match), in the order they occur."""
        if not self.patterns or not text:
            return []
        found = {}
        for i in sorted(self.set.Match(text) or ()):  # None when nothing matches
            match = self.exact(i).search(text)
            if match is None or match.end() == match.start():
                continue
            key = self.keys[i]
            if key not in found or match.start() < found[key][0]:
                found[key] = (match.start(), match.end())
        return sorted(
            ((kind, slug, start, end) for (kind, slug), (start, end) in found.items()),
            key=lambda item: item[2],
        )
