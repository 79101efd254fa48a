"""A real, throw-away PostgreSQL server for the tests and the load benchmark, started by themselves.

The server binaries come from the distribution's package (``postgresql``; ``.ci/run``
installs it where it is missing). The cluster lives in a fresh temporary folder, listens on
127.0.0.1 on a free port, trusts local connections and runs with ``fsync=off`` (a test cluster
is thrown away, so durability would only cost time). PostgreSQL refuses to run as root, so
under root the cluster belongs to the ``postgres`` user and its commands run as that user.

Each test gets its own database (``CREATE DATABASE`` is quick), so tests never see each
other's rows.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path


def _binaries() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(os.path.realpath(found)).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(versions[-1]).parent if versions else None


def available() -> bool:
    return _binaries() is not None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class PostgresServer:
    folder: Path
    port: int
    bin: Path
    as_user: list[str]
    _numbers: itertools.count = field(default_factory=lambda: itertools.count(1))

    @property
    def url(self) -> str:
        return self.database_url("postgres")

    def database_url(self, name: str) -> str:
        return f"postgresql://warband@127.0.0.1:{self.port}/{name}"

    def _run(self, *args: str) -> None:
        subprocess.run([*self.as_user, *args], check=True, capture_output=True, timeout=120)

    def new_database(self) -> str:
        """A fresh, empty database; returns its URL."""
        name = f"test_{os.getpid()}_{next(self._numbers)}"
        self._run(str(self.bin / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "warband",
                  "-d", "postgres", "-q", "-c", f'CREATE DATABASE "{name}"')
        return self.database_url(name)

    def stop(self) -> None:
        subprocess.run([*self.as_user, str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"),
                        "-m", "immediate", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)


def start() -> PostgresServer:
    """Initialise and start a throw-away cluster; the caller stops it."""
    bin_dir = _binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL server binaries not found (apt-get install postgresql)")
    folder = Path(tempfile.mkdtemp(prefix="warband-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    data = folder / "data"
    server = PostgresServer(folder, 0, bin_dir, as_user)
    server._run(str(bin_dir / "initdb"), "-D", str(data), "-U", "warband", "--auth=trust",
                "-E", "UTF8", "--locale=C", "--no-sync")
    # The port was free when asked for, but another process (a second test worker starting its
    # own server, say) may take it before this server binds it: then try another one.
    log = folder / "server.log"
    for attempt in itertools.count(1):
        server.port, seen = _free_port(), log.stat().st_size if log.exists() else 0
        try:
            server._run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w",
                        "-t", "60", "-o", f"-p {server.port} -k {folder} -h 127.0.0.1 -c fsync=off "
                        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200",
                        "start")
            return server
        except subprocess.CalledProcessError:
            said = log.read_bytes()[seen:].decode(errors="replace") if log.exists() else ""
            if attempt == 3 or "Address already in use" not in said:
                shutil.rmtree(folder, ignore_errors=True)
                raise
