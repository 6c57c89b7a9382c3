"""Long pastes: a log excerpt read as the lines that matter (issue 19).

People paste whole excerpts: a traceback, a screen of ``dmesg``, ``kubectl get events``.
The search reads at most :data:`~incidents.filters.SEARCH_MAX_LENGTH` characters, so a
longer text of up to :data:`~incidents.filters.PASTE_MAX_LENGTH` characters (what fits in
a URL) is reduced first: its lines that a log signature matches come first (those that
show a value no line before them shows ahead of the others, and kept at least as their
matched words when the whole does not fit: a screen of Xid and AER lines left an NCCL
watchdog's line below it no room), then lines
with a word of failure (:data:`FAILURE_WORDS`), then the rest, each shape of line once
(a line a signature matched from its first match on, :func:`_signature_part`)
(numbers, addresses and times aside), kept in the order they were pasted until the
budget is spent; a line a person wrote among them (a comment, a chat line) that names
trouble or a cause comes right after the signatures' lines. A line of trouble is kept up
to :data:`SHAPE_REPEATS_KEPT` times, its repeats last, in the budget the other lines
leave: a repeat of trouble is itself evidence (a link that goes up and down,
``search/machines.py``'s ``link_flaps``), a repeat of noise is not. A line longer than the
budget is split where log records start (a paste whose line breaks were lost) or, in
prose, where its sentences end; a single long sentence is cut at a word boundary.
Longer texts are refused (a 400) by the callers.
"""

import re

from incidents.filters import PASTE_MAX_LENGTH, SEARCH_MAX_LENGTH

FAILURE_WORDS = re.compile(
    r"\b(?:errors?|fail\w*|fatal|panic\w*|timeouts?|timed out|exceptions?|killed|oom\w*|"
    r"abort\w*|denied|refused|unreachable|lost|hang\w*|hung|crash\w*|warn\w*|xid|ecc|nan|"
    r"not ready|evicted|backoff|corrupt\w*|unhealthy|stuck|degraded|"
    # A link's state changing (mlx5 "eth1: Link up", e1000e "NIC Link is Down"): a
    # flapping link's lines say "up" as often as "down".
    r"link\s+(?:is\s+)?(?:up|down)|carrier)\b",
    re.IGNORECASE,
)
# Where a log record starts inside one long line (a paste whose line breaks a browser's
# one-line box took out): a dmesg stamp "[ 912.40]", an ISO or syslog time, "kernel:".
_RECORD_START = re.compile(
    r"(?=\[\s*\d+\.\d+\])|(?=\b\d{4}-\d\d-\d\d[T ]\d\d:\d\d)"
    r"|(?=\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +\d{1,2} \d\d:\d\d:\d\d)"
)
# A line a person wrote among pasted log lines: a comment ("# p99 TTFT went from 0.8s
# to 41s after …") or a chat line ("<lee> it's the checkpoint: …", "[10:42] lee: …").
# With a word of trouble or of cause it is read before the machines' lines of failure:
# it is often the diagnosis.
_SAID_BY_A_PERSON = re.compile(
    r"^(?:#{1,3}\s+\S|//\s+\S|<[\w.@|-]{1,30}>\s|\[\d{1,2}:\d\d(?::\d\d)?\]\s*[\w.-]{1,30}:\s)"
)
_CAUSE_WORDS = re.compile(
    r"\b(?:because|caused|cause|due to|root[\s-]?cause|turned out|it'?s the|was the|"
    r"culprit|fixed|fix|goes away|went away|bug|regression|after\s+(?:the\s+|we\s+|a\s+)?"
    # ("# all of this started after the firmware update last night")
    r"(?:[\w-]+\s+)?(?:upgrade|update|deploy|rollout|change|launch)\w*)\b",
    re.IGNORECASE,
)
# What varies between two lines of the same shape: numbers, hex, addresses, times.
_VARYING = re.compile(r"0x[0-9a-f]+|[0-9a-f]{6,}|\d+", re.IGNORECASE)
# The kernel's stamp at a line's start, as dmesg prints it ("[ 8812.331402] ") or with -T
# ("[Tue Mar  4 02:11:54 2025] "): a kept line loses it as a line a signature matched
# loses its prefix (a new user saw one line of a reduced dmesg keep its stamp).
_KERNEL_STAMP = re.compile(
    r"^\[\s*(?:\d{1,10}\.\d{1,9}|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} +\d{1,2} "
    r"\d\d:\d\d:\d\d \d{4})\]\s*"
)


# Where a sentence ends inside a long line of prose (a forum post pasted as one line).
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=\S)")


def _parts(line):
    """A line longer than the budget, split where log records start or, in prose where
    none does, where its sentences end: ``list[str]``. A long description then keeps its
    sentences that name a failure ("… the job died with an NCCL watchdog timeout") rather
    than its first 500 characters."""
    records = _RECORD_START.split(line)
    if len([r for r in records if r.strip()]) > 1:
        return records
    return _SENTENCE_END.split(line)


def first_words(text, limit=SEARCH_MAX_LENGTH):
    """``text`` cut to at most ``limit`` characters at a word boundary (a single word
    longer than that is cut where the limit falls). Output: ``str``."""
    if len(text) <= limit:
        return text
    cut = text[: limit + 1].rsplit(None, 1)[0]
    return cut if cut and len(cut) <= limit else text[:limit]


# A line of trouble is kept this many times at most; the repeats come last, in the budget
# the other lines leave, so three link-state lines (``search/machines.py``'s
# ``LINK_FLAP_LINES``) survive a paste of forty.
SHAPE_REPEATS_KEPT = 3


# The longest prefix before a signature's match that is taken for a log line's stamp,
# host and process ("Mar 12 03:15:01 gpu-node-17 kernel: ", "[Tue Mar 12 03:14:07
# 2024] "); a line with more before its match is prose and is kept whole, unless that
# prefix holds fewer than PROSE_WORDS plain words (PyTorch's "[rank12]:[E1207
# 01:22:46.123456 2291 ProcessGroupNCCL.cpp:616] [Rank 12] " is a log line's: a new
# user's paste kept it whole, and lost the line for want of room).
LOG_PREFIX = 60
PROSE_WORDS = 4
_PLAIN_WORD = re.compile(r"\b[a-z]{3,}\b", re.IGNORECASE)
# What a line a signature matched keeps after its last match: the words that say more
# ("… has fallen off the bus", "… rc = -107"), up to this many characters.
SIGNATURE_TAIL = 80


def _signature_part(line, matched):
    """The part of a line that signatures ``matched`` (``[(kind, slug, start, end)]``) that
    a long paste keeps: from the first match to :data:`SIGNATURE_TAIL` characters past the
    last, cut at a word boundary; the whole line when more than :data:`LOG_PREFIX`
    characters come before the first match. The timestamp, host and process id before
    the first match say nothing a reader or the search uses, and leave room for more
    lines."""
    start = min(match[2] for match in matched)
    if start > LOG_PREFIX and len(_PLAIN_WORD.findall(line[:start])) >= PROSE_WORDS:
        return line  # prose that quotes a log line: its words before the quote count
    end = max(match[3] for match in matched)
    return line[start:end] + first_words(line[end:], SIGNATURE_TAIL).rstrip()


def _matched_only(line, matched):
    """The words of a line that signatures ``matched``, alone (``str``): what a long paste
    keeps of a line a signature matched when the whole of :func:`_signature_part` does
    not fit."""
    return " … ".join(line[start:end] for _, _, start, end in sorted(matched, key=lambda m: m[2]))


def read_paste(text, find_signatures=None, limit=SEARCH_MAX_LENGTH):
    """The part of ``text`` the search reads.

    Input: the text (at most ``PASTE_MAX_LENGTH`` characters: the caller refuses
    longer); ``find_signatures``, a callable ``str → list`` of signature matches
    (``search.signatures.SignatureMatcher.find``) or ``None``; the budget in characters.
    Output: ``str`` of at most ``limit`` characters: ``text`` itself when it fits, else
    its lines that matter, joined by newlines, in their pasted order.
    """
    if len(text) <= limit:
        return text
    lines = [
        record.strip()
        for line in text.splitlines()
        for record in (_parts(line) if len(line) > limit else [line])
        if record.strip()
    ]
    if len(lines) <= 1:
        return first_words(text.strip(), limit)
    ranked = []
    seen = {}
    for position, line in enumerate(lines):
        line = _KERNEL_STAMP.sub("", line)
        matched = find_signatures(line) if find_signatures is not None else []
        # Lines a signature matches differ by what they show (Xid 79 is not Xid 94);
        # others by their shape, numbers and addresses aside.
        if matched:
            shape = tuple(sorted((kind, slug) for kind, slug, *_ in matched))
        else:
            shape = _VARYING.sub("#", line.casefold())
        short = _matched_only(line, matched) if matched else line
        line = _signature_part(line, matched) if matched else line
        trouble = bool(matched) or bool(FAILURE_WORDS.search(line))
        said = not matched and bool(_SAID_BY_A_PERSON.match(line))
        seen[shape] = seen.get(shape, 0) + 1
        values = frozenset((kind, slug) for kind, slug, *_ in matched)
        if seen[shape] == 1:
            if matched:
                weight = 0
            elif said and (trouble or _CAUSE_WORDS.search(line)):
                weight = 0.5  # a person's diagnosis among the log lines
            else:
                weight = 1 if trouble else 2
        elif seen[shape] <= SHAPE_REPEATS_KEPT and trouble:
            weight = 3  # a repeat of trouble, kept if budget is left
        else:
            continue
        ranked.append((weight, position, line, short, values))
    # The lines signatures matched, in pasted order, each first when it shows a value no
    # line kept before it shows (a screen of Xid and AER lines no longer leaves the NCCL
    # watchdog's line below it without room), then a person's diagnosis, then the others.
    covered, first, later = set(), [], []
    for item in sorted(ranked, key=lambda item: (item[0], item[1])):
        if item[0] == 0 and item[4] - covered:
            covered |= item[4]
            first.append((item, True))
        else:
            later.append((item, False))
    later.sort(key=lambda pair: (0.75 if pair[0][0] == 0 else pair[0][0], pair[0][1]))
    kept, used = [], 0
    for (_, position, line, short, _), new in first + later:
        # (a line that shows a value nothing else shows keeps at least its matched words)
        for text in (line, short) if new else (line,):
            text = first_words(text, limit)
            cost = len(text) + (1 if kept else 0)
            if used + cost <= limit:
                kept.append((position, text))
                used += cost
                break
    return "\n".join(line for _, line in sorted(kept))


def read_text(text, find_signatures=None):
    """The part of a sentence or paste the search and suggestions read: ``str``, at most
    ``SEARCH_MAX_LENGTH`` characters: ``text`` itself when it fits, :func:`read_paste` of
    a paste of up to ``PASTE_MAX_LENGTH``, else its first words. Input: the text (white
    space around it already stripped) and ``find_signatures`` as :func:`read_paste` takes
    it. The list, ``/suggest.json`` and ``manage.py evaluate_search`` all read through it."""
    if len(text) <= SEARCH_MAX_LENGTH:
        return text
    if len(text) <= PASTE_MAX_LENGTH:
        return read_paste(text, find_signatures)
    return first_words(text)
