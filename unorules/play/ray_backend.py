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
import re
import socket
import sys
import sysconfig
import threading
from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

from unorules.errors import Message, UnoError, msg
from unorules.play.bots import BotSpecError
from unorules.play.games import (
    GameRecord,
    Progress,
    RayCluster,
    _available_cpus,
    _check_sendable,
    _file,
    _Job,
    _plan,
    _play_chunk,
    _Played,
    check_ray_address,
)

__all__ = ["play_on_ray"]

CONNECT_TIMEOUT_S = 5.0
"""How long the head node of a cluster given by address may take to accept
a connection before the run gives up (Ray itself would retry for minutes)."""

INIT_TIMEOUT_S = 60.0
"""How long connecting to a cluster whose head node answers may take: Ray
retries without end a connection the cluster refuses (a missing or wrong
authentication token)."""

PROBE_TIMEOUT_S = 10.0
"""How long the first question to the head node (its cluster ID, asked
before ``ray.init``) may take: a cluster with token authentication refuses
a wrong token or none at once, where ``ray.init`` retries for 20 seconds
before it says only that it failed."""


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

    def nodes(self) -> list[dict[str, Any]]: ...

    def put(self, value: object) -> object: ...

    def remote(self, function: Callable[..., Any]) -> _Remote: ...

    def wait(
        self, refs: list[object], *, num_returns: int
    ) -> tuple[list[object], list[object]]: ...

    def get(self, ref: object) -> Any: ...

    def cancel(self, ref: object) -> None: ...

    def get_runtime_context(self) -> Any: ...


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
    job: _Job,
    total: int,
    workers: int,
    address: str | None,
    progress: Progress | None,
    folder: str | None = None,
) -> tuple[tuple[GameRecord, ...], int, RayCluster]:
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
            used as it is, and left as it is. Connecting to a cluster, the
            modules of the job's own code that are not installed packages
            (``module:Class`` bots, bot objects' classes, a table's own rules)
            go with it to the nodes (``runtime_env={"py_modules": [...]}``),
            unless the run is a Ray job (``ray job submit``: its own
            ``runtime_env`` says what the nodes get).
        progress: called with ``(done, total)`` as chunks finish.
        folder: where to write the game records (when ``job.record``): the
            tasks send each record's text back with the game, and this
            process writes the files, whatever node played the game.

    Returns:
        The game records in game order, the most tasks run at once, and the
        Ray that played (:class:`~unorules.play.simulate.RayCluster`).

    Raises:
        UnoError: Ray is not installed; the address (or ``RAY_ADDRESS``) is
            malformed; nothing listens there, the host is unknown or does
            not answer, the cluster refuses the connection (token
            authentication, permission) or runs other versions of Ray or
            Python, or Ray does not connect in time; a local Ray does not
            start; the cluster fails during the run (a worker or node lost).
            Each message says what to do.
        RuleSetError, BotSpecError: a table's rule, the rule set or a bot
            object that Ray cannot serialize (as for local workers); a bot
            whose module the nodes cannot import (the message says how to
            ship it or install it there).
        BotError: a bot failed in a task (its cause: Ray's report with the
            task's traceback).
    """
    _quiet_ray_logs()
    ray = _import_ray()
    if address is None:
        address = os.environ.get("RAY_ADDRESS") or None
        if address is not None:
            check_ray_address(address, "RAY_ADDRESS")
    _check_sendable(job, ray.cloudpickle.dumps)
    connected_here = not ray.is_initialized()
    shipped: list[str] = []
    if connected_here:
        if address is not None and "RAY_JOB_CONFIG_JSON_ENV_VAR" not in os.environ:
            shipped = own_modules(job)
        _connect(ray, address, min(workers, _available_cpus()), shipped)
    kind = "initialized" if not connected_here else "started" if address is None else "connected"
    pending: list[object] = []
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        nodes = sum(1 for node in ray.nodes() if node.get("Alive", True))
        shown = _resolved(ray, address) if kind == "connected" else None
        cluster = RayCluster(kind, shown, nodes, cpus)
        used, chunks = _plan(total, workers, cpus)
        task = ray.remote(_play_chunk)
        job_ref = ray.put(job)
        by_index: dict[int, GameRecord] = {}
        done = 0
        # A few chunks per task slot in flight: the rest are submitted as they finish.
        for chunk in chunks:
            pending.append(task.remote(job_ref, chunk))
            while len(pending) >= used * 4:
                done = _collect(ray, pending, by_index, done, total, progress, job, shipped, folder)
        while pending:
            done = _collect(ray, pending, by_index, done, total, progress, job, shipped, folder)
        return tuple(by_index[i] for i in range(total)), used, cluster
    except ray.exceptions.RayError as e:  # the cluster, not a task, failed
        if _runtime_env_failed(e):
            raise _no_runtime_env(e) from e
        raise _failed(e) from e
    finally:
        for ref in pending:  # after an error: stop what is still queued on a shared cluster
            with contextlib.suppress(Exception):  # finished already, or the cluster is gone
                ray.cancel(ref)
        if connected_here:
            ray.shutdown()


def _quiet_ray_logs() -> None:
    """Keep Ray's log lines off this process's stderr, which may carry
    progress or an error: only errors from the ``ray`` loggers
    (``ray.init(logging_level=logging.ERROR)`` sets the same), from before
    Ray is imported. Ray's C++ part logs to stderr itself (``gcs_client.cc``
    retrying a connection): ``RAY_BACKEND_LOG_LEVEL`` would quiet it, but
    Ray then logs that it read the variable, so it is left to the user."""
    logging.getLogger("ray").setLevel(logging.ERROR)


def _resolved(ray: _Ray, address: str | None) -> str | None:
    """The address of the cluster connected to, as Ray resolved it (``auto``
    or ``RAY_ADDRESS`` made the head node's ``host:port``); ``address`` as
    given when Ray does not say (Ray Client, a stand-in for Ray)."""
    if address is not None and address.startswith("ray://"):
        return address
    with contextlib.suppress(Exception):
        gcs = ray.get_runtime_context().gcs_address
        if isinstance(gcs, str) and gcs:
            return gcs
    return address


def own_modules(job: _Job) -> list[str]:
    """The files and folders of the job's own code that Ray must ship to a
    cluster's nodes: the top-level module (a ``.py`` file) or package (its
    folder) of each ``module:Class`` bot, each bot object's class and each
    table's rule (its build function and the policy it put in its slot),
    when it is imported from outside the installed packages and the
    standard library (from the current directory or ``PYTHONPATH``, say).
    unorules itself, ``__main__`` (which Ray's serializer sends by value)
    and modules without a file are never in it.

    Returns:
        Paths, each once, in the order the job names their modules.
    """
    names: list[str] = []
    for bot in job.bots:
        if isinstance(bot, str):
            if ":" in bot:
                names.append(bot.partition(":")[0].strip())
        else:
            names.append(type(bot).__module__)
    for rule in job.rules.house_rules:
        names.append(getattr(rule.build, "__module__", None) or "")
        names.append(type(getattr(job.rules, rule.slot)).__module__)
    installed = {
        os.path.realpath(path)
        for key in ("stdlib", "platstdlib", "purelib", "platlib")
        if (path := sysconfig.get_paths().get(key))
    }
    paths: list[str] = []
    for name in names:
        top = name.partition(".")[0]
        if top in ("", "__main__", "unorules", "builtins"):
            continue
        module = sys.modules.get(top)
        if module is None:
            continue
        places = list(getattr(module, "__path__", None) or ())
        file = getattr(module, "__file__", None)
        if not places and isinstance(file, str) and file.endswith(".py"):
            places = [file]
        if len(places) != 1:  # a namespace package, a built-in or compiled module
            continue
        path = os.path.realpath(places[0])
        if any(path.startswith(root + os.sep) for root in installed) or path in paths:
            continue
        paths.append(path)
    return paths


def _collect(
    ray: _Ray,
    pending: list[object],
    by_index: dict[int, GameRecord],
    done: int,
    total: int,
    progress: Progress | None,
    job: _Job,
    shipped: Sequence[str],
    folder: str | None,
) -> int:
    """Wait for one chunk of ``pending`` to finish, take it out, file its
    records and write its game records to ``folder``; the new count of games
    done."""
    finished, rest = ray.wait(pending, num_returns=1)
    pending[:] = rest
    for ref in finished:
        done = _file(_result(ray, ref, job, shipped), by_index, done, total, progress, folder)
    return done


def _result(ray: _Ray, ref: object, job: _Job, shipped: Sequence[str]) -> Sequence[_Played]:
    """A finished task's records; a task's own exception raised again as it
    was raised in the task (Ray's report of it as the cause), or, when it
    says a module of the job's is missing on the node, with how to put it
    there; a runtime environment Ray could not set up on a node, named."""
    try:
        records: Sequence[_Played] = ray.get(ref)
    except ray.exceptions.RayTaskError as e:
        if _runtime_env_failed(e):
            raise _no_runtime_env(e) from e
        cause = getattr(e, "cause", None)
        if isinstance(cause, Exception) and not isinstance(cause, ray.exceptions.RayError):
            if _missing_on_node(cause, job):
                raise _not_on_node(cause, shipped) from e
            raise cause from e
        if _missing_on_node(e, job):
            raise _not_on_node(e, shipped) from e
        raise _failed(e) from e
    except ray.exceptions.RayError as e:
        if _runtime_env_failed(e):
            raise _no_runtime_env(e) from e
        if _missing_on_node(e, job):
            raise _not_on_node(e, shipped) from e
        raise _failed(e) from e
    return records


_SETUP_SIGNS = ("RuntimeEnvSetupError", "Failed to set up runtime environment")
_ERROR_LINE = re.compile(r"\b(?!RuntimeEnvSetupError)[A-Za-z_][\w.]*(?:Error|Exception): [^\n]*")


def _runtime_env_failed(error: BaseException) -> bool:
    """Whether Ray's error says that it could not set up a task's runtime
    environment (``runtime_env``: ``pip``, ``py_modules``, ``working_dir``)
    on a node."""
    return any(
        type(e).__name__ == "RuntimeEnvSetupError" or any(s in str(e) for s in _SETUP_SIGNS)
        for e in _chain(error)
    )


def _no_runtime_env(error: BaseException) -> UnoError:
    """The message for a runtime environment Ray could not set up: the
    first line that names an error in Ray's report (``ModuleNotFoundError:
    No module named 'virtualenv'``), else its first line, and what to
    check."""
    text = _ANSI.sub("", "\n".join(str(e) for e in _chain(error)))
    found = _ERROR_LINE.search(text)
    first = found.group(0).strip() if found is not None else _ANSI.sub("", _first_line(error))
    return UnoError(
        msg(
            "Ray could not set up the runtime environment on a node: {error}; check the "
            'runtime_env given to ray.init or ray job submit: a "pip" one needs virtualenv '
            "installed on every node (pip install virtualenv) and packages the nodes can "
            "install (the same version of unorules as here: a wheel of it, or py_modules), "
            '"py_modules" and "working_dir" need paths that exist here; Ray\'s log of it '
            "is runtime_env_setup-*.log in the logs folder of the node's session "
            "(/tmp/ray/session_latest/logs by default)",
            error=first,
        )
    )


def _missing_on_node(error: BaseException, job: _Job) -> bool:
    """Whether a task's error says that it could not import a module of the
    job's: an ``ImportError`` (unpickling a bot object or a table's rule),
    or a ``module:Class`` bot that loaded here and not in the task."""
    if any(isinstance(e, ImportError) for e in _chain(error)):
        return True
    if "ModuleNotFoundError" in str(error):  # Ray's report of a failed deserialization
        return True
    own_specs = any(isinstance(b, str) and ":" in b for b in job.bots)
    return own_specs and isinstance(error, BotSpecError)


def _not_on_node(error: BaseException, shipped: Sequence[str]) -> BotSpecError:
    if shipped:
        done: str | Message = msg(
            "simulate shipped {paths} with the run, so a module they import is missing: ",
            paths=", ".join(os.path.basename(p) for p in shipped),
        )
    else:
        done = ""
    return BotSpecError(
        msg(
            "a Ray task could not load the code of this run on a node of the cluster "
            "({error}): {shipped}install the module on every node (pip install, with the "
            "same version as here), or ship it with the run: ray.init(runtime_env="
            '{{"working_dir": "."}}) or runtime_env={{"py_modules": [...]}} before simulate, '
            "or ray job submit --working-dir . (simulate ships the modules of your bots and "
            "rules itself when it connects to a cluster by address)",
            error=_import_failure(error),
            shipped=done,
        )
    )


_IMPORT_FAILURE = re.compile(r"(?:ModuleNotFoundError|ImportError): [^\n]*")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _import_failure(error: BaseException) -> str:
    """What failed to import, as a task's error tells it: the line of its
    ``ModuleNotFoundError`` (Ray's report may hold it deep in a traceback),
    else the error's first line."""
    for e in _chain(error):
        found = _IMPORT_FAILURE.search(_ANSI.sub("", str(e)))
        if found is not None and not isinstance(e, BotSpecError):
            return found.group(0)
    return _ANSI.sub("", _first_line(error))


def _chain(error: BaseException) -> list[BaseException]:
    """``error`` and its causes (``__cause__``, else ``__context__``)."""
    out: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in out:
        out.append(current)
        current = current.__cause__ or current.__context__
    return out


def _failed(error: BaseException) -> UnoError:
    return UnoError(
        msg(
            "the Ray cluster failed during the run ({error_type}: {error})",
            error_type=type(error).__name__,
            error=_first_line(error),
        )
    )


def _connect(ray: _Ray, address: str | None, cpus: int, shipped: Sequence[str] = ()) -> None:
    """Connect to the cluster at ``address``, or start a local Ray of
    ``cpus`` CPUs when it is ``None``; ``shipped``: the files and folders to
    give the nodes (``runtime_env`` ``py_modules``).

    Raises:
        UnoError: a malformed address, nothing listening there, an unknown or
            silent host, the cluster refusing the connection (token
            authentication, permission) or running other versions of Ray or
            Python, Ray not connecting within :data:`INIT_TIMEOUT_S`, or Ray
            refusing to start; the message gives the reason and what to do.
    """
    # Workers' output stays off the driver's stdout, which may carry --json.
    # Ray's own warnings (token authentication on or off, ...) stay off stderr too.
    quiet = {"logging_level": logging.ERROR, "include_dashboard": False, "log_to_driver": False}
    if address is None:
        try:
            ray.init(address="local", num_cpus=cpus, **quiet)
        except Exception as e:
            raise UnoError(
                msg(
                    "could not start a local Ray for the run ({error_type}: {error}); a Ray "
                    "started for the run is always a new one, apart from any other Ray on "
                    "this machine: check that there is memory, disk space in the temporary "
                    "folder (/tmp/ray, or RAY_TMPDIR) and free ports, or run on a Ray "
                    "cluster by its address (--ray ADDRESS, address=)",
                    error_type=type(e).__name__,
                    error=_first_line(e),
                )
            ) from None
        return
    target = check_ray_address(address)
    if target is not None:
        _check_reachable(address, *target)
        if not address.startswith("ray://"):
            _probe(ray, address)
    options: dict[str, Any] = {"address": address, "logging_level": logging.ERROR}
    options["log_to_driver"] = False
    if shipped:
        options["runtime_env"] = {"py_modules": list(shipped)}
    try:
        _init_within(ray, INIT_TIMEOUT_S, **options)
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
        raise _not_connected(address, e) from None


def _probe(ray: _Ray, address: str) -> None:
    """Ask the head node at ``address`` for its cluster ID, as ``ray.init``
    does first, to learn at once whether it lets this process in: Ray's own
    client refuses a missing or wrong token on the first answer, where
    ``ray.init`` retries for 20 seconds and then says only that it failed.
    Nothing is concluded from anything else (Ray's internal client may be
    missing or change; ``ray.init`` then finds what is wrong).

    Raises:
        UnoError: the cluster refused the connection (:func:`_not_connected`).
    """
    client_class = getattr(getattr(ray, "_raylet", None), "GcsClient", None)
    if client_class is None:  # another Ray, or a stand-in for it
        return
    outcome: list[BaseException | None] = []

    def ask() -> None:
        try:
            client_class(address=address)
        except BaseException as e:
            outcome.append(e)
        else:
            outcome.append(None)

    thread = threading.Thread(target=ask, name="unorules-ray-probe", daemon=True)
    thread.start()
    thread.join(PROBE_TIMEOUT_S)
    if outcome and outcome[0] is not None and _is_auth(outcome[0]):
        raise _not_connected(address, outcome[0])


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


def _check_reachable(address: str, host: str, port: int) -> None:
    """Refuse at once an address where nothing accepts a connection: Ray
    itself would retry for minutes.

    Raises:
        UnoError: naming the address, why the connection failed (nothing
            listening, unknown host, no answer, not allowed) and what to do.
    """
    fields = {"address": repr(address), "host": repr(host)}
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT_S):
            pass
    except ConnectionRefusedError as e:
        raise UnoError(
            msg(
                "cannot connect to the Ray cluster at {address}: nothing listens there "
                "({error_type}: {error}); is it running ('ray start --head' on its head node), "
                "and is the port the one it printed (6379 by default, 10001 for ray://)?",
                error_type=type(e).__name__,
                error=_first_line(e),
                **fields,
            )
        ) from None
    except socket.gaierror as e:
        raise UnoError(
            msg(
                "cannot connect to the Ray cluster at {address}: the host {host} is not known "
                "({error_type}: {error}); check the name, or give the head node's IP address",
                error_type=type(e).__name__,
                error=_first_line(e),
                **fields,
            )
        ) from None
    except TimeoutError:
        raise UnoError(
            msg(
                "cannot connect to the Ray cluster at {address}: nothing answered within "
                "{seconds} s (the host is down, or a firewall drops the connection); check the "
                "address, and that this machine may reach the head node",
                seconds=f"{CONNECT_TIMEOUT_S:g}",
                **fields,
            )
        ) from None
    except PermissionError as e:
        raise _not_allowed(address, e) from None
    except OSError as e:
        raise UnoError(
            msg(
                "cannot connect to the Ray cluster at {address} ({error_type}: {error}); check "
                "the address, and the network between this machine and the head node",
                error_type=type(e).__name__,
                error=_first_line(e),
                **fields,
            )
        ) from None


_AUTH_SIGNS = ("AuthenticationError", "InvalidAuthToken", "Unauthenticated", "UNAUTHENTICATED")
_VERSIONS = re.compile(r"Ray: (\S+)\s+Python: (\S+)")


def _is_auth(error: BaseException) -> bool:
    """Whether Ray's error (or one of its causes) is the cluster refusing a
    missing or wrong authentication token."""
    return any(
        type(e).__name__ == "AuthenticationError" or any(sign in str(e) for sign in _AUTH_SIGNS)
        for e in _chain(error)
    )


def _not_connected(address: str, error: BaseException) -> UnoError:
    """Why ``ray.init`` (or the first question to the head node) did not
    connect to ``address``, read from Ray's exception and its causes, and
    what to do: token authentication refused, permission refused, other
    versions of Ray or Python, no Ray running for ``auto``, or something
    that is no Ray head node answering."""
    chain = _chain(error)
    text = "\n".join(str(e) for e in chain)
    reason = _reason(chain[-1])
    where = repr(address)
    if _is_auth(error):
        mode = os.environ.get("RAY_AUTH_MODE", "").strip().lower()
        if mode != "token":
            return UnoError(
                msg(
                    "cannot connect to the Ray cluster at {address}: it uses token "
                    "authentication, and this process has it off (RAY_AUTH_MODE is {mode}) so "
                    "gives no token (Ray: {reason}); set RAY_AUTH_MODE=token and give the "
                    "cluster's token in RAY_AUTH_TOKEN or the file ~/.ray/auth_token ('ray "
                    "get-auth-token' on its head node prints it)",
                    address=where,
                    mode=repr(mode) if mode else msg("not set"),
                    reason=reason,
                )
            )
        if "no authentication token was found" in text:
            return UnoError(
                msg(
                    "cannot connect to the Ray cluster at {address}: RAY_AUTH_MODE=token, but "
                    "no token is given (Ray: {reason}); give the cluster's token in "
                    "RAY_AUTH_TOKEN or the file ~/.ray/auth_token ('ray get-auth-token' on its "
                    "head node prints it)",
                    address=where,
                    reason=reason,
                )
            )
        return UnoError(
            msg(
                "cannot connect to the Ray cluster at {address}: it refused the authentication "
                "token given (Ray: {reason}); give the cluster's own token in RAY_AUTH_TOKEN or "
                "the file ~/.ray/auth_token ('ray get-auth-token' on its head node prints it)",
                address=where,
                reason=reason,
            )
        )
    if "Version mismatch" in text:
        versions = _VERSIONS.findall(text)
        if len(versions) >= 2:
            (cluster_ray, cluster_python), (here_ray, here_python) = versions[:2]
            return UnoError(
                msg(
                    "cannot connect to the Ray cluster at {address}: it runs Ray {cluster_ray} "
                    "with Python {cluster_python}, this machine Ray {ray} with Python {python}, "
                    "and Ray connects only the same versions; install those of the cluster "
                    "here, or run the command on one of its nodes",
                    address=where,
                    cluster_ray=cluster_ray,
                    cluster_python=cluster_python,
                    ray=here_ray,
                    python=here_python,
                )
            )
        return UnoError(
            msg(
                "cannot connect to the Ray cluster at {address}: it runs other versions of Ray "
                "or Python than this machine ({reason}); install those of the cluster here, or "
                "run the command on one of its nodes",
                address=where,
                reason=" ".join(_first_line(chain[-1]).split()),
            )
        )
    if any(isinstance(e, PermissionError) for e in chain) or any(
        sign in text for sign in ("Permission denied", "PERMISSION_DENIED", "PermissionDenied")
    ):
        return _not_allowed(address, chain[-1])
    if address == "auto" and "Could not find any running Ray instance" in text:
        return UnoError(
            msg(
                "cannot connect to the Ray cluster at 'auto': no Ray runs on this machine "
                "(Ray: {reason}); start one ('ray start --head'), give the cluster's address, "
                "or give none for a local Ray started for the run",
                reason=reason,
            )
        )
    return UnoError(
        msg(
            "cannot connect to the Ray cluster at {address} ({error_type}: {reason}): something "
            "answers there, but Ray could not connect to it as to a cluster; give the address "
            "'ray start --head' printed on the head node (port 6379 by default), or "
            "ray://host:10001 for Ray Client",
            address=where,
            error_type=type(chain[-1]).__name__,
            reason=reason,
        )
    )


def _not_allowed(address: str, error: BaseException) -> UnoError:
    return UnoError(
        msg(
            "cannot connect to the Ray cluster at {address}: the connection is not allowed "
            "({error_type}: {error}); a firewall or the cluster's rules refuse this machine: "
            "have it let in, or run the command on a node of the cluster",
            address=repr(address),
            error_type=type(error).__name__,
            error=_reason(error),
        )
    )


def _reason(error: BaseException) -> str:
    """What Ray says went wrong, in one line: the last line of an error that
    carries a traceback as text (Ray's \"Last connection error: Traceback
    ...\"), without the exception's class, else its first line; cut at the
    end of its first sentence (Ray's authentication error adds a paragraph
    of advice)."""
    text = str(error).strip()
    if "Traceback (most recent call last)" in text:
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        line = lines[-1] if lines else type(error).__name__
        line = re.sub(r"^[A-Za-z_][\w.]*(Error|Exception): ", "", line)
    else:
        line = _first_line(error)
    sentence = re.split(r"(?<=[a-z0-9])\. ", line, maxsplit=1)[0]
    return sentence.rstrip(".") or type(error).__name__


def _first_line(error: BaseException) -> str:
    """The first line of an exception's text (Ray's can run to a traceback)."""
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
