"""Keep the search table current (``search.models.SearchDocument``, PostgreSQL only).

A case's stored search vector is recomputed when the case is saved (``loaddata``'s raw
saves included), when its terms are added, removed or cleared (from either side of the
relation), when its organisations or findings change, and when a term or organisation it carries is
saved (renamed, new aliases) or deleted. Connected by ``SearchConfig.ready()``.
"""

from contextlib import contextmanager
from contextvars import ContextVar

from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete

from incidents.models import Case, Finding, Involvement, Organisation
from taxonomy.models import TERM_MODELS

from .documents import update_search_vectors

_deferred = ContextVar("deferred_reindex", default=None)


def reindex(case_ids):
    """Recompute the search vectors of the cases with these primary keys (PostgreSQL only);
    inside :func:`deferred_reindex`, only note them. Input: an iterable of primary keys."""
    pending = _deferred.get()
    if pending is None:
        update_search_vectors(case_ids)
    else:
        pending.update(case_ids)


@contextmanager
def deferred_reindex():
    """Collect the cases to reindex while the block runs, then reindex them in one
    statement. Used around ``loaddata``, whose every saved case and relation would
    otherwise each cost one."""
    pending = set()
    token = _deferred.set(pending)
    try:
        yield pending
    finally:
        _deferred.reset(token)
    update_search_vectors(pending)


def case_saved(sender, instance, **kwargs):
    reindex([instance.pk])


def terms_changed(sender, instance, action, reverse, pk_set, **kwargs):
    """m2m_changed receiver for the four term relations of Case, from either side."""
    if not reverse:
        if action in {"post_add", "post_remove", "post_clear"}:
            reindex([instance.pk])
        return
    # From the term's side: the cases affected are pk_set, or all of them on a clear.
    if action == "pre_clear":
        instance._cleared_case_ids = list(instance.cases.values_list("pk", flat=True))
    elif action == "post_clear":
        reindex(getattr(instance, "_cleared_case_ids", []))
    elif action in {"post_add", "post_remove"}:
        reindex(pk_set or [])


def case_row_changed(sender, instance, origin=None, **kwargs):
    """A case's organisations or findings changed: its search text did.

    When the rows go because their case is being deleted (``origin`` is that case or a
    queryset of cases), there is nothing to reindex: a search document written then would
    point at a case about to vanish (PostgreSQL refuses it when the transaction ends).
    """
    deleting_cases = isinstance(origin, Case) or getattr(origin, "model", None) is Case
    if not deleting_cases:
        reindex([instance.case_id])


def term_saved(sender, instance, raw=False, **kwargs):
    """A term or organisation was saved (renamed, new aliases): its cases' text changed."""
    if not raw and instance.pk:
        reindex(list(instance.cases.values_list("pk", flat=True)))


def term_deleting(sender, instance, **kwargs):
    """Remember the cases of a term or organisation about to go (their rows cascade away)."""
    instance._deleted_case_ids = list(instance.cases.values_list("pk", flat=True))


def term_deleted(sender, instance, **kwargs):
    reindex(getattr(instance, "_deleted_case_ids", []))


def connect():
    """Connect the receivers (idempotent: each has a ``dispatch_uid``)."""
    post_save.connect(case_saved, sender=Case, dispatch_uid="search_case_saved")
    for relation in (Case.root_causes, Case.components, Case.symptoms, Case.contributing_factors):
        m2m_changed.connect(
            terms_changed, sender=relation.through, dispatch_uid=f"search_{relation.through}"
        )
    for signal in (post_save, post_delete):
        for model in (Involvement, Finding):
            signal.connect(
                case_row_changed, sender=model,
                dispatch_uid=f"search_{model.__name__.lower()}_{signal}",
            )  # fmt: skip
    for model in (*TERM_MODELS, Organisation):
        name = model.__name__
        post_save.connect(term_saved, sender=model, dispatch_uid=f"search_saved_{name}")
        pre_delete.connect(term_deleting, sender=model, dispatch_uid=f"search_deleting_{name}")
        post_delete.connect(term_deleted, sender=model, dispatch_uid=f"search_deleted_{name}")
