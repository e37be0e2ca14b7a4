"""Simulation on a Ray cluster: ``simulate(..., backend="ray")``.

The games are cut into the same chunks as for local worker processes
(:func:`unorules.play.simulate._plan`); each chunk is one Ray task running
the same function a worker process runs, and the finished chunks are filed
by game index as they come back, so the statistics are made by the same code
from the same records in the same order: the same seed gives the same
statistics as a local run, whatever the number of workers.

Ray is imported only here, when the backend is used (the ``ray`` extra:
``pip install "unorules[ray]"``). Its API is reached through :class:`_Ray`,
a protocol of the few functions used, so that the rest of the module is
type-checked.
"""

from __future__ import annotations

import contextlib
import importlib
import logging
import os
import socket
import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

from unorules.errors import UnoError, msg
from unorules.play.simulate import (
    GameRecord,
    Progress,
    _available_cpus,
    _check_sendable,
    _file,
    _Job,
    _plan,
    _play_chunk,
)

__all__ = ["play_on_ray"]

CONNECT_TIMEOUT_S = 5.0
"""How long the head node of a cluster given by address may take to accept
a connection before the run gives up (Ray itself would retry for minutes)."""

INIT_TIMEOUT_S = 60.0
"""How long connecting to a cluster whose head node answers may take: Ray
retries without end a connection the cluster refuses (a missing or wrong
authentication token)."""


class _Remote(Protocol):
    """A function made a Ray task by ``ray.remote``."""

    def remote(self, *args: object) -> object:
        """Start the task; its result's object reference."""
        ...


class _Ray(Protocol):
    """The part of the ``ray`` module this backend uses."""

    cloudpickle: Any
    exceptions: Any

    def is_initialized(self) -> bool: ...

    def init(self, **kwargs: Any) -> object: ...

    def shutdown(self) -> None: ...

    def cluster_resources(self) -> dict[str, float]: ...

    def put(self, value: object) -> object: ...

    def remote(self, function: Callable[..., Any]) -> _Remote: ...

    def wait(
        self, refs: list[object], *, num_returns: int
    ) -> tuple[list[object], list[object]]: ...

    def get(self, ref: object) -> Any: ...

    def cancel(self, ref: object) -> None: ...


def _import_ray() -> _Ray:
    """The ``ray`` module.

    Raises:
        UnoError: Ray is not installed (or does not import).
    """
    try:
        ray = cast(_Ray, importlib.import_module("ray"))
    except ImportError:
        raise UnoError(
            msg('backend="ray" needs Ray, which is not installed here: pip install "unorules[ray]"')
        ) from None
    return ray


def play_on_ray(
    job: _Job, total: int, workers: int, address: str | None, progress: Progress | None
) -> tuple[tuple[GameRecord, ...], int]:
    """Play the games ``0 .. total - 1`` of ``job`` as Ray tasks.

    Args:
        job: the rules, bots, master seed and mode, as for local workers.
        total: the number of games (or rounds).
        workers: the most tasks to run at once (also capped by the cluster's
            CPUs and the number of chunks).
        address: the cluster (``"host:port"``, ``"ray://host:port"``,
            ``"auto"``), left running; ``None``: ``RAY_ADDRESS`` if set, else
            a local Ray of ``min(workers, CPUs)`` CPUs started for the run and
            shut down after it. A Ray already initialized in this process is
            used as it is, and left as it is.
        progress: called with ``(done, total)`` as chunks finish.

    Returns:
        The game records in game order, and the most tasks run at once.

    Raises:
        UnoError: Ray is not installed; the address is malformed, nothing
            answers there or Ray does not connect to it in time (a cluster
            with token authentication, without the token); a local Ray does
            not start; the cluster fails during the run (a worker or node
            lost).
        RuleSetError, BotSpecError: a table's rule, the rule set or a bot
            object that Ray cannot serialize (as for local workers).
        BotError: a bot failed in a task (its cause: Ray's report with the
            task's traceback).
    """
    ray = _import_ray()
    if address is None:
        address = os.environ.get("RAY_ADDRESS") or None
    _check_sendable(job, ray.cloudpickle.dumps)
    connected_here = not ray.is_initialized()
    if connected_here:
        _connect(ray, address, min(workers, _available_cpus()))
    pending: list[object] = []
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        used, chunks = _plan(total, workers, cpus)
        task = ray.remote(_play_chunk)
        job_ref = ray.put(job)
        by_index: dict[int, GameRecord] = {}
        done = 0
        # A few chunks per task slot in flight: the rest are submitted as they finish.
        for chunk in chunks:
            pending.append(task.remote(job_ref, chunk))
            while len(pending) >= used * 4:
                done = _collect(ray, pending, by_index, done, total, progress)
        while pending:
            done = _collect(ray, pending, by_index, done, total, progress)
        return tuple(by_index[i] for i in range(total)), used
    except ray.exceptions.RayError as e:  # the cluster, not a task, failed
        raise _failed(e) from e
    finally:
        for ref in pending:  # after an error: stop what is still queued on a shared cluster
            with contextlib.suppress(Exception):  # finished already, or the cluster is gone
                ray.cancel(ref)
        if connected_here:
            ray.shutdown()


def _collect(
    ray: _Ray,
    pending: list[object],
    by_index: dict[int, GameRecord],
    done: int,
    total: int,
    progress: Progress | None,
) -> int:
    """Wait for one chunk of ``pending`` to finish, take it out and file its
    records; the new count of games done."""
    finished, rest = ray.wait(pending, num_returns=1)
    pending[:] = rest
    for ref in finished:
        done = _file(_result(ray, ref), by_index, done, total, progress)
    return done


def _result(ray: _Ray, ref: object) -> Sequence[GameRecord]:
    """A finished task's records; a task's own exception raised again as it
    was raised in the task (Ray's report of it as the cause)."""
    try:
        records: Sequence[GameRecord] = ray.get(ref)
    except ray.exceptions.RayTaskError as e:
        cause = getattr(e, "cause", None)
        if isinstance(cause, Exception) and not isinstance(cause, ray.exceptions.RayError):
            raise cause from e
        raise _failed(e) from e
    except ray.exceptions.RayError as e:
        raise _failed(e) from e
    return records


def _failed(error: BaseException) -> UnoError:
    return UnoError(
        msg(
            "the Ray cluster failed during the run ({error_type}: {error})",
            error_type=type(error).__name__,
            error=_first_line(error),
        )
    )


def _connect(ray: _Ray, address: str | None, cpus: int) -> None:
    """Connect to the cluster at ``address``, or start a local Ray of
    ``cpus`` CPUs when it is ``None``.

    Raises:
        UnoError: a malformed address, nothing answering there, Ray not
            connecting within :data:`INIT_TIMEOUT_S`, or Ray refusing to
            connect or start (its reason in the message).
    """
    # Workers' output stays off the driver's stdout, which may carry --json.
    quiet = {"logging_level": logging.WARNING, "include_dashboard": False, "log_to_driver": False}
    if address is None:
        try:
            ray.init(num_cpus=cpus, **quiet)
        except Exception as e:
            raise UnoError(
                msg(
                    "could not start a local Ray for the run ({error_type}: {error}); if a Ray "
                    "already runs on this machine, connect to it: --ray auto (address=\"auto\")",
                    error_type=type(e).__name__,
                    error=_first_line(e),
                )
            ) from None
        return
    if address != "auto":
        _check_reachable(address)
    try:
        _init_within(
            ray,
            INIT_TIMEOUT_S,
            address=address,
            logging_level=logging.WARNING,
            log_to_driver=False,
        )
    except TimeoutError:
        raise UnoError(
            msg(
                "Ray did not connect to the cluster at {address} within {seconds} s: if the "
                "cluster uses token authentication, set RAY_AUTH_MODE=token and give its "
                "token (RAY_AUTH_TOKEN, or the file ~/.ray/auth_token)",
                address=repr(address),
                seconds=f"{INIT_TIMEOUT_S:g}",
            )
        ) from None
    except Exception as e:
        raise _unreachable(address, e) from None


def _init_within(ray: _Ray, seconds: float, **kwargs: Any) -> None:
    """``ray.init(**kwargs)`` in a thread of its own, waited for at most
    ``seconds``. On a time-out the thread is left to Ray's retries (a
    daemon thread: it does not keep the program from ending).

    Raises:
        TimeoutError: ``ray.init`` did not return in time.
        Exception: what ``ray.init`` raised.
    """
    outcome: list[BaseException | None] = []

    def connect() -> None:
        try:
            ray.init(**kwargs)
        except BaseException as e:
            outcome.append(e)
        else:
            outcome.append(None)

    # Off the main thread Ray says it cannot set its SIGTERM handler: true, and no matter here.
    worker_log = logging.getLogger("ray._private.worker")
    quiet = _Without("SIGTERM handler is not set")
    worker_log.addFilter(quiet)
    try:
        thread = threading.Thread(target=connect, name="unorules-ray-connect", daemon=True)
        thread.start()
        thread.join(seconds)
    finally:
        worker_log.removeFilter(quiet)
    if not outcome:
        raise TimeoutError(seconds)
    if outcome[0] is not None:
        raise outcome[0]


class _Without(logging.Filter):
    """Drops the log records whose message begins with ``start``."""

    def __init__(self, start: str) -> None:
        super().__init__()
        self.start = start

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith(self.start)


def _check_reachable(address: str) -> None:
    """Refuse at once an address that is not ``host:port`` or
    ``ray://host:port``, or where nothing accepts a connection: Ray itself
    would retry for minutes.

    Raises:
        UnoError: naming the address and what was wrong.
    """
    where = address.removeprefix("ray://")
    host, _, port = where.rpartition(":")
    host = host.strip("[]")  # an IPv6 address in brackets
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UnoError(
            msg(
                "{address} is not a Ray address: give host:port of the head node (as "
                "'ray start --head' prints it), ray://host:10001 (Ray Client) or auto",
                address=repr(address),
            )
        )
    try:
        with socket.create_connection((host, int(port)), timeout=CONNECT_TIMEOUT_S):
            pass
    except OSError as e:
        raise _unreachable(address, e) from None


def _unreachable(address: str, error: BaseException) -> UnoError:
    return UnoError(
        msg(
            "cannot connect to the Ray cluster at {address} ({error_type}: {error}): is it "
            "running ('ray start --head' on its head node)?",
            address=repr(address),
            error_type=type(error).__name__,
            error=_first_line(error),
        )
    )


def _first_line(error: BaseException) -> str:
    """The first line of an exception's text (Ray's can run to a traceback)."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
