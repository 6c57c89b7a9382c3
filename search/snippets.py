"""The short excerpt under a search result, with the sentence's words highlighted."""

import html
import re

from django.utils.safestring import mark_safe

from lib.text import render_markdown

from .text import WORD, fold, query_terms, stem

# The fields a snippet may quote, in the order they are tried.
SNIPPET_FIELDS = ("summary", "symptoms_text", "trigger", "impact", "lessons")


# What a result card quotes: not the summary, which the card shows whole below (issue 26:
# the snippet was often the summary's opening, and the summary followed).
CARD_SNIPPET_FIELDS = tuple(field for field in SNIPPET_FIELDS if field != "summary")


def snippet(case, sentence, width=220, fields=SNIPPET_FIELDS):
    """A short excerpt of the case with the sentence's words highlighted, safe to render.

    Input: a Case (at least ``fields`` loaded), the sentence, ``width`` in characters and
    the fields to quote, tried in order (:data:`SNIPPET_FIELDS`; a card gives
    :data:`CARD_SNIPPET_FIELDS`). Output: a ``SafeString`` of escaped text in which the
    words searched for (:func:`~search.text.query_terms`: no timestamps, ids or numbers)
    are wrapped in ``<mark>``, cut at word boundaries, or "" when none of the fields
    contains one.
    """
    stems = {term_stem for term in query_terms(sentence) for term_stem in term.stems}
    if not stems:
        return ""
    for source in (getattr(case, name) for name in fields):
        text = re.sub(r"\s+", " ", html.unescape(_strip_tags(render_markdown(source)))).strip()
        hits = [match for match in WORD.finditer(text) if stem(fold(match.group())) in stems]
        if not hits:
            continue
        start = max(0, hits[0].start() - width // 3)
        end = min(len(text), start + width)
        # Whole words only: start after a space, end before one.
        if start > 0:
            space = text.find(" ", start, hits[0].start())
            start = space + 1 if space != -1 else hits[0].start()
        if end < len(text):
            space = text.rfind(" ", hits[0].end(), end)
            end = space if space != -1 else end
        pieces, cursor = [], start
        for match in hits:
            if match.start() < start or match.end() > end:
                continue
            pieces.append(html.escape(text[cursor : match.start()]))
            pieces.append(f"<mark>{html.escape(match.group())}</mark>")
            cursor = match.end()
        pieces.append(html.escape(text[cursor:end]))
        prefix = "…" if start > 0 else ""
        suffix = "…" if end < len(text) else ""
        return mark_safe(prefix + "".join(pieces) + suffix)  # noqa: S308 - every piece escaped
    return ""


def _strip_tags(markup):
    return re.sub(r"<[^>]+>", " ", str(markup))
