"""Fuzzing POST /api/rootlogs (issue 55, "Bad records"): a damaged record, arbitrary
bytes or a body past the limits is answered with a 2xx or a 4xx in the one error shape,
never a 500, and a refused record leaves nothing to fetch (the suite's server,
conftest's ``client``)."""
from __future__ import annotations

import hashlib
from pathlib import Path

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.rootlog.test_fuzz import SCALE, damaged
from tests.web.test_play_fuzz import check

SETTINGS = settings(max_examples=max(1, int(30 * SCALE)), deadline=None, derandomize=True,
                    database=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                          HealthCheck.too_slow])
raw = st.binary(max_size=200) | st.sampled_from(
    [b"", b"\xff\xfe", b"\xef\xbb\xbf", b"Map: Fall\n" * 3, b"\x00" * 50, "\ud7ff".encode()])


def post(client: httpx.Client, body: bytes) -> httpx.Response:
    r = client.post("/api/rootlogs", content=body, timeout=60,
                    headers={"Content-Type": "text/plain; charset=utf-8"})
    check(r)
    if r.status_code == 201:  # what was read can be fetched, turn 0 at least
        check(client.get(r.headers["location"], params={"turn": 0}))
    elif r.status_code == 422 and r.json()["error"]["code"] == "bad_rootlog":
        try:  # the id the record would have had (the server's: its text's digest)
            rid = hashlib.sha256(body.decode("utf-8-sig").encode()).hexdigest()[:24]
        except UnicodeError:
            return r
        assert client.get(f"/api/rootlogs/{rid}").status_code == 404
    return r


@SETTINGS
@given(damaged(prefix=20))
def test_damaged_records_never_500(client: httpx.Client, text: str) -> None:
    post(client, text.encode())


@SETTINGS
@given(raw)
def test_bytes_never_500(client: httpx.Client, body: bytes) -> None:
    r = post(client, body)
    assert r.status_code != 201 or body.strip()


@SETTINGS
@given(st.integers(-5, 10**6) | st.sampled_from([2**64]), st.sampled_from(["", "x", "0x1"]))
def test_turn_queries_never_500(client: httpx.Client, turn: int, junk: str) -> None:
    """A turn out of range or not a number, of a record that was read, or of none."""
    good = (Path(__file__).parent.parent / "rootlog" / "logs"
            / "marquise_eyrie_by_hand.rootlog").read_bytes()
    rid = post(client, good).headers["location"].rsplit("/", 1)[1]
    for where in (rid, "0" * 24, "nope"):
        check(client.get(f"/api/rootlogs/{where}", params={"turn": f"{turn}{junk}"}))
