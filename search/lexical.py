"""Which value a clause reads like by its words: naive Bayes over the values' phrases.

The meaning layer's classifier (``search/semantic.py``) places a clause among the values
by the mean of its words' embeddings, which blurs the one word that decides ("a poison
request", "row remap"). This model reads the same phrases (each value's name, aliases in
words, description clauses, phrasings and the corpus's tuning examples) as words and
pairs of neighbouring words, and gives each value the probability that its phrases
produced the clause's words: multinomial naive Bayes (Manning, Raghavan and Schütze,
*Introduction to Information Retrieval*, 2008, section 13.2) with add-``ALPHA``
smoothing, a uniform prior over values, and only the features its phrases use. On the
phrase bank's tuning set (2,528 one-value phrases, ``tests/data/phrase-bank/``) it put the
expected value first for 0.72 of phrases, the embedding classifier for 0.49.

Only the (feature, value) pairs seen in training are stored (a few tens of thousands),
not a dense table of every feature for every value.
"""

import re

import numpy as np

from .text import STOP_WORDS, fold, stem

# Add-alpha smoothing, chosen on the phrase bank's tuning set (2026-12-08: the expected
# value first for 0.715 of its phrases at 0.1, 0.697 at 0.5).
ALPHA = 0.1
# A word: two letters or more, apostrophes and hyphens inside ("node's", "off-the-bus").
_WORD = re.compile(r"[a-z][a-z'-]*[a-z]")


def features(text):
    """The features of ``text``: the Snowball stems of its words (stop words left out),
    then each pair of neighbouring stems joined by ``_``.

    Input: ``str``. Output: ``list[str]``. Raises nothing."""
    # (ASCII folds by lower case alone: a vocabulary build folds some 7,000 phrases)
    folded = text.casefold() if text.isascii() else fold(text)
    stems = [stem(w) for w in _WORD.findall(folded) if w not in STOP_WORDS]
    return stems + [f"{a}_{b}" for a, b in zip(stems, stems[1:], strict=False)]


class WordModel:
    """Multinomial naive Bayes over :func:`features`, trained on the values' phrases.

    Input: ``entries``, ``list[tuple[key, list[str] phrases]]``, in the order of the values
    the caller scores (``SemanticIndex.keys``). Features are binarised: one counts once per
    phrase in training and once per text when scoring, as in the binarised multinomial
    naive Bayes that Wang and Manning found better for short texts ("Baselines and Bigrams",
    ACL 2012, which also adds word pairs). A value with few phrases gives an unseen
    feature a higher probability than one with many: the embeddings' support
    (``semantic.WORD_SUPPORT``) keeps that from offering it alone. Raises nothing.
    """

    def __init__(self, entries):
        index, rows, values = {}, [], []
        for value, (_, phrases) in enumerate(entries):
            for phrase in phrases:
                for feature in set(features(phrase)):
                    rows.append(index.setdefault(feature, len(index)))
                    values.append(value)
        size, n_values = max(len(index), 1), len(entries)
        self.index = index
        self.n_values = n_values
        pairs, counts = np.unique(
            np.asarray(rows, np.int64) * max(n_values, 1) + np.asarray(values, np.int64),
            return_counts=True,
        )
        totals = np.bincount(np.asarray(values, np.int64), minlength=n_values)
        # log P(feature | value) for a feature the value's phrases never use, and for each
        # (feature, value) pair they do, what it adds to that: log((n + alpha) / alpha).
        self.unseen = np.log(ALPHA / (totals + ALPHA * size)).astype(np.float32)
        self.values = (pairs % max(n_values, 1)).astype(np.int32)
        self.gain = np.log((counts + ALPHA) / ALPHA).astype(np.float32)
        self.starts = np.searchsorted(pairs // max(n_values, 1), np.arange(size + 1))

    def probabilities(self, texts):
        """For each text, the probability of each value given the text's features that
        the phrases use (each counted once).

        Input: ``list[str]``. Output: ``float32[len(texts), n_values]``, each row summing
        to 1 (no columns for a model of no values); uniform for a text with no such
        feature. Raises nothing."""
        log_likelihood = np.zeros((len(texts), self.n_values), np.float32)
        if not self.n_values:
            return log_likelihood
        for i, text in enumerate(texts):
            rows = [self.index[f] for f in set(features(text)) if f in self.index]
            log_likelihood[i] = self.unseen * len(rows)
            for row in rows:
                start, end = self.starts[row], self.starts[row + 1]
                log_likelihood[i, self.values[start:end]] += self.gain[start:end]
        log_likelihood -= log_likelihood.max(axis=1, keepdims=True)
        probabilities = np.exp(log_likelihood)
        return probabilities / probabilities.sum(axis=1, keepdims=True)
