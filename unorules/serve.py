"""The ``unorules serve`` command: the built site (its dispute page above
all) served read-only from this computer, for the phones at the table.

``unorules serve [SITE]`` serves the folder ``SITE`` (default ``site``, what
``mkdocs build`` writes), or a ``.zip`` of it (the site's archive of a
release), on this computer only (``127.0.0.1``). With ``--lan`` it listens
on the home network too and prints the dispute page's address on it with a
QR code of that address to scan with a phone's camera (a terminal that can
show the code neither in block characters nor in colours gets the address
alone). It serves files and nothing else: GET and HEAD only, no folder
listings, nothing outside ``SITE`` (no ``..``, no link that leads out), the
site's own ``404.html`` for what is not there. Every file is sent with a
strong ``ETag`` and ``Cache-Control: no-cache``, so a browser asks again
each time and gets the file anew whenever it changed, even when an older
build is put back. A connection silent for :data:`REQUEST_TIMEOUT` seconds
is dropped, and so, quietly, is a phone that leaves mid-file. Ctrl-C,
SIGTERM and SIGHUP stop it cleanly, even while an archive is unpacked: the
port is closed and the unpacked archive removed.

A page served over the home network is served over plain HTTP, which a
browser does not treat as a secure context: the page and its verdicts work
while this computer serves them, but the phone can neither install the
page on its home screen nor keep it for offline use from this address.
The published site (HTTPS) can.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import io
import os
import shutil
import signal
import socket
import stat
import sys
import tempfile
import threading
import urllib.parse
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import FrameType, TracebackType
from typing import Any, BinaryIO, Final, TextIO, cast

from unorules.errors import Message, UnoError, msg, os_reason
from unorules.explanations.languages import ENGLISH, Wording

__all__ = [
    "REQUEST_TIMEOUT",
    "ServeError",
    "add_parser",
    "lan_address",
    "run",
    "serve_folder",
    "site_folder",
]

DEFAULT_SITE: Final = "site"
"""The folder ``mkdocs build`` writes, served when no SITE is given."""
DEFAULT_PORT: Final = 8000
MAX_ARCHIVE_BYTES: Final = 400 * 1024 * 1024
"""The most an archive may unpack to (the site with its engine is ~60 MB)."""
REQUEST_TIMEOUT: Final = 30
"""Seconds a connection may stay silent (or refuse what is sent to it)
before it is dropped."""

_TYPES: Final = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
}
_CHUNK: Final = 1024 * 1024
_STOPPING_SIGNALS: Final = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


def _(w: Wording, message: str) -> str:
    return w.gettext("cli", message)


class ServeError(UnoError):
    """``unorules serve`` cannot serve: no built site at the path given, an
    archive that is no site or cannot be read, a port that is taken."""


class _Interrupted(Exception):
    """A stopping signal came while the archive was being unpacked."""


def add_parser(sub: Any, w: Wording = ENGLISH) -> None:
    """Add ``serve`` to the subcommands ``sub``, its help in ``w``'s language."""
    sv = sub.add_parser(
        "serve",
        help=_(w, "serve the dispute page and the site to phones at the table"),
        description=_(
            w,
            "Serve the built site (the folder SITE, default 'site', or a .zip of it) "
            "read-only from this computer. Only this computer can open it, unless --lan "
            "is given: then every device on the home network can, and the dispute page's "
            "address is printed with a QR code to scan. Ctrl-C stops it. Over the home "
            "network the page works while this computer serves it; installing it on a "
            "phone's home screen and using it offline need the published (https) site.",
        ),
    )
    sv.add_argument(
        "site",
        nargs="?",
        default=DEFAULT_SITE,
        metavar="SITE",
        help=_(w, "the built site: a folder, or a .zip of one (default: site)"),
    )
    sv.add_argument(
        "--lan",
        action="store_true",
        help=_(w, "listen on the home network too and print the address and a QR code"),
    )
    sv.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        metavar="N",
        help=_(w, "the port to listen on (default 8000; 0: any free port)"),
    )


def site_folder(path: Path) -> Path:
    """Check that ``path`` is a built site (it holds ``index.html``) and
    return it resolved.

    Raises:
        ServeError: ``path`` does not exist, is not a folder, or holds no
            ``index.html`` (not a built site).
    """
    if not path.exists():
        raise ServeError(
            msg(
                "no built site at {path}: build it with 'mkdocs build' in the "
                "repository, or give the site's folder or its .zip",
                path=str(path),
            )
        )
    if not path.is_dir():
        raise ServeError(msg("{path} is not a folder or a .zip of the site", path=str(path)))
    if not (path / "index.html").is_file():
        raise ServeError(
            msg(
                "{path} is no built site: it holds no index.html "
                "(build it with 'mkdocs build', which writes site/)",
                path=str(path),
            )
        )
    return path.resolve()


class _Stopping:
    """SIGINT (Ctrl-C), SIGTERM and SIGHUP, caught while ``serve`` runs: each
    sets :attr:`asked` and nothing else, so no cleanup is cut short; the
    unpacking and the serving look at it. A signal that was ignored when
    ``serve`` started (``nohup``) stays ignored. In a thread other than the
    main one, where no handler can be set, nothing is caught."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self._previous: dict[int, Any] = {}

    def __enter__(self) -> _Stopping:
        if threading.current_thread() is threading.main_thread():
            for number in _STOPPING_SIGNALS:
                previous = signal.getsignal(number)
                if previous is signal.SIG_IGN or previous is None:
                    continue
                self._previous[number] = signal.signal(number, self._on_signal)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        for number, previous in self._previous.items():
            signal.signal(number, previous)
        self._previous.clear()

    def _on_signal(self, number: int, frame: FrameType | None) -> None:
        self.asked.set()

    def check(self) -> None:
        """Raise :class:`_Interrupted` once a stop is asked for."""
        if self.asked.is_set():
            raise _Interrupted


class _Unreadable(Exception):
    """A member of the archive could not be unpacked; :attr:`reason` says why."""

    def __init__(self, reason: Message | str) -> None:
        super().__init__(str(reason))
        self.reason = reason


def _read_failed(member: str, error: Exception) -> Message:
    """Why the member named ``member`` could not be read from the archive."""
    if isinstance(error, NotImplementedError):
        return msg(
            "the member {member} is compressed with a method that cannot be unpacked here",
            member=repr(member),
        )
    # BadZipFile (a wrong checksum, a damaged header), and zlib's, bz2's and
    # lzma's errors on damaged data.
    return msg("the member {member} is damaged", member=repr(member))


def _write_failed(member: str, error: OSError) -> Message:
    """Why the member named ``member`` could not be written into the folder."""
    if isinstance(error, (NotADirectoryError, IsADirectoryError, FileExistsError)):
        return msg("the member {member} clashes with another member's path", member=repr(member))
    return msg(
        "the member {member} cannot be written: {reason}",
        member=repr(member),
        reason=os_reason(error, writing=True),
    )


@contextlib.contextmanager
def _unpacked(archive: Path, stopping: _Stopping | None = None) -> Iterator[Path]:
    """The site in the zip ``archive`` unpacked into a temporary folder
    (removed on the way out, whatever happens). A zip that holds the site in
    one top folder is served from that folder. The unpacking looks at
    ``stopping`` between pieces of a megabyte and stops when it is asked to.

    Raises:
        ServeError: not a zip, a member that would land outside the folder,
            more than :data:`MAX_ARCHIVE_BYTES` unpacked, a member that cannot
            be unpacked (damaged, encrypted, compressed in an unknown way,
            clashing with another one's path), no ``index.html``.
        _Interrupted: a stop was asked for while unpacking.
    """

    def cannot_read(reason: Message | str) -> ServeError:
        return ServeError(msg("cannot read {path}: {reason}", path=str(archive), reason=reason))

    try:
        zf = zipfile.ZipFile(archive)
    except OSError as e:
        raise cannot_read(os_reason(e)) from None
    except Exception:  # BadZipFile, and a header damaged in a way zipfile does not name
        raise cannot_read(msg("not a zip archive")) from None
    folder = Path(tempfile.mkdtemp(prefix="unorules-site-")).resolve()
    try:
        with zf:
            members = zf.infolist()
            total = 0
            for info in members:
                try:
                    target = (folder / info.filename).resolve()
                except (OSError, ValueError, RuntimeError):
                    target = folder.parent
                if not target.is_relative_to(folder):
                    raise ServeError(
                        msg(
                            "{path}: the member {member} would land outside the site",
                            path=str(archive),
                            member=repr(info.filename),
                        )
                    )
                total += info.file_size
                if total > MAX_ARCHIVE_BYTES:
                    raise ServeError(
                        msg(
                            "{path} unpacks to more than {limit} MB: not a site's archive",
                            path=str(archive),
                            limit=MAX_ARCHIVE_BYTES // (1024 * 1024),
                        )
                    )
            for info in members:
                if stopping is not None:
                    stopping.check()
                try:
                    _unpack_member(zf, info, folder, stopping)
                except _Unreadable as e:
                    raise cannot_read(e.reason) from None
        entries = [p for p in folder.iterdir() if not p.name.startswith("__MACOSX")]
        root = entries[0] if len(entries) == 1 and entries[0].is_dir() else folder
        if not (root / "index.html").is_file():
            raise ServeError(
                msg("{path} is no site's archive: it holds no index.html", path=str(archive))
            )
        yield root
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _unpack_member(
    zf: zipfile.ZipFile, info: zipfile.ZipInfo, folder: Path, stopping: _Stopping | None
) -> None:
    """Write the member ``info`` of ``zf`` into ``folder`` (its path already
    checked to lie inside it), a megabyte at a time.

    Raises:
        _Unreadable: the member cannot be read (damaged, encrypted,
            compressed in a way zipfile does not know) or written.
        _Interrupted: a stop was asked for.
    """
    name = info.filename
    if info.flag_bits & 0x1:  # a password is needed (zipfile: RuntimeError)
        raise _Unreadable(msg("the member {member} is encrypted", member=repr(name)))
    target = (folder / name).resolve()
    try:
        if info.is_dir():
            target.mkdir(parents=True, exist_ok=True)
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        out = open(target, "wb")  # noqa: SIM115 (closed below, whatever happens)
    except OSError as e:
        raise _Unreadable(_write_failed(name, e)) from None
    with out:
        try:
            source = zf.open(info)
        except Exception as e:
            raise _Unreadable(_read_failed(name, e)) from None
        with source:
            while True:
                try:
                    chunk = source.read(_CHUNK)
                except Exception as e:
                    raise _Unreadable(_read_failed(name, e)) from None
                if not chunk:
                    return
                try:
                    out.write(chunk)
                except OSError as e:
                    raise _Unreadable(_write_failed(name, e)) from None
                if stopping is not None:
                    stopping.check()


def _etag(status: os.stat_result) -> str:
    """A strong validator of a file: its inode, size and modification time
    to the nanosecond. A file written anew, or put back from a copy (even
    one older than what the browser has), has another."""
    return f'"{status.st_ino:x}-{status.st_size:x}-{status.st_mtime_ns:x}"'


def _matches(header: str | None, etag: str) -> bool:
    """Whether the ``If-None-Match`` header ``header`` names ``etag`` (or is ``*``)."""
    if header is None:
        return False
    tags = [tag.strip().removeprefix("W/") for tag in header.split(",")]
    return "*" in tags or etag in tags


class _StaticFiles(http.server.SimpleHTTPRequestHandler):
    """Files of one folder, read-only: GET and HEAD (any other method gets
    501 from the base class), no folder listings, nothing outside the
    folder, the site's ``404.html`` for what is not there, a strong ETag
    for every file, no log lines on the terminal. A connection silent for
    :data:`REQUEST_TIMEOUT` seconds is closed."""

    timeout = REQUEST_TIMEOUT

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        found = _TYPES.get(Path(path).suffix.lower())
        return found if found is not None else super().guess_type(path)

    def _root(self) -> Path:
        return Path(self.directory)

    def _inside(self, path: str | os.PathLike[str]) -> Path | None:
        """``path`` resolved, when it lies in the site (a link that leads
        out of it, a path the system cannot take: ``None``)."""
        try:
            real = Path(path).resolve()
        except (OSError, ValueError, RuntimeError):
            return None
        return real if real.is_relative_to(self._root()) else None

    def _locate(self, asked: str) -> tuple[str, Path | None]:
        """What the URL's path ``asked`` names: ``("file", path)``, a folder
        asked for without its final slash ``("folder", None)``, or nothing to
        send ``("missing", None)``: not there, outside the site, a folder
        without an index, not a plain file (a pipe, a device), or a path the
        system cannot take (a NUL byte, too long, not in its encoding)."""
        try:
            found = self._inside(super().translate_path(self.path))
            if found is None:
                return "missing", None
            if found.is_dir():
                if not asked.endswith("/"):
                    return "folder", None
                for name in ("index.html", "index.htm"):
                    index = self._inside(found / name)
                    if index is not None and index.is_file():
                        return "file", index
                return "missing", None
            if asked.endswith("/") or not stat.S_ISREG(found.stat().st_mode):
                return "missing", None
            return "file", found
        except (OSError, ValueError, RuntimeError):
            return "missing", None

    def send_head(self) -> BinaryIO | None:
        """The headers of the file asked for (or a redirect, a 304, a 404),
        and the file itself open when its body is to follow."""
        try:
            asked = urllib.parse.urlsplit(self.path)
        except ValueError:
            asked = None
        if asked is None or not self.path.startswith("/"):  # only a path from the root
            self.send_error(400, "Bad request")
            return None
        kind, found = self._locate(asked.path)
        if kind == "folder":
            self.send_response(301)
            location = asked._replace(scheme="", netloc="", path=asked.path + "/")
            self.send_header("Location", urllib.parse.urlunsplit(location))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if found is None:
            self.send_error(404, "Not found")
            return None
        try:
            f = open(found, "rb")  # noqa: SIM115 (the base class sends it and closes it)
        except (OSError, ValueError):
            self.send_error(404, "Not found")
            return None
        try:
            status = os.fstat(f.fileno())
            etag = _etag(status)
            # If-Modified-Since is not looked at: a build put back from a copy
            # has older times than the one the browser keeps.
            if _matches(self.headers.get("If-None-Match"), etag):
                f.close()
                self.send_response(304)
                self.send_header("ETag", etag)
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                return None
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(found)))
            self.send_header("Content-Length", str(status.st_size))
            self.send_header("Last-Modified", self.date_time_string(int(status.st_mtime)))
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return cast(BinaryIO, f)
        except BaseException:
            f.close()
            raise

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The site's own ``404.html`` for a 404 when it has one, else the
        base class's page."""
        page = self._inside(self._root() / "404.html") if code == 404 else None
        body = None
        if page is not None:
            with contextlib.suppress(OSError):
                body = page.read_bytes()
        if body is None:
            super().send_error(code, message, explain)
            return
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    """The server of :func:`serve_folder`: a request that fails because its
    client left, reset the connection or fell silent is dropped quietly;
    any other failure is one line on stderr, never a traceback."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: Any, w: Wording) -> None:
        self.wording = w
        super().__init__(address, handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        error = sys.exc_info()[1]
        if error is None or isinstance(error, OSError):  # the client went away
            return
        with contextlib.suppress(Exception):
            line = _(self.wording, "unorules serve: a request from {client} failed: {reason}")
            client = client_address[0] if isinstance(client_address, tuple) else client_address
            sys.stderr.write(line.format(client=client, reason=str(error) or type(error).__name__))
            sys.stderr.write("\n")
            sys.stderr.flush()


def lan_address() -> str | None:
    """This computer's address on the home network (the interface its
    default route goes out of), or ``None`` without one. Nothing is sent:
    a UDP socket is connected, not written to."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed on the internet
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith(("127.", "0.")) else address


def serve_folder(
    folder: Path, host: str, port: int, w: Wording = ENGLISH
) -> http.server.ThreadingHTTPServer:
    """A server of the files in ``folder`` at ``host``:``port`` (0: a free
    port), not yet serving (call ``serve_forever``). A request that fails
    otherwise than by its client leaving is reported on stderr in ``w``'s
    language.

    Raises:
        ServeError: the port is taken or cannot be used.
    """
    handler = functools.partial(_StaticFiles, directory=str(folder.resolve()))
    try:
        server = _Server((host, port), handler, w)
    except OverflowError:
        raise ServeError(msg("--port must be 0 to 65535, not {port}", port=port)) from None
    except OSError as e:
        raise ServeError(
            msg("cannot listen on port {port}: {reason}", port=port, reason=os_reason(e))
        ) from None
    return server


def _page(folder: Path, lang: str) -> str:
    """The path of the dispute page in ``lang`` (the English one when the
    build has no such language), or the home page when the build has no
    dispute page."""
    for path in ([f"{lang}/dispute/"] if lang != "en" else []) + ["dispute/"]:
        if (folder / path / "index.html").is_file():
            return path
    return ""


def _qr(text: str, stream: Any = None) -> str | None:
    """``text`` as a QR code for the terminal ``stream`` (default stdout):
    drawn with block characters where its encoding has them, else, on a
    terminal, with colours (escape codes, plain ASCII); ``None`` when it can
    be shown neither way."""
    import segno

    stream = sys.stdout if stream is None else stream
    code = segno.make(text, error="m")
    encoding = getattr(stream, "encoding", None) or "ascii"
    out = io.StringIO()
    code.terminal(out=out, compact=True, border=2)
    drawn = out.getvalue()
    try:
        drawn.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        pass
    else:
        return drawn
    try:
        on_terminal = bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        on_terminal = False
    if not on_terminal or os.name == "nt" or os.environ.get("TERM") == "dumb":
        return None
    out = io.StringIO()
    code.terminal(out=out, compact=False, border=2)
    return out.getvalue()


class _Output:
    """Standard output that never fails: once it cannot be written (closed
    with ``>&-``, a pipe whose reader has gone, a terminal hung up), what is
    written after goes nowhere, and what its buffer still holds too."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream
        self.encoding = getattr(stream, "encoding", None) or "utf-8"
        self.errors = getattr(stream, "errors", None) or "strict"
        self.closed = False

    def write(self, text: str) -> int:
        if self.stream is not None:
            try:
                self.stream.write(text)
                self.stream.flush()
            except (OSError, ValueError):
                self._give_up()
        return len(text)

    def flush(self) -> None:
        if self.stream is not None:
            try:
                self.stream.flush()
            except (OSError, ValueError):
                self._give_up()

    def isatty(self) -> bool:
        try:
            return self.stream is not None and bool(self.stream.isatty())
        except (OSError, ValueError):
            return False

    def _give_up(self) -> None:
        stream, self.stream = self.stream, None
        # What the stream still holds would fail again when Python flushes it
        # on exit: its descriptor now leads to the null device.
        with contextlib.suppress(Exception):
            assert stream is not None
            null = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(null, stream.fileno())
            finally:
                os.close(null)


def _guard_stdout() -> None:
    """Put :class:`_Output` in place of ``sys.stdout`` (once), for ``serve``'s
    lines and the closing line the command line prints after it."""
    if not isinstance(sys.stdout, _Output):
        sys.stdout = cast(TextIO, _Output(sys.stdout))


def run(args: argparse.Namespace, w: Wording = ENGLISH) -> tuple[str, int]:
    """``unorules serve``: serve ``args.site`` until Ctrl-C, SIGTERM or
    SIGHUP, then return the closing line and the exit status 0. The address
    (and with ``--lan`` the QR code, where the terminal can show it) is
    printed on stdout as soon as the site is served. Standard output that
    cannot be written (closed, a pipe whose reader has gone) is let go
    quietly: the site is served all the same.

    Raises:
        ServeError: no built site at ``args.site``, an archive that is no
            site or cannot be read, a port that is taken, ``--lan`` on a
            computer with no home network.
        KeyboardInterrupt: stopped (by any of the three signals) while the
            archive was being unpacked, before anything was served; the
            unpacked part is removed.
    """
    path = Path(args.site)
    port = int(args.port)
    if not 0 <= port <= 65535:
        raise ServeError(msg("--port must be 0 to 65535, not {port}", port=port))
    _guard_stdout()
    try:
        with _Stopping() as stopping, contextlib.ExitStack() as stack:
            if path.is_file() and path.suffix.lower() == ".zip":
                folder = stack.enter_context(_unpacked(path, stopping))
            else:
                folder = site_folder(path)
            address = _serve(folder, args.lan, port, w, stopping, stack)
    except _Interrupted:
        raise KeyboardInterrupt from None
    return _(w, "Stopped: {address} is closed.").format(address=address), 0


def _serve(
    folder: Path,
    lan: bool,
    port: int,
    w: Wording,
    stopping: _Stopping,
    stack: contextlib.ExitStack,
) -> str:
    """Serve ``folder`` until a stop is asked for; the address it was served at."""
    host = "0.0.0.0" if lan else "127.0.0.1"
    shown = "127.0.0.1"
    if lan:
        found = lan_address()
        if found is None:
            raise ServeError(
                msg("--lan: this computer is on no network (no address other than 127.0.0.1)")
            )
        shown = found
    server = serve_folder(folder, host, port, w)
    stack.callback(server.server_close)
    address = f"http://{shown}:{server.server_address[1]}/{_page(folder, w.lang)}"
    lines = [_(w, "Serving {folder} at {address}").format(folder=folder, address=address)]
    if lan:
        drawn = _qr(address)
        if drawn is not None:
            lines.append(
                _(w, "Every device on this home network can open it. Scan with a phone's camera:")
            )
            lines.append(drawn.rstrip("\n"))
        else:
            lines.append(
                _(
                    w,
                    "Every device on this home network can open it: type the address "
                    "above into a phone's browser.",
                )
            )
    else:
        lines.append(_(w, "Only this computer can open it; --lan opens it to the home network."))
    lines.append(_(w, "Press Ctrl-C to stop."))
    sys.stdout.write("\n".join(lines) + "\n")
    sys.stdout.flush()
    _serve_until_stopped(server, stopping.asked)
    return address


def _serve_until_stopped(server: http.server.ThreadingHTTPServer, stop: threading.Event) -> None:
    """Serve until ``stop`` is set (or Ctrl-C, where no handler could be
    set); the server shut down on the way out."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        while not stop.wait(0.2):
            pass
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        thread.join(timeout=5)
