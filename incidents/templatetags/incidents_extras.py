"""Template filters for case pages: sanitised Markdown and readable lists."""

from django import template
from django.utils.html import conditional_escape, format_html
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


@register.simple_tag
def facet_value(facet, value):
    """One value of a facet panel as its list item: a link that adds the value to the
    list's filters or removes it, with its label and count (and, for a screen reader,
    what the link does).

    Input: the :class:`~incidents.facets.Facet` and one of its
    :class:`~incidents.facets.FacetValue`. Output: safe HTML. Built here rather than by
    an ``{% include %}`` per value: a panel lists hundreds of values, and the include's
    template machinery was about a tenth of a list request (issue 25).
    """
    if value.selected:
        attributes = format_html(
            ' aria-current="true" aria-label="Remove filter {}: {}"', facet.label, value.label
        )
    else:
        noun = "case" if value.count == 1 else "cases"
        attributes = format_html(
            ' aria-label="Filter by {}: {}, {} {}"', facet.label, value.label, value.count, noun
        )
    return format_html(
        '<li>\n  <a class="facet-value{}" href="{}"{}>\n'
        '    <span class="facet-value__check" aria-hidden="true">{}</span>\n'
        '    <span class="facet-value__label">{}</span>\n'
        '    <span class="facet-value__count">{}</span>\n  </a>\n</li>\n',
        " is-selected" if value.selected else "",
        value.toggle_url,
        attributes,
        "✓" if value.selected else "",
        value.label,
        value.count,
    )
