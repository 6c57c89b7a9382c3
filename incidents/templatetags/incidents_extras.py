"""Template filters for case pages: sanitised Markdown and readable lists."""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from lib.text import plain_text as _plain_text
from lib.text import render_markdown

register = template.Library()


@register.filter
def markdown(text):
    """Render Markdown to sanitised HTML (see :func:`lib.text.render_markdown`)."""
    return render_markdown(text)


@register.filter
def plain_text(text):
    """Markdown as escaped-on-output plain text of at most 200 characters (for attributes)."""
    return _plain_text(text, 200)


@register.filter(needs_autoescape=True)
def join_and(items, autoescape=True):
    """Join items as English prose: "A", "A and B", "A, B and C". Each item is escaped."""
    escape = conditional_escape if autoescape else str
    names = [escape(str(item)) for item in items]
    if len(names) <= 1:
        return mark_safe("".join(names))
    return mark_safe(", ".join(names[:-1]) + " and " + names[-1])
