"""Views of search: the suggested-filters area while typing, and ``/suggest.json``."""

from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from incidents.filters import CaseFilterSet, clean_query, list_options
from incidents.index import get_index
from incidents.models import Case
from lib.http import SafeJsonResponse
from lib.parameters import takes_parameters
from listing.query import LIST_PARAMETERS, read_sentence, sentence_problem, suggestion_list
from listing.suggested import suggested_filters


@csrf_exempt
@require_safe
@takes_parameters(*LIST_PARAMETERS, repeatable=True)
def suggestions_partial(request):
    """The suggested-filters area alone, for in-place updates while typing.

    Same parameters as the list; the sentence is read even when it is over-long (a paste
    as its lines that matter, past ``PASTE_MAX_LENGTH`` its first words; a NUL character
    reads as a space), since suggestions never fail while someone types: filter values
    and list options the list would refuse (an unknown value, ``year_from=abc``, a
    reversed year range, an unknown ``sort``) are left out of the chips' links, so every
    chip opens a list. Chips for values that no case under the filters carries are left
    out.
    """
    query = clean_query(request.GET)
    if "q" in query:
        query["q"] = read_sentence(query["q"].replace("\x00", " "))
    index = get_index()
    filterset = CaseFilterSet(query, queryset=Case.objects.published(), index=index)
    if not filterset.is_valid() or list_options(query).problems:
        # Chips must not carry values that would make the list fail ("year_from=abc":
        # its chips led to the list's 400 page).
        sentence = query.get("q", "")
        query = filterset.known_only()
        if sentence:
            query["q"] = sentence
    context = {"suggestions": suggested_filters(query, index), "sentence": query.get("q", "")}
    return render(request, "search/_suggestions.html", context)


@csrf_exempt
@require_safe
@takes_parameters("q", json=True, repeatable=True)
def suggest_json(request):
    """``/suggest.json?q=``: the values the sentence is about, for scripts and agents.

    Output: a JSON list of ``{kind, slug, name, matched, confidence, how}``, most confident
    first (``[]`` for no sentence): ``matched`` is the sentence's words that showed the
    value, ``confidence`` 0 to 1, ``how`` ``signature`` (a log line's pattern),
    ``name``, ``alias`` or ``meaning``. Only values
    some published case carries are listed. A paste over ``SEARCH_MAX_LENGTH``
    characters is read as its lines that matter. A 400 with ``{"errors": [message]}`` (as
    the API) for a text over ``PASTE_MAX_LENGTH`` characters, one with a NUL character,
    ``q`` given twice (as on the list page) or any other parameter.
    """
    sentences = request.GET.getlist("q")
    problem = sentence_problem(sentences)
    if problem:
        return SafeJsonResponse({"errors": [problem]}, status=400)
    return SafeJsonResponse(suggestion_list(sentences[0] if sentences else ""))
