"""Finding the vocabulary's log signatures in a pasted text (``taxonomy/signatures.py``).

Every signature of every term is compiled once per taxonomy version into one RE2 set,
which tells in a single pass, linear in the text, which patterns match anywhere; each
of those is then searched once for where it first matches. A pattern stored before the
validator refused it is skipped, never raised.
"""

import re2

from taxonomy.signatures import compile_pattern, options, parse_signatures


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
            self.set = re2.Set.SearchSet(options())
            for compiled in self.patterns:
                self.set.Add(compiled.pattern)
            self.set.Compile()

    def find(self, text):
        """Where signatures match ``text``: ``list[tuple[str kind, str slug, int start,
        int end]]``, one per value (its first match), in the order they occur."""
        if self.set is None or not text:
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
