"""Template tags of the graph drawings."""

from html import escape

from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def graph_nodes(drawing):
    """The nodes of a drawn graph (``graph.build.NodeBox``) as SVG links, in one string:
    each opens the node's page, says what it is and how many links it has, and draws its
    shape (a circle for a case, a square for a component, a polygon for the others) and,
    when it has one, its short label.

    Output: safe markup; labels, URLs and points escaped (``html.escape``, which is what
    Django's ``escape`` calls). Built in one Python loop rather than template variables
    per node: the list page's small graph rendered about 350 of them a request, a tenth of
    a three-chip list page at 100,000 cases (issue 25).
    """
    parts = []
    for n in drawing.nodes:
        kind = escape(n.kind)
        links = "link" if n.degree == 1 else "links"
        if n.kind == "case":
            shape = f'<circle cx="{n.x}" cy="{n.y}" r="{n.r}"/>'
        elif n.kind == "component":
            shape = f'<rect x="{n.left}" y="{n.top}" width="{n.size}" height="{n.size}"/>'
        else:
            shape = f'<polygon points="{escape(n.points)}"/>'
        text = ""
        if n.short_label:
            text = (
                f'<text x="{n.label_x}" y="{n.y}" text-anchor="{escape(n.anchor)}" '
                f'dominant-baseline="middle">{escape(n.short_label)}</text>'
            )
        parts.append(
            f'\n    <a href="{escape(n.url)}" class="graph__node graph__node--{kind}">'
            f"<title>{escape(n.kind_label)}: {escape(n.label)} ({n.degree} {links})</title>"
            f"{shape}{text}</a>"
        )
    return mark_safe("".join(parts))
