"""Reading guesses: what a text first suspected, and the correction that says what it
actually was ("we thought it was the network, it turned out to be a DIMM").

A corrected guess suggests nothing; what it was drawn from ("because NCCL timeouts were
reported") and what it was about ("we thought the loss spike was …") still happened.
``search/clauses.py`` sets the guesses aside with the other clauses that suggest nothing.
"""

import bisect
import re

from .boundaries import CLAUSE_END

# A clause that names what was first suspected, when the next one says it was something
# else: "we first suspected the fabric, but it was a DIMM", "we thought it was a driver
# bug, it was a transceiver".
# What something led the text's people to guess: "which made us think gateway, but the
# gateway was fine", "had everyone blaming the network" (a twenty-ninth round of blind
# helpers forbade the gateway).
_LED_TO_GUESS = (
    r"\b(?:made|had|led|got)\s+(?:us|me|them|everyone|everybody|people)\s+(?:to\s+)?"
    r"(?:first\s+)?(?:think|thinking|suspect|suspecting|believe|believing|blame|blaming|"
    r"assume|assuming)\b"
)
SUSPECTED = re.compile(
    # ("looked exactly like cryptojacking. turned out to be a customer's eval sweep": a
    # sixty-first round of blind helpers)
    # ("On-call engineer joins the call, assumes traffic spike": a sixty-sixth round)
    r"\b(?:suspected|thought|assumed|assumes|assuming|believed|blamed|guessed|expected|"
    r"looked\s+(?:exactly\s+|just\s+|a\s+lot\s+)?like|"
    # ("this error reported at first seemed like it should be an out-of-memory issue, but a
    # large enough amount of memory has been used": a seventy-ninth round, real words from a
    # public thread)
    r"(?:at\s+first\s+)?seemed\s+(?:like|as\s+if|to\s+be)|"
    # ("My first suspicion was an NCCL timeout on the IB fabric, but …": an eighty-sixth
    # round's wording, real words from a public thread)
    r"(?:first\s+|initial\s+|main\s+)?suspicion\s+(?:was|is)|"
    # ("My first guess was a NCCL bug, but it was a bad cable": a review of the
    # hundred-and-second to hundred-and-ninth rounds)
    r"(?:first|initial|original)\s+guess\s+(?:was|is))\b|" + _LED_TO_GUESS,
    re.IGNORECASE,
)
# After a suspicion, what it was drawn from: "because NCCL timeouts were reported".
# ("we thought the GPU was bad after Xid 79": what came before the guess happened; a
# seventeenth round of blind helpers)
EVIDENCE = re.compile(
    r"\b(?:because|since|given\s+that|as\s+we\s+saw|after\s+seeing|after)\b", re.I
)
# Evidence that only seemed so: "because GPU temps looked high, but actually the firmware
# was reporting wrong temps" (a fifteenth round of blind helpers got GPU overheating): the
# correction refutes it with the guess.
_APPEARANCE = re.compile(r"\b(?:looked|looks|seemed|seems|appeared|appears)\b", re.IGNORECASE)
ACTUALLY = re.compile(
    r"[^\S\n]*(?:but|however|(?:it\s+)?turned out|(?:it|this|that)\s+(?:was|is)|actually|"
    r"in fact|the (?:real|actual))\b",
    re.IGNORECASE,
)


# A guess, and later in the text what it actually was: "we suspect broken GPUs. …
# note: it was actually GPU memory exhaustion", "customer insists it's a driver bug …
# turned out to be their config". The guess is set aside (its clause from the guessing
# word on); what follows the correction is read.
_GUESS = re.compile(
    r"\b(?:we|i|they|customer|user|team|someone|everyone)\s+(?:\w+\s+)?(?:suspects?|suspected|"
    r"thinks?|thought|assumed?|believes?|believed|insists?|insisted|claims?|claimed|guessed|"
    r"blamed)\b|" + _LED_TO_GUESS + r"|"
    # (just above: what something led the text's people to guess, "made us think", "had
    # everyone blaming"); what a thing looked like at first, or what an alert called it:
    # "Looked like a DDoS on the endpoint … turned out to be our own retry storm",
    # "Initially flagged as DDoS by security but traffic came from our app" (a fourteenth
    # round of blind helpers)
    r"\b(?:looked|looks|seemed|seems|appeared)\s+(?:like|to\s+be)\b|"
    r"\b(?:flagged|reported|classified|detected|alerted|paged)\s+(?:\w+\s+)?as\b|"
    # a chat message's guess with its subject left out: "thought it was a thermal issue
    # …, but actually …" (a fifteenth round of blind helpers)
    r"(?:^|(?<=\n)|(?<=[.!?;]\s))(?:(?:initially|first|at\s+first)\s+)?(?:thought|suspected|"
    r"assumed|figured|blamed)\b",
    re.IGNORECASE,
)
_CORRECTION = re.compile(
    r"\b(?:(?:it|this|that)\s+(?:was|is)\s+actually|was\s+actually|actually\s+(?:it\s+)?was|"
    # "looks like xid 79 but no, gpu not fall off bus" (a sixteenth round of blind helpers)
    r"but\s+actually|but\s+no\b(?=\s*[,.;:!-])|"
    r"turned\s+out|turns\s+out|in\s+fact|the\s+(?:real|actual)\s+(?:cause|problem|issue|culprit)|"
    r"root\s+cause\s+(?:was|is)|"
    # "we thought the GPUs were being cryptojacked … but it was a zombie training job",
    # "flagged as DDoS by security but traffic came from our mobile app"
    r"but\s+(?:it|this|that)\s+(?:was|is)(?!\s*(?:n['’]?t|not)\b)|"
    r"but\s+(?:the\s+)?(?:traffic|load|requests?|it)\s+came\s+from)\b",
    re.IGNORECASE,
)


def corrected_guesses(sentence):
    """``[(start, end)]`` of the guesses ``sentence`` later corrects (:data:`_GUESS`
    before a :data:`_CORRECTION`): each from its guessing word to the end of its clause
    or to what it was drawn from (:data:`EVIDENCE`), unless that only seemed so
    (:data:`_APPEARANCE`: "because GPU temps looked high"). Linear in the text: the
    clauses' ends and the evidence words are found once, and each guess's end is the
    first of them after it (what the guess was drawn from happened: "because NCCL
    timeouts were reported")."""
    spans = _first_guesses(sentence)
    correction = _CORRECTION.search(sentence)
    if correction is None:
        return spans
    until = correction.start()
    ends = [m.start() for m in CLAUSE_END.finditer(sentence, 0, until)]
    stops = sorted(
        ends
        + [
            m.start()
            for m in EVIDENCE.finditer(sentence, 0, until)
            if not _APPEARANCE.search(
                sentence,
                m.end(),
                ends[bisect.bisect_left(ends, m.end())]
                if bisect.bisect_left(ends, m.end()) < len(ends)
                else until,
            )
        ]
    )
    for guess in _GUESS.finditer(sentence, 0, until):
        at = bisect.bisect_left(stops, guess.end())
        about = guessed_about(sentence, guess)
        start = about if about is not None else guess.start()
        spans.append((start, max(start, stops[at] if at < len(stops) else until)))
    return spans


# What a guess was about, when it names it before what was guessed: "we thought the loss
# spike was an lr issue (…), it turned out to be a few docs in the web crawl" guessed a
# cause of a loss spike that happened (a fourteenth round of blind helpers). The guess
# then starts after it.
# What was blamed on a guessed cause: "we initially blamed the NCCL timeout on the network
# but IB counters were clean" (a seventeenth round of blind helpers): the timeout happened.
_BLAMED_ON = re.compile(
    r"\s+(?:the|our|this|these|those|an?)\s+(?:(?!(?:but|however|and|yet)\b)[\w/-]+\s+){1,4}?"
    r"(?:on|for)\b",
    re.IGNORECASE,
)
_GUESSED_ABOUT = re.compile(
    # (within the guess's clause: "initially blamed the NIC but it was the switch" is about
    # no NIC)
    r"\s+(?:that\s+)?(?:the|our|this|these|those)\s+(?:(?!(?:but|however|and|yet)\b)[\w/-]+\s+){1,4}?"
    r"(?:was|were|is|are|came\s+from|was\s+caused\s+by|was\s+due\s+to)\b",
    re.IGNORECASE,
)


def guessed_about(sentence, guess):
    """Where what a guess was about ends, when the guess names it first (:data:`_GUESSED_ABOUT`,
    or :data:`_BLAMED_ON` after "blamed"): ``int``, or ``None`` when it names none.
    Input: the sentence and the guessing word's match."""
    about = _GUESSED_ABOUT.match(sentence, guess.end())
    if about is None and guess.group(0).casefold().endswith("blamed"):
        about = _BLAMED_ON.match(sentence, guess.end())
    return about.end() if about else None


# A guess marked as a first one ("on-call first assumed a bad HBM stack", "initially
# blamed the NIC"), in a text that says elsewhere what was or was not so: the guess was
# revised, wherever the text says so (a twelfth round of blind helpers put it last).
_FIRST_GUESS = re.compile(
    # ("Initially, I thought this was an issue with my personal computer or internet
    # connection. However, …": a hundred-and-eighth round, real words from a public thread)
    r"\b(?:first|initially|originally|at\s+first),?\s+(?:\w+\s+)?(?:suspected|thought|"
    r"assumed|blamed|guessed|believed|pointed\s+(?:at|to))\b|"
    # in Chinese: "起初怀疑是 tokenizer 的问题，但是发现…" (at first suspected the tokenizer, but
    # found …; a hundred-and-ninth round, real words from a public thread)
    # (also 最开始, 刚开始, 一开始还以为: a review of the hundred-and-second to
    # hundred-and-ninth rounds)
    r"(?:起初|最开始|刚开始|一开始|最初|原本|本来|开始时)(?:我们|我|他们)?还?(?:怀疑|以为|认为|觉得)",
    re.IGNORECASE,
)
_REVISED = re.compile(
    _CORRECTION.pattern
    + r"|\b(?:actually|but|however|not|(?:was|is)n['’]?t)\b|但是|不过|其实|实际上|后来|结果|最后",
    re.IGNORECASE,
)


def _first_guesses(sentence):
    """``[(start, end)]`` of the guesses ``sentence`` marks as first ones
    (:data:`_FIRST_GUESS`) when it revises something elsewhere (:data:`_REVISED`): each to
    the end of its clause or to what it was drawn from (:data:`EVIDENCE`). Linear in the
    text."""
    guesses = list(_FIRST_GUESS.finditer(sentence))
    if not guesses:
        return []
    # (to the end of its clause or to what it was drawn from: "because NCCL timeouts were
    # reported" happened)
    stops = sorted(
        [m.start() for m in CLAUSE_END.finditer(sentence)]
        + [m.start() for m in EVIDENCE.finditer(sentence)]
        + [len(sentence)]
    )
    revised = [m.start() for m in _REVISED.finditer(sentence)]
    spans = []
    for guess in guesses:
        stop = stops[bisect.bisect_left(stops, guess.end())]
        # a revision before the guess, or one after its clause
        if (revised and revised[0] < guess.start()) or (revised and revised[-1] >= stop):
            about = guessed_about(sentence, guess)
            start = about if about is not None else guess.start()
            spans.append((start, max(start, stop)))
    return spans


def corrected_after(sentence, start):
    """Whether ``sentence`` says after offset ``start`` what something turned out to be
    (:data:`_CORRECTION`: "turned out", "it was actually", "the real cause"): ``bool``. A
    cause a log line before it implies was then not the cause the text settles on."""
    return _CORRECTION.search(sentence, start) is not None
