"""Views of search: the suggested-filters area while typing, and ``/suggest.json``."""

from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from incidents.filters import SEARCH_MAX_LENGTH, CaseFilterSet, clean_query
from incidents.http import SafeJsonResponse
from incidents.index import get_index
from incidents.models import Case

from .suggestions import index_breadth, offered, recognise, suggested_filters


@csrf_exempt
@require_safe
def suggestions_partial(request):
    """The suggested-filters area alone, for in-place updates while typing.

    Same parameters as the list; the sentence is read even when it is over-long (its
    first ``SEARCH_MAX_LENGTH`` characters), since suggestions never fail. Chips for
    values that no case under the filters carries are left out.
    """
    query = clean_query(request.GET)
    index = get_index()
    filterset = CaseFilterSet(query, queryset=Case.objects.published(), index=index)
    if not filterset.is_valid():
        # Chips must not carry values that would make the list fail.
        sentence = query.get("q", "")
        query = filterset.known_only()
        if sentence:
            query["q"] = sentence[:SEARCH_MAX_LENGTH].replace("\x00", " ")
    context = {"suggestions": suggested_filters(query, index), "sentence": query.get("q", "")}
    return render(request, "search/_suggestions.html", context)


@csrf_exempt
@require_safe
def suggest_json(request):
    """``/suggest.json?q=``: the values the sentence is about, for scripts and agents.

    Output: a JSON list of ``{kind, slug, name, matched, confidence, how}``, most confident
    first (``[]`` for no sentence): ``matched`` is the sentence's words that showed the
    value, ``confidence`` 0 to 1, ``how`` ``name``, ``alias`` or ``meaning``. Only values
    some published case carries are listed. A sentence over ``SEARCH_MAX_LENGTH``
    characters is a 400 with a message.
    """
    sentence = request.GET.get("q", "")
    if len(sentence) > SEARCH_MAX_LENGTH:
        return SafeJsonResponse(
            {"error": f"q is {len(sentence)} characters long; at most {SEARCH_MAX_LENGTH}."},
            status=400,
        )
    index = get_index()
    sentence = sentence.replace("\x00", " ")
    found = offered(recognise(sentence, (), index.versions[0], index_breadth(index)), index)
    return SafeJsonResponse(
        [
            {
                "kind": f.kind,
                "slug": f.slug,
                "name": f.name,
                "matched": f.matched,
                "confidence": round(f.confidence, 2),
                "how": f.how,
            }
            for f in found
        ]
    )
