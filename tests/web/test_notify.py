"""Notifications by mail (issue 57) against a local SMTP server (aiosmtpd) started by the
tests, on SQLite and on Debian's PostgreSQL, on the server's fake clock: "your turn"
when the decision passes to an account's seat while none of its pages is open (none
while its My games is open), a reminder once when a paced game's deadline nears, each
with an unsubscribe link that stops the account's mail (its one-click POST too); the
mail choice needs a session and the CSRF token, a bad address is refused; no mail tells
anything hidden; the hypothesis fuzz of the mail body."""
from __future__ import annotations

import time
from collections.abc import Iterator
from email import message_from_bytes
from email.message import Message
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest
from aiosmtpd.controller import Controller
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

from rootlaw.server.background import BackgroundServer, free_port
from rootlaw.server.play.notify import MailConfig
from tests.web.account_helpers import FAST, Clock, csrf, log_in, sign_up
from tests.web.pg import pg_bin, postgres
from tests.web.test_play_fuzz import encode, raw_bodies, values

CLOCK = Clock()
HOUR = 3600


class Box:
    """The SMTP server's handler: every mail it accepts."""

    def __init__(self) -> None:
        self.mails: list[Message] = []
        self.port = free_port()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.mails.append(message_from_bytes(envelope.content))
        return "250 OK"


@pytest.fixture(scope="module")
def box() -> Iterator[Box]:
    b = Box()
    smtp = Controller(b, hostname="127.0.0.1", port=b.port)
    smtp.start()
    yield b
    smtp.stop()


def mail_server(box_port: int, db: str) -> BackgroundServer:
    port = free_port()
    mail = MailConfig("127.0.0.1", box_port, "rootlaw@club.example",
                      base_url=f"http://127.0.0.1:{port}")
    return BackgroundServer(port=port, db=db, clock=CLOCK, hasher=FAST, mail=mail)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, box: Box, tmp_path_factory: pytest.TempPathFactory
        ) -> Iterator[str]:
    port = box.port
    if request.param == "sqlite":
        with mail_server(port, str(tmp_path_factory.mktemp("mail") / "m.sqlite3")) as u:
            yield u
        return
    if pg_bin() is None:
        raise RuntimeError("PostgreSQL not installed: apt-get install -y postgresql")
    with postgres() as db, mail_server(port, db) as u:
        yield u


def person(c: httpx.Client, name: str, url: str) -> None:
    assert sign_up(c, name + str(abs(hash(url)) % 10000)).status_code == 201
    address = f"{name}{abs(hash(url)) % 10000}@club.example"
    r = c.post("/api/account/email", json={"email": address, "notify": True},
               headers={"X-CSRF-Token": csrf(c)})
    assert r.status_code == 200 and r.json() == {"email": address, "notify": True}, r.text


def bind(c: httpx.Client, gid: str, token: str) -> None:
    r = c.post(f"/api/games/{gid}/bind", json={"token": token},
               headers={"X-CSRF-Token": csrf(c)})
    assert r.status_code == 200, r.text


def addr(name: str, url: str) -> str:
    return f"{name}{abs(hash(url)) % 10000}@club.example"


def play_until_not(c: httpx.Client, gid: str, seat: str) -> None:
    """``c``'s seat plays its first options until another seat decides."""
    for _ in range(80):
        s = c.get(f"/api/games/{gid}").json()
        if s["decision"]["seat"] != seat:
            return
        r = c.post(f"/api/games/{gid}/actions", json={"version": s["version"], "option": 0},
                   headers={"X-CSRF-Token": csrf(c)})
        assert r.status_code == 200, r.text
    raise AssertionError(f"{seat} kept deciding")


def to(box: Box, who: str, count: int, seconds: float = 10) -> list[Message]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = [m for m in box.mails if m["To"] == who]
        if len(got) >= count:
            return got
        time.sleep(0.05)
    return [m for m in box.mails if m["To"] == who]


def body(m: Message) -> str:
    payload = m.get_payload(decode=True)
    assert isinstance(payload, bytes)
    return payload.decode()


def test_your_turn_by_mail_unless_watching_and_unsubscribe(url: str, box: Box) -> None:
    with httpx.Client(base_url=url, timeout=10) as ann, \
            httpx.Client(base_url=url, timeout=10) as bea:
        person(ann, "ann", url)
        person(bea, "bea", url)
        r = ann.post("/api/games", json={"factions": ["marquise", "eyrie"]})
        gid, tokens = r.json()["id"], {f: s["token"] for f, s in r.json()["seats"].items()}
        first = ann.get(f"/api/games/{gid}").json()["decision"]["seat"]
        second = next(f for f in tokens if f != first)
        bind(ann, gid, tokens[first])
        bind(bea, gid, tokens[second])
        before = len(to(box, addr("bea", url), 0, 0))
        play_until_not(ann, gid, first)
        mails = to(box, addr("bea", url), before + 1)
        assert len(mails) == before + 1
        mail = mails[-1]
        assert mail["Subject"].startswith("rootlaw: your turn")
        assert f"{url}/games/{gid}" in body(mail)
        hand = bea.get(f"/api/games/{gid}").json()["view"]["players"][second]["hand"]
        assert not any(str(c) in body(mail) for c in hand if len(str(c)) > 3)
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        link = mail["List-Unsubscribe"].strip("<>")
        # bea watches her games now: the turn coming back to her is told there only
        with connect(url.replace("http://", "ws://") + "/api/me/ws", additional_headers={
                "Cookie": f"rootlaw_session={bea.cookies['rootlaw_session']}"}) as s:
            s.recv(timeout=5)
            play_until_not(bea, gid, second)
            assert len(to(box, addr("ann", url), 1)) >= 1  # ann was away: mailed
            play_until_not(ann, gid, first)
            time.sleep(0.5)
            assert len(to(box, addr("bea", url), 0, 0)) == before + 1
        # the link: a page with a button; a wrong token refused; the one-click POST
        page = httpx.get(link)
        assert page.status_code == 200 and "unsubscribe-form" in page.text
        q = parse_qs(urlsplit(link).query)
        assert httpx.post(f"{url}/account/unsubscribe", data={
            "account": q["account"][0], "token": "0" * 64}).status_code == 403
        r = httpx.post(link, content=b"List-Unsubscribe=One-Click",
                       headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert r.status_code == 200 and "no more mail" in r.text
        assert bea.get("/api/account/email").json()["notify"] is False
        play_until_not(bea, gid, second)
        play_until_not(ann, gid, first)
        time.sleep(0.5)
        assert len(to(box, addr("bea", url), 0, 0)) == before + 1


def test_a_reminder_before_the_deadline(url: str, box: Box) -> None:
    with httpx.Client(base_url=url, timeout=10) as cal:
        person(cal, "cal", url)
        r = cal.post("/api/games", json={
            "factions": ["marquise", "eyrie"], "seats": {"eyrie": "agent:random"},
            "pace": {"seconds": HOUR, "on_timeout": "play"}})
        gid, token = r.json()["id"], r.json()["seats"]["marquise"]["token"]
        bind(cal, gid, token)  # the seat is cal's and decides: "your turn" (no page open)
        before = len(to(box, addr("cal", url), 1))
        assert before == 1 and "your turn" in to(box, addr("cal", url), 1)[0]["Subject"]
        CLOCK.now += HOUR * 0.75 - 5  # not yet
        time.sleep(1.5)
        assert len(to(box, addr("cal", url), 0, 0)) == before
        CLOCK.now += 10
        mails = to(box, addr("cal", url), before + 1)
        assert len(mails) == before + 1 and "runs out soon" in mails[-1]["Subject"]
        time.sleep(1.5)
        assert len(to(box, addr("cal", url), 0, 0)) == before + 1  # once


def test_the_mail_choice_needs_a_session_and_csrf(url: str) -> None:
    with httpx.Client(base_url=url, timeout=10) as dan, \
            httpx.Client(base_url=url, timeout=10) as nobody:
        assert nobody.get("/api/account/email").status_code == 401
        assert nobody.post("/api/account/email", json={"email": "a@b.example"},
                           headers={"X-CSRF-Token": csrf(nobody)}).status_code == 401
        assert sign_up(dan, "mail-dan" + str(abs(hash(url)) % 10000)).status_code == 201
        r = dan.post("/api/account/email", json={"email": "dan@club.example"})
        assert r.status_code == 403 and r.json()["error"]["code"] == "csrf_failed"
        for bad in ("not an address", "a@b", "x" * 300 + "@b.example", 5):
            r = dan.post("/api/account/email", json={"email": bad, "notify": True},
                         headers={"X-CSRF-Token": csrf(dan)})
            assert r.status_code == 422 and r.json()["error"]["code"] == "bad_email"
        assert dan.get("/api/account/email").json() == {"email": None, "notify": False}


FUZZ = settings(max_examples=80, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@pytest.fixture(scope="module")
def fuzz_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with BackgroundServer(db=str(tmp_path_factory.mktemp("mailfuzz") / "f.sqlite3"),
                          clock=CLOCK, hasher=FAST) as u:
        with httpx.Client(base_url=u) as c:
            assert sign_up(c, "mailfuzz").status_code == 201
        yield u


@FUZZ
@given(st.data())
def test_mail_bodies_never_500(fuzz_url: str, data: st.DataObject) -> None:
    with httpx.Client(base_url=fuzz_url, timeout=10) as c:
        if data.draw(st.booleans()):
            log_in(c, "mailfuzz")
        fields = data.draw(st.fixed_dictionaries({}, optional={
            "email": st.sampled_from(["a@b.example", "", "@", None]) | values,
            "notify": st.booleans() | values}) | values)
        path = data.draw(st.sampled_from(["/api/account/email", "/account/email",
                                          "/account/unsubscribe"]))
        content = data.draw(st.just(encode(fields)) | raw_bodies)
        headers = {"X-CSRF-Token": csrf(c), "Content-Type": data.draw(st.sampled_from(
            ["application/json", "application/x-www-form-urlencoded"]))}
        r = c.post(path, content=content, headers=headers)
        assert r.status_code < 500, r.text
        if path.startswith("/api/") and r.status_code >= 400:
            assert r.json()["error"]["code"]

