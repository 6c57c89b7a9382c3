"""``manage.py evaluate_search``: print how well suggested filters and sentence search do on
the evaluation sets (``tests/data/``), on the configured database with the library loaded.

Suggestions are measured as ``/suggest.json`` gives them and search as the list orders
its cases, through the same functions the views call. ``--verbose 2`` lists what was
missed, except in the corpus's test part (``tests/data/corpus/README.md``) and the held-out
blind sets (``tests/data/blind/README.md``), which only ever give their figures; then the
paraphrase set as engineers wrap it (``search.evaluation.WRAPPINGS``).
"""

import numpy as np
from django.core.management.base import BaseCommand

from incidents.index import get_index
from search.breadth import index_breadth
from search.evaluation import (
    DATA,
    SEARCH_SET,
    SUGGESTION_SETS,
    WRAPPINGS,
    evaluate_search,
    evaluate_suggestions,
    missed_by_kind,
    read_rows,
    suggestion_sets,
    wrapped,
)
from search.paste import read_text
from search.ranking import match_sentence
from search.suggestions import offered, recognise
from search.vocabulary import get_vocabulary


def suggest(sentence):
    """``kind:slug`` of what ``/suggest.json`` offers for the sentence, in its order."""
    index = get_index()
    sentence = read_text(sentence.strip(), get_vocabulary(index.versions[0]).signatures.find)
    found = recognise(sentence, (), index.versions[0], index_breadth(index))
    return [f"{f.kind}:{f.slug}" for f in offered(found, index)]


def ranked(query):
    """The slugs of every case the sentence matches, in the list's order (strong matches
    first, as with ``matches=all``)."""
    from incidents.models import Case

    index = get_index()
    recognised = recognise(query, (), index.versions[0], index_breadth(index))
    result = match_sentence(index, query, recognised)
    order = np.lexsort((result.positions, -result.scores))
    pks = [int(index.case_pks[result.positions[i]]) for i in order]
    slugs = dict(Case.objects.filter(pk__in=pks).values_list("pk", "slug"))
    return [slugs[pk] for pk in pks]


class Command(BaseCommand):
    help = "Measure suggested filters and sentence search on the evaluation sets."

    def add_arguments(self, parser):
        parser.add_argument("--data", default=str(DATA), help="folder of the .tsv sets")

    def handle(self, *args, **options):
        from pathlib import Path

        folder = Path(options["data"])
        verbose = options["verbosity"] >= 2
        self.stdout.write("Suggested filters (recall ≥ 0.9 and no forbidden value wanted)")
        # (name, rows, whether its misses may be listed): the corpus's test part and a
        # held-out blind set only give their figures, so that nothing is tuned on them.
        sets = suggestion_sets(folder)
        for name, rows, listed in sets:
            report = evaluate_suggestions(rows, suggest)
            self.stdout.write(
                f"  {name}: {report.sentences} sentences, recall {report.recall:.2f} "
                f"({report.found}/{report.wanted}), forbidden {len(report.forbidden)}, "
                f"precision {report.precision:.2f} ({report.found}/{report.suggested})"
            )
            if verbose:
                # Per kind, figures only: where a part's misses are, without its rows.
                self.stdout.write(f"    missed by kind: {missed_by_kind(report, rows)}")
            if verbose and listed:
                for sentence, value in report.missed:
                    self.stdout.write(f"    missed {value}: {sentence}")
                for sentence, value in report.forbidden:
                    self.stdout.write(f"    FORBIDDEN {value}: {sentence}")
        paraphrases = folder / SUGGESTION_SETS[1]
        if paraphrases.exists():
            self.stdout.write(f"{SUGGESTION_SETS[1]} as engineers wrap it (found, forbidden)")
            rows = read_rows(paraphrases)
            figures = []
            for wrapping in WRAPPINGS:
                report = evaluate_suggestions(wrapped(rows, wrapping), suggest)
                figures.append(
                    f"{wrapping} {report.found}/{report.wanted}, {len(report.forbidden)}"
                )
            self.stdout.write("  " + "; ".join(figures))
        self.stdout.write("Sentence search (top-3 ≥ 0.9 for each kind wanted)")
        report = evaluate_search(read_rows(folder / SEARCH_SET), ranked)
        for kind, ranks in report.ranks.items():
            self.stdout.write(
                f"  {kind}: {len(ranks)} queries, top-3 {report.top3(kind):.2f}, "
                f"MRR {report.mrr(kind):.2f}"
            )
        if verbose:
            for kind, rank, query, slug in report.misses:
                self.stdout.write(f"    {kind} rank {rank}: {slug} for {query[:80]}")
