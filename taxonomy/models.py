"""The taxonomy a case is filed under.

Four kinds of term share one abstract base, :class:`Term`: root causes (why it happened),
components (where it happened), symptoms (what people saw) and contributing factors (what
made it worse or likelier). Each term belongs to one or more broad :class:`Category` areas.
The starting vocabulary is ``shared/taxonomy-vocabulary.md``; every model has a natural key
(its slug) so fixtures load in any order and twice.
"""

from django.db import models
from django.urls import reverse

from lib import natural_keys
from lib.validators import (
    ALIAS_LENGTH,
    ALIAS_LINES,
    DESCRIPTION_LENGTH,
    PHRASING_LENGTH,
    PHRASING_LINES,
    LineListValidator,
    MarkdownValidator,
    validate_slug,
)
from taxonomy.signatures import SIGNATURE_LINES, SignatureListValidator, parse_signatures


class SlugManager(models.Manager):
    """Manager that resolves natural keys: ``get_by_natural_key(slug) -> instance``.

    Raises ``DoesNotExist`` when no row has that slug. Inside
    :func:`lib.natural_keys.remembered` (a fixture load) a row found once is not asked for
    again.
    """

    def get_by_natural_key(self, slug):
        return natural_keys.lookup(self, (slug,), lambda: self.get(slug=slug))


def split_aliases(text):
    """Split an aliases field into a list of names.

    Input: the stored text, one alias per line (blank lines and surrounding spaces ignored).
    Output: ``list[str]`` in stored order, without duplicates (case-insensitive).
    """
    seen = set()
    aliases = []
    for line in text.splitlines():
        alias = line.strip()
        if alias and alias.casefold() not in seen:
            seen.add(alias.casefold())
            aliases.append(alias)
    return aliases


class Category(models.Model):
    """A broad area a term belongs to, such as "GPU hardware and memory"."""

    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=100, unique=True, validators=[validate_slug])
    description = models.TextField(
        blank=True, help_text="Markdown.", validators=[MarkdownValidator(DESCRIPTION_LENGTH)]
    )
    # Bumped by each admin save; two editors' saves are merged or shown as a conflict.
    version = models.PositiveIntegerField(default=1, editable=False)

    objects = SlugManager()

    class Meta:
        ordering = ["name"]
        verbose_name_plural = "categories"

    def __str__(self):
        return self.name

    def natural_key(self):
        return (self.slug,)


class Term(models.Model):
    """Abstract base of the four taxonomy kinds.

    ``kind`` (class attribute) is the kind's query-parameter name (``root_cause``,
    ``component``, ``symptom``, ``contributing_factor``); ``aliases`` holds one other
    name per line: abbreviations, vendor wording and log signatures such as ``Xid 79``;
    ``phrasings`` one everyday description per line, which names nothing (suggested
    filters compare a sentence's meaning with them: ``search/suggestions.py``).
    ``is_published`` false keeps a term made in the case form's pop-up private until a
    published case carries it (the case index's rule: ``incidents/index.py``).
    """

    kind = ""

    name = models.CharField(max_length=100, unique=True)
    slug = models.SlugField(max_length=100, unique=True, validators=[validate_slug])
    description = models.TextField(
        blank=True,
        help_text="Markdown: one or two sentences.",
        validators=[MarkdownValidator(DESCRIPTION_LENGTH)],
    )
    aliases = models.TextField(
        blank=True,
        help_text=f"One per line: other names people type or see in logs "
        f"(abbreviations, vendor wording, error strings); at most {ALIAS_LINES} lines.",
        validators=[LineListValidator(ALIAS_LINES, ALIAS_LENGTH)],
    )
    phrasings = models.TextField(
        blank=True,
        validators=[LineListValidator(PHRASING_LINES, PHRASING_LENGTH)],
        help_text="One per line: how people describe it in their own words, without naming "
        "it (“the node rebooted by itself and never came back”). Suggested filters read a "
        "sentence's meaning against these, the name, aliases and description. At most "
        f"{PHRASING_LINES} lines.",
    )
    signatures = models.TextField(
        blank=True,
        validators=[SignatureListValidator()],
        help_text="One per line: a pattern (RE2 syntax, any case) for a line real tools print "
        "when this happens, then a space and the https URL of the page that documents the "
        f"line. At most {SIGNATURE_LINES} lines.",
    )
    categories = models.ManyToManyField(Category, blank=True, related_name="%(class)s_terms")
    is_published = models.BooleanField(
        "published",
        default=True,
        help_text="Shown on public pages (its page, the vocabulary, the API, MCP). A term "
        "made from a case's form (the “+” pop-up) starts unpublished, so an abandoned "
        "case leaves nothing public; it is published with the first published case that "
        "carries it.",
    )
    # Bumped by each admin save; a save from a form opened at an older version is refused.
    version = models.PositiveIntegerField(default=1, editable=False)

    objects = SlugManager()

    class Meta:
        abstract = True
        ordering = ["name"]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        """This term's page: ``/taxonomy/<kind>/<slug>/``."""
        return reverse("taxonomy:term_detail", kwargs={"kind": self.kind, "slug": self.slug})

    def get_filter_url(self):
        """The case list filtered by this term: ``/?<kind>=<slug>``."""
        return f"{reverse('incidents:case_list')}?{self.kind}={self.slug}"

    def natural_key(self):
        return (self.slug,)

    @property
    def alias_list(self):
        """This term's aliases as ``list[str]``."""
        return split_aliases(self.aliases)

    def phrasing_list(self):
        """This term's everyday descriptions as ``list[str]``."""
        return split_aliases(self.phrasings)

    def signature_list(self):
        """This term's log signatures as ``list[Signature]`` (``pattern``, ``source``);
        empty when the stored text does not parse (the form refuses such text)."""
        try:
            return parse_signatures(self.signatures)
        except ValueError:
            return []


# The root cause a case carries when its sources report what went wrong but give no cause
# (fixtures/taxonomy.json; issue 24). It is the library's record of a gap, not a cause:
# diagnoses rank it after every cause and suggested filters never offer it.
UNDETERMINED_CAUSE = "undetermined-cause"


class RootCause(Term):
    """Why it happened: "GPU overheating", "Configuration change"."""

    kind = "root_cause"

    class Meta(Term.Meta):
        verbose_name = "root cause"


class Component(Term):
    """Where it happened: "Training data loader", "NCCL"."""

    kind = "component"


class Symptom(Term):
    """What people saw: "NCCL timeout", "Loss spike"."""

    kind = "symptom"


class ContributingFactor(Term):
    """What made it worse or likelier: "Synchronous training", "No staged rollout"."""

    kind = "contributing_factor"

    class Meta(Term.Meta):
        verbose_name = "contributing factor"


TERM_MODELS = (RootCause, Component, Symptom, ContributingFactor)


def new_epoch():
    """A random 32-character hex string: the identity of one database's counters."""
    import secrets

    return secrets.token_hex(16)


class TaxonomyVersion(models.Model):
    """The library's change counters, in one row (``pk=1``).

    ``number`` is bumped whenever a term, category or organisation changes; ``cases``
    whenever a case, its terms or its published state change. Kept in the database so
    every process (several gunicorn workers, several hosts) sees a change and rebuilds
    what it derived from the data: the suggestion recogniser (``search/suggestions.py``) and
    the case index (``incidents/index.py``). One query reads both.
    """

    number = models.PositiveBigIntegerField(default=0)
    cases = models.PositiveBigIntegerField(default=0)
    # Random per database: counters restart at 0 in a new or restored database, so keys
    # in a cache shared with another database (Redis) carry this too.
    epoch = models.CharField(max_length=32, default=new_epoch, editable=False)

    def __str__(self):
        return f"taxonomy version {self.number}"


def taxonomy_version():
    """The current taxonomy change counter (one SQL query; 0 before any change)."""
    return TaxonomyVersion.objects.filter(pk=1).values_list("number", flat=True).first() or 0


def bump_taxonomy_version(**kwargs):
    """Signal receiver: mark every process's suggestion recogniser out of date."""
    if not TaxonomyVersion.objects.filter(pk=1).update(number=models.F("number") + 1):
        TaxonomyVersion.objects.get_or_create(pk=1, defaults={"number": 1})
