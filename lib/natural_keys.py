"""Natural-key lookups remembered for the length of one fixture load.

Django's deserializer resolves every natural-key reference with its own query: a case's
link to a term, a source's ``case``, a finding's term. Loading the real library
(262 cases) asked the database 15,000 times, 8,000 of them for the same 160 terms, and
took about 20 seconds (profiled with cProfile, December 2026). Inside
:func:`remembered`, a row found once by its natural key, or by its primary key through
:func:`related`, is served from memory for the rest of the block.

Only rows that were found are remembered, so a row saved later in the block is still
found when it is asked for. A natural key is a row's identity (fixtures never change a
row's slug under it) and nothing in a fixture load deletes rows, so what is remembered
stays true within the block. Outside a block every lookup queries as before.
"""

from contextlib import contextmanager
from contextvars import ContextVar

_remembered = ContextVar("natural_keys_remembered", default=None)


@contextmanager
def remembered():
    """Remember natural-key lookups until the block ends (nested blocks share the outer
    one's memory). Yields ``None``."""
    if _remembered.get() is not None:
        yield
        return
    token = _remembered.set({})
    try:
        yield
    finally:
        _remembered.reset(token)


def lookup(manager, key, fetch):
    """The row of ``manager``'s model with natural key ``key``.

    Input: a manager (its model and database name the row), the key as a tuple, and
    ``fetch``, a callable that queries for the row. Output: the model instance, from memory
    inside :func:`remembered` once fetched. Raises what ``fetch`` raises (``DoesNotExist``
    is not remembered).
    """
    memory = _remembered.get()
    if memory is None:
        return fetch()
    where = (manager.model._meta.label_lower, manager.db, "key", key)
    if where not in memory:
        memory[where] = fetch()
    return memory[where]


def related(instance, name):
    """``getattr(instance, name)`` for a foreign key ``name``, the related row read once
    per block inside :func:`remembered` (a fixture's rows name their case by its primary
    key once Django has resolved it, and ask for it again for their own natural key).

    Output: the related instance, or ``None`` when the key is empty. Raises the related
    model's ``DoesNotExist`` when no row has the key.
    """
    memory = _remembered.get()
    field = instance._meta.get_field(name)
    pk = getattr(instance, field.attname)
    if memory is None or pk is None or field.is_cached(instance):
        return getattr(instance, name)
    model = field.related_model
    database = instance._state.db or "default"
    where = (model._meta.label_lower, database, "pk", pk)
    if where not in memory:
        memory[where] = model._base_manager.db_manager(database).get(pk=pk)
    return memory[where]
