"""``unorules serve``: the built site served read-only, on this computer or
(``--lan``) the home network, with the dispute page's address and a QR code;
stopped cleanly by Ctrl-C, SIGTERM and SIGHUP. Run as a real process, as a
family's laptop would run it, and the server in this process where a file
is changed under it."""

from __future__ import annotations

import contextlib
import http.client
import io
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import segno

from unorules import serve
from unorules.serve import REQUEST_TIMEOUT, lan_address, serve_folder

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A small built site: a home page, the dispute page in English and
    Swedish, a folder without an index, a link that leads out of it."""
    folder = tmp_path / "site"
    (folder / "dispute").mkdir(parents=True)
    (folder / "sv" / "dispute").mkdir(parents=True)
    (folder / "assets").mkdir()
    (folder / "index.html").write_text("<p>home</p>", encoding="utf-8")
    (folder / "dispute" / "index.html").write_text("<p>dispute</p>", encoding="utf-8")
    (folder / "sv" / "dispute" / "index.html").write_text("<p>tvist</p>", encoding="utf-8")
    (folder / "assets" / "engine.mjs").write_text("export {};", encoding="utf-8")
    (folder / "assets" / "python.wasm").write_bytes(b"\0asm\1\0\0\0")
    (folder / "404.html").write_text("<p>no such page here</p>", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("not the site's", encoding="utf-8")
    (folder / "leak.txt").symlink_to(tmp_path / "secret.txt")
    return folder


class Served:
    def __init__(self, process: subprocess.Popen[str], first: list[str]) -> None:
        self.process = process
        self.first = first

    @property
    def address(self) -> str:
        line = self.first[0]
        return line[line.index("http://") :].strip()

    def local(self, path: str) -> str:
        port = self.address.split(":")[2].split("/")[0]
        return f"http://127.0.0.1:{port}/{path}"


def _start(*args: str, env_lang: str = "en", **extra: str) -> Iterator[Served]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "UNORULES_LANG": env_lang, "PYTHONUTF8": "1"}
    env.update(extra)
    process = subprocess.Popen(
        [sys.executable, "-m", "unorules", "serve", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        if "Ctrl-C" in line:
            break
    try:
        yield Served(process, lines)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _get(url: str, method: str = "GET") -> tuple[int, bytes, str]:
    request = urllib.request.Request(url, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read(), response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        return e.code, b"", ""


def test_serves_the_site_read_only_on_this_computer(site: Path) -> None:
    for served in _start(str(site), "--port", "0"):
        assert served.address.startswith("http://127.0.0.1:")
        assert served.address.endswith("/dispute/")
        assert "--lan" in "".join(served.first)
        assert _get(served.address)[:2] == (200, b"<p>dispute</p>")
        assert _get(served.local(""))[:2] == (200, b"<p>home</p>")
        assert _get(served.local("assets/engine.mjs"))[2] == "text/javascript"
        assert _get(served.local("assets/python.wasm"))[2] == "application/wasm"
        # Read-only: no other method, no listing, nothing outside the site.
        assert _get(served.local(""), "POST")[0] == 501
        assert _get(served.local(""), "PUT")[0] == 501
        assert _get(served.local("assets/"))[0] == 404
        assert _get(served.local("leak.txt"))[0] == 404
        assert _get(served.local("../secret.txt"))[0] in (400, 404)
        assert _get(served.local("%2e%2e/secret.txt"))[0] in (400, 404)


def test_ctrl_c_and_sigterm_stop_it_cleanly(site: Path) -> None:
    for number in (signal.SIGINT, signal.SIGTERM):
        for served in _start(str(site), "--port", "0"):
            url = served.local("")
            assert _get(url)[0] == 200
            served.process.send_signal(number)
            out, err = served.process.communicate(timeout=20)
            assert served.process.returncode == 0, err
            assert f"Stopped: {served.address} is closed." in out
            assert "Traceback" not in err
            with pytest.raises(urllib.error.URLError):
                urllib.request.urlopen(url, timeout=5)


@pytest.mark.skipif(lan_address() is None, reason="this computer is on no network")
def test_lan_prints_the_address_and_a_qr_code(site: Path) -> None:
    for served in _start(str(site), "--port", "0", "--lan", "--lang", "sv"):
        address = lan_address()
        assert served.address.startswith(f"http://{address}:")
        # The page in the language asked for.
        assert served.address.endswith("/sv/dispute/")
        assert _get(served.address)[:2] == (200, b"<p>tvist</p>")
        text = "".join(served.first)
        drawn = [line for line in text.splitlines() if line and set(line) <= set("█▀▄ ")]
        # The code of the very address printed above it: two rows of modules
        # a line, a square of 21 modules or more with its quiet zone.
        expected = io.StringIO()
        segno.make(served.address, error="m").terminal(out=expected, compact=True, border=2)
        assert drawn == expected.getvalue().rstrip("\n").splitlines()
        width = len(drawn[0])
        assert width >= 21 + 4 and len(drawn) == (width + 1) // 2


def test_a_zip_of_the_site_is_served_and_removed_after(site: Path, tmp_path: Path) -> None:
    archive = tmp_path / "unorules-site.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for path in site.rglob("*"):
            if path.is_file() and not path.is_symlink():
                zf.write(path, "unorules-site/" + path.relative_to(site).as_posix())
    for served in _start(str(archive), "--port", "0"):
        assert _get(served.address)[:2] == (200, b"<p>dispute</p>")
        unpacked = Path(served.first[0].split(" at ")[0].removeprefix("Serving "))
        assert unpacked.is_dir()
        served.process.send_signal(signal.SIGINT)
        served.process.communicate(timeout=20)
        assert served.process.returncode == 0
        assert not unpacked.exists()


def _refused(*args: str, **extra: str) -> tuple[int, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "UNORULES_LANG": "en", **extra}
    done = subprocess.run(
        [sys.executable, "-m", "unorules", "serve", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert "Traceback" not in done.stderr
    return done.returncode, done.stderr


def test_what_is_no_site_is_refused_clearly(site: Path, tmp_path: Path) -> None:
    code, err = _refused(str(tmp_path / "nowhere"))
    assert code == 2
    assert f"no built site at {tmp_path / 'nowhere'}" in err
    assert "mkdocs build" in err
    empty = tmp_path / "empty"
    empty.mkdir()
    code, err = _refused(str(empty))
    assert code == 2 and "holds no index.html" in err
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"not a zip")
    code, err = _refused(str(bad))
    assert code == 2 and "not a zip archive" in err
    evil = tmp_path / "evil.zip"
    with zipfile.ZipFile(evil, "w") as zf:
        zf.writestr("../outside.html", "x")
    code, err = _refused(str(evil))
    assert code == 2 and "would land outside the site" in err
    assert not (tmp_path / "outside.html").exists()
    code, err = _refused(str(site), "--port", "70000")
    assert code == 2 and "--port must be 0 to 65535, not 70000" in err


def test_a_port_in_use_is_refused_clearly(site: Path) -> None:
    for served in _start(str(site), "--port", "0"):
        port = served.address.split(":")[2].split("/")[0]
        code, err = _refused(str(site), "--port", port)
        assert code == 2
        assert f"cannot listen on port {port}" in err


# --- the server in this process -------------------------------------------------


@contextlib.contextmanager
def _serving(folder: Path) -> Iterator[str]:
    """``folder`` served in this process; the address of its root."""
    server = serve_folder(folder, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def _ask(
    where: str, path: str, method: str = "GET", headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """The status, headers (lower-case names) and body of one request."""
    host, port = where.split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        body = response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, body
    finally:
        connection.close()


def _raw(where: str, request: bytes) -> bytes:
    """What the server answers ``request`` sent as it is, byte for byte."""
    host, port = where.split(":")
    with socket.create_connection((host, int(port)), timeout=30) as s:
        s.sendall(request)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return answer


def _status(answer: bytes) -> int:
    """The status of ``answer``; an answer to what is no HTTP/1 request has
    no status line, only the page that says it."""
    if answer.startswith(b"HTTP/"):
        return int(answer.split(b" ", 2)[1])
    return int(answer.split(b"Error code: ", 1)[1][:3])


MALFORMED = [
    b"GET /%00 HTTP/1.0\r\n\r\n",
    b"GET /index.html%00.txt HTTP/1.0\r\n\r\n",
    b"GET /a\x00b HTTP/1.0\r\n\r\n",
    b"GET /%ED%A0%80 HTTP/1.0\r\n\r\n",
    b"GET /%ff%fe/ HTTP/1.0\r\n\r\n",
    b"GET /" + b"a" * 5000 + b" HTTP/1.0\r\n\r\n",
    b"GET /" + b"a/" * 3000 + b" HTTP/1.0\r\n\r\n",
    b"GET /..%2f..%2f..%2fetc/passwd HTTP/1.0\r\n\r\n",
    b"GET //etc/passwd HTTP/1.0\r\n\r\n",
    b"GET dispute HTTP/1.0\r\n\r\n",
    b"GET http://example.com/ HTTP/1.1\r\nHost: example.com\r\n\r\n",
    b"GET /%%% HTTP/1.0\r\n\r\n",
    b"GET / HTTP/9\r\n\r\n",
    b"\x00\x01\x02\r\n\r\n",
]


def test_a_malformed_path_gets_a_clean_answer(site: Path) -> None:
    for served in _start(str(site), "--port", "0"):
        where = served.local("").split("/")[2]
        for request in MALFORMED:
            answer = _raw(where, request)
            assert _status(answer) in (400, 404, 505), (request[:40], answer[:80])
            assert b"not the site's" not in answer and b"root:" not in answer
        # The server still serves.
        assert _get(served.local(""))[:2] == (200, b"<p>home</p>")
        served.process.send_signal(signal.SIGINT)
        _, err = served.process.communicate(timeout=20)
        assert served.process.returncode == 0
        assert err == ""


def test_a_silent_connection_is_dropped(
    site: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert serve._StaticFiles.timeout == REQUEST_TIMEOUT == 30
    # The same handling, a shorter wait: a client that sends nothing is let go.
    monkeypatch.setattr(serve._StaticFiles, "timeout", 0.5)
    with _serving(site) as where:
        host, port = where.split(":")
        with socket.create_connection((host, int(port)), timeout=60) as silent:
            assert silent.recv(100) == b""  # closed by the server, not by this test
        with socket.create_connection((host, int(port)), timeout=60) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the end
            assert slow.recv(100) == b""
        assert _ask(where, "/")[0] == 200
    assert capsys.readouterr().err == ""


def test_every_file_has_a_strong_etag_that_a_copy_put_back_changes(site: Path) -> None:
    (site / "engine").mkdir()
    manifest = site / "engine" / "manifest.json"
    manifest.write_text('{"version": "new"}', encoding="utf-8")
    (site / "manifest.webmanifest").write_text("{}", encoding="utf-8")
    (site / "sw.js").write_text("// worker", encoding="utf-8")
    with _serving(site) as where:
        status, headers, body = _ask(where, "/engine/manifest.json")
        assert (status, body) == (200, b'{"version": "new"}')
        etag = headers["etag"]
        assert etag.startswith('"') and etag.endswith('"')  # strong, not W/
        assert headers["cache-control"] == "no-cache"
        for path in ("/", "/dispute/", "/manifest.webmanifest", "/sw.js", "/assets/engine.mjs"):
            assert _ask(where, path)[1]["cache-control"] == "no-cache", path
        # Asked again with it: not modified, no body.
        status, headers, body = _ask(
            where, "/engine/manifest.json", headers={"If-None-Match": etag}
        )
        assert (status, body, headers["etag"]) == (304, b"", etag)
        assert (
            _ask(where, "/engine/manifest.json", headers={"If-None-Match": f"W/{etag}"})[0] == 304
        )
        assert _ask(where, "/engine/manifest.json", headers={"If-None-Match": '"x", *'})[0] == 304
        last_modified = _ask(where, "/engine/manifest.json")[1]["last-modified"]
        # An older build put back from a copy: older times than what the browser has.
        older = site / "engine" / "manifest.json.old"
        older.write_text('{"version": "old"}', encoding="utf-8")
        os.utime(older, (1_000_000_000, 1_000_000_000))
        older.replace(manifest)
        asked = {"If-None-Match": etag, "If-Modified-Since": last_modified}
        status, headers, body = _ask(where, "/engine/manifest.json", headers=asked)
        assert (status, body) == (200, b'{"version": "old"}')
        assert headers["etag"] != etag
        # If-Modified-Since alone never answers 304 for a file that has changed.
        asked = {"If-Modified-Since": last_modified}
        status, _, body = _ask(where, "/engine/manifest.json", headers=asked)
        assert (status, body) == (200, b'{"version": "old"}')
        # The same size and time, another file (a copy with its times kept): another tag.
        before = _ask(where, "/index.html")[1]["etag"]
        copy = site / "index.copy"
        copy.write_bytes((site / "index.html").read_bytes())
        mtime_ns = (site / "index.html").stat().st_mtime_ns
        os.utime(copy, ns=(mtime_ns, mtime_ns))
        copy.replace(site / "index.html")
        assert _ask(where, "/index.html", headers={"If-None-Match": before})[0] == 200


def _zip_of(site: Path, archive: Path, *extra: tuple[str, bytes]) -> Path:
    """``archive``: the site's files first, then the ``extra`` members."""
    with zipfile.ZipFile(archive, "w") as zf:
        for name, data in extra:
            zf.writestr(name, data)
        for path in sorted(site.rglob("*")):
            if path.is_file() and not path.is_symlink():
                zf.writestr(path.relative_to(site).as_posix(), path.read_bytes())
    return archive


def _patched(archive: Path, local: int, central: int, value: int) -> Path:
    """``archive`` with a two-byte field of its first member changed, at
    ``local`` in the local header and ``central`` in the central directory."""
    data = bytearray(archive.read_bytes())
    assert data[:4] == b"PK\x03\x04"
    start = data.index(b"PK\x01\x02")
    data[local : local + 2] = value.to_bytes(2, "little")
    data[start + central : start + central + 2] = value.to_bytes(2, "little")
    archive.write_bytes(bytes(data))
    return archive


def _damaged(site: Path, archive: Path) -> Path:
    _zip_of(site, archive, ("first.html", b"<p>the first member, whole</p>"))
    data = archive.read_bytes().replace(b"the first member, whole", b"the first member, WHOLE", 1)
    archive.write_bytes(data)
    return archive


def _deflated_damaged(site: Path, archive: Path) -> Path:
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("first.html", bytes(range(256)) * 400)
        zf.writestr("index.html", b"<p>home</p>")
    data = bytearray(archive.read_bytes())
    for at in range(60, 400, 7):
        data[at] ^= 0xFF
    archive.write_bytes(bytes(data))
    return archive


ARCHIVES = {
    "a wrong checksum": (_damaged, "the member 'first.html' is damaged"),
    "damaged compressed data": (_deflated_damaged, "the member 'first.html' is damaged"),
    "an encrypted member": (
        lambda site, archive: _patched(_zip_of(site, archive, ("first.html", b"x")), 6, 8, 0x1),
        "the member 'first.html' is encrypted",
    ),
    "an unknown compression": (
        lambda site, archive: _patched(_zip_of(site, archive, ("first.html", b"x")), 8, 10, 99),
        "the member 'first.html' is compressed with a method that cannot be unpacked here",
    ),
    "a file where a folder must be": (
        lambda site, archive: _zip_of(site, archive, ("dispute", b"x")),
        "the member 'dispute/index.html' clashes with another member's path",
    ),
    "a folder where a file must be": (
        lambda site, archive: _zip_of(site, archive, ("index.html/x", b"x")),
        "the member 'index.html' clashes with another member's path",
    ),
}


@pytest.mark.parametrize("kind", ARCHIVES)
def test_an_archive_that_cannot_be_unpacked_is_refused_clearly(
    site: Path, tmp_path: Path, kind: str
) -> None:
    make, reason = ARCHIVES[kind]
    archive = make(site, tmp_path / "site.zip")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    code, err = _refused(str(archive), "--port", "0", TMPDIR=str(temporary))
    assert code == 2
    assert err.strip() == f"unorules serve: error: cannot read {archive}: {reason}"
    assert list(temporary.iterdir()) == []


def test_a_damaged_archive_is_refused_in_the_users_language(site: Path, tmp_path: Path) -> None:
    archive = _damaged(site, tmp_path / "site.zip")
    code, err = _refused(str(archive), "--lang", "sv")
    assert code == 2 and f"kan inte läsa {archive}: filen 'first.html' är skadad" in err
    code, err = _refused(str(archive), "--lang", "nb")
    assert code == 2 and f"kan ikke lese {archive}: filen 'first.html' er skadet" in err
    bad = tmp_path / "bad.zip"
    bad.write_bytes(b"not a zip")
    code, err = _refused(str(bad), "--lang", "sv")
    assert code == 2 and "inte ett zip-arkiv" in err


def test_a_client_that_leaves_mid_file_is_let_go_quietly(site: Path) -> None:
    with (site / "assets" / "big.bin").open("wb") as f:
        f.truncate(64 * 1024 * 1024)
    for served in _start(str(site), "--port", "0"):
        host, port = served.local("").split("/")[2].split(":")
        for _ in range(3):
            s = socket.create_connection((host, int(port)), timeout=30)
            s.sendall(b"GET /assets/big.bin HTTP/1.0\r\n\r\n")
            assert s.recv(1024).startswith(b"HTTP/1.0 200")
            # Gone at once, with a reset rather than a goodbye.
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            s.close()
        assert _get(served.local(""))[:2] == (200, b"<p>home</p>")
        served.process.send_signal(signal.SIGINT)
        _, err = served.process.communicate(timeout=20)
        assert served.process.returncode == 0
        assert err == ""


def test_a_failed_request_is_never_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    server = serve._Server(("127.0.0.1", 0), serve._StaticFiles, serve.ENGLISH)
    try:
        for gone in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(), TimeoutError()):
            try:
                raise gone
            except OSError:
                server.handle_error(None, ("192.0.2.7", 5000))
        assert capsys.readouterr().err == ""
        try:
            raise ValueError("something else")
        except ValueError:
            server.handle_error(None, ("192.0.2.7", 5000))
        err = capsys.readouterr().err
        assert err == "unorules serve: a request from 192.0.2.7 failed: something else\n"
    finally:
        server.server_close()


def test_a_closed_stdout_is_let_go(site: Path) -> None:
    # Its reader gone (`unorules serve | cat`, then Ctrl-C).
    for served in _start(str(site), "--port", "0"):
        assert served.process.stdout is not None
        served.process.stdout.close()
        assert _get(served.local(""))[0] == 200
        served.process.send_signal(signal.SIGINT)
        served.process.wait(timeout=20)
        assert served.process.stderr is not None
        err = served.process.stderr.read()
        assert served.process.returncode == 0, err
        assert err == ""
    # Closed before it starts (`unorules serve >&-`).
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "UNORULES_LANG": "en"}
    closed = 'exec "$0" -m unorules serve "$1" --port "$2" >&-'
    process = subprocess.Popen(
        ["sh", "-c", closed, sys.executable, str(site), str(port)],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            with contextlib.suppress(OSError):
                if _get(f"http://127.0.0.1:{port}/")[:2] == (200, b"<p>home</p>"):
                    break
            time.sleep(0.1)
        assert _get(f"http://127.0.0.1:{port}/")[:2] == (200, b"<p>home</p>")
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=20)
        assert process.returncode == 0
        assert err == ""
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def _leftovers(folder: Path) -> list[Path]:
    return sorted(folder.glob("unorules-site-*"))


@pytest.fixture(scope="module")
def big_archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A site's archive that takes a while to unpack (100 MB, mostly zeros)."""
    archive = tmp_path_factory.mktemp("big") / "site.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("index.html", b"<p>home</p>")
        zf.writestr("engine/big.bin", bytes(100 * 1024 * 1024))
    return archive


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_while_unpacking_leaves_nothing_behind(
    big_archive: Path, tmp_path: Path, number: signal.Signals
) -> None:
    archive = big_archive
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "UNORULES_LANG": "en", "TMPDIR": str(temporary)}
    process = subprocess.Popen(
        [sys.executable, "-m", "unorules", "serve", str(archive), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        deadline = time.monotonic() + 60
        while not _leftovers(temporary) and process.poll() is None:
            assert time.monotonic() < deadline
        process.send_signal(number)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert "Traceback" not in err
    if "Serving" in out:  # the signal came after the unpacking: a plain stop
        assert process.returncode == 0 and "Stopped:" in out
    else:
        assert process.returncode == 130 and err == "unorules serve: interrupted\n"
    assert _leftovers(temporary) == []


def test_the_unpacking_stops_between_pieces_and_removes_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "site.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("index.html", b"<p>home</p>")
        zf.writestr("big.bin", bytes(8 * 1024 * 1024))
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))

    class StopsAtTheThirdLook(serve._Stopping):
        looks = 0

        def check(self) -> None:
            self.looks += 1
            if self.looks == 3:
                self.asked.set()
            super().check()

    stopping = StopsAtTheThirdLook()
    with pytest.raises(serve._Interrupted), serve._unpacked(archive, stopping):
        pass
    # Asked in the middle of the big member (its first megabytes were written).
    assert stopping.looks == 3
    assert _leftovers(tmp_path) == []


@pytest.mark.parametrize("number", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_any_stopping_signal_stops_it_cleanly_at_once(
    site: Path, tmp_path: Path, number: signal.Signals
) -> None:
    archive = _zip_of(site, tmp_path / "site.zip")
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    for served in _start(str(archive), "--port", "0", TMPDIR=str(temporary)):
        # The moment it is served (no request yet).
        served.process.send_signal(number)
        out, err = served.process.communicate(timeout=20)
        assert served.process.returncode == 0, err
        assert err == "" and f"Stopped: {served.address} is closed." in out
    assert _leftovers(temporary) == []


def test_ctrl_c_while_the_command_line_loads_is_no_traceback() -> None:
    # KeyboardInterrupt raised where `python -m unorules` runs the command line.
    script = (
        "import runpy, unorules.cli\n"
        "def main():\n"
        "    raise KeyboardInterrupt\n"
        "unorules.cli.main = main\n"
        "runpy.run_module('unorules', run_name='__main__', alter_sys=True)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60
    )
    assert (done.returncode, done.stderr) == (130, "")


class _Terminal(io.StringIO):
    def __init__(self, encoding: str, tty: bool) -> None:
        super().__init__()
        self._encoding = encoding
        self._tty = tty

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    def isatty(self) -> bool:
        return self._tty


def test_the_qr_code_is_drawn_only_where_it_can_be_shown() -> None:
    address = "http://192.0.2.2:8000/dispute/"
    blocks = io.StringIO()
    segno.make(address, error="m").terminal(out=blocks, compact=True, border=2)
    colours = io.StringIO()
    segno.make(address, error="m").terminal(out=colours, compact=False, border=2)
    assert serve._qr(address, _Terminal("utf-8", tty=False)) == blocks.getvalue()
    # An ASCII terminal: the code in colours, which are plain ASCII.
    drawn = serve._qr(address, _Terminal("ascii", tty=True))
    assert drawn == colours.getvalue()
    drawn.encode("ascii")
    # ASCII and no terminal (a file): no code at all.
    assert serve._qr(address, _Terminal("ascii", tty=False)) is None


@pytest.mark.skipif(lan_address() is None, reason="this computer is on no network")
def test_an_ascii_stdout_gets_the_address_and_no_promise_of_a_code(site: Path) -> None:
    environment = {"PYTHONIOENCODING": "ascii", "PYTHONUTF8": "0"}
    for served in _start(str(site), "--port", "0", "--lan", **environment):
        text = "".join(served.first)
        assert served.address.startswith(f"http://{lan_address()}:")
        assert "Scan" not in text and "\\u2588" not in text and "?" not in text
        assert (
            "Every device on this home network can open it: type the address above "
            "into a phone's browser." in text
        )


def test_what_is_not_there_gets_the_sites_own_404_page(site: Path, tmp_path: Path) -> None:
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "index.html").write_text("<p>outside</p>", encoding="utf-8")
    (site / "way-out").mkdir()
    (site / "way-out" / "index.html").symlink_to(tmp_path / "outside" / "index.html")
    with _serving(site) as where:
        for path in ("/nowhere", "/assets/", "/leak.txt", "/way-out/", "/../secret.txt"):
            status, headers, body = _ask(where, path)
            assert (status, body) == (404, b"<p>no such page here</p>"), path
            assert headers["content-type"] == "text/html; charset=utf-8"
        status, headers, body = _ask(where, "/nowhere", "HEAD")
        assert (status, body, headers["content-length"]) == (404, b"", "24")
        assert _ask(where, "/dispute")[0:2] == (301, {**_ask(where, "/dispute")[1]})
        assert _ask(where, "/dispute")[1]["location"] == "/dispute/"
        assert _ask(where, "/dispute?x=1")[1]["location"] == "/dispute/?x=1"
    (site / "404.html").unlink()
    with _serving(site) as where:
        status, _, body = _ask(where, "/nowhere")
        assert status == 404 and b"Error response" in body
