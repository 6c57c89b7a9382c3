"""Typing slips: a word nobody writes, read as the vocabulary's word one slip away.

"out of memroy", "infinband errors", "nvlink erorr", "trainng crashed" named nothing and
often found nothing. A word is read as another when it is unknown and exactly one slip
(a letter left out, added, changed, or two swapped: Damerau's edit distance 1) from a word
of the vocabulary's names and aliases (the words chips are made of), found by the
symmetric-deletion method (Wolf Garbe, SymSpell, 2012: two words are one slip apart when
deleting at most one letter from each makes them equal; an index of every word's
one-letter deletions answers in a few dictionary look-ups, whatever the vocabulary's
size). Unknown means neither a word of the vocabulary's texts nor a whole word of the
embeddings' tokenizer (32,000 tokens of English and code, ``search/semantic.py``), nor
an irregular past form (:data:`IRREGULAR_FORMS`): "drain" stays "drain" although "train"
is one slip away. Only words of :data:`SHORTEST` letters or more,
all letters and not mixed case, are read so: identifiers and numbers are left as typed.
"""

import re
from collections import defaultdict

from .boundaries import SENTENCE_END

# The shortest word read as a slip: shorter ones are too often another word or a name.
SHORTEST = 5
# (not a word beside an apostrophe: "needn't" was read as "needs" + "'t", a reviewer's)
_WORD = re.compile(r"(?<![\w./:'’-])(?:[wW]/[oO]|[bB]/[cC]|[A-Za-z]+)(?![\w./:'’-])")


# English verbs' irregular past forms of five letters or more, which the tokenizer holds
# only in pieces and which sit one slip from a vocabulary word ("someone stole our keys"
# read as "store", "swore" as "store", "risen" as "riser", "stank" as "stack"): never
# slips. The forms of the common irregular verbs, as English grammars list them.
_IRREGULAR = (
    "stole stolen broke broken froze frozen wrote written drove driven threw thrown stuck "
    "spent swept slept built dealt meant taught thought caught bought brought fought "
    "sought began begun drank shrank shrunk stank sprang sprung swung wound bound found "
    "ground arose arisen awoke awoken bitten chose chosen eaten fallen forgot forgotten "
    "given hidden ridden risen shaken shook spoken spoke strode struck stricken sworn "
    "swore taken woken woven overran overrun mistook mistaken undid undone withdrew "
    "withdrawn upheld split spread leapt knelt dwelt burnt learnt spoilt crept slung "
    "stung strung sank sunk shone shown sewn sown grown blown flown drawn known"
)
IRREGULAR_FORMS = frozenset(_IRREGULAR.split())

_BLANKS = re.compile(r"\s*")
# How many times as common as the next candidate an English word must be for a slip to be
# read as it ("servver": "server", not "sever"): Norvig's reader takes the commonest; this
# leaves two about as common alone. Chosen on the shared paraphrase set with slips added.
EVERYDAY_MARGIN = 2
# The least count an English word needs in the list (``search/english.py``) for a slip to be
# read as it: rarer words sit one slip from engineers' own words ("cgroup" from "croup",
# "wandb" from "wands", "retcode" from "recode": every such reading on the corpus's tuning
# part was of a word counted under 800 times; the everyday words slips were made in on
# the paraphrase set are counted 1,500 times or more).
EVERYDAY_LEAST = 1000

# Shorthands engineers write for words the vocabulary uses, read as those words whatever
# their length ("the ckpt was corrupted" found no checkpoint, "latency went thru the
# roof" no latency): informal spellings in common use, as dictionaries of them list.
SHORTHANDS = {
    "ckpt": "checkpoint",
    "ckpts": "checkpoints",
    "thru": "through",
    "tho": "though",
    "errs": "errors",
    # ("perf dropped 30% after the cfg change" found nothing, "w/o any xid the job hung"
    # found the Xid it denied: shorthands of a chat channel, 2026-12-07; not "reqs",
    # which vLLM's stat line prints and its rule reads as written)
    "perf": "performance",
    "cfg": "config",
    "conf": "config",
    "conn": "connection",
    "conns": "connections",
    "w/o": "without",
    "b/c": "because",
    # ("ncll timout" read nothing: a new user's tryout. A slip in a four-letter acronym is
    # listed, not guessed: guessing read "mkfs" as GPFS's "mmfs" and "nvmf" as "nvml", a
    # reviewer's)
    "ncll": "nccl",
}

# Prefixes that make a new word of a known one ("reseating" the NIC was read as
# "repeating"; "unmounted", "preallocated", "misrouted", "overcommitted").
PREFIXES = ("re", "un", "pre", "de", "dis", "mis", "over", "under", "sub", "non", "multi")

# Inflections a known word may take and still be known ("drained", "rebooting").
_ENDINGS = ("s", "es", "ed", "d", "ing", "er", "ers", "ly", "ies", "ied")
# A word of one syllable ending in one vowel and one consonant doubles the consonant before
# these endings ("flap" -> "flapping", "drop" -> "dropped"; not after w, x or y): "link
# flaping" is a slip for "flapping", not an inflection of "flap" (English spelling rules,
# e.g. the Cambridge Grammar's doubling of a final consonant).
_DOUBLING_ENDINGS = ("ing", "ed", "er", "ers")
_ONE_SYLLABLE_CVC = re.compile(r"^[^aeiou]*[aeiou][^aeiouwxy]$")
# A final consonant doubled before an ending, as English spells it: after a single vowel
# ("dropped", "controlled"), never a v, w, x or y, never a third ("killled" and "servver"
# were taken for inflections of "kill" and "serv", so never read as slips).
_DOUBLED = re.compile(r"(?:^|[^aeiou])[aeiou]([b-df-hj-np-tz])\1$")


def _deletions(word):
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def _one_slip(a, b):
    """Whether ``a`` and ``b`` (``str``, different) are one edit apart: a letter added,
    left out or changed, or two neighbours swapped. A letter added or left out at either
    end, or a first letter changed, does not count: "inode" is not a slip for "node",
    "dcgmi" for "dcgm" or "fsync" for "async"."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if diff and diff[0] == 0:
            return False  # a first letter changed is rarely a slip ("fsync" is not "async")
        return len(diff) == 1 or (
            len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
            and a[diff[1]] == b[diff[0]]
        )  # fmt: skip
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(1, len(long) - 1))


class Speller:
    """Reads slips as the words meant.

    Input: ``targets``, ``dict[str, int]``: the vocabulary's words (lowercase) and how
    often its texts use them (the likelier of two candidates wins); ``known``, more words
    (lowercase) never read as slips; ``english``, an :class:`search.english.EnglishWords`
    (or ``None``): a slip typed in lower case, or capitalised to open a sentence, that is
    one slip from no vocabulary word is read as the commonest English word one slip away
    (:meth:`everyday_meant`). Build once per taxonomy version.
    """

    def __init__(self, targets, known=(), english=None):
        self.counts = dict(targets)
        self.known = frozenset(known) | frozenset(self.counts) | IRREGULAR_FORMS
        self.english = english
        by_deletion = defaultdict(set)
        for word in self.counts:
            if len(word) >= SHORTEST - 1:
                by_deletion[word].add(word)
                for deleted in _deletions(word):
                    by_deletion[deleted].add(word)
        # (tuples, not sets: a third of the memory, and only read)
        self.by_deletion = {key: tuple(words) for key, words in by_deletion.items()}

    def is_known(self, word):
        """Whether ``word`` (lowercase) is a known word or one of its inflections
        ("drained", "reboots": "drain", "reboot" are known; "tokenized": "tokenizer" is
        known), or a known word with a
        prefix of :data:`PREFIXES` ("reseating": "seating" is known)."""
        if self._is_known(word):
            return True
        return any(
            word.startswith(prefix)
            and len(word) - len(prefix) >= 4
            and self._is_known(word[len(prefix) :])
            for prefix in PREFIXES
        )

    def _is_known(self, word):
        if word in self.known:
            return True
        for ending in _ENDINGS:
            if word.endswith(ending) and len(word) - len(ending) >= 3:
                base = word[: -len(ending)]
                if ending in _DOUBLING_ENDINGS and _ONE_SYLLABLE_CVC.match(base):
                    continue  # "flaping", "droped": "flap", "drop" double their consonant
                if (
                    base in self.known
                    or base + "e" in self.known
                    # the verb of a known doer: "tokenized", "tokenizing" ("tokenizer"
                    # known) were read as the tokenizer (a fifteenth round of blind helpers)
                    or (ending in ("ed", "ing", "es") and base + "er" in self.known)
                    or (_DOUBLED.search(base) and base[:-1] in self.known)
                ):
                    return True
        return False

    def meant(self, word, everyday=False):
        """The word ``word`` (lowercase) was meant as, or ``None`` when it is known, too
        short, or not one slip from exactly one likeliest vocabulary word; a shorthand of
        :data:`SHORTHANDS` is read as its word. With ``everyday`` (the word was typed in
        lower case, or capitalised to open a sentence), one slip from no vocabulary word
        may be read as an English word (:meth:`everyday_meant`)."""
        if word in SHORTHANDS:
            return SHORTHANDS[word]
        if len(word) < SHORTEST or self.is_known(word):
            return None
        found = set(self.by_deletion.get(word, ()))
        for deleted in _deletions(word):
            found.update(self.by_deletion.get(deleted, ()))
        found = [w for w in found if w != word and _one_slip(word, w)]
        if not found:
            return self.everyday_meant(word) if everyday else None
        found.sort(key=lambda w: (-self.counts[w], w))
        if len(found) > 1 and self.counts[found[0]] == self.counts[found[1]]:
            return None  # two words as likely: no guess
        return found[0]

    def everyday_meant(self, word):
        """The English word ``word`` (lowercase, unknown to the vocabulary) was meant as:
        the commonest of the English list's words one slip away (:func:`_one_slip`: not at
        the first letter nor at the ends, not a letter changed) and counted at least
        :data:`EVERYDAY_LEAST` times, when it is used at least :data:`EVERYDAY_MARGIN` times
        as often as the next; ``None`` for an English word (a word is not read as another
        word), no candidate, or two about as common.

        Typed paraphrases hold everyday words the vocabulary's names never use ("the
        proecss was killled", "pods could not rsolve the names"): with a slip in about one
        word in three of six letters or more, the shared paraphrase set found 36 of its 45
        values against 44 typed cleanly (``docs/search.md``). Candidates are Norvig's
        single edits (https://norvig.com/spell-correct.html) inside the word, but a letter
        changed: a letter left out, one added, two swapped (about 27 a letter, counted in
        one look-up). A changed letter turned engineers' words into English ones
        ("thanos" into "thanks", "stdin" into "stain", "readv" into "ready", "emphasise"
        into "emphasize") and read "seting" as "seeing", "restared" as "restored" (a
        reviewer's 200 names and 19,512 made slips)."""
        if self.english is None or word in self.english:
            return None
        letters = "abcdefghijklmnopqrstuvwxyz"
        edits = set()
        for i in range(1, len(word)):
            edits.update(word[:i] + c + word[i:] for c in letters)  # a letter left out
            if i < len(word) - 1:
                edits.add(word[:i] + word[i + 1 :])  # a letter added
                edits.add(word[:i] + word[i + 1] + word[i] + word[i + 2 :])  # two swapped
        edits = [w for w in edits if len(w) >= SHORTEST and w != word]
        counts = self.english.counts(edits)
        found = sorted(
            (
                (int(n), w)
                for n, w in zip(counts, edits, strict=True)
                if n >= EVERYDAY_LEAST and _one_slip(word, w)
            ),
            reverse=True,
        )
        if not found or (len(found) > 1 and found[0][0] < EVERYDAY_MARGIN * found[1][0]):
            return None
        return found[0][1]

    def correct(self, sentence):
        """``(text, readings)``: the sentence with each slip replaced by the word meant
        (its case kept: "Memroy" → "Memory") and ``list[tuple[str typed, str read]]``,
        in order, each once."""
        text, readings, _ = self.correct_spans(sentence)
        return text, readings

    def correct_spans(self, sentence):
        """As :meth:`correct`, with where each replacement stands: ``(text, readings,
        replaced)``, ``replaced`` a list of ``(start, end)`` in ``text`` and ``(start, end)``
        in ``sentence`` of each word read otherwise, in order (:func:`to_typed` maps an
        offset of ``text`` back to ``sentence``)."""
        readings, replaced = {}, []
        shift = 0
        # where sentences start (the text's start, after a sentence's end and its blanks),
        # found once: a search back from each word was quadratic
        openings = {0} | {
            _BLANKS.match(sentence, match.end()).end() for match in SENTENCE_END.finditer(sentence)
        }

        def replace(match):
            nonlocal shift
            typed = match.group()
            if not (typed.islower() or typed.isupper() or typed[1:].islower()):
                return typed  # a mixed-case name ("DTensor", "GFlops") is as meant
            # (everyday words are typed in lower case, or capitalised to start a sentence:
            # a capital elsewhere may be a name)
            opening = typed[1:].islower() and match.start() in openings
            meant = self.meant(typed.casefold(), everyday=typed.islower() or opening)
            if meant is None:
                return typed
            if typed.isupper():
                meant = meant.upper()
            elif typed[0].isupper():
                meant = meant.capitalize()
            readings.setdefault(typed, meant)
            start = match.start() + shift
            replaced.append(((start, start + len(meant)), match.span()))
            shift += len(meant) - len(typed)
            return meant

        text = _WORD.sub(replace, sentence)
        return text, list(readings.items()), replaced


def to_typed(offset, replaced, end=False):
    """The offset in the sentence as typed of ``offset`` in its corrected text, given the
    ``replaced`` spans of :meth:`Speller.correct_spans`; an offset inside a replaced word
    maps to that word's start, or with ``end`` to its end. Output: ``int``."""
    shift = 0
    for (start, stop), (typed_start, typed_stop) in replaced:
        if offset <= start:
            break  # before this word
        if offset < stop:
            return typed_stop if end else typed_start  # inside it
        if offset == stop:
            return typed_stop  # right after it
        shift = typed_stop - stop
    return offset + shift
