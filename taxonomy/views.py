"""Term pages: one root cause, component, symptom or contributing factor."""

import numpy as np
from django.db.models import Count
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from incidents.index import get_index
from incidents.models import Case
from lib.http import lower_case_address
from lib.parameters import takes_parameters
from lib.text import shorten
from listing.query import PageNotFound, get_page

from .models import TERM_MODELS, UNDETERMINED_CAUSE

MODELS_BY_KIND = {model.kind: model for model in TERM_MODELS}
# Co-occurring terms listed per kind on a term page.
CO_OCCURRING_LIMIT = 10


def co_occurring(term, cases):
    """The terms of each kind that appear in ``cases`` (the term's published cases).

    Output: ``list[tuple[model, list[term]]]`` in the order root causes, components,
    symptoms, contributing factors; each term annotated ``n`` (cases shared with ``term``),
    most first, at most ``CO_OCCURRING_LIMIT``; ``term`` itself left out. One query per kind.
    """
    groups = []
    for model in TERM_MODELS:
        others = (
            model.objects.filter(cases__in=cases)
            .annotate(n=Count("cases", distinct=True))
            .order_by("-n", "name")
        )
        if model is type(term):
            others = others.exclude(pk=term.pk)
        groups.append((model, list(others[:CO_OCCURRING_LIMIT])))
    return groups


def co_occurring_from_index(index, term):
    """:func:`co_occurring` counted by the case index (``incidents/index.py``).

    Output: the same ``list[tuple[model, list[term]]]``; one SQL query per kind for the
    (at most ``CO_OCCURRING_LIMIT``) terms shown, whatever the number of cases.
    """
    import numpy as np

    value = index.tables[term.kind].by_slug.get(term.slug)
    mask = np.zeros(index.n_cases, dtype=bool)
    if value is not None:
        mask[index.tables[term.kind].cases_of(value.position)] = True
    groups = []
    for model in TERM_MODELS:
        table = index.tables[model.kind]
        counts = table.counts(mask)
        if model is type(term) and value is not None:
            counts[value.position] = 0
        present = np.flatnonzero(counts)
        top = present[np.lexsort((present, -counts[present]))][:CO_OCCURRING_LIMIT]
        found = model.objects.in_bulk([table.values[p].pk for p in top])
        others = []
        for p in top:
            other = found[table.values[p].pk]
            other.n = int(counts[p])
            others.append(other)
        groups.append((model, others))
    return groups


@csrf_exempt
@require_safe
@takes_parameters("page")
def term_detail(request, kind, slug):
    """``/taxonomy/<kind>/<slug>/``: the term's description, aliases and categories, its
    published cases newest first (20 a page), and the terms seen with it most, by kind;
    cases and counts from the case index, so a term of 50,000 cases costs what one of 5
    does.

    404 for an unknown kind or slug, a private term (one only drafts carry, or one made
    in a case form's pop-up and not yet published), or a page that does not exist.
    """
    lowered = lower_case_address(request)
    if lowered is not None:
        return lowered
    model = MODELS_BY_KIND.get(kind)
    if model is None:
        raise Http404(f"There is no kind of term called “{shorten(kind, 40)}”.")
    # One message for a slug naming nothing and for a term only drafts carry (made for a
    # case not yet published, so not public yet): a different answer would confirm a
    # guessed slug.
    missing = Http404(f"There is no {model._meta.verbose_name} called “{slug[:40]}”.")
    term = model.objects.prefetch_related("categories").filter(slug=slug).first()
    if term is None:
        raise missing
    index = get_index()
    value = index.tables[kind].by_slug.get(term.slug)
    # The term's published cases, newest first: index positions are that order.
    positions = index.tables[kind].cases_of(value.position) if value else []
    if value is None:  # private: only drafts carry it, or it is unpublished
        raise missing
    public_categories = index.lookup("category")
    try:
        page_obj = get_page(np.sort(positions), request.GET.get("page"))
    except PageNotFound as error:
        template = "400.html" if error.status == 400 else "404.html"
        return render(request, template, {"message": str(error)}, status=error.status)
    pks = [int(index.case_pks[p]) for p in page_obj.object_list]
    found = Case.objects.prefetch_related("involvements__organisation").in_bulk(pks)
    page_obj.object_list = [found[pk] for pk in pks if pk in found]
    context = {
        "term": term,
        # A category only drafts carry stays private, here too.
        "categories": [c for c in term.categories.all() if c.slug in public_categories],
        "kind_label": model._meta.verbose_name.capitalize(),
        "kind_label_plural": model._meta.verbose_name_plural,
        "page_obj": page_obj,
        "co_occurring": [
            (other_model._meta.verbose_name_plural.capitalize(), others)
            for other_model, others in co_occurring_from_index(index, term)
        ],
    }
    if kind in {"symptom", "root_cause"}:
        # Findings naming the term (diagnosis, issue 24): links from cause to symptom.
        column = getattr(index.findings, kind)
        context["findings"] = int(np.count_nonzero(column == value.position))
        context["diagnosis_url"] = reverse("incidents:diagnose") + f"?{kind}={term.slug}"
        # Undetermined cause is no cause: its page says what was seen without one.
        context["no_cause"] = term.slug == UNDETERMINED_CAUSE
    return render(request, "taxonomy/term_detail.html", context)


@csrf_exempt
@require_safe
@takes_parameters()
def kind_index(request, kind):
    """``/taxonomy/<kind>/`` (a term page's address with its last part taken off): the
    page of every value of that kind with its count, the list's
    ``incidents:facet_values`` (a 302). Raises ``Http404`` for a kind that does not
    exist."""
    if kind not in MODELS_BY_KIND:
        raise Http404("No such kind of term.")
    return redirect("incidents:facet_values", key=kind)
