"""Reading people's words and pasted log lines: folding, stemming, and the query terms.

Two readings of a text:

- :func:`words` and :func:`stem`, for the documents: every run of letters and digits,
  folded to lower case without accents, stemmed with the Snowball English stemmer (the one
  PostgreSQL's ``english`` configuration uses), stop words (PostgreSQL's ``english`` list)
  left out. ``torch.sum`` is two words, as PostgreSQL reads it once ASCII punctuation is
  turned into spaces (``search/documents.py``).
- :func:`query_terms`, for what a person types or pastes: the same words, minus what a log
  line carries that says nothing about the failure (timestamps, numbers, ranks, process and
  thread ids, hexadecimal, IP addresses, host names, log levels, a JSON body's keys),
  plus the signatures such lines do carry: an error code with its number (``Xid 79``,
  ``HTTP 503``, ``exit code 137``) and the C library's messages (``Bus error``) as
  phrases, and ``CamelCase`` names (``OutOfMemoryError``) both whole and as their words.
"""

import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer

from lib.phrases import CJK

# PostgreSQL 15 tsearch_data/english.stop (the Snowball English stop list).
_STOP_WORDS_TEXT = """
    i me my myself we our ours ourselves you your yours yourself yourselves he him his
    himself she her hers herself it its itself they them their theirs themselves what which
    who whom this that these those am is are was were be been being have has had having do
    does did doing a an the and but if or because as until while of at by for with about
    against between into through during before after above below to from up down in out on
    off over under again further then once here there when where why how all any both each
    few more most other some such no nor not only own same so than too very s t can will just
    don should now"""
STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split())
# A word: a run of letters and digits; a run of Han, kana or Hangul is a word of its own
# beside Latin letters ("vllm部署qwen").
WORD = re.compile(rf"[{CJK}]+|[^\W_{CJK}]+")

# Snowball stemmers keep state while stemming, so each thread has its own (gunicorn runs
# several threads per worker; a shared one gave wrong stems under load).
_local = threading.local()


def _stemmer():
    stemmer = getattr(_local, "stemmer", None)
    if stemmer is None:
        stemmer = _local.stemmer = snowballstemmer.stemmer("english")
    return stemmer


@lru_cache(maxsize=16384)
def stem(word):
    """The Snowball English stem of a folded word: ``"hangs"`` → ``"hang"`` (memoised)."""
    return _stemmer().stemWord(word)


def fold(text):
    """Lower-case ``text`` and strip accents: ``"Zürich"`` → ``"zurich"``; symbols such as
    ``㎒`` become the letters they stand for (NFKD)."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def words(text):
    """The words of ``text``, folded: ``list[str]``; everything but letters and digits splits."""
    return WORD.findall(fold(text))


def query_stems(sentence):
    """The meaningful words of a sentence as (word, stem) pairs, first occurrence each.

    Input: the sentence, any text. Output: ``list[tuple[str, str]]``; stop words dropped.
    Used for highlighting; ranking reads :func:`query_terms`.
    """
    seen, pairs = set(), []
    for word in words(sentence):
        if word in STOP_WORDS:
            continue
        word_stem = stem(word)
        if word_stem not in seen:
            seen.add(word_stem)
            pairs.append((word, word_stem))
    return pairs


# --- Query terms: what a sentence or a pasted log line is searched by --------------------

# A word between the parts of a reader's pattern that is no negation: in
# ``rf"(?:{NOT_BETWEEN}[\w'-]+\s+){{0,3}}?"`` none of the words skipped may be "not",
# "never", "didn't"… ("the job did not crash" is no crash), nor a contrast's "instead of"
# or "rather than" ("the job hangs instead of crashing" is no crash either; "the run
# instead crashed" is one). Used by the readers
# in ``search/jobs.py``, ``search/service.py`` and ``search/changes.py``.
NOT_BETWEEN = (
    r"(?!(?:not|never|no|didn|didnt|doesn|doesnt|don|dont|won|wont|hasn|hasnt)\b|instead\s+of\b|"
    r"rather\s+than\b)"
)

_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec"
_DAYS = "mon|tue|wed|thu|fri|sat|sun"
# Parts of a log line that name when, where and which process, not what went wrong.
_HTTP_METHODS = "GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|CONNECT|TRACE"
# A whole access-log request line: "POST /v1/chat/completions HTTP/1.1".
ACCESS_LOG_REQUEST = re.compile(rf'"(?:{_HTTP_METHODS}) [^"\s]*(?: HTTP/[\d.]+)?"')
# An access log's user agent ("python-httpx/0.27.2") names the client, not what went
# wrong; removed before versions are read, so its version is no signature either.
_USER_AGENT = re.compile(r'"[\w.+-]+/\d[^"]*"')
# Host and pod names: three or more dash-joined parts, each with digits (gb200-r07-h11),
# or a name ending in a number of two digits or more (hpc-a100-0417, swedencentral-01;
# not llama-3-405b, not CVE-2024-0132), or letters and digits in turns (r7i4n3: rack 7,
# IRU 4, node 3), or a Slurm host list, a range or list of numbers in brackets
# (gpu[012-013], node-[1,4-7]; "HOSTLIST EXPRESSIONS" in the sinfo and scontrol manuals:
# https://slurm.schedmd.com/scontrol.html). Case-insensitive; used by :data:`_NOISE` and
# :func:`is_host_name`.
HOST_NAME_PATTERN = (
    r"[a-z]+\d[a-z0-9]*(?:-[a-z0-9]*\d[a-z0-9]*){2,}\b"
    r"|(?!cve-)[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\d{2,}\b"
    r"|[a-z]+\d+(?:[a-z]+\d+){2,}\b"
    r"|[a-z][a-z0-9-]{0,60}\[\d{1,6}[-,][\d,-]{1,200}\](?:[a-z0-9-]{0,60}\b)?"
)
_HOST_NAME = re.compile(HOST_NAME_PATTERN, re.IGNORECASE)


def is_host_name(token):
    """Whether ``token`` (``str``, one word of a line, no spaces) is a host name as
    clusters name machines (:data:`HOST_NAME_PATTERN`), written in lowercase as host
    names are ("GPU-12" may be the twelfth GPU; "gpu-a-117" is a machine). Output: bool."""
    return token.islower() and _HOST_NAME.fullmatch(token) is not None


_NOISE = re.compile(
    "|".join(
        [
            # 2023-05-11T05:52:38.442Z, 2021/12/06 14:22:31, 04/Dec/2024:16:21:08 -0800
            r"\b\d{4}[-/]\d{1,2}[-/]\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?)?"
            r"(?:Z|[+-]\d{2}:?\d{2})?",
            rf"\b\d{{1,2}}/(?:{_MONTHS})/\d{{4}}(?::\d{{2}}:\d{{2}}:\d{{2}})?(?: [+-]\d{{4}})?",
            rf"\b(?:{_DAYS}),? (?:{_MONTHS}) +\d{{1,2}}\b",
            r"\b\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?\b",  # 09:41:12.518
            r"\[\s*\d+\.\d+\s*\]",  # kernel log uptime: [ 3912.507114]
            r"(?<=http)/\d(?:\.\d)?\b",  # HTTP/1.1: the version, not the protocol
            # Source files in stack traces: the extension and line (threading.py:302).
            r"(?<=\w)\.(?:py|pyx|so|c|cc|cpp|cu|cuh|h|hpp|go|rs|js|ts|java|rb)(?::\d+)*(?:\.\d+)*\b",
            r"(?<=\w):\d+(?=\)|\s|$)",  # a line number after a name: (queue:179)
            r"\bpci:",  # NVRM: Xid (PCI:0000:c1:00): 119
            r"\b[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}(?:\.[0-9a-f])?\b",  # PCI bus id
            r"\[\s*rank\s*\d+\s*\]|\brank\s*[=:#]?\s*\d+\b|\[\d+\]",  # [Rank 3], rank 21, [2]
            r"\b(?:pid|tid|lwp|thread|uid|gid|port)\s*[=:#]?\s*\d+\b",  # pid=41873, LWP 218733
            r"\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b",  # 10.12.7.44:5432
            r"\b0x[0-9a-f]+\b",  # 0x0000ffff9be1c8a8
            r"\b(?=[0-9a-f-]*\d)(?=[0-9a-f-]*[a-f])[0-9a-f]{6,}(?:-[0-9a-f]{2,})*\b",  # hex, UUID
            rf"\b(?:{HOST_NAME_PATTERN})",
            # An access log's method says how a request was made: "POST /v1/chat ...".
            rf'(?<=")(?:{_HTTP_METHODS})(?= /)',
            # A JSON body's keys name its fields, and true, false and null are no words:
            # {"success":false,"errors":[{"message":"Service Unavailable"}]} is about a
            # service unavailable (RFC 8259: a member is a string, a colon, a value).
            r'"[a-z_][\w.-]{0,60}"(?=\s{0,8}:)',
            r"(?<=:)\s{0,8}(?:true|false|null)\b",
        ]
    ),
    re.IGNORECASE,
)
# Words a log line prints on every line: levels and record labels, not signals.
LOG_NOISE_WORDS = frozenset(
    [
        "info",
        "debug",
        "trace",
        "notice",
        "verbose",
        "pid",
        "tid",
        "lwp",
        "uid",
        "gid",
        "ms",
        "sec",
        "secs",
        "usec",
        "nsec",
    ]
)
# The C library's messages for signals and errors, as programs print them ("killed by
# signal: Bus error", "Connection refused"): each is searched as a phrase besides its
# words, since its words alone are everyday ones ("bus" is also PCIe's and "fell off the
# bus"). Texts of glibc's signal and error lists (strsignal(3), strerror(3): glibc's
# signal/siglist.h and stdio-common/errlist.def), those of two or more words none of which
# is a stop word (a phrase is matched on adjacent words).
SYSTEM_MESSAGES = (
    "illegal instruction",
    "bus error",
    "floating point exception",
    "segmentation fault",
    "broken pipe",
    "alarm clock",
    "input/output error",
    "permission denied",
    "connection refused",
    "connection reset",
    "connection timed out",
    "stale file handle",
    "disk quota exceeded",
    "read-only file system",
    "resource temporarily unavailable",
    "address already in use",
    "cannot allocate memory",
)
_MESSAGES = frozenset(tuple(WORD.findall(message)) for message in SYSTEM_MESSAGES)
_MESSAGE_LENGTH = max(len(message) for message in _MESSAGES)
# A number is kept only right after one of these words, as a phrase: Xid 79, HTTP 503.
CODE_WORDS = frozenset(
    ["xid", "sxid", "http", "status", "code", "error", "errno", "exit", "signal", "rc", "cve"]
)
_VERSION = re.compile(r"(?<![\d.])\d+\.\d+\.\d+(?![\d.])")
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
# A bare number of three digits (not a time, an id or an address: those are removed) may
# be a status code or a count a report quotes ("992 files"); it counts this much.
NUMBER_WEIGHT = 0.5
# At most this many terms are searched for (a long log line names many words).
MAX_QUERY_TERMS = 48


@dataclass(frozen=True)
class QueryTerm:
    """One thing a sentence is searched by: a word, or a phrase of consecutive words.

    ``stems``: the stems in order (``("xid", "79")`` for a phrase; one stem for a word).
    ``words``: the folded words as typed, for PostgreSQL's ``to_tsquery``, which stems
    them itself (letters and digits only, so no operator can come through). ``weight``:
    how much the term counts (:data:`NUMBER_WEIGHT` for a bare three-digit number, 1.0
    otherwise).
    """

    stems: tuple
    words: tuple
    weight: float = 1.0

    @property
    def tsquery(self):
        """This term as ``to_tsquery`` text: ``watchdog`` or ``xid <-> 79``."""
        return " <-> ".join(self.words)


# A row of the Events table ``kubectl describe`` prints: type, reason, age (with
# "(x40 over 13m)" when repeated), then the source that reported it ("kubelet",
# "kubelet, node-1", "default-scheduler"), each column padded to two spaces or more. The
# source is who saw the event, as a syslog host is where a line was written; the reason
# and message say what happened. ``kubectl get events`` puts the age first and the object
# ("pod/x") where the source would be, so its rows do not match and keep their words.
# Format: ``DescribeEvents`` in kubectl's pkg/describe/describe.go, which writes
# "Type\tReason\tAge\tFrom\tMessage" through a tabwriter:
# https://github.com/kubernetes/kubectl/blob/master/pkg/describe/describe.go
# Each part is bounded and anchored at a line start, so the match time is linear in the
# input (about 1 ms for 20,000 characters of padding, measured).
_EVENT_SOURCE = re.compile(
    r"(?m)^([ \t]*(?:Warning|Normal)[ \t]+[A-Za-z]{1,60}[ \t]{2,}"
    r"(?:[0-9][0-9a-z]{0,10}(?:[ \t]+\(x\d{1,9} over [0-9a-z]{1,10}\))?[ \t]{2,})?)"
    r"([a-z][\w.-]{0,60}(?:,[ \t]*[\w.-]{1,120})?)(?=[ \t]{2,})"
)


# The lines CPython prints around every traceback, whatever went wrong: its header and
# the two that chain exceptions (Lib/traceback.py, ``TracebackException.format``:
# https://github.com/python/cpython/blob/main/Lib/traceback.py). Their words say nothing
# of the failure ("most recent call last" read like a dependency failure).
_TRACEBACK_BOILERPLATE = re.compile(
    r"Traceback \(most recent call last\):|"
    r"During handling of the above exception, another exception occurred:|"
    r"The above exception was the direct cause of the following exception:"
)


# A frame of a Python traceback and the source line CPython prints under it ('  File
# "/workspace/train.py", line 412, in <module>' then '    main()'; Lib/traceback.py,
# ``StackSummary.format``): where the error passed, not what it was. Bounded and anchored
# at a line start.
_TRACEBACK_FRAME = re.compile(
    r'(?m)^[ \t]{0,8}File "[^"\n]{1,300}", line \d{1,7}(?:, in [^\n]{1,200})?'
    r"(?:\n[ \t]{2,16}[^\n]{0,300})?"
)


def line_around(text, start, end):
    """``(start, end)`` of the line of ``text`` holding ``text[start:end]``, without its
    newlines."""
    line_end = text.find("\n", end)
    return text.rfind("\n", 0, start) + 1, len(text) if line_end < 0 else line_end


def traceback_frames(text):
    """``[(start, end)]``: the frames of a Python traceback in ``text``, each with the
    source line under it (:data:`_TRACEBACK_FRAME`). The suggestions' meaning layer does
    not read them (a path and a line of code read like a user's code error). Linear."""
    return [match.span() for match in _TRACEBACK_FRAME.finditer(text)]


# A row of a BMC's event log as ``ipmitool sel list`` prints it ("3a | 06/11/2024 |
# 04:17:52 | Power Supply PSU2_Status | Power Supply AC lost | Asserted"): a sensor and
# a state from ipmitool's fixed list (include/ipmitool/ipmi_sel.h), read by signatures;
# its words, "Deasserted" included, are no prose for the meaning layer.
_SEL_ROW = re.compile(
    r"(?m)^[ \t]{0,8}[0-9a-fA-F]{1,8} \| [^|\n]{1,40} \| [^|\n]{1,40} \| [^\n]{0,300}"
)


def sel_rows(text):
    """``[(start, end)]``: the rows of a BMC's event log in ``text`` (:data:`_SEL_ROW`),
    which the suggestions' meaning layer does not read. Linear."""
    return [match.span() for match in _SEL_ROW.finditer(text)]


def strip_log_noise(text):
    """``text`` with timestamps, ranks, ids, hexadecimal, addresses and host names turned
    into spaces (the :data:`_NOISE` patterns), and so is the reporting source of a
    Kubernetes event line (:data:`_EVENT_SOURCE`) and a Python traceback's own lines
    (:data:`_TRACEBACK_BOILERPLATE`). Input and output: ``str``."""
    text = _TRACEBACK_BOILERPLATE.sub(" ", text)
    text = _EVENT_SOURCE.sub(lambda m: m.group(1) + " " * len(m.group(2)), text)
    return _NOISE.sub(" ", _USER_AGENT.sub(" ", text))


def _split_camel(token):
    """``"OutOfMemoryError"`` → ``["Out", "Of", "Memory", "Error"]``; ``[]`` when the token
    is not mixed case (nothing to split) or a part would be one letter: ``NaN``, ``vLLM``,
    ``MoE`` and ``gRPC`` are names, not words (split, "NaN" searched for every case with
    the letter "n")."""
    if token.islower() or token.isupper() or not any(c.isupper() for c in token[1:]):
        return []
    parts = _CAMEL.findall(token)
    return parts if len(parts) > 1 and all(len(part) > 1 for part in parts) else []


def query_terms(sentence):
    """The terms a sentence or log line is searched by, first occurrence each.

    Input: any text. Output: ``list[QueryTerm]``, at most :data:`MAX_QUERY_TERMS`, in the
    order met. Stop words, :data:`LOG_NOISE_WORDS` and bare numbers are left out, but for
    three-digit ones (at :data:`NUMBER_WEIGHT`); a number right after a
    :data:`CODE_WORDS` word makes a phrase with it, and so do the numbers of a version
    (``2.28.9``); a ``CamelCase`` token gives its whole folded form and its words.
    """
    text = _USER_AGENT.sub(" ", unicodedata.normalize("NFKC", sentence))
    terms, seen = [], set()

    def add(stems, folded, weight=1.0):
        if stems not in seen:
            seen.add(stems)
            terms.append(QueryTerm(stems, folded, weight))

    # Versions (2.28.9) are signatures: a phrase of their numbers, as documents hold them.
    for version in _VERSION.findall(text):
        parts = tuple(version.split("."))
        add(parts, parts)
    text = strip_log_noise(_VERSION.sub(" ", text))
    previous = None
    run = []  # the words just read, next to each other: for SYSTEM_MESSAGES
    for match in WORD.finditer(text):
        raw = match.group()
        word = fold(raw)
        if word.isdigit():
            if previous in CODE_WORDS:
                add((stem(previous), word), (previous, word))
            elif len(word) == 3 and word[0] != "0":
                add((word,), (word,), NUMBER_WEIGHT)
            previous = None
            run = []
            continue
        previous = word
        if word in STOP_WORDS or word in LOG_NOISE_WORDS:
            run = []
            continue
        run = [*run[-(_MESSAGE_LENGTH - 1) :], word] if _MESSAGE_LENGTH > 1 else [word]
        for length in range(2, len(run) + 1):
            if tuple(run[-length:]) in _MESSAGES:
                message = tuple(run[-length:])
                add(tuple(stem(w) for w in message), message)
        add((stem(word),), (word,))
        for part in _split_camel(raw):
            folded = fold(part)
            if folded not in STOP_WORDS and not folded.isdigit():
                add((stem(folded),), (folded,))
        if len(terms) >= MAX_QUERY_TERMS:
            break
    return terms[:MAX_QUERY_TERMS]
