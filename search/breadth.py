"""How broad a value is: the share of the published cases that carry it, read from the case
index (issue 19). A broad component named in one word is the setting of most sentences,
not what they are about (``search/passing.py``, ``search/suggestions.py``).
"""

# A component carried by more than this share of the published cases is broad ("GPU",
# "vLLM"): named by one word, it is the setting of most sentences, not what they are
# about. Only components: symptoms and causes say what happened, however common. (Up to
# 79 cases this was 0.35 of any kind, which only "GPU" passed; as the library took in
# inference and security cases, GPU's share fell to 0.27 and the rule silently lapsed.
# At 262 cases it fell to 0.195, under the 0.2 then used, and "GPU" came back as a chip
# in 51 of the corpus's tuning lines and a forbidden one in the paraphrase set: 0.18
# keeps GPU (0.19) and the inference server (0.25) broad and the training framework
# (0.15) not, as 0.2 did before; tests/test_evaluation_sets.py fails when it lapses.)
BROAD_SHARE = 0.18


def is_broad(kind, slug, breadth):
    """Whether a value is broad: a component carried by more than :data:`BROAD_SHARE` of
    the published cases. Input: kind and slug (str), ``breadth`` as given to
    :func:`search.suggestions.recognise`. Output: bool."""
    return kind == "component" and breadth(kind, slug) > BROAD_SHARE


def index_breadth(index):
    """``(kind, slug) → float``: the share of the published cases carrying a value, read
    from the case index (no SQL)."""
    n = max(index.n_cases, 1)

    def breadth(kind, slug):
        table = index.tables.get(kind)
        value = table.by_slug.get(slug) if table else None
        return float(table.degree[value.position]) / n if value is not None else 0.0

    return breadth
