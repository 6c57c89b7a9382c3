"""What a fact-checker would flag on a case, said to the editor when the case form saves.

:func:`case_warnings` applies the rules of ``lib/editorial.py`` (the ones
``scripts/check_cases.py`` runs over the fixtures: copied runs, the notes' working
language, sources that are copies or not ``https``) to a saved case, and adds what only
the database knows: another case citing the same source, or with a near-identical title
and an organisation in common (issue 22: a near-copy of an existing case's title was
saved with no hint). Warnings never block a save; each names the passage or the other
case, so the editor can decide.

The research notes the copied-run check reads are ``settings.EDITORIAL_NOTES`` (folders
of Markdown); with none there, that check is skipped.
"""

import difflib
import functools
from pathlib import Path

from django.conf import settings

from lib.editorial import copied_runs, note_ngrams, notes_language, source_problems, words

from .models import Case, Source

# The case's prose an editor writes, with the labels the form gives them.
PROSE_FIELDS = (
    ("title", "Title"),
    ("summary", "Summary"),
    ("trigger", "Trigger"),
    ("impact", "Impact"),
    ("symptoms_text", "Symptoms as seen"),
    ("detection", "Detection"),
    ("remediation", "Remediation"),
    ("action_items", "Action items"),
    ("lessons", "Lessons"),
    ("capacity_lost", "Capacity or service lost"),
    ("interconnect", "Interconnect"),
)
# How alike two titles must be (difflib's ratio over their lower-cased characters,
# punctuation dropped) for a case of the same organisation to be named as a possible
# duplicate: "Llama 3 405B training: interruptions on 16,384 H100 GPUs" and the same
# without the colon and comma are 0.99; two different incidents of one organisation
# rarely pass 0.6.
TITLE_LIKENESS = 0.8
# Most warnings of one kind shown after a save; the count of the rest is said.
SHOWN = 5


@functools.lru_cache(maxsize=4)
def _grams(folders):
    """The ten-word runs of the notes in ``folders`` (a tuple of paths that exist)."""
    return note_ngrams([Path(folder) for folder in folders]) if folders else set()


def notes_grams():
    """The ten-word runs of the research notes (``settings.EDITORIAL_NOTES``, the folders
    that exist), read once per process: ``set[tuple[str, ...]]``, empty without notes."""
    folders = tuple(str(f) for f in settings.EDITORIAL_NOTES if Path(f).is_dir())
    return _grams(folders)


def _likeness(a, b):
    """difflib's ratio of two titles' characters, lower-cased, punctuation dropped."""
    return difflib.SequenceMatcher(None, " ".join(words(a)), " ".join(words(b))).ratio()


def possible_duplicates(case):
    """Other cases this one may repeat: ``list[tuple[Case, str reason]]``, one entry per
    case, drafts included (an editor may be writing the same incident twice).

    A case citing one of this case's source URLs, or of one of its organisations with a
    title at least :data:`TITLE_LIKENESS` alike (or equal, whatever the organisation).
    Four queries.
    """
    found = {}
    urls = list(case.sources.values_list("url", flat=True))
    citing = Source.objects.filter(url__in=urls).exclude(case=case).select_related("case")
    for other in citing.order_by("case__title"):
        found.setdefault(other.case.pk, (other.case, f"it cites the same source, {other.url}"))
    organisations = case.involvements.values("organisation")
    same_party = Case.objects.filter(involvements__organisation__in=organisations).exclude(
        pk=case.pk
    )
    for other in same_party.distinct().only("pk", "title", "slug").order_by("title"):
        if other.pk not in found and _likeness(case.title, other.title) >= TITLE_LIKENESS:
            found[other.pk] = (other, "its title is nearly the same, for the same organisation")
    for other in (
        Case.objects.filter(title__iexact=case.title.strip())
        .exclude(pk=case.pk)
        .only("pk", "title", "slug")
    ):
        found.setdefault(other.pk, (other, "it has the same title"))
    return list(found.values())


def text_warnings(case):
    """The fact-checker's findings on the case's prose, timeline and sources:
    ``list[str]``, each naming the field and the passage (or the source)."""
    grams = notes_grams()
    texts = [(label, getattr(case, field) or "") for field, label in PROSE_FIELDS]
    texts += [
        (f"Timeline event {i}", event)
        for i, event in enumerate(case.timeline.values_list("event", flat=True), 1)
    ]
    warnings = []
    for label, text in texts:
        for run in copied_runs(text, grams) if grams else ():
            warnings.append(
                f"{label}: “{run}” is copied word for word from the research notes; write "
                "it in your own words or quote it as the source's."
            )
        for phrase in notes_language(text):
            warnings.append(
                f"{label}: “{phrase}” is the notes' working language, not words for readers."
            )
    for url in case.sources.values_list("url", flat=True):
        warnings += [f"Source: {problem}." for problem in source_problems(url)]
    return warnings


def case_warnings(case):
    """What to tell the editor who saved ``case``: ``(duplicates, warnings)``, where
    ``duplicates`` is :func:`possible_duplicates` and ``warnings`` :func:`text_warnings`
    (at most :data:`SHOWN`, then one line counting the rest)."""
    warnings = text_warnings(case)
    if len(warnings) > SHOWN:
        rest = len(warnings) - SHOWN
        warnings = [*warnings[:SHOWN], f"… and {rest} more of the same kind."]
    return possible_duplicates(case), warnings
