"""Editor Markdown is rendered and sanitised: nothing an editor types can run script."""

import pytest

from .conftest import make_case, page

pytestmark = pytest.mark.django_db

HOSTILE = """Normal **bold** text.

<script>alert("x")</script>

[click me](javascript:alert(1)) and [ok](https://example.org/report)

<img src=x onerror="alert(2)"> <a href="#" onclick="alert(3)">hi</a>
<iframe src="https://evil.example"></iframe>
"""


@pytest.mark.parametrize(
    "field",
    [
        "summary",
        "trigger",
        "impact",
        "symptoms_text",
        "detection",
        "remediation",
        "action_items",
        "lessons",
    ],
)
def test_hostile_markdown_stays_inert_on_the_case_page_and_list(client, field):
    case = make_case("Hostile", **{field: HOSTILE})
    for url in [case.get_absolute_url(), "/"]:
        response = client.get(url)
        html = response.content.decode()
        assert response.status_code == 200
        assert "<script>alert" not in html
        assert "javascript:" not in html
        assert "onerror" not in html and "onclick" not in html
        assert "<iframe" not in html
    soup = page(client.get(case.get_absolute_url()))
    assert soup.find("strong", string="bold") is not None
    link = soup.find("a", string="ok")
    assert link["href"] == "https://example.org/report"
    assert "noopener" in link["rel"]
    assert not soup.find("a", string="click me").has_attr("href")


def test_markdown_lists_render_as_lists(client):
    case = make_case("Lists", remediation="- Drained the node\n- Replaced the GPU")
    soup = page(client.get(case.get_absolute_url()))
    items = [li.get_text() for li in soup.select(".section .prose ul li")]
    assert items == ["Drained the node", "Replaced the GPU"]
