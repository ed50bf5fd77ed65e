import pytest
from django.test import Client


@pytest.mark.django_db
def test_health_answers_ok(client: Client) -> None:
    response = client.get("/health/")
    assert (response.status_code, response.content) == (200, b"ok")
