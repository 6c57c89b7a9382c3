"""Term pages: one root cause, component, symptom or contributing factor."""

from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from .models import TERM_MODELS

MODELS_BY_KIND = {model.kind: model for model in TERM_MODELS}
# Co-occurring terms listed per kind on a term page.
CO_OCCURRING_LIMIT = 10
CASES_PER_PAGE = 20


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


@csrf_exempt
@require_safe
def term_detail(request, kind, slug):
    """``/taxonomy/<kind>/<slug>/``: the term's description, aliases and categories, its
    published cases newest first (20 a page), and the terms seen with it most, by kind.

    404 for an unknown kind or slug, or a page that does not exist.
    """
    model = MODELS_BY_KIND.get(kind)
    if model is None:
        raise Http404(f"There is no kind of term called “{kind[:40]}”.".replace("\x00", ""))
    term = get_object_or_404(model.objects.prefetch_related("categories"), slug=slug)
    cases = term.cases.published()
    paginator = Paginator(cases.newest_first().select_related("organisation"), CASES_PER_PAGE)
    number = request.GET.get("page", "1")
    valid = number.isascii() and number.isdigit() and len(number) <= 9
    if not valid or not 1 <= int(number) <= paginator.num_pages:
        raise Http404(f"There is no page “{number[:40]}” of this term's cases.".replace("\x00", ""))
    context = {
        "term": term,
        "kind_label": model._meta.verbose_name.capitalize(),
        "kind_label_plural": model._meta.verbose_name_plural,
        "page_obj": paginator.page(int(number)),
        "co_occurring": [
            (other_model._meta.verbose_name_plural.capitalize(), others)
            for other_model, others in co_occurring(term, cases)
        ],
    }
    return render(request, "taxonomy/term_detail.html", context)
