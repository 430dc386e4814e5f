"""Telling a page from data: the response hook new_client() installs, and page_answer()."""

from __future__ import annotations

import pytest
import requests

from coach_tui.garmin.client import NotData, _refuse_pages
from coach_tui.garmin.errors import page_answer


def answer(status: int, content_type: str | None, body: bytes) -> requests.Response:
    response = requests.Response()
    response.status_code = status
    if content_type is not None:
        response.headers["Content-Type"] = content_type
    response._content = body
    return response


@pytest.mark.parametrize("response", [
    answer(200, "application/json;charset=UTF-8", b"[]"),
    answer(200, "text/plain", b'[{"calendarDate": "2026-11-30"}]'),  # mislabelled, still data
    answer(204, None, b""),
    answer(403, "text/html", b"<html>blocked</html>"),   # the library raises errors itself
])
def test_data_and_error_statuses_pass_through(response):
    _refuse_pages(response)


@pytest.mark.parametrize("response, content_type", [
    (answer(200, "text/html; charset=utf-8", b"<html>Guest Wi-Fi</html>"), "text/html"),
    (answer(200, None, b"<html></html>"), "no content type"),
    (answer(200, "application/octet-stream", b"\xff\xfe"), "application/octet-stream"),
])
def test_a_successful_answer_that_is_not_json_names_its_content_type(response, content_type):
    with pytest.raises(NotData) as raised:
        _refuse_pages(response)
    assert (raised.value.content_type, raised.value.status) == (content_type, 200)


def error_with(response: requests.Response) -> Exception:
    error = Exception("API Error")
    error.response = response
    try:
        raise RuntimeError("Failed to retrieve social profile") from error
    except RuntimeError as wrapped:
        return wrapped


def test_page_answer_reads_the_cause_chain():
    assert page_answer(error_with(answer(403, "text/html", b"<html/>"))) == ("text/html", 403)
    # Garmin's own refusal is JSON; a 5xx page is Garmin's own trouble, not a proxy.
    assert page_answer(error_with(answer(401, "application/json", b"{}"))) is None
    assert page_answer(error_with(answer(502, "text/html", b"<html/>"))) is None
    try:
        raise RuntimeError("wrapped") from NotData("text/html", 200)
    except RuntimeError as wrapped:
        assert page_answer(wrapped) == ("text/html", 200)
