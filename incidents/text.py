"""Markdown for editor-written text, rendered then sanitised so nothing can run script."""

import html
import re
from functools import lru_cache

import markdown
import nh3
from django.utils.safestring import SafeString, mark_safe

# Tags a case section needs; everything else (script, style, iframe, forms, event
# attributes, javascript: URLs) is removed by nh3 after Markdown has produced HTML.
ALLOWED_TAGS = {
    "a",
    "abbr",
    "b",
    "blockquote",
    "br",
    "code",
    "dd",
    "del",
    "dl",
    "dt",
    "em",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "li",
    "ol",
    "p",
    "pre",
    "strong",
    "sub",
    "sup",
    "table",
    "tbody",
    "td",
    "th",
    "thead",
    "tr",
    "ul",
}
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "abbr": {"title"}, "th": {"align"}, "td": {"align"}}


@lru_cache(maxsize=1024)
def _render(text):
    html = markdown.markdown(text, extensions=["extra", "sane_lists"], output_format="html")
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener noreferrer",
    )


def render_markdown(text):
    """Render editor Markdown to safe HTML.

    Input: ``str`` Markdown (``None`` or blank gives "").
    Output: a :class:`SafeString` of HTML with only ``ALLOWED_TAGS``; links keep http(s)
    and mailto URLs only and get ``rel="nofollow noopener noreferrer"``. The HTML output
    is sanitised, not the Markdown input (raw HTML in the Markdown is cleaned too).
    Results are memoised per process (the output depends on the text alone).
    """
    if not text or not text.strip():
        return SafeString("")
    return mark_safe(_render(text))  # noqa: S308 - sanitised by nh3 just above


def plain_text(text, limit=None):
    """Editor Markdown as plain text for attributes such as ``<meta content>``.

    Input: Markdown ``str`` and an optional length in characters. Output: a plain ``str``
    (not marked safe: the template escapes it, quotes included), tags removed, entities
    decoded, whitespace collapsed, cut with "…" past ``limit``.
    """
    flat = html.unescape(re.sub(r"<[^>]+>", " ", _render(text) if text and text.strip() else ""))
    flat = " ".join(flat.split())
    if limit and len(flat) > limit:
        flat = flat[: limit - 1].rstrip() + "…"
    return str(flat)


def shorten(message, limit=300):
    """``message`` as text cut to ``limit`` characters with "…", NUL characters removed
    (error messages quote what a visitor sent)."""
    message = str(message).replace("\x00", "")
    return message if len(message) <= limit else message[: limit - 1] + "…"
