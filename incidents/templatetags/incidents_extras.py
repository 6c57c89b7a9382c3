"""Template filters for case pages: sanitised Markdown and readable lists."""

from html import escape

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


@register.simple_tag
def facet_values(facet, values):
    """The list items of ``values`` (:class:`~incidents.facets.FacetValue` of ``facet``)
    in one string: each a link that adds the value to the list's filters or removes it,
    with its label and count (and, for a screen reader, what the link does).

    Output: safe HTML; every label, URL and name escaped (``html.escape``, which is what
    Django's ``escape`` calls). Built in one Python loop rather than a template tag or an
    ``{% include %}`` per value: a panel lists hundreds of values, and the per-value
    template machinery and ``format_html`` calls were a fifth of a three-chip list
    request at 100,000 cases (issue 25).
    """
    label = escape(str(facet.label))
    items = []
    for value in values:
        name, url = escape(str(value.label)), escape(str(value.toggle_url))
        if value.selected:
            items.append(
                f'<li>\n  <a class="facet-value is-selected" href="{url}" aria-current="true"'
                f' aria-label="Remove filter {label}: {name}">\n'
                '    <span class="facet-value__check" aria-hidden="true">✓</span>\n'
                f'    <span class="facet-value__label">{name}</span>\n'
                f'    <span class="facet-value__count">{value.count}</span>\n  </a>\n</li>\n'
            )
        else:
            noun = "case" if value.count == 1 else "cases"
            items.append(
                f'<li>\n  <a class="facet-value" href="{url}"'
                f' aria-label="Filter by {label}: {name}, {value.count} {noun}">\n'
                '    <span class="facet-value__check" aria-hidden="true"></span>\n'
                f'    <span class="facet-value__label">{name}</span>\n'
                f'    <span class="facet-value__count">{value.count}</span>\n  </a>\n</li>\n'
            )
    return mark_safe("".join(items))


@register.simple_tag
def facet_sections(facets, through=None, after=None):
    """The facet panel's sections (:class:`~incidents.facets.Facet`: a heading, where a
    value is ticked a note that the ticked values are alternatives, the visible values,
    those folded under "Show n more", the link to all of them, or "No values in this
    result.") in one string, as :func:`facet_values` builds a facet's list
    (issue 25: the template's nodes per facet were about half of the panel's time).

    Input: the facets, and optionally where to split them: ``through``, a facet key, gives
    the facets up to and including it; ``after``, the facets after it (none when the key
    is absent). Output: safe HTML, every label and URL escaped.
    """
    keys = [facet.key for facet in facets]
    if through is not None:
        facets = facets[: keys.index(through) + 1] if through in keys else facets
    if after is not None:
        facets = facets[keys.index(after) + 1 :] if after in keys else []
    sections = []
    for facet in facets:
        key, label = escape(str(facet.key)), escape(str(facet.label))
        parts = [
            f'<section class="facet" aria-labelledby="facet-{key}">\n'
            f'  <h3 id="facet-{key}" class="facet__title"><span class="swatch swatch--{key}"'
            f' aria-hidden="true"></span>{label}</h3>\n'
        ]
        if any(value.selected for value in facet.values):
            # (OR within a facet: a new user expected a second value to narrow the list)
            parts.append(
                '  <p class="facet__hint muted small">A case needs any one of the ticked '
                "values: ticking another widens the list.</p>\n"
            )
        if facet.values:
            parts.append(
                f'  <ul class="facet__values" role="list">\n{facet_values(facet, facet.visible)}'
                "  </ul>\n"
            )
            hidden = facet.hidden
            if hidden:
                parts.append(
                    '  <details class="facet__more">\n'
                    f"    <summary>Show {len(hidden)} more</summary>\n"
                    f'    <ul class="facet__values" role="list">\n{facet_values(facet, hidden)}'
                    "    </ul>\n  </details>\n"
                )
            if facet.more:
                parts.append(
                    f'  <p class="facet__all small"><a href="{escape(str(facet.more_url))}">'
                    f"All {escape(str(facet.label).lower())} values ({facet.more} more)</a></p>\n"
                )
        else:
            parts.append('  <p class="muted small">No values in this result.</p>\n')
        parts.append("</section>\n")
        sections.append("".join(parts))
    return mark_safe("".join(sections))


@register.simple_tag
def year_values(rows):
    """The year facet's list items (``[(year, cases, url of that year alone, chosen)]``,
    as ``incidents.views.year_range`` gives them) in one string, as
    :func:`facet_values` builds a facet's (issue 25): each a link to that year alone
    with its count, and what it does for a screen reader. Output: safe HTML."""
    items = []
    for year, count, url, chosen in rows:
        noun = "case" if count == 1 else "cases"
        items.append(
            f'\n        <li><a class="facet-value{" is-selected" if chosen else ""}" '
            f'href="{escape(str(url))}" aria-label="Only {year}: {count} {noun}">'
            f'<span class="facet-value__check" aria-hidden="true">{"✓" if chosen else ""}'
            f'</span><span class="facet-value__label">{year}</span>'
            f'<span class="facet-value__count">{count}</span></a></li>\n      '
        )
    return mark_safe("".join(items))


@register.simple_tag
def year_options(options, chosen):
    """The ``<option>`` elements of a year range's select (``options``: the years offered,
    oldest first; ``chosen``: the year selected, or ``None``) in one string, as
    :func:`facet_values` builds a facet's list (issue 25: two selects of every year were
    two template loops of an ``{% if %}`` per year). Output: safe HTML."""
    return mark_safe(
        "".join(
            f'<option value="{year}"{" selected" if year == chosen else ""}>{year}</option>'
            for year in options
        )
    )


@register.simple_tag
def breakdown_rows(rows):
    """The root-cause breakdown's list items (``rows``: dicts with ``name``, ``url``,
    ``percent`` and ``count``, as ``incidents.facets.root_cause_breakdown_from_index``
    gives them) in one string: each root cause a link, a bar as wide as its share of the
    largest, and its count (issue 25: forty rows of four template variables each). Every
    name and URL escaped. Output: safe HTML."""
    return mark_safe(
        "".join(
            f'\n              <li class="bar">\n'
            f'                <a class="bar__label" href="{escape(str(row["url"]))}">'
            f"{escape(str(row['name']))}</a>\n"
            '                <svg class="bar__track" viewBox="0 0 100 10" '
            'preserveAspectRatio="none" aria-hidden="true" focusable="false">'
            f'<rect class="bar__fill" width="{int(row["percent"])}" height="10"/></svg>\n'
            f'                <span class="bar__count">{int(row["count"])}</span>\n'
            "              </li>\n            "
            for row in rows
        )
    )
