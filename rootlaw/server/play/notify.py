"""Notifications by email (issue 57): "your turn" when a game's decision passes to an
account's seat while the account has no page of it open (an open page is told over its
WebSocket, and its title says so), and a reminder when a paced game's deadline nears
(the last REMIND_FRACTION of the pace). Sent through the SMTP server the operator
configures (ROOTLAW_SMTP=host:port, ROOTLAW_MAIL_FROM, optional ROOTLAW_SMTP_USER,
ROOTLAW_SMTP_PASSWORD, ROOTLAW_SMTP_TLS=starttls|ssl, ROOTLAW_BASE_URL for the links);
without ROOTLAW_SMTP nothing is sent.

Each account chooses its address and whether it wants mail; every mail carries an
unsubscribe link (and RFC 8058 one-click headers) whose token is an HMAC of the
account's id under the server's key, so it needs no storage and cannot be guessed.
A mail is claimed in mail_sent before it is sent, so several processes (or a restart)
never send one twice. A mail tells only what every seat may see: whose turn, when.
"""
from __future__ import annotations

import email.policy
import hashlib
import hmac
import logging
import os
import re
import smtplib
import ssl
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

log = logging.getLogger("rootlaw.notify")
metadata = sa.MetaData()

account_mail = sa.Table(
    "account_mail", metadata,
    sa.Column("account_id", sa.Integer, primary_key=True),
    sa.Column("email", sa.String(254), nullable=False),
    sa.Column("notify", sa.Boolean, nullable=False),
)

mail_sent = sa.Table(  # "turn:<game>:<version>", "remind:<game>:<deadline>"
    "mail_sent", metadata,
    sa.Column("key", sa.String(120), primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
)

EMAIL = re.compile(r"[^@\s<>,;\"']{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z]{2,24}")
REMIND_FRACTION = 0.25  # a reminder when a quarter of the pace is left
TIMEOUT = 20.0          # seconds for the SMTP server
# lines up to RFC 5322's limit: the unsubscribe link, one long word, stays one plain
# header (at 78 it would be folded into encoded words that mail clients do not follow)
POLICY = email.policy.SMTP.clone(max_line_length=998)


@dataclass(frozen=True)
class MailConfig:
    host: str
    port: int
    sender: str
    user: str | None = None
    password: str | None = None
    tls: str | None = None        # "starttls", "ssl" or None
    base_url: str = "http://127.0.0.1:8000"

    @classmethod
    def from_env(cls) -> MailConfig | None:
        smtp = os.environ.get("ROOTLAW_SMTP")
        if not smtp:
            return None
        host, _, port = smtp.rpartition(":")
        return cls(host or smtp, int(port) if host else 25,
                   os.environ.get("ROOTLAW_MAIL_FROM", "rootlaw@localhost"),
                   os.environ.get("ROOTLAW_SMTP_USER"), os.environ.get("ROOTLAW_SMTP_PASSWORD"),
                   os.environ.get("ROOTLAW_SMTP_TLS"),
                   os.environ.get("ROOTLAW_BASE_URL", "http://127.0.0.1:8000").rstrip("/"))


def check_email(value: object) -> str:
    if not isinstance(value, str) or not EMAIL.fullmatch(value.strip()):
        raise ValueError("email must be an address like name@example.org")
    return value.strip()


class Notifier:
    """The mail tables on ``engine`` and the SMTP server of ``config`` (None: no mail)."""

    def __init__(self, engine: Engine, clock: Callable[[], float], key: bytes,
                 config: MailConfig | None) -> None:
        self.engine, self.clock, self.key, self.config = engine, clock, key, config
        metadata.create_all(engine)

    # ------------------------------------------------------------ the account's choice
    def settings(self, account: int) -> dict[str, Any]:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(account_mail).where(
                account_mail.c.account_id == account)).first()
        return {"email": row.email if row else None, "notify": bool(row and row.notify)}

    def choose(self, account: int, email: object, notify: object) -> dict[str, Any]:
        """Set the account's address (None: forget it) and whether it wants mail."""
        if not isinstance(notify, bool):
            raise ValueError("notify must be true or false")
        with self.engine.begin() as conn:
            conn.execute(account_mail.delete().where(account_mail.c.account_id == account))
            if email is not None:
                conn.execute(account_mail.insert().values(
                    account_id=account, email=check_email(email), notify=notify))
        return self.settings(account)

    def unsubscribe_token(self, account: int) -> str:
        return hmac.new(self.key, f"unsubscribe|{account}".encode(),
                        hashlib.sha256).hexdigest()

    def unsubscribe(self, account: object, token: object) -> bool:
        """Stop the account's mail if ``token`` is its unsubscribe token."""
        if isinstance(account, str) and account.isdigit() and len(account) < 12:
            account = int(account)
        if not isinstance(account, int) or isinstance(account, bool) \
                or not isinstance(token, str) or not hmac.compare_digest(
                    token.encode(), self.unsubscribe_token(account).encode()):
            return False
        with self.engine.begin() as conn:
            conn.execute(account_mail.update().where(account_mail.c.account_id == account)
                         .values(notify=False))
        return True

    # ------------------------------------------------------------ sending
    def turn(self, account: int, game_id: str, version: int, seat: str) -> bool:
        """'Your turn' to ``account`` (once per game version)."""
        url = f"{self._base()}/games/{game_id}"
        return self._send(account, f"turn:{game_id}:{version}",
                          f"rootlaw: your turn ({seat})",
                          f"It is your turn to play {seat} in game {game_id}.\n\n"
                          f"Open the game: {url}\n")

    def remind(self, account: int, game_id: str, deadline: float, seat: str,
               when: str) -> bool:
        """A deadline's reminder to ``account`` (once per deadline)."""
        url = f"{self._base()}/games/{game_id}"
        return self._send(account, f"remind:{game_id}:{deadline:.3f}",
                          f"rootlaw: your time runs out soon ({seat})",
                          f"Your time to decide for {seat} in game {game_id} runs out at "
                          f"{when}; then an agent plays for you.\n\nOpen the game: {url}\n")

    def _base(self) -> str:
        return self.config.base_url if self.config else ""

    def _send(self, account: int, key: str, subject: str, text: str) -> bool:
        if self.config is None:
            return False
        wants = self.settings(account)
        if not wants["notify"] or not wants["email"] or not self._claim(key):
            return False
        unsubscribe = (f"{self._base()}/account/unsubscribe?account={account}"
                       f"&token={self.unsubscribe_token(account)}")
        msg = EmailMessage(policy=POLICY)
        msg["From"], msg["To"], msg["Subject"] = self.config.sender, wants["email"], subject
        msg["List-Unsubscribe"] = f"<{unsubscribe}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"  # RFC 8058
        msg.set_content(f"{text}\nNo more mail from rootlaw: {unsubscribe}\n")
        try:
            self._deliver(msg)
        except (OSError, smtplib.SMTPException) as e:
            log.error("cannot send mail %s: %s", key, e)  # never the address or password
            return False
        return True

    def _claim(self, key: str) -> bool:
        try:
            with self.engine.begin() as conn:
                conn.execute(mail_sent.insert().values(key=key[:120], at=self.clock()))
        except sa.exc.IntegrityError:
            return False
        return True

    def _deliver(self, msg: EmailMessage) -> None:
        c = self.config
        assert c is not None
        if c.tls == "ssl":
            smtp: smtplib.SMTP = smtplib.SMTP_SSL(c.host, c.port, timeout=TIMEOUT,
                                                  context=ssl.create_default_context())
        else:
            smtp = smtplib.SMTP(c.host, c.port, timeout=TIMEOUT)
        with smtp:
            if c.tls == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            if c.user:
                smtp.login(c.user, c.password or "")
            smtp.send_message(msg)
