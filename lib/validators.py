"""Bounds on the Markdown editors type (issue 14): a length per field, and the shape that
:func:`~lib.text.render_markdown` shows as Markdown rather than as plain text.

The admin's forms run these through the model fields, so an editor sees the message next
to the field, with the text as typed, and nothing is saved.
"""

import re
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible

from .text import MAX_EXPANSION, MAX_NESTING, MAX_RAW_HTML, expansion_limit, markdown_shape

# A summary is "what happened, in a few sentences" and shows on every card of the list;
# the longest of the 151 real ones is 1,311 characters.
SUMMARY_LENGTH = 5_000
# About 3,000 words: 24 times the longest real section (830 characters). It keeps a case
# page to a few hundred kilobytes, each field's share of the search vector under
# PostgreSQL's 1 MB limit (search/documents.py) and rendering to milliseconds.
SECTION_LENGTH = 20_000
# A description of a term, category or workload: "one or two sentences"; the longest of
# the real ones is 248 characters.
DESCRIPTION_LENGTH = 2_000
# Aliases (other names, log signatures) and phrasings (everyday descriptions), one per
# line. The real vocabulary has at most 58 aliases of at most 52 characters (most of them
# names as logs and tools write them: products, daemons, flags, metrics, added to the
# components on 2026-12-07) and 40 phrasings of at most 69 per term (20 of them from the
# phrase bank of 2026-12-07). Each
# line costs the suggestion vocabulary a rebuild of about 0.25 ms in every process after
# any taxonomy change (an adversarial test, issue 14: 145,000 aliases made the next
# sentence search take 34 s), so a term's lines are bounded.
ALIAS_LINES, ALIAS_LENGTH = 80, 120
PHRASING_LINES, PHRASING_LENGTH = 40, 200


@deconstructible
class MarkdownValidator:
    """Refuse Markdown longer than ``max_length`` characters, nested deeper than
    :data:`~lib.text.MAX_NESTING` elements or with more raw HTML than
    :data:`~lib.text.MAX_RAW_HTML` ``<``, or rendering to more HTML than
    :func:`~lib.text.expansion_limit` allows.

    Input (call): the field's ``str`` (``None`` and "" pass). Raises
    :class:`~django.core.exceptions.ValidationError` with code ``markdown_too_long``,
    ``markdown_too_deep``, ``markdown_too_much_html``, ``markdown_too_expansive`` or
    ``markdown_hides_text`` (raw HTML that would hide text once sanitised) and a message
    saying the limit.
    """

    def __init__(self, max_length=SECTION_LENGTH):
        self.max_length = max_length

    def __call__(self, value):
        if not value:
            return
        if len(value) > self.max_length:
            raise ValidationError(
                "This text is %(length)s characters long; at most %(limit)s characters are "
                "allowed here. Shorten it, or leave the detail to the sources.",
                code="markdown_too_long",
                params={"length": f"{len(value):,}", "limit": f"{self.max_length:,}"},
            )
        shape = markdown_shape(value)
        if shape.html_length > expansion_limit(value):
            raise ValidationError(
                "This text would show as %(length)s characters of page: more than %(ratio)s "
                "times its own length. A table whose rows are much shorter than its header "
                "does this (every row is filled out to the header's width); give the table "
                "fewer columns.",
                code="markdown_too_expansive",
                params={"length": f"{shape.html_length:,}", "ratio": MAX_EXPANSION},
            )
        if shape.nesting > MAX_NESTING:
            raise ValidationError(
                "Lists, quotes and HTML tags are nested %(depth)s levels deep here; at most "
                "%(limit)s levels are allowed (a list inside a list counts two: the list and "
                "its item). Flatten the structure.",
                code="markdown_too_deep",
                params={"depth": shape.nesting, "limit": MAX_NESTING},
            )
        if shape.raw_html > MAX_RAW_HTML:
            raise ValidationError(
                "This text has %(count)s HTML tags; at most %(limit)s are allowed. Write "
                "Markdown instead: **bold**, *italic*, `code`, - lists, [links](https://…).",
                code="markdown_too_much_html",
                params={"count": shape.raw_html, "limit": MAX_RAW_HTML},
            )
        if shape.hides_text:
            raise ValidationError(
                "HTML in this text would hide some of the text on the public page: a tag "
                "left open, an attribute quote not closed, or a tag such as <svg> or <desc> "
                "that the site does not show. Remove the HTML, or put it in backticks to "
                "show it as `code`.",
                code="markdown_hides_text",
            )

    def __eq__(self, other):
        return isinstance(other, MarkdownValidator) and self.max_length == other.max_length

    def __hash__(self):
        return hash((type(self), self.max_length))


@deconstructible
class LineListValidator:
    """Refuse a one-per-line list (aliases, phrasings) of more than ``max_lines`` non-blank
    lines, or with a line longer than ``max_line_length`` characters.

    Input (call): the field's ``str`` (``None`` and "" pass). Raises
    :class:`~django.core.exceptions.ValidationError` with code ``list_too_long`` (more
    than ``max_lines × (max_line_length + 2)`` characters in all, padding included),
    ``too_many_lines`` or ``line_too_long`` and a message giving the limit (and the long
    line's start).
    """

    def __init__(self, max_lines, max_line_length):
        self.max_lines = max_lines
        self.max_line_length = max_line_length

    def __call__(self, value):
        if not value:
            return
        # The whole field too: blank lines and spaces count for nothing above but are
        # still read by every rebuild (a re-test padded aliases with 800,000 newlines).
        limit = self.max_lines * (self.max_line_length + 2)
        if len(value) > limit:
            raise ValidationError(
                "This list is %(length)s characters long; at most %(limit)s are allowed "
                "(%(lines)s lines of %(width)s). Remove blank lines and padding.",
                code="list_too_long",
                params={
                    "length": f"{len(value):,}",
                    "limit": f"{limit:,}",
                    "lines": self.max_lines,
                    "width": self.max_line_length,
                },
            )
        lines = [line.strip() for line in value.splitlines() if line.strip()]
        if len(lines) > self.max_lines:
            raise ValidationError(
                "There are %(count)s lines here; at most %(limit)s are allowed. Keep the ones "
                "people really type or see in logs.",
                code="too_many_lines",
                params={"count": f"{len(lines):,}", "limit": self.max_lines},
            )
        for line in lines:
            if len(line) > self.max_line_length:
                raise ValidationError(
                    "The line “%(start)s…” is %(length)s characters long; at most %(limit)s "
                    "are allowed per line.",
                    code="line_too_long",
                    params={
                        "start": line[:40],
                        "length": f"{len(line):,}",
                        "limit": self.max_line_length,
                    },
                )

    def __eq__(self, other):
        return (
            isinstance(other, LineListValidator)
            and self.max_lines == other.max_lines
            and self.max_line_length == other.max_line_length
        )

    def __hash__(self):
        return hash((type(self), self.max_lines, self.max_line_length))


# A value's address key: lowercase ASCII letters and digits in words joined by single
# hyphens. The list reads its filter values lowercased (``?symptom=CUDA-Error`` asks for
# "cuda-error"), so a slug with a capital broke the links the site itself made, and one
# differing from another only by case ("NCCL-Timeout" beside "nccl-timeout") listed the
# other value's cases under its link (a fresh helper's attack).
SLUG_SHAPE = r"^[a-z0-9]+(?:-[a-z0-9]+)*\Z"


def validate_slug(value):
    """Refuse a slug that is not lowercase letters and digits in words joined by single
    hyphens (:data:`SLUG_SHAPE`): "cuda-error" passes, "CUDA-Error", "a--b", "-a" and
    "a_b" do not. Input: ``str``. Output: None. Raises ``ValidationError`` naming the
    shape, with a lowercase suggestion."""
    if re.match(SLUG_SHAPE, value or ""):
        return
    suggestion = "-".join(re.findall(r"[a-z0-9]+", (value or "").casefold()))
    raise ValidationError(
        "A slug is lowercase letters and digits in words joined by single hyphens"
        + (f", such as “{suggestion}”." if suggestion else "."),
        code="slug_shape",
    )


def validate_public_url(value):
    """Refuse an address that carries a user name or password ("https://user:pass@host/"):
    a source is a public page anyone can open, and credentials in it would be published
    on every case page (a fresh helper's attack: the admin took one). Input: ``str``.
    Output: None. Raises ``ValidationError``."""
    try:
        parts = urlsplit(value or "")
    except ValueError:
        return  # the URL field's own check says what is wrong with it
    if parts.username is not None or parts.password is not None:
        raise ValidationError(
            "An address to publish holds no user name or password: give the page's public address.",
            code="credentials",
        )
