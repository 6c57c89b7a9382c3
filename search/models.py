"""What search stores: each case's weighted text-search vector (PostgreSQL)."""

from django.contrib.postgres.search import SearchVectorField
from django.db import models


class SearchDocument(models.Model):
    """A case's weighted text-search vector (``search/documents.py``), PostgreSQL only.

    A narrow table of its own, GIN-indexed and kept current by ``incidents/signals.py``:
    finding which cases match reads the index and this small heap (about 60 bytes a row),
    not the wide case rows; a vector of several kilobytes is read only to rank a match.
    Unused on SQLite.
    """

    case = models.OneToOneField(
        "incidents.Case",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="search_document",
    )
    vector = SearchVectorField(null=True)
    # Each weighted part's length in distinct words (``documents.LENGTH_COLUMNS``), which
    # BM25F normalises that part's occurrences by (``search/matches.py``).
    length_a = models.PositiveIntegerField(default=0, help_text="Distinct words in part A.")
    length_b = models.PositiveIntegerField(default=0, help_text="Distinct words in part B.")
    length_c = models.PositiveIntegerField(default=0, help_text="Distinct words in part C.")
    length_d = models.PositiveIntegerField(default=0, help_text="Distinct words in part D.")

    def __str__(self):
        return f"search document of case {self.case_id}"
