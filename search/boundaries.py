"""Where a clause or a sentence ends, and the words that open a clause setting the scene.

The denial, guess and set-aside readers (``search/denial.py``, ``search/guesses.py``,
``search/clauses.py``) all cut a text at the same places: a line break, a comma or
semicolon, a full stop before a space, a dash set off by spaces, "but", "however", and
fullwidth punctuation.
"""

import re

# Words that open a clause giving the setting of what happened, not what happened:
# "a loss spike after resuming from a checkpoint".
CONTEXT_WORDS = frozenset(
    ["after", "before", "during", "while", "when", "since", "following", "once", "upon"]
)


def is_context(text, clause):
    """Whether ``clause`` (a piece of ``text``) opens with one of :data:`CONTEXT_WORDS`
    or comes right after one."""
    own = re.findall(r"[^\W\d_]+", clause.casefold())
    if own and own[0] in CONTEXT_WORDS:
        return True
    at = text.find(clause)
    previous = re.findall(r"[^\W\d_]+", text[: max(at, 0)].casefold())
    return bool(previous) and previous[-1] in CONTEXT_WORDS


# A line break ends a clause too: two pasted log lines are not one sentence.
# Fullwidth punctuation ends a clause too ("，", "。": Chinese and Japanese text). A full
# stop inside a closing quote ends its sentence as one outside does: 'documented as
# "Contained ECC Error." All GPU UUIDs remained unchanged' (the corpus's tuning part).
CLAUSE_END = re.compile(
    # A dash set off by spaces ("lustre looked fine - it was the dataloader") or an em dash
    # ends a clause as a comma does; a hyphen inside a word or an option ("--tp") does not.
    # A comma inside a parenthesis lists, it ends nothing: "the rest of the maintenance
    # (lustre, os image) went ok" (a twenty-sixth round of blind helpers).
    r",(?![^(\n]{0,60}\))|[;!?\n，；！？、。：]|[.:][\"”’]?(?:\s|$)|\s[-–]{1,2}\s|—|\bbut\b|\bhowever\b",
    re.IGNORECASE,
)


SENTENCE_END = re.compile(r"[.!?;\n][\"”’]?(?:\s|$)|[。！？；]")


def clause_start(text, at):
    """Where the clause holding position ``at`` of ``text`` begins (after the last
    :data:`CLAUSE_END` before it; 0 when none)."""
    ends = [m.end() for m in CLAUSE_END.finditer(text, 0, at)]
    return ends[-1] if ends else 0
