"""Finding the vocabulary's log signatures in a pasted text (``taxonomy/signatures.py``).

Every signature of every term is compiled once per taxonomy version into one RE2 set,
which tells in a single pass, linear in the text, which patterns match anywhere; each
of those is then searched once for where it first matches. The patterns of a vocabulary
are bounded in all (:data:`TOTAL_PROGRAM_SIZE`), so the set always compiles and matches
a 6,000-character paste in well under a second even when editors wrote the worst they
may. A line stored before the validator refused it is skipped, never raised, and the
term's other lines still work.
"""

import logging

import re2

from taxonomy.signatures import options, parse_signatures

# RE2's memory budget for the set of every signature, in bytes, and the most
# instructions the patterns of one vocabulary may add up to (the real ones: about 62,000).
# Past the budget the remaining patterns are left out, with a warning in the log: a text
# is then matched in one linear pass whatever editors wrote.
SET_MEMORY = 64 << 20
TOTAL_PROGRAM_SIZE = 150_000
logger = logging.getLogger(__name__)


class SignatureMatcher:
    """The signatures of a vocabulary, ready to match.

    Input: ``rows``, ``list[tuple[str kind, str slug, str signatures_text]]``.
    """

    def __init__(self, rows):
        self.keys = []
        self.patterns = []
        self.set = None
        size, left_out = 0, 0
        for kind, slug, text in rows:
            for line in (text or "").splitlines():
                try:  # each line on its own: one bad line leaves the others working
                    signatures = parse_signatures(line)
                except ValueError:
                    continue  # refused by the form; an old or hand-loaded row
                for signature in signatures:
                    compiled = signature.compiled
                    if size + compiled.programsize > TOTAL_PROGRAM_SIZE:
                        left_out += 1
                        continue
                    size += compiled.programsize
                    self.keys.append((kind, slug))
                    self.patterns.append(compiled)
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
            for compiled in self.patterns:
                self.set.Add(compiled.pattern)
            self.set.Compile()

    def find(self, text):
        """Where signatures match ``text``: ``list[tuple[str kind, str slug, int start,
        int end]]``, one per value (its first match), in the order they occur."""
        if not self.patterns or not text:
            return []
        found = {}
        for i in sorted(self.set.Match(text) or ()):  # None when nothing matches
            match = self.patterns[i].search(text)
            if match is None or match.end() == match.start():
                continue
            key = self.keys[i]
            if key not in found or match.start() < found[key][0]:
                found[key] = (match.start(), match.end())
        return sorted(
            ((kind, slug, start, end) for (kind, slug), (start, end) in found.items()),
            key=lambda item: item[2],
        )
