"""A throwaway PostgreSQL server for the tests: Debian's `postgresql` package (installed
by scripts/test), an unprivileged cluster in a temporary directory on a free port."""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

from rootlaw.server.background import free_port


def pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def _as_user(cmd: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: run as `nobody` then."""
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "nobody", "--", *cmd]


@contextmanager
def postgres() -> Iterator[str]:
    """Start a cluster; yield its SQLAlchemy URL; stop and delete it afterwards."""
    bindir = pg_bin()
    if bindir is None:
        raise RuntimeError("PostgreSQL not found: apt-get install -y postgresql "
                           "(scripts/test does this)")
    root = tempfile.mkdtemp(prefix="rootlaw-pg-")
    data, port = os.path.join(root, "data"), free_port()
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        os.chown(root, nobody.pw_uid, nobody.pw_gid)
    run = {"check": True, "stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
    try:
        subprocess.run(_as_user([f"{bindir}/initdb", "-D", data, "-U", "postgres",
                                 "--auth=trust", "-E", "UTF8", "--no-sync"]), **run)
        opts = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
        subprocess.run(_as_user([f"{bindir}/pg_ctl", "-D", data, "-o", opts, "-l",
                                 os.path.join(root, "log"), "-w", "-t", "60", "start"]), **run)
        time.sleep(0.1)
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_user([f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        shutil.rmtree(root, ignore_errors=True)
