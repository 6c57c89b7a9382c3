"""Diagnosis on the real library (issue 24's bar): every published case has a finding or
is listed with why, and the diagnosis of the five symptoms readers ask about most lists
causes whose evidence comes from the linked cases, counted as the database counts."""

from django.db.models import Count

from incidents.models import Finding

from .conftest import LibraryTestCase, page


class RealLibraryDiagnosisTests(LibraryTestCase):
    """Issue 24's bar on the real library: every published case has a finding, and the
    diagnosis of the five symptoms readers ask about most lists causes whose evidence
    sentences come from the linked cases, counted as the database counts them."""

    only_reads = True

    SYMPTOMS = (
        "nccl-timeout",
        "gpu-fell-off-the-bus",
        "silent-data-corruption",
        "loss-spike",
        "elevated-error-rate",
    )

    def test_every_published_case_has_a_finding_on_its_own_terms(self):
        """A case whose sources give no cause has a finding naming Undetermined cause (a
        finding is never inferred); the list of cases without one, with why, is empty."""
        from pathlib import Path

        from incidents.models import Case

        listed = Path(__file__).resolve().parent.parent / "docs/editorial/no-finding.tsv"
        rows = [line.split("\t") for line in listed.read_text().splitlines()
                if line and not line.startswith("#")][1:]  # fmt: skip
        without = {slug for slug, why in rows if why.strip()}
        lacking = set(
            Case.objects.published().filter(findings__isnull=True).values_list("slug", flat=True)
        )
        assert lacking == without == set()
        for finding in Finding.objects.select_related("case", "source"):
            case = finding.case
            assert case.root_causes.filter(pk=finding.root_cause_id).exists(), finding
            assert case.symptoms.filter(pk=finding.symptom_id).exists(), finding
            assert finding.source.case_id == case.pk, finding

    def test_the_diagnosis_of_each_symptom_shows_evidence_from_the_linked_cases(self):
        for symptom in self.SYMPTOMS:
            with self.subTest(symptom):
                response = self.client.get(f"/diagnose/?symptom={symptom}")
                assert response.status_code == 200
                causes = page(response).select(".cause")
                assert causes, symptom
                answer = self.client.get(f"/api/v1/diagnose/?symptom={symptom}").json()
                expected = {
                    row["root_cause__slug"]: (row["findings"], row["cases"])
                    for row in Finding.objects.filter(
                        symptom__slug=symptom, case__is_published=True
                    )
                    .values("root_cause__slug")
                    .annotate(findings=Count("pk"), cases=Count("case", distinct=True))
                }
                assert {r["slug"]: (r["findings"], r["cases"]) for r in answer["ranked"]} == (
                    expected
                )
                for ranked in answer["ranked"]:
                    for evidence in ranked["evidence"]:
                        stored = Finding.objects.get(
                            case__slug=evidence["case"]["slug"],
                            evidence=evidence["sentence"],
                        )
                        assert stored.root_cause.slug == ranked["slug"]
                        assert stored.symptom.slug == symptom
                        assert stored.source.url == evidence["source"]["url"]
