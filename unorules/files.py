"""Reading a user's file: every file unorules reads (a table file, a game
record) is read through :func:`read_user_file`.

Only a regular file is read: a folder, a named pipe (FIFO), a device such
as ``/dev/zero`` or a socket is refused before a byte is read, so a read
never blocks and never grows without end. The file is opened without
blocking and checked on the open file itself (``fstat``), so it cannot be
swapped for a pipe between the check and the read. No more than a cap per
kind of file is read: :data:`MAX_TABLE_BYTES` for a table file,
:data:`unorules.records.MAX_RECORD_BYTES` for a record.
"""

from __future__ import annotations

import os
import stat

from unorules.errors import Message, UnoError, msg, os_reason

__all__ = ["MAX_TABLE_BYTES", "FileReadError", "read_user_file"]

MAX_TABLE_BYTES = 1024 * 1024
"""The most bytes a table file (``unorules.toml``) may hold: 1 MB, far more
than any table needs."""


class FileReadError(UnoError):
    """A file that could not be read.

    Attributes:
        path: the file's path, as given.
        reason: why (a translatable :class:`~unorules.errors.Message` or the
            system's words): no such file, a folder, no permission, not a
            regular file, larger than the cap.
    """

    def __init__(self, path: str, reason: Message | str) -> None:
        super().__init__(msg("cannot read {path}: {reason}", path=path, reason=reason))
        self.path = path
        self.reason = reason


def _size(most: int) -> Message:
    if most >= 1024 * 1024 and most % (1024 * 1024) == 0:
        return msg("{count} MB", count=most // (1024 * 1024))
    return msg("{count} bytes", count=most)


def read_user_file(path: str | os.PathLike[str], most: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``most`` of them.

    Args:
        path: the file's path.
        most: the most bytes the file may hold (the cap of its kind).

    Returns:
        The file's bytes.

    Raises:
        FileReadError: no such file, a folder, no permission, a file that is
            not a regular file (a pipe, a device, a socket: never read, so
            the call does not block), or a file of more than ``most`` bytes
            (read no further than one byte past the cap).
    """
    name = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(name, flags)
    except OSError as e:
        raise FileReadError(name, os_reason(e)) from None
    try:
        try:
            info = os.fstat(fd)
        except OSError as e:
            raise FileReadError(name, os_reason(e)) from None
        if stat.S_ISDIR(info.st_mode):
            raise FileReadError(name, msg("it is a folder, not a file"))
        if not stat.S_ISREG(info.st_mode):
            mode = info.st_mode
            if stat.S_ISFIFO(mode):
                why = msg("it is a pipe, not a regular file")
            elif stat.S_ISSOCK(mode):
                why = msg("it is a socket, not a regular file")
            else:
                why = msg("it is a device, not a regular file")
            raise FileReadError(name, why)
        if info.st_size > most:
            raise FileReadError(
                name, msg("it is larger than {most}, the most it may hold", most=_size(most))
            )
        parts: list[bytes] = []
        size = 0
        try:
            while size <= most:
                part = os.read(fd, min(1 << 20, most + 1 - size))
                if not part:
                    break
                parts.append(part)
                size += len(part)
        except OSError as e:
            raise FileReadError(name, os_reason(e)) from None
        if size > most:  # grown since the fstat
            raise FileReadError(
                name, msg("it is larger than {most}, the most it may hold", most=_size(most))
            )
        return b"".join(parts)
    finally:
        os.close(fd)
