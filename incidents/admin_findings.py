"""The case form's findings: which root cause produced which symptom, with the evidence
(issue 24). Rows merge with another editor's edits like the other inlines
(:class:`~lib.admin_tools.AppendedFormSet`)."""

from django import forms
from django.contrib import admin

from lib.admin_tools import AppendedFormSet, SafeChoicesMixin
from lib.merging import MergedRowForm

from .models import TERM_RELATIONS, Finding, Source

# A finding's term fields and the case's relation holding the same kind of term.
FINDING_TERMS = (
    ("root_cause", "root_causes"),
    ("component", "components"),
    ("symptom", "symptoms"),
)


class FindingForm(MergedRowForm):
    """One finding; the evidence is a sentence, so a short text box."""

    class Meta:
        model = Finding
        fields = [
            "root_cause", "component", "symptom", "contributing_factors", "evidence", "source",
            "count", "out_of", "counted", "percent",
        ]  # fmt: skip
        widgets = {"evidence": forms.Textarea(attrs={"rows": 2})}

    def clean(self):
        cleaned = super().clean()
        count, out_of = cleaned.get("count"), cleaned.get("out_of")
        if count is not None and out_of is not None and count > out_of:
            self.add_error("count", f"{count} is more than the {out_of} it is out of.")
        if (count is not None or cleaned.get("percent") is not None) and not cleaned.get("counted"):
            self.add_error("counted", 'Say what was counted ("unexpected interruptions").')
        return cleaned


class FindingInline(SafeChoicesMixin, admin.StackedInline):
    """A case's findings: each a root cause → (component) → symptom link its source states.
    The source is one of this case's (save a new case with its sources first); a term a
    finding names that the case lacks is added to the case on save
    (:func:`add_finding_terms`)."""

    model = Finding
    form = FindingForm
    formset = AppendedFormSet
    extra = 0
    autocomplete_fields = ["root_cause", "component", "symptom", "contributing_factors"]
    fields = [
        ("symptom", "root_cause", "component"),
        "contributing_factors",
        "evidence",
        "source",
        ("count", "out_of", "counted", "percent"),
        "edit_base",
    ]
    verbose_name = "finding (what caused what)"
    verbose_name_plural = "findings: which root cause produced which symptom, as a source states"

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("root_cause", "component", "symptom", "source")
            .prefetch_related("contributing_factors")
        )

    def get_formset(self, request, obj=None, **kwargs):
        """The formset whose source choices are this case's sources (none for a new
        case, which has none saved yet)."""
        formset = super().get_formset(request, obj, **kwargs)
        field = formset.form.base_fields["source"]
        field.queryset = Source.objects.filter(case=obj) if obj else Source.objects.none()
        field.help_text = (
            "One of this case's sources." if obj else "Save the case with its sources first."
        )
        return formset


def add_finding_terms(case):
    """Give ``case`` every term its findings name (a finding's terms are its case's own).

    Input: a saved case. Output: ``list[str]``, the names of the terms added (``[]`` when
    none was missing); the case's counters move through the relations' signals.
    """
    added = []
    findings = list(
        case.findings.select_related("root_cause", "component", "symptom").prefetch_related(
            "contributing_factors"
        )
    )
    wanted = {relation: set() for _, relation in TERM_RELATIONS}
    for finding in findings:
        for name, relation in FINDING_TERMS:
            term = getattr(finding, name)
            if term is not None:
                wanted[relation].add(term)
        wanted["contributing_factors"].update(finding.contributing_factors.all())
    for relation, terms in wanted.items():
        have = set(getattr(case, relation).values_list("pk", flat=True))
        missing = sorted((t for t in terms if t.pk not in have), key=lambda t: t.name)
        if missing:
            getattr(case, relation).add(*missing)
            added.extend(t.name for t in missing)
    return added
