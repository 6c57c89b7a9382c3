"""The meaning layer's word model (search/lexical.py): what it gives for texts it knows,
texts it does not, and a model of no values. No database: it reads only the phrases
given."""

import numpy as np

from search.lexical import WordModel, features

ENTRIES = [
    (("root_cause", "query-of-death"), ["a poison request crashes every replica in turn"]),
    (("root_cause", "faulty-gpu"), ["a bad gpu card crashes jobs", "the card is faulty"]),
    (("symptom", "loss-spike"), ["the loss spiked", "loss jumped at step 4000"]),
]


def test_the_word_that_decides_wins_and_probabilities_sum_to_one():
    """ "poison" appears only in the query of death's phrase; "card" only in the faulty
    GPU's: each decides its text though "crashes" is in both."""
    model = WordModel(ENTRIES)
    found = model.probabilities(["the poison request crashes", "the card crashes again"])
    assert found.shape == (2, 3)
    assert np.allclose(found.sum(axis=1), 1.0)
    assert found[0].argmax() == 0 and found[0, 0] > 0.8
    assert found[1].argmax() == 1 and found[1, 1] > 0.8


def test_a_text_of_no_known_word_is_uniform_and_no_values_give_no_columns():
    model = WordModel(ENTRIES)
    assert np.allclose(model.probabilities(["pizza tonight?"]), 1 / 3)
    empty = WordModel([])
    assert empty.probabilities(["the loss spiked"]).shape == (1, 0)
    assert WordModel([(("symptom", "x"), [])]).probabilities(["loss"]).tolist() == [[1.0]]


def test_features_are_stems_and_pairs_without_stop_words():
    assert features("The losses spiked at the step") == [
        "loss",
        "spike",
        "step",
        "loss_spike",
        "spike_step",
    ]
