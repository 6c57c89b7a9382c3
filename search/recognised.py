"""A value recognised in a sentence (:class:`Recognised`), the confidence each layer of
suggested filters gives (``search/suggestions.py``), and the keys of values the layers
read by name.
"""

from dataclasses import dataclass

SIGNATURE_CONFIDENCE = 0.95
NAME_CONFIDENCE = 0.95
ALIAS_CONFIDENCE = 0.9
PASSING_CONFIDENCE = 0.35
# A metric read as having moved the way a symptom does (search/metrics.py): a reading of
# meaning by rule, surer than the classifier's.
METRIC_CONFIDENCE = 0.85
# The least confidence a value is offered as a chip with.
OFFER_THRESHOLD = 0.5
# Values that say the text is about serving models, not training them.
SERVING = frozenset(
    {
        ("workload", "inference"),
        ("component", "inference-server"),
        # only a server keeps a KV cache and batches requests ("tokens/s per gpu dropped
        # ~35% after we enabled prefix caching": a fourteenth round of blind helpers)
        ("component", "kv-cache"),
        ("component", "batching-scheduler"),
    }
)
TRAINING = ("workload", "training")
HOST_MEMORY = ("component", "host-cpu-and-memory")
INFERENCE_DROP = ("symptom", "inference-throughput-drop")
TRAINING_DROP = ("symptom", "training-throughput-drop")
CAPACITY_EXHAUSTION = ("root_cause", "capacity-exhaustion")
# Causes that are a change someone made: a text saying nothing was changed rules them out
# for the meaning layer (a name or alias said outright still counts).
CHANGE_CAUSES = frozenset(
    [("root_cause", "software-regression"), ("root_cause", "configuration-change")]
)


@dataclass(frozen=True)
class Recognised:
    """A value recognised in a sentence.

    ``kind`` (``symptom`` …, ``scale``), ``slug``, ``name``; ``matched``: the words of the
    sentence that showed it; ``confidence``: 0 to 1; ``how``: ``"signature"``, ``"name"``
    (a scale band found by the count written: "on 1024 H100s"), ``"alias"`` or
    ``"meaning"``; ``start``: where ``matched`` begins in the sentence (characters);
    ``aliases``: the value's other names (sentence search adds them to the query);
    ``by_rule``: read by one of the rules (a metric that moved, ``READ_BY_RULE``…), not
    guessed by the classifier, though both say ``"meaning"`` (not part of what a surface
    shows).
    """

    kind: str
    slug: str
    name: str
    matched: str
    confidence: float
    how: str
    start: int = 0
    aliases: tuple = ()
    by_rule: bool = False
