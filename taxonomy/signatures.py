"""Log signatures: patterns for the lines real tools print, each citing its source.

A term's ``signatures`` field holds one signature per line: a regular expression, then
the https URL of the public page that documents the line (the vendor's documentation,
or the source code that prints it), separated by whitespace::

    NVRM: Xid \\([^)]{0,40}\\): 79\\b   https://docs.nvidia.com/deploy/xid-errors/…

Patterns are RE2 syntax (https://github.com/google/re2/wiki/Syntax), matched without
regard to case. RE2 matches in time linear in the input whatever the pattern, and
refuses what would not (backreferences, lookaround); a pattern must also be at most
:data:`PATTERN_LENGTH` characters, compile to at most :data:`PROGRAM_SIZE` instructions
within :data:`PROGRAM_MEMORY`, and match no everyday text (:data:`EVERYDAY_TEXTS`) nor,
when anchored, a lone character at a text's edge (:data:`EDGE_TEXTS`), so that an editor
can neither stall a worker nor make every sentence suggest a term.
"""

import re
import string
from dataclasses import dataclass, field

import re2
from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible

SIGNATURE_LINES = 30
PATTERN_LENGTH = 300
# RE2's memory budget for one compiled pattern (bytes): bounds what a pattern like
# "(a{999}){999}" may cost to compile and to hold.
PROGRAM_MEMORY = 1 << 20
# The most instructions one compiled pattern may have: the real signatures take 20 to
# about 650; "([^z]{20}){50}" takes thousands, and many such patterns made one request
# take a minute (an adversarial test, issue 19).
PROGRAM_SIZE = 5_000
# A signature must pick out a tool's line, not ordinary words or a lone character: it may
# match none of these (prose, an ordinary training log line, every printable ASCII
# character, a line break, a long line).
EVERYDAY_TEXTS = (
    "",
    " ",
    "\n",
    "the training job failed after the upgrade and we restarted it",
    "GPU 3 on node 12 finished step 100 of the training job; timeout set to 600 s; error "
    "rate 0.1%; NCCL INFO ring 0 connected; loss 2.31; all fine, connection established",
    "The quick brown fox jumps over the lazy dog 0123456789 "
    "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~ THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG",
    "INFO " + "the step finished and the next one started " * 15,
)
# And each printable character alone, at the end of a sentence and at its start: a
# pattern anchored to one character ("a$", "\\.$", "^t") matched every sentence ending or
# starting with it (a fresh helper's attack: "a$" made "the job is stuck on nvidia" a CUDA
# error by signature).
EDGE_TEXTS = tuple(
    text
    for character in string.printable.strip()
    for text in (character, f"the job is stuck {character}", f"{character} the job is stuck")
)


@dataclass(frozen=True)
class Signature:
    """One signature: ``pattern`` (RE2), ``source`` (https URL) and ``compiled``, the
    pattern as :func:`compile_pattern` compiled it (checked and ready to match)."""

    pattern: str
    source: str
    compiled: object = field(default=None, compare=False, repr=False)


# A pattern's character classes and escapes ("[^\\n]", "\\$"), which anchor nothing, and
# what is left of it that does: "^", "$", "\\A", "\\z".
_CLASS_OR_ESCAPE = re.compile(r"\[\^?\]?(?:\\.|[^\]\\])*\]|\\.")
_ANCHOR = re.compile(r"[\^$]|\\[Az]")


def _keep_anchor(match):
    return match.group() if match.group() in ("\\A", "\\z") else ""


def options():
    """The RE2 options every signature is compiled with: case-insensitive, a bounded
    program, errors raised rather than logged."""
    chosen = re2.Options()
    chosen.case_sensitive = False
    chosen.log_errors = False
    chosen.max_mem = PROGRAM_MEMORY
    return chosen


def compile_pattern(pattern):
    """Compile one pattern. Input: ``str``. Output: the compiled RE2 pattern.

    Raises ``ValueError`` with a reader's message when the pattern is too long, is not
    RE2 syntax, or matches an everyday text.
    """
    if len(pattern) > PATTERN_LENGTH:
        raise ValueError(f"a pattern has at most {PATTERN_LENGTH} characters")
    try:
        compiled = re2.compile(pattern, options())
    except re2.error as error:
        reason = error.args[0] if error.args else error
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        # Backreferences and lookaround are what RE2 leaves out to match in linear time.
        unbounded = "invalid escape" in reason or "invalid perl operator" in reason
        hint = "; RE2 has no backreferences or lookaround" if unbounded else ""
        raise ValueError(f"not a pattern RE2 accepts ({reason}){hint}") from None
    if compiled.programsize > PROGRAM_SIZE:
        raise ValueError(
            f"it compiles to {compiled.programsize} instructions, more than {PROGRAM_SIZE}: "
            "use fewer or smaller repetitions"
        )
    # (An unanchored pattern that matches a lone character matches the printable
    # characters of EVERYDAY_TEXTS already: only one with an anchor needs EDGE_TEXTS.)
    anchored = _ANCHOR.search(_CLASS_OR_ESCAPE.sub(_keep_anchor, pattern)) is not None
    for text in EVERYDAY_TEXTS + (EDGE_TEXTS if anchored else ()):
        found = compiled.search(text)
        if found:
            raise ValueError(
                f"it matches everyday text ({found.group()[:40]!r}): make it particular"
            )
    return compiled


def parse_signatures(text):
    """The signatures of a field's text, in order.

    Input: the stored text (blank lines ignored). Output: ``list[Signature]``. Raises
    ``ValueError`` naming the first bad line: no URL at its end, a URL that is not
    https, or a pattern :func:`compile_pattern` refuses.
    """
    found = []
    for number, line in enumerate((text or "").splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        pattern, _, source = line.replace("\t", " ").rpartition(" ")
        pattern = pattern.strip()
        if not pattern or not source.startswith("https://"):
            raise ValueError(
                f"line {number}: write the pattern, a space, then the https URL of the page "
                "that documents the line"
            )
        try:
            compiled = compile_pattern(pattern)
        except ValueError as error:
            raise ValueError(f"line {number}: {error}") from None
        found.append(Signature(pattern, source, compiled))
    return found


@deconstructible
class SignatureListValidator:
    """Field validator for ``signatures``: at most :data:`SIGNATURE_LINES` signatures,
    each as :func:`parse_signatures` requires. Raises ``ValidationError``."""

    def __call__(self, value):
        try:
            found = parse_signatures(value)
        except ValueError as error:
            raise ValidationError(f"Signature {error}.", code="invalid_signature") from None
        if len(found) > SIGNATURE_LINES:
            raise ValidationError(
                f"At most {SIGNATURE_LINES} signatures ({len(found)} given).",
                code="too_many_signatures",
            )

    def __eq__(self, other):
        return isinstance(other, SignatureListValidator)
