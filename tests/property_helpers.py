"""Shared by the property tests: Hypothesis settings, and what every refusal of the API must look like."""
import json

from hypothesis import HealthCheck, settings

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                           HealthCheck.too_slow])


def refusal_is_clear(response):
    assert response.status_code < 500, response.get_data(as_text=True)[:500]
    if response.status_code >= 400:
        assert response.mimetype == "application/json"
        body = response.get_json()
        assert body["errors"]
        for error in body["errors"]:
            assert set(error) == {"field", "message"}
            assert error["field"] is None or isinstance(error["field"], str)
            assert isinstance(error["message"], str) and error["message"].strip()


def send_json(client, method, url, payload):
    try:
        text = json.dumps(payload, allow_nan=True)
    except ValueError:
        text = "{}"
    return client.open(url, method=method, data=text, content_type="application/json")
