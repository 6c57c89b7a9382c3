"""Recognising a value from a paraphrase: static word embeddings (WordLlama).

A sentence such as "the node rebooted by itself and never came back" names no value of
the vocabulary, yet it is about *Node failure*. This module compares the sentence, and
each of its clauses, with every value's name, aliases and description clauses, as
vectors: the mean of their words' static embeddings, each word weighted by how
informative it is (smooth inverse frequency: Arora, Liang and Ma, "A Simple but
Tough-to-Beat Baseline for Sentence Embeddings", ICLR 2017), normalised to length 1;
similarity is the cosine. A value's similarity is that of its closest phrase to the
closest clause.

The embeddings are WordLlama's ``l2_supercat`` (256 dimensions, 32,000 tokens, float16),
shipped inside the ``wordllama`` wheel and read from it directly: nothing is downloaded
at run time, only the rows of the tokens met are read into memory (:class:`EmbeddingRows`),
and the tokenizer is the wheel's own ``tokenizers`` configuration (about 11-14 MB a
process, with no cache of encoded texts). Encoding a sentence takes about a millisecond.
"""

import importlib.util
import json
import os
import re
import struct
import threading
from pathlib import Path

import numpy as np

from .lexical import WordModel
from .text import STOP_WORDS

# Clause boundaries: punctuation, and the words that join clauses.
_CLAUSE_SPLIT = re.compile(
    r"[,;:.!?()\[\]{}\"，；：。！？（）、]|\s-\s|\b(?:and|then|but|while|until|because|so|after|when|since|"
    r"though|although|yet|even|which|whereas|before|once)\b",
    re.IGNORECASE,
)
# Weight of a word seen with probability p in the vocabulary's texts: a / (a + p).
SIF_A = 1e-3
# The classifier's L2 penalty, and the temperature that turns its scores into shares
# (softmax of TEMPERATURE × score): chosen on the development sets in tests/data, where
# they rank the expected value first for 0.73 of paraphrases.
RIDGE_ALPHA = 0.3
TEMPERATURE = 30.0
# A clause whose score for a value is below this reads like none of its phrases, however
# its share compares with the others'. 0.17 until 2026-12-08 (on the development sets
# the expected values scored 0.19 or more and a made-up word up to 0.16); with the word
# model's shares (WORD_SUPPORT) 0.12 found more on the phrase bank's tuning set (1,702 ->
# 1,788 of 2,544 values, with the plain mean) with no forbidden chip more on any tuning
# set: a made-up word still needs its share, and the meaning layer's checks, to be read.
MIN_SCORE = 0.12
# A value's share of a clause is the mean of this classifier's and the word model's
# (search/lexical.py) where this one gives it at least WORD_SUPPORT; elsewhere this one's
# alone: the word model reads "drained" or "back in service" as a node that keeps failing
# where the sentence means nothing of the kind, and is heard only on values the
# embeddings also see. Chosen on the tuning sets (2026-12-08, with the plain mean): the
# phrase bank's tuning set 1,580 -> 1,788 of 2,544 values, blind set A 136 -> 137, the
# corpus's tuning part 945 -> 944 values with 35 -> 33 forbidden; 0.05 found 1,722, the
# mean everywhere 1,843 but read healthy lines ("LnkSta: Speed 32GT/s, Width x16") as
# trouble.
WORD_SUPPORT = 0.02
# ... and never below this share of this classifier's own: where the word model knows a
# value's words less well ("half of the responses came back as server errors" reads to
# it like a full outage), the embeddings' reading stands. Chosen on the tuning sets
# (2026-12-08, with meaning.py trying each clause of a value in turn): the mean alone
# found 1,795 of the phrase bank's tuning values, 944 of the corpus's tuning part (33
# forbidden) and lost three readings the suite holds; with 0.8, 1,808 and 951 (35
# forbidden, as before the word model), 1.0 955 (36).
WORD_KEEP = 0.8
# Raw scores are rescaled so that the median score of the values' own phrases is this
# (its value when the thresholds above were chosen, with 120 values and 2,075 phrases):
# adding values lowers every raw score (0.25 with 149 values and 2,590 phrases), which
# would otherwise silence the meaning layer as the vocabulary grows.
SCORE_UNIT = 0.302

# The share of a clause's letters in capitals from which it reads as typed in capitals.
CAPITALS_SHARE = 0.8

_lock = threading.Lock()
_encoder = {"encoder": None}


def _wordllama_files():
    """The paths of the embedding table and tokenizer that the ``wordllama`` wheel ships,
    found without importing the package (its loader would pull in pydantic and requests
    and keep a float32 copy of the table)."""
    spec = importlib.util.find_spec("wordllama")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("wordllama is not installed (pip install -e .)")
    root = Path(next(iter(spec.submodule_search_locations)))
    return (
        root / "weights" / "l2_supercat_256.safetensors",
        root / "tokenizers" / "l2_supercat_tokenizer_config.json",
    )


class EmbeddingRows:
    """The rows of one tensor of a ``.safetensors`` file, read from disk as tokens are
    first met and kept compactly in memory (a few thousand rows, about a megabyte),
    instead of the whole 16 MB table in every process.

    The format (https://huggingface.co/docs/safetensors): an 8-byte little-endian header
    length, a JSON header giving each tensor's ``dtype``, ``shape`` and ``data_offsets``,
    then the data. Raises ``ValueError`` for a tensor that is missing or not F16/F32.
    """

    def __init__(self, path, name):
        with open(path, "rb") as handle:
            (length,) = struct.unpack("<Q", handle.read(8))
            header = json.loads(handle.read(length))
        if name not in header:
            raise ValueError(f"{path} has no tensor {name!r}")
        entry = header[name]
        self.dtype = {"F16": np.float16, "F32": np.float32}.get(entry["dtype"])
        if self.dtype is None:
            raise ValueError(f"{name!r} in {path} is {entry['dtype']}, not F16 or F32")
        self.path = path
        self.shape = tuple(entry["shape"])
        self.row_bytes = self.shape[1] * np.dtype(self.dtype).itemsize
        self.offset = 8 + length + entry["data_offsets"][0]
        # (token id → row in rows or -1, rows read so far), swapped as one tuple so that a
        # reader in another thread never pairs a new map with old rows.
        self._state = (
            np.full(self.shape[0], -1, dtype=np.int32),
            np.zeros((0, self.shape[1]), dtype=self.dtype),
        )
        self._lock = threading.Lock()

    def __len__(self):
        return self.shape[0]

    def get(self, ids):
        """The rows of these token ids: ``float32[len(ids), dim]``."""
        ids = np.asarray(ids, dtype=np.int64)
        slot, rows = self._state
        if (slot[ids] < 0).any():
            self._load(np.unique(ids[slot[ids] < 0]))
            slot, rows = self._state
        return rows[slot[ids]].astype(np.float32)

    def _load(self, ids):
        with self._lock:
            slot, rows = self._state
            ids = ids[slot[ids] < 0]
            if not len(ids):
                return
            fresh = np.empty((len(ids), self.shape[1]), dtype=self.dtype)
            with open(self.path, "rb") as handle:
                for i, token in enumerate(ids):
                    data = os.pread(
                        handle.fileno(), self.row_bytes, self.offset + int(token) * self.row_bytes
                    )
                    fresh[i] = np.frombuffer(data, dtype=self.dtype)
            start = len(rows)
            slot = slot.copy()
            slot[ids] = np.arange(start, start + len(ids), dtype=np.int32)
            self._state = (slot, np.concatenate([rows, fresh]))


class Encoder:
    """Sentence vectors from WordLlama's static token embeddings.

    Build with :func:`get_encoder` (one per process, shared by threads: it holds nothing
    that changes). Raises ``ImportError`` when the ``wordllama`` wheel is missing.
    """

    def __init__(self):
        from tokenizers import Tokenizer

        weights, tokenizer = _wordllama_files()
        self.table = EmbeddingRows(weights, "embedding.weight")
        self.tokenizer = Tokenizer.from_file(str(tokenizer))
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()
        # No cache of encoded texts (issue 25). The configuration has no pre-tokenizer, so
        # the BPE model's cache (10,000 entries by default) keys whole sentences, nearly
        # all seen once: 12,000 distinct sentences grew a process by 31 MB, and encoding
        # without it is as fast (29 against 26 µs a sentence on the development machine).
        self.tokenizer.model._resize_cache(0)
        self._stop_ids = self._ids_of(sorted(STOP_WORDS))
        self.uniform = np.ones(len(self.table), dtype=np.float32)
        self.uniform[self._stop_ids] = 0.0

    def whole_words(self):
        """The tokenizer's tokens that are a whole word of letters after a space (``▁drain``),
        lowercase: ``set[str]``, English and code words the embeddings know whole."""
        return {
            token[1:].casefold()
            for token in self.tokenizer.get_vocab()
            if token.startswith("\u2581") and token[1:].isalpha() and token[1:].isascii()
        }

    def _ids_of(self, words):
        ids = set()
        for word in words:
            for variant in (word, " " + word, word.capitalize(), " " + word.capitalize()):
                encoding = self.tokenizer.encode(variant, add_special_tokens=False)
                if len(encoding.ids) == 1:
                    ids.add(encoding.ids[0])
        return np.array(sorted(ids), dtype=np.int64)

    def token_weights(self, texts):
        """Weights of every token, ``a / (a + p)`` by its frequency ``p`` in ``texts``
        (``list[str]``): ``float32[vocabulary]``; stop words 0, unseen tokens 1. Pass
        them to :meth:`encode` (each index keeps its own, so rebuilding one never changes
        the vectors another is reading)."""
        counts = np.zeros(len(self.table), dtype=np.float64)
        for text in texts:
            ids = self.tokenizer.encode(text, add_special_tokens=False).ids
            np.add.at(counts, np.asarray(ids, dtype=np.int64), 1.0)
        total = counts.sum()
        if not total:
            return self.uniform.copy()
        weights = (SIF_A / (SIF_A + counts / total)).astype(np.float32)
        weights[self._stop_ids] = 0.0
        return weights

    def encode(self, texts, token_weights=None):
        """Unit vectors of ``texts``: ``float32[len(texts), 256]`` (zeros for a text with
        no weighted word), each the weighted mean of its tokens' embeddings under
        ``token_weights`` (from :meth:`token_weights`; every token but stop words 1 when
        ``None``)."""
        token_weights = self.uniform if token_weights is None else token_weights
        out = np.zeros((len(texts), self.table.shape[1]), dtype=np.float32)
        if not texts:
            return out
        # One text at a time: encode_batch would start a thread pool, and its threads'
        # memory arenas would stay with the process.
        encodings = [self.tokenizer.encode(text, add_special_tokens=False) for text in texts]
        last = len(self.table) - 1
        token_ids = [np.clip(np.asarray(e.ids, dtype=np.int64), 0, last) for e in encodings]
        present = [ids for ids in token_ids if len(ids)]
        if not present:
            return out
        unique, inverse = np.unique(np.concatenate(present), return_inverse=True)
        vectors = self.table.get(unique)  # one read for every token of every text
        cursor = 0
        for row, ids in enumerate(token_ids):
            if not len(ids):
                continue
            rows = inverse[cursor : cursor + len(ids)]
            cursor += len(ids)
            weights = token_weights[ids]
            if weights.sum() <= 0:
                continue
            vector = weights @ vectors[rows]
            norm = np.linalg.norm(vector)
            if norm > 0:
                out[row] = vector / norm
        return out


def get_encoder():
    """This process's :class:`Encoder`, loaded on first use (about 0.2 s)."""
    if _encoder["encoder"] is None:
        with _lock:
            if _encoder["encoder"] is None:
                _encoder["encoder"] = Encoder()
    return _encoder["encoder"]


def clauses(sentence, longest=12):
    """The sentence and its clauses, for comparing each with the values' phrases.

    Input: ``str``. Output: ``list[str]``: the whole sentence first, then each clause of
    four words or more (split at punctuation and joining words: shorter pieces such as
    "coming back" say too little to place), and, for a clause longer
    than ``longest`` words, its windows of ``longest`` words.
    """
    pieces = [sentence.strip()]
    for part in _CLAUSE_SPLIT.split(sentence):
        part = part.strip()
        words = part.split()
        if len(words) < 4:
            continue
        if len(words) <= longest:
            pieces.append(part)
        else:
            step = longest // 2
            pieces += [" ".join(words[i : i + longest]) for i in range(0, len(words), step)]
    return list(dict.fromkeys(p for p in pieces if p))


def description_clauses(text, shortest=3):
    """The clauses of a value's description worth comparing: ``list[str]`` of pieces of
    at least ``shortest`` words, split at sentence ends, semicolons, colons, parentheses
    and commas."""
    text = re.sub(r"[*_`#>\[\]]", " ", text or "")
    parts = re.split(r"[.;:()]|,\s|\bor\b|\bas opposed to\b", text)
    return [p.strip() for p in parts if len(p.split()) >= shortest]


def _uncapitalised(text):
    """``text`` in lower case when at least :data:`CAPITALS_SHARE` of its letters (and
    more than three) are capitals ("THE NODE REBOOTED BY ITSELF"), else as it is: acronyms
    in a sentence ("the NCCL watchdog on H100") keep their case."""
    letters = [c for c in text if c.isalpha()]
    capitals = sum(c.isupper() for c in letters)
    return text.lower() if len(letters) > 3 and capitals >= CAPITALS_SHARE * len(letters) else text


def train_ridge(vectors, labels, n_classes, alpha=RIDGE_ALPHA):
    """A linear classifier by ridge regression on one-hot targets (least squares with an
    L2 penalty ``alpha``; scikit-learn's ``RidgeClassifier``), solved in closed form.

    Input: ``vectors`` ``float32[n, d]``, ``labels`` ``int[n]`` in ``range(n_classes)``.
    Output: ``(W float32[d, n_classes], b float32[n_classes])``; ``x @ W + b`` estimates,
    for each value, how much ``x`` reads like that value's phrases (1 for its own, 0 for
    others'). One ``d × d`` solve, so a few milliseconds for 150 values and well under
    a second for 3,000; on the evaluation sets it ranks values as well as a logistic
    regression fitted by gradient descent (0.25 s for 150 values, minutes for 3,000).
    """
    x = np.asarray(vectors, dtype=np.float32)
    n, d = x.shape
    augmented = np.hstack([x, np.ones((n, 1), dtype=np.float32)])
    targets = np.zeros((d + 1, n_classes), dtype=np.float32)
    np.add.at(targets.T, np.asarray(labels), augmented)  # Xᵀ Y without the one-hot Y
    gram = (augmented.T @ augmented).astype(np.float64) + alpha * np.eye(d + 1)
    solution = np.linalg.solve(gram, targets.astype(np.float64))
    return solution[:d].astype(np.float32), solution[d].astype(np.float32)


class SemanticIndex:
    """The values' phrases as vectors, a classifier trained on them, and the matcher.

    Input: ``entries``, ``list[tuple[key, list[str] phrases]]`` (a key per value, its
    name, aliases, description clauses and phrasings); the :class:`Encoder`; ``corpus``,
    the texts whose word frequencies set the words' weights (the vocabulary's own). The
    classifier (:func:`train_ridge`) learns which value each phrase describes, so a new
    sentence is placed among the values by what their phrases share, not only by its
    single closest phrase (on the paraphrase evaluation set, the expected value came
    first for 0.73 of sentences against 0.53 with the closest phrase alone).
    """

    def __init__(self, entries, encoder, corpus=()):
        self.encoder = encoder
        self.token_weights = encoder.token_weights(list(corpus))
        self.keys = [key for key, _ in entries]
        self.words = WordModel(entries)
        phrases, owners = [], []
        for i, (_, texts) in enumerate(entries):
            for text in texts:
                phrases.append(text)
                owners.append(i)
        # The phrases' vectors are needed only to train: the index keeps the weights.
        vectors = encoder.encode(phrases, self.token_weights)
        self.n_phrases = len(phrases)
        if len(phrases):
            owner = np.asarray(owners)
            weights, bias = train_ridge(vectors, owner, len(self.keys))
            # Scores are kept in units of the median score a value's own phrases get
            # (:data:`SCORE_UNIT`): the more values the vocabulary holds, the lower every
            # raw score, so thresholds on raw scores would drift as it grows.
            own = np.einsum("ij,ji->i", vectors, weights[:, owner]) + bias[owner]
            unit = float(np.median(own)) if float(np.median(own)) > 0 else 1.0
            self.weights, self.bias = weights / unit * SCORE_UNIT, bias / unit * SCORE_UNIT
        else:
            self.weights = np.zeros((vectors.shape[1], len(self.keys)), np.float32)
            self.bias = np.zeros(len(self.keys), np.float32)

    def shares(self, sentence):
        """How much each clause of the sentence reads like each value rather than the
        others: the classifier's scores as a softmax at :data:`TEMPERATURE`, averaged with
        the word model's probabilities (:mod:`search.lexical`) where the softmax is at least
        :data:`WORD_SUPPORT` (never below :data:`WORD_KEEP` of the softmax), and set to 0
        where the score itself is below :data:`MIN_SCORE`.

        Output: ``(float32[clauses, len(keys)] shares, list[str] clauses, float32[clauses,
        len(keys)] scores)``: the sentence itself first, then its clauses
        (:func:`clauses`), without those that have no weighted word; ``scores`` are the
        classifier's raw scores (in :data:`SCORE_UNIT`); empty arrays and ``[]`` when no
        clause has a weighted word.
        """
        pieces = clauses(sentence)
        nothing = np.zeros((0, len(self.keys)), np.float32)
        empty = nothing, [], nothing
        if not pieces or not len(self.keys):
            return empty
        # (a clause typed in capitals is read in lower case: the tokenizer splits "NODE
        # REBOOTED" into pieces that mean little, and the shared paraphrase set typed in
        # capitals found 23 of its 45 values, 44 as typed; 2026-12-07)
        vectors = self.encoder.encode([_uncapitalised(p) for p in pieces], self.token_weights)
        kept = np.flatnonzero(np.abs(vectors).sum(axis=1) > 0)  # clauses with a word
        if not len(kept):
            return empty
        raw = vectors[kept] @ self.weights + self.bias
        scores = TEMPERATURE * raw
        scores -= scores.max(axis=1, keepdims=True)
        shares = np.exp(scores)
        shares /= shares.sum(axis=1, keepdims=True)
        words = self.words.probabilities([pieces[i] for i in kept])
        mean = (shares + words) / 2
        shares = np.where(shares >= WORD_SUPPORT, np.maximum(mean, WORD_KEEP * shares), shares)
        shares[raw < MIN_SCORE] = 0.0  # reads like no value at all
        return shares, [pieces[i] for i in kept], raw

    def reads_like(self, text, value, least):
        """Whether ``text`` scores at least ``least`` for the value at index ``value``
        (the classifier's raw score; 0 for a text with no weighted word)."""
        vector = self.encoder.encode([_uncapitalised(text)], self.token_weights)[0]
        if not vector.any():
            return False
        return float(vector @ self.weights[:, value] + self.bias[value]) >= least
