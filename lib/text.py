"""Markdown for editor-written text, rendered then sanitised so nothing can run script.

Rendering is bounded in time and in shape whatever text is stored, so no field can take a
public page down (issue 14):

- The Markdown is GitHub's (cmark-gfm, a C library, through ``cmarkgfm``): CommonMark with
  tables. Its parser is linear in the input on the inputs that are quadratic or
  recursive in Python-Markdown, used before: runs of ``[``, ``![](``, ``<a ``, backticks,
  lines of one block, and deep lists or quotes (Python-Markdown/markdown#798, open since
  2019; cmark's own test suite runs these).
- GFM's tag filter writes ``<script>``, ``<style>``, ``<textarea>``, ``<title>``,
  ``<iframe>`` … as text, and :func:`_defuse` does the same for the other openings an HTML
  parser reads to the end of the text when they are left open (``<noscript>``,
  ``<template>``, an unclosed ``<!--``, ``<!…>``, ``<?…>``), so none swallows the rest of
  a field. ``<svg>`` and ``<math>`` are written as text too: inside them an HTML parser
  reads what follows as foreign content, which the sanitiser drops whole.
- Whatever other raw HTML hides text that follows it (an unclosed attribute quote, a
  ``<select>``, ``<table>`` foster-parenting, among hundreds of openings an adversarial
  test tried), :func:`hides_text` notices: every character of the text the Markdown
  writes must still be there, in order, after sanitising. If not, the text is rendered
  with its raw HTML left out, and the admin refuses it with a message.
- Text nested deeper than :data:`MAX_NESTING` elements, or with more than
  :data:`MAX_RAW_HTML` ``<`` in raw HTML, is shown as escaped plain text: the HTML
  sanitiser (html5ever, in nh3) is quadratic in nesting depth, and misnested raw
  formatting tags make it reopen them in every later paragraph.
- Past :data:`MAX_RENDER_LENGTH` characters a text is cut (the admin refuses text that
  long: ``lib/validators.py``).
"""

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser

import cmarkgfm
import nh3
from cmarkgfm.cmark import Options
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

# cmark-gfm's extensions (https://github.github.com/gfm/): tables, as Python-Markdown's
# "extra" had, and "tagfilter", the disallowed raw HTML extension. Not strikethrough (a
# single "~" strikes too, and cases write "~100K GPUs") nor bare URLs as links (text stays
# as editors typed it). Raw HTML passes (CMARK_OPT_UNSAFE) so that nh3, not cmark,
# decides what stays: the HTML output is sanitised, not the Markdown input.
EXTENSIONS = ["table", "tagfilter"]

# Elements deep, counted in the HTML: a list level is two (the list and its item), a
# quote one, an inline tag one. Real cases reach 4; 32 leaves room for lists ten levels
# deep with formatting inside, and keeps nh3's quadratic cost in depth negligible.
MAX_NESTING = 32
# "<" characters in raw HTML (tags, comments): plenty for a few H<sub>2</sub>O or <br>.
# html5ever reopens misnested formatting tags ("reconstruct the active formatting
# elements") in each later block of the same raw HTML, so their cost grows with the square
# of their number: bounded here to about a thousand elements.
MAX_RAW_HTML = 50
# Characters rendered of one text: 2.5 times the longest the admin accepts (20,000).
MAX_RENDER_LENGTH = 50_000
# HTML characters cmark may write per character of Markdown, plus a constant for short
# texts. Real sections expand 1.1 to 2 times and a small table about 6; GFM tables fill
# every short row up to the header's width, so 4,000 characters of a 500-column header
# and one-letter rows became 5 MB of HTML (an adversarial test, issue 14). Past the bound
# the text shows as plain paragraphs, and the admin refuses it.
MAX_EXPANSION = 10
EXPANSION_ALLOWANCE = 4_000

# What cmark writes for raw HTML when CMARK_OPT_UNSAFE is off.
_OMITTED = "<!-- raw HTML omitted -->"
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9-]*)")
_VOID = frozenset(
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
     "source", "track", "wbr"]
)  # fmt: skip
# Openings an HTML parser reads to the end of the text when left open, beyond GFM's tag
# filter: <noscript> (raw text when scripting is on), <template> (its content is dropped),
# <!…> and <?…> (bogus comments: declarations, CDATA, processing instructions), and
# <svg> and <math> (foreign content: ammonia, inside nh3, drops those elements whole, and
# an HTML integration point such as <desc> or <mtext> pulls later paragraphs into them).
_SWALLOWING = re.compile(r"<(?=(?:noscript|template|svg|math)[\s/>]|[!?])", re.IGNORECASE)


# Register cmark-gfm's extensions now, while one thread imports: its registration is a
# plain static flag, and cffi releases the GIL during the call.
cmarkgfm.cmark.core_extensions_ensure_registered()


@dataclass(frozen=True)
class MarkdownShape:
    """How a Markdown text renders: ``nesting``, the deepest element nesting of its HTML
    (before sanitising); ``raw_html``, how many ``<`` its raw HTML has; ``html_length``,
    the characters of that HTML; ``hides_text``, whether its raw HTML hides some of
    its text once sanitised (:func:`hides_text`)."""

    nesting: int
    raw_html: int
    html_length: int = 0
    hides_text: bool = False


def expansion_limit(text):
    """The most HTML characters the Markdown ``text`` may render to (:data:`MAX_EXPANSION`
    per character plus :data:`EXPANSION_ALLOWANCE`): ``int``."""
    return MAX_EXPANSION * len(text) + EXPANSION_ALLOWANCE


def _cmark(text, options=Options.CMARK_OPT_UNSAFE):
    return cmarkgfm.markdown_to_html_with_extensions(text, options=options, extensions=EXTENSIONS)


def _defuse(rendered):
    """cmark's HTML with the openings that would swallow the rest of the text written as
    text (``&lt;``); a comment is kept (nh3 drops it) when it is closed. Only raw HTML
    has ``<!``, ``<?`` or these tags in cmark's output (its own text has ``&lt;``)."""
    last_close = rendered.rfind("-->")

    def escape(match):
        start = match.start()
        if rendered.startswith("<!--", start) and last_close >= start + 4:
            return "<"
        return "&lt;"

    return _SWALLOWING.sub(escape, rendered)


def nesting_depth(rendered):
    """How many elements deep the HTML ``rendered`` nests, read from its tags alone (void
    elements do not count; an end tag closes one level). Linear in the length."""
    depth = deepest = 0
    for match in _TAG.finditer(rendered):
        if match[2].lower() in _VOID:
            continue
        if match[1]:
            depth = max(depth - 1, 0)
        else:
            depth += 1
            deepest = max(deepest, depth)
    return deepest


# The opening line of a CommonMark HTML block of type 1 (https://spec.commonmark.org/0.31.2/
# #html-blocks): it runs to its end tag or to the end of the text, not to a blank line,
# so a render that omits raw HTML would omit everything after an unclosed one too.
_RAW_TEXT_BLOCK = re.compile(r"^ {0,3}<(?:pre|script|style|textarea)(?=[\s>]|$).*$",
                             re.IGNORECASE | re.MULTILINE)  # fmt: skip


def _raw_html(text, rendered):
    """``(count, without)``: how many ``<`` of ``rendered`` (cmark's HTML of ``text``) come
    from raw HTML, the difference from a render that omits raw HTML (whose own tags are
    the same); and ``without``, the text rendered with raw HTML omitted and the opening
    lines of raw-text blocks (:data:`_RAW_TEXT_BLOCK`) left out, so that what follows an
    unclosed one shows as Markdown. ``(0, None)`` when ``text`` has no ``<``."""
    if "<" not in text:
        return 0, None
    omitted = _cmark(text, Options.CMARK_OPT_DEFAULT)
    count = rendered.count("<") - (omitted.count("<") - omitted.count(_OMITTED))
    opened = _RAW_TEXT_BLOCK.sub("", text)
    without = omitted if opened == text else _cmark(opened, Options.CMARK_OPT_DEFAULT)
    return count, without


class _TextCollector(HTMLParser):
    """The characters of an HTML text's text nodes, without whitespace (comments,
    tags and attributes left out; character references decoded)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []

    def handle_data(self, data):
        self.parts.append("".join(data.split()))


def _visible(rendered):
    """The non-whitespace characters a reader sees of the HTML ``rendered``: ``str``."""
    collector = _TextCollector()
    collector.feed(rendered)
    collector.close()
    return "".join(collector.parts)


def hides_text(without, clean):
    """Whether sanitised HTML ``clean`` lost text that ``without`` (the same Markdown
    rendered with raw HTML omitted) shows: ``bool``. True when the characters of
    ``without``'s text are not all in ``clean``'s text, in order (raw HTML only adds
    text). Linear in the two lengths."""
    remaining = iter(_visible(clean))
    return not all(character in remaining for character in _visible(without))


# Every tag cmark-gfm writes for Markdown with tables (its HTML renderer and the table
# extension); any other tag in its output comes from raw HTML.
_CMARK_TAGS = frozenset(
    ["a", "blockquote", "br", "code", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "img",
     "li", "ol", "p", "pre", "strong", "table", "tbody", "td", "th", "thead", "tr", "ul"]
)  # fmt: skip


def _escape_foreign_tags(rendered):
    """cmark's HTML ``rendered`` with the tags it never writes itself (so raw HTML, such
    as ``<desc>``, which the sanitiser would drop with its content) written as text."""

    def escape(match):
        return match[0] if match[2].lower() in _CMARK_TAGS else "&lt;" + match[0][1:]

    return _TAG.sub(escape, rendered)


def _sanitise(rendered):
    """cmark's HTML ``rendered`` with only :data:`ALLOWED_TAGS` and safe links (nh3)."""
    return nh3.clean(
        rendered,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener noreferrer",
    )


def markdown_shape(text):
    """The :class:`MarkdownShape` of the Markdown ``text`` (``str``), as rendered."""
    text = _encodable(text or "")
    rendered = _cmark(text)
    if len(rendered) > expansion_limit(text):
        return MarkdownShape(0, 0, len(rendered))  # too big to inspect further: refused
    defused = _defuse(rendered)
    nesting = nesting_depth(defused)
    raw, without = _raw_html(text, rendered)
    hidden = (
        raw > 0
        and nesting <= MAX_NESTING
        and raw <= MAX_RAW_HTML
        and hides_text(without, _sanitise(defused))
    )
    return MarkdownShape(nesting, raw, len(rendered), hidden)


def _encodable(text):
    """``text`` with lone surrogates (which UTF-8 cannot encode) replaced by "?"."""
    return text if text.isascii() else text.encode("utf-8", "replace").decode("utf-8")


def _plain(text):
    """``text`` as escaped paragraphs (blank lines between) with line breaks kept."""
    paragraphs = re.split(r"\n[ \t]*\n", text.strip())
    return "\n".join(
        "<p>" + html.escape(paragraph.strip()).replace("\n", "<br>") + "</p>"
        for paragraph in paragraphs
        if paragraph.strip()
    )


@lru_cache(maxsize=1024)
def _render(text, cut=False):
    text = _encodable(text)
    rendered = _cmark(text)
    if len(rendered) > expansion_limit(text):
        return _plain(text) + ("\n<p>…</p>" if cut else "")
    defused = _defuse(rendered)
    raw, without = _raw_html(text, rendered)
    if nesting_depth(defused) > MAX_NESTING or raw > MAX_RAW_HTML:
        clean = _plain(text)
    else:
        clean = _sanitise(defused)
        if raw and hides_text(without, clean):
            # Raw tags cmark never writes shown as text; failing that, raw HTML left out.
            clean = _sanitise(_escape_foreign_tags(defused))
            if hides_text(without, clean):
                clean = _sanitise(without)
    return clean + "\n<p>…</p>" if cut else clean


def _bounded(text):
    """``(text, cut)``: the text cut to :data:`MAX_RENDER_LENGTH` characters at a line
    break or space when longer, and whether it was."""
    if len(text) <= MAX_RENDER_LENGTH:
        return text, False
    head = text[:MAX_RENDER_LENGTH]
    at = max(head.rfind("\n"), head.rfind(" "))
    return (head[:at] if at > MAX_RENDER_LENGTH // 2 else head), True


def render_markdown(text):
    """Render editor Markdown to safe HTML.

    Input: ``str`` Markdown (``None`` or blank gives "").
    Output: a :class:`SafeString` of HTML with only ``ALLOWED_TAGS``; links keep http(s)
    and mailto URLs only and get ``rel="nofollow noopener noreferrer"``. The HTML output
    is sanitised, not the Markdown input (raw HTML in the Markdown is cleaned too).
    Results are memoised per process (the output depends on the text alone).
    Bounded (module docstring): text nested deeper than :data:`MAX_NESTING`, with more
    raw HTML than :data:`MAX_RAW_HTML`, or whose HTML would pass :func:`expansion_limit`
    comes back as escaped paragraphs; text whose raw HTML would hide later text comes back
    without its raw HTML; text longer than
    :data:`MAX_RENDER_LENGTH` is cut, with "…". Raises nothing for any ``str``.
    """
    if not text or not text.strip():
        return SafeString("")
    return mark_safe(_render(*_bounded(text)))  # noqa: S308 - sanitised by nh3 or escaped


def plain_text(text, limit=None):
    """Editor Markdown as plain text for attributes such as ``<meta content>``.

    Input: Markdown ``str`` and an optional length in characters. Output: a plain ``str``
    (not marked safe: the template escapes it, quotes included), tags removed, entities
    decoded, whitespace collapsed, cut with "…" past ``limit``.
    """
    flat = html.unescape(re.sub(r"<[^>]+>", " ", str(render_markdown(text))))
    flat = " ".join(flat.split())
    if limit and len(flat) > limit:
        flat = flat[: limit - 1].rstrip() + "…"
    return str(flat)


# What a NUL character is shown as when a message quotes it: U+2400 SYMBOL FOR NULL
# (HTML and PostgreSQL cannot hold the character itself; removed, "1\x00" read as "“1” is
# not a page number").
NUL_SHOWN = "\u2400"


def shorten(message, limit=300):
    """``message`` as text cut to ``limit`` characters with "…", each NUL character shown
    as :data:`NUL_SHOWN` (error messages quote what a visitor sent)."""
    message = str(message).replace("\x00", NUL_SHOWN)
    return message if len(message) <= limit else message[: limit - 1] + "…"
