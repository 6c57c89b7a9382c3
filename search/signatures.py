"""Finding the vocabulary's log signatures in a pasted text (``taxonomy/signatures.py``).

Every signature of every term is compiled once per taxonomy version into one RE2 set,
which tells in a single pass, linear in the text, which patterns match anywhere; each
of those is then searched once for where it first matches. (A set over its memory
budget falls back to searching each pattern, also linear.) A pattern stored before the
validator refused it is skipped, never raised.
"""

import re2

from taxonomy.signatures import compile_pattern, options, parse_signatures

# RE2's memory budget for the set of every signature, in bytes; past it (thousands of
# signatures) each pattern is searched on its own, still in linear time.
SET_MEMORY = 64 << 20


class SignatureMatcher:
    """The signatures of a vocabulary, ready to match.

    Input: ``rows``, ``list[tuple[str kind, str slug, str signatures_text]]``.
    """

    def __init__(self, rows):
        self.keys = []
        self.patterns = []
        self.set = None
        for kind, slug, text in rows:
            try:
                signatures = parse_signatures(text)
            except ValueError:
                continue  # refused by the form; an old or hand-loaded row
            for signature in signatures:
                self.keys.append((kind, slug))
                self.patterns.append(compile_pattern(signature.pattern))
        if self.patterns:
            chosen = options()
            chosen.max_mem = SET_MEMORY
            self.set = re2.Set.SearchSet(chosen)
            for compiled in self.patterns:
                self.set.Add(compiled.pattern)
            try:
                self.set.Compile()
            except re2.error:
                self.set = None  # over budget: each pattern is searched on its own

    def _matching(self, text):
        if self.set is not None:
            return sorted(self.set.Match(text) or ())  # None when nothing matches
        return [i for i, compiled in enumerate(self.patterns) if compiled.search(text)]

    def find(self, text):
        """Where signatures match ``text``: ``list[tuple[str kind, str slug, int start,
        int end]]``, one per value (its first match), in the order they occur."""
        if not self.patterns or not text:
            return []
        found = {}
        for i in self._matching(text):
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
