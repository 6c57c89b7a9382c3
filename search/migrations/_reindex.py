"""What the migrations that store every case's search vector again share (a module whose
name starts with "_" is not a migration to Django's loader)."""


def reindex(apps, schema_editor):
    """``RunPython``: recompute every case's vector and part lengths with the current code
    (``search.documents.update_search_vectors``), 2,000 cases at a time. PostgreSQL only:
    on SQLite there is nothing stored to compute."""
    if schema_editor.connection.vendor != "postgresql":
        return
    from search.documents import update_search_vectors

    Case = apps.get_model("incidents", "Case")
    ids = list(Case.objects.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), 2000):
        update_search_vectors(ids[start : start + 2000])
