"""The vocabulary the suggested filters read with: every suggestible value (the four kinds
of term, organisations, workloads, accelerators) with its names, aliases, descriptions,
phrasings and log signatures, built into the three layers' matchers
(:class:`Vocabulary`) once per taxonomy version.

Everything is built once per taxonomy version (the change counter in the database), so an
edit to a term, alias or organisation made in any process reaches every process on its
next request.
"""

import re
import threading
from collections import Counter

from incidents.index import release_memory
from incidents.models import Accelerator, Organisation, ScaleBand, Workload
from lib.phrases import described_lines, phrase_key, proper_key
from taxonomy.models import (
    UNDETERMINED_CAUSE,
    Component,
    ContributingFactor,
    RootCause,
    Symptom,
    taxonomy_version,
)

from .english import get_english_words
from .examples import tuning_examples
from .recognise import Candidate, Recogniser, tokenize
from .semantic import SemanticIndex, description_clauses, get_encoder
from .signatures import SignatureMatcher
from .spelling import Speller
from .text import STOP_WORDS, stem, words

SUGGESTED_MODELS = (
    (RootCause, "root_cause"),
    (Component, "component"),
    (Symptom, "symptom"),
    (ContributingFactor, "contributing_factor"),
    (Organisation, "organisation"),
    (Workload, "workload"),
    (Accelerator, "accelerator"),
)
# Kinds that are named, not described, and give the setting of what happened (who, on
# what, doing what): only their names and aliases find them, and none of them makes a
# broad value named beside it the setting.
SETTING_KINDS = frozenset({"organisation", "workload", "accelerator"})
# Words of how a thing is said, not of what it is, left out of each value's own words
# (which the meaning layer needs a clause to share): "the link still flaps. looks like a
# bad switch port / ASIC" shared only "still" with the *Autoscaler*'s texts (a thirty-second
# round of blind helpers). Folded as lib.phrases.phrase_key folds them.
# An alias that names an absence ("no free GPUs", "not enough GPUs", "no space left on
# device"): its words, denied, do not deny the value.
_ABSENCE = re.compile(r"\b(?:no|not|none|nothing|without|zero|never|lack\w*)\b|n't\b", re.I)

HEDGE_WORDS = frozenset(
    {"still", "also", "even", "yet", "ever", "like", "look", "seem", "really", "maybe"}
    | {"probably", "could", "would", "might", "may"}
)


class Vocabulary:
    """What the two layers need, built from the database: the literal recogniser, the
    semantic index, the stems of each value's name, the words of each value's own texts
    (``own_words``: name, aliases, description, phrasings, folded as
    :func:`lib.phrases.phrase_key` folds them) and each organisation's names as written
    (``proper_names``: :func:`lib.phrases.proper_key` of its name and aliases), the
    reader of typing slips (``speller``, :class:`search.spelling.Speller`) and the values
    whose names and aliases use each word it reads slips as (``spelled_by``).

    Input: ``rows``, ``list[tuple[str kind, str slug, str name, str aliases, str
    description, str phrasings]]``; ``signatures``, ``list[tuple[str kind, str slug, str
    signatures_text]]``; ``bands``, the *Scale* filter's bands as ``(slug, name, low,
    high)`` (``bands``: read by :func:`search.by_rule.scale_band`). Build with
    :func:`get_vocabulary`.
    """

    def __init__(self, rows, signatures=(), bands=(), families=None):
        self.signatures = SignatureMatcher(signatures)
        # The Scale filter's bands, ``(slug, name, low, high)`` (high None: no bound).
        self.bands = tuple(bands)
        candidates = [Candidate(kind, slug, name) for kind, slug, name, *_ in rows]
        names = [(c, [row[2]]) for c, row in zip(candidates, rows, strict=True)]
        aliases = [(c, row[3].splitlines()) for c, row in zip(candidates, rows, strict=True)]
        self.recogniser = Recogniser(names + aliases, independent=SETTING_KINDS)
        self.name_keys = {
            (c.kind, c.slug): tuple(t for t, _, _ in tokenize(row[2]))
            for c, row in zip(candidates, rows, strict=True)
        }
        # Each value's aliases in words (a name as code and logs write it, "NCCL_IB_HCA",
        # "--mem-fraction-static", is matched as it is but teaches the classifier, the
        # speller and sentence search nothing: its words mean only the thing it names. With
        # 1,071 such names of components added on 2026-12-07, teaching them moved the
        # readings of every set; kept out, every set gained).
        worded = [described_lines(row[3]) for row in rows]
        entries = []
        # The words each value's own texts use (name, aliases, description, phrasings).
        self_words = {}
        for c, (_, _, name, _, description, phrasings), aliases in zip(
            candidates, rows, worded, strict=True
        ):
            if c.kind in SETTING_KINDS:
                continue  # named, not described
            phrases = [name, *aliases]
            phrases += description_clauses(description)
            phrases += [p.strip() for p in phrasings.splitlines() if p.strip()]
            entries.append(((c.kind, c.slug), phrases))
            self_words[(c.kind, c.slug)] = (
                frozenset(token for phrase in phrases for token in phrase_key(phrase))
                - STOP_WORDS
                - HEDGE_WORDS
            )
        self.own_words = self_words
        # Real texts about each value, from the corpus's tuning part, teach the classifier
        # too (``search/examples.py``); they are not the value's own words.
        # (only clauses that share a word with the value's own texts: "@user thanks for the
        # info" taught the hang nothing about hangs)
        learned = tuning_examples()
        for key, phrases in entries:
            phrases += [c for c in learned.get(key, ()) if set(phrase_key(c)) & self_words[key]]
        corpus = [text for row in rows for text in row[2:]]
        encoder = get_encoder()
        # The classifier's word weights come from the texts of the values it reads, not
        # from the names of accelerators, workloads and organisations: an editor adding an
        # instance type to an accelerator moved what "40C outside all week" read like.
        described = [
            text
            for row, aliases in zip(rows, worded, strict=True)
            if row[0] not in SETTING_KINDS
            for text in (row[2], "\n".join(aliases), *row[4:])
        ]
        self.semantic = SemanticIndex(entries, encoder, described)
        # Slips read as the vocabulary's words ("memroy"): the words of names and aliases
        # are the targets; the tokenizer's whole words and every word of the vocabulary's
        # texts are never read as slips.
        # (names as code and logs write them are no words to spell towards: "readv" was
        # read as the "ready" of "NotReady")
        said = [row[2] + " " + " ".join(aliases) for row, aliases in zip(rows, worded, strict=True)]
        spelled = Counter(w.casefold() for text in said for w in re.findall(r"[A-Za-z]+", text))
        # Whose names and aliases use each of those words: a slip read as the word of a
        # value no published case carries is not said on a public page (it would name what
        # only a draft uses: a fresh helper's attack, "Read “zebracrop” as “zebracorp”").
        spelled_by = {}
        for c, text in zip(candidates, said, strict=True):
            for w in re.findall(r"[A-Za-z]+", text):
                spelled_by.setdefault(w.casefold(), set()).add((c.kind, c.slug))
        self.spelled_by = {w: frozenset(keys) for w, keys in spelled_by.items()}
        texts = {w.casefold() for text in corpus for w in re.findall(r"[A-Za-z]+", text)}
        self.speller = Speller(spelled, encoder.whole_words() | texts, get_english_words())
        # The words the vocabulary's own texts use: the meaning layer reads a sentence
        # only when it uses at least MEANING_MIN_KNOWN of them ("I love pizza" uses none).
        # The words of names and aliases: the verbs a denial can take away ("did not
        # overheat").
        self.event_stems = frozenset(
            stem(w)
            for row in rows
            for w in words(row[2] + " " + row[3])
            if w not in STOP_WORDS and row[0] not in SETTING_KINDS
        )
        self.known_stems = frozenset(
            stem(w) for text in corpus for w in words(text) if w not in STOP_WORDS
        )
        self.candidates = {(c.kind, c.slug): c for c in candidates}
        # An organisation's name and aliases as written: a proper name is not inflected
        # ("scaling" is not Scale AI's "Scale") nor made plural ("rays" is not Ray).
        self.proper_names = {
            (c.kind, c.slug): frozenset(
                proper_key(text) for text in (row[2], *row[3].splitlines()) if text.strip()
            )
            for c, row in zip(candidates, rows, strict=True)
            if c.kind == "organisation"
        }
        # (what sentence search adds to the query: the aliases in words, not the names as
        # code writes them, which drew cases that merely mention a daemon)
        self.aliases = {
            (c.kind, c.slug): tuple(aliases) for c, aliases in zip(candidates, worded, strict=True)
        }
        # The stems of each value's name, and of its head noun (the last word), to tell
        # "no crash" from a crash and "GPU" from "Faulty GPU".
        self.name_stems = {
            (c.kind, c.slug): {stem(w) for w in words(row[2]) if w not in STOP_WORDS}
            for c, row in zip(candidates, rows, strict=True)
        }
        # (not from an alias that is itself an absence, "no free GPUs", "not enough GPUs":
        # "nothing free" says what it says; the phrase bank's tuning set)
        self.alias_stems = {
            (c.kind, c.slug): {
                stem(w)
                for a in row[3].splitlines()
                if not _ABSENCE.search(a)
                for w in words(a)
                if w not in STOP_WORDS
            }
            for c, row in zip(candidates, rows, strict=True)
        }
        self.head_stems = {
            (c.kind, c.slug): stem(words(row[2])[-1]) if words(row[2]) else ""
            for c, row in zip(candidates, rows, strict=True)
        }
        # The last words of names that end one name only ("attack", "cryptomining"; not
        # "failure" or "error"): a denial of one rules out that value (suggestions).
        heads = Counter(h for (kind, _), h in self.head_stems.items() if kind not in SETTING_KINDS)
        self.unique_heads = frozenset(h for h, n in heads.items() if n == 1 and h)
        # A part's head word, however many parts share it: "ruled out the storage" rules
        # out every storage part (checkpoint storage, object storage) not named whole
        # (a new user's tryout got Checkpoint storage from "checkpoint saves are slow");
        # for parts only ("memory is flat" rules out no *Out of memory*).
        # (and the one word of a part's category: "not a storage issue afaict, OSTs idle"
        # rules out the Shared file system, a part of the Storage category; ``families``,
        # ``(kind, slug) → names`` of its categories, :func:`part_families`)
        families = families or {}
        self.part_heads = {
            key: frozenset(
                {h} | {stem(words(n)[0]) for n in families.get(key, ()) if len(words(n)) == 1}
            )
            for key, h in self.head_stems.items()
            if key[0] == "component" and h
        }
        self.component_heads = frozenset(h for heads in self.part_heads.values() for h in heads)
        # Words that, denied, rule a part out, ``(kind, slug) → frozenset`` of stems: the
        # first word of a two-word part's name that is in no other part's name ("not
        # cooling. inlet temps were 22-24C all night": the Cooling system, a thirty-eighth
        # round of blind helpers). (Not a category's: "not the network, … nccl allreduce
        # still slow" names NCCL, a part of the Network fabric, as the trouble.)
        # (Said well, they do not: "power is fine, checked both feeds. PSU2 … AC lost" is
        # the building's power, not the server's supply.)
        names = {
            (c.kind, c.slug): words(row[2])
            for c, row in zip(candidates, rows, strict=True)
            if c.kind == "component"
        }
        counts = Counter(stem(w) for ws in names.values() for w in set(ws))
        self.part_first_words = {
            key: frozenset({stem(ws[0])})
            for key, ws in names.items()
            if len(ws) == 2 and counts[stem(ws[0])] == 1
        }


def vocabulary_rows():
    """Every suggestible value (every value but ``taxonomy.models.UNDETERMINED_CAUSE``),
    the terms' log signatures and the scale bands; eight SQL queries.

    Output: ``(rows, signatures, bands)``: ``rows`` as :class:`Vocabulary` takes them,
    ``(kind, slug, name, aliases, description, phrasings)`` (organisations, workloads and
    accelerators have neither description nor phrasings here: ""); ``signatures``,
    ``(kind, slug, signatures_text)`` of the terms that have any; ``bands``, the scale
    bands as ``(slug, name, low, high)`` (one more query).
    """
    rows, signatures = [], []
    for model, kind in SUGGESTED_MODELS:
        if kind in SETTING_KINDS:
            values = model.objects.order_by("pk").values_list("slug", "name", "aliases")
            rows += [(kind, slug, name, aliases or "", "", "") for slug, name, aliases in values]
            continue
        fields = ("slug", "name", "aliases", "description", "phrasings", "signatures")
        # Undetermined cause records that a source gave no cause: a reader's words never
        # name it as what happened, and as a filter it would hide the explained cases.
        terms = model.objects.exclude(slug=UNDETERMINED_CAUSE).order_by("pk")
        for slug, name, aliases, description, phrasings, patterns in terms.values_list(*fields):
            rows.append((kind, slug, name, aliases or "", description or "", phrasings or ""))
            if patterns:
                signatures.append((kind, slug, patterns))
    bands = list(ScaleBand.objects.order_by("low").values_list("slug", "name", "low", "high"))
    return rows, signatures, bands


def part_families():
    """``(kind, slug) → tuple[str]``: the names of each component's categories ("Storage"),
    in one SQL query."""
    families = {}
    pairs = Component.objects.filter(categories__isnull=False).values_list(
        "slug", "categories__name"
    )
    for slug, name in pairs:
        families[("component", slug)] = (*families.get(("component", slug), ()), name)
    return families


_lock = threading.Lock()
_built = {"version": None, "vocabulary": None}


def forget():
    """Drop this process's vocabulary so the next call rebuilds it (tests roll the
    database, and so the change counter, back between cases)."""
    _built.update(version=None, vocabulary=None)


def get_vocabulary(version=None):
    """This process's :class:`Vocabulary`, rebuilt when the taxonomy version moved.

    Input: the taxonomy version if the caller read it (else one SQL query reads it).
    Threads of a worker share it; one rebuilds while the others wait.
    """
    version = taxonomy_version() if version is None else version
    vocabulary = _built["vocabulary"]
    if vocabulary is not None and _built["version"] == version:
        return vocabulary
    with _lock:
        if _built["vocabulary"] is None or _built["version"] != version:
            _built.update(vocabulary=None)  # let the old one go before building
            rows, signatures, bands = vocabulary_rows()
            vocabulary = Vocabulary(rows, signatures, bands, part_families())
            _built.update(vocabulary=vocabulary, version=version)
            release_memory(len(rows))
        return _built["vocabulary"]
