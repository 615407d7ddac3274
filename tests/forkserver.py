"""A fork server for the tests that start many Python servers over stdio.

Each ``python -m examples.x`` spends about 1.2 s of CPU importing the SDK, pydantic and
the generated bindings before it reads its first line, and one conformance-kit run
starts about 13 of them. The fork server imports those once; each start is then a fork
of that warm interpreter, which runs ``python ARGS`` as a fresh one would: the module or
script as ``__main__`` (``runpy``), ``sys.argv`` and ``sys.path[0]`` as Python sets them,
the caller's working directory and environment, and the caller's own stdin, stdout and
stderr (passed over a Unix socket). Nothing of the test's code is imported before the
fork, so a server file that forgets an import still fails, and every child is its own
process with its own memos.

``command(args)`` gives the argv to start in place of ``[sys.executable, *args]``: a
stdlib-only stand-in (tests/forkserver_client.py) that lives as long as the child and
exits with its status. The child's ``sys.path`` is rebuilt from the caller's
``PYTHONPATH``, and ``sys.dont_write_bytecode`` from ``PYTHONDONTWRITEBYTECODE``, as a
fresh interpreter's would be. A caller whose other ``PYTHON*`` settings differ from the
server's (``PYTHONWARNINGS``, ``PYTHONHASHSEED``...) gets a fresh interpreter instead: the
child execs ``python ARGS``. Forks share one hash seed: a test of what stays the same
across hash seeds starts plain processes.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import importlib
import json
import os
import runpy
import selectors
import signal
import socket
import struct
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
CLIENT = HERE / "forkserver_client.py"
# What every server the tests start imports first: the SDK, its stdio and HTTP
# transports (starlette, uvicorn), pydantic and the runtime with the generated bindings.
PRELOAD = (
    "pydantic",
    "anyio",
    "mcp",
    "mcp.server.mcpserver",
    "mcp.server.stdio",
    "mcp.server.streamable_http",
    "starlette.applications",
    "uvicorn",
    "mcp_ext",
    "negotiation",
    "negotiation.sdk",
    "codegen.cli",
    "codegen.build.pipeline",
)
# Read once at start-up: a child whose caller sets them otherwise execs a fresh interpreter.
_STARTUP = {k: v for k, v in os.environ.items() if k.startswith("PYTHON")}
_REBUILT = ("PYTHONPATH", "PYTHONDONTWRITEBYTECODE")


class ForkServer:
    """One fork server (a child of the test process) listening on ``socket_path``."""

    def __init__(self, socket_path: Path, env: dict[str, str], cwd: Path) -> None:
        self.socket_path = socket_path
        self._process = subprocess.Popen(
            [sys.executable, "-m", "tests.forkserver", str(socket_path), *PRELOAD],
            stdin=subprocess.PIPE,  # its end tells the server that the tests are gone
            stdout=subprocess.PIPE,
            cwd=cwd,
            env=env,
        )
        assert self._process.stdout is not None
        ready = self._process.stdout.readline()
        if ready != b"ready\n":
            self.close()
            raise RuntimeError(f"the fork server did not start: {ready!r}")

    def command(self, args: Sequence[str]) -> list[str]:
        """The argv that runs ``python *args`` as a fork of the warm interpreter."""
        return [sys.executable, "-I", "-S", str(CLIENT), str(self.socket_path), *args]

    def close(self) -> None:
        with contextlib.suppress(OSError):
            if self._process.stdin is not None:
                self._process.stdin.close()
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()


@contextlib.contextmanager
def fork_server(socket_path: Path, env: dict[str, str], cwd: Path) -> Iterator[ForkServer]:
    server = ForkServer(socket_path, env, cwd)
    try:
        yield server
    finally:
        server.close()


# --------------------------------------------------------------------------- the server


def _receive(connection: socket.socket) -> tuple[dict[str, object], list[int]]:
    header, fds, _, _ = socket.recv_fds(connection, 8, 3)
    (size,) = struct.unpack("!Q", header)
    payload = b""
    while len(payload) < size:
        chunk = connection.recv(size - len(payload))
        if not chunk:
            raise ConnectionError("the stand-in went away")
        payload += chunk
    request: dict[str, object] = json.loads(payload)
    return request, fds


def _status(wait_status: int) -> int:
    """As ``subprocess`` reports it: the exit code, or minus the signal."""
    if os.WIFSIGNALED(wait_status):
        return -os.WTERMSIG(wait_status)
    return os.WEXITSTATUS(wait_status)


def serve(path: str) -> tuple[list[str], str, dict[str, str], list[int]] | None:
    """Accept starts until stdin ends. In a forked child, return what it must run."""
    if sys.platform == "linux":  # die with the test process, however it ends
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    wake_read, wake_write = socket.socketpair()
    wake_read.setblocking(False)
    wake_write.setblocking(False)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so that the wakeup fd fires
    signal.set_wakeup_fd(wake_write.fileno())
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ, "accept")
    selector.register(wake_read, selectors.EVENT_READ, "reap")
    selector.register(sys.stdin.fileno(), selectors.EVENT_READ, "stdin")
    children: dict[int, socket.socket] = {}
    by_connection: dict[socket.socket, int] = {}
    gc.freeze()  # what was imported stays shared with the children: never scanned, never copied
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    while True:
        for key, _ in selector.select():
            if key.data == "stdin":
                if os.read(sys.stdin.fileno(), 4096):
                    continue
                for pid in children:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                listener.close()
                os.unlink(path)
                return None
            if key.data == "accept":
                connection, _ = listener.accept()
                try:
                    request, fds = _receive(connection)
                except (OSError, ValueError):
                    connection.close()
                    continue
                pid = os.fork()
                if pid == 0:  # the child: drop the server's state, run the request
                    if sys.platform == "linux":  # a real child would not outlive its tests
                        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)
                    signal.set_wakeup_fd(-1)
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    selector.close()
                    for sock in (listener, wake_read, wake_write, *by_connection, connection):
                        sock.close()
                    args, cwd, env = request["args"], request["cwd"], request["env"]
                    assert isinstance(args, list) and isinstance(cwd, str)
                    assert isinstance(env, dict)
                    return args, cwd, env, fds
                for fd in fds:
                    os.close(fd)
                children[pid] = connection
                by_connection[connection] = pid
                selector.register(connection, selectors.EVENT_READ, "client")
            elif key.data == "client":  # the stand-in went away: so does its child
                connection = key.fileobj  # type: ignore[assignment]
                assert isinstance(connection, socket.socket)
                selector.unregister(connection)
                pid = by_connection.pop(connection)
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            else:  # "reap"
                with contextlib.suppress(BlockingIOError):
                    while wake_read.recv(4096):
                        pass
        while children:  # reap whatever ended, and tell its stand-in
            try:
                pid, wait_status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            connection = children.pop(pid)
            if by_connection.pop(connection, None) is not None:
                selector.unregister(connection)
                with contextlib.suppress(OSError):
                    connection.sendall(str(_status(wait_status)).encode())
            connection.close()


def interpreter_path() -> list[str]:
    """``sys.path`` of a fresh interpreter past its first entry and without PYTHONPATH:
    the stdlib, site-packages and what their ``.pth`` files add."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    code = "import json, sys; print(json.dumps(sys.path[1:]))"
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    path: list[str] = json.loads(done.stdout)
    return path


def run_child(
    args: list[str], cwd: str, env: dict[str, str], fds: list[int], interpreter: list[str]
) -> None:
    """Become ``python *args``: returns only through ``SystemExit``."""
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
        os.close(fd)
    os.chdir(cwd)
    settings = {k: v for k, v in env.items() if k.startswith("PYTHON") and k not in _REBUILT}
    if settings != {k: v for k, v in _STARTUP.items() if k not in _REBUILT}:
        os.execve(sys.executable, [sys.executable, *args], env)
    os.environ.clear()
    os.environ.update(env)
    sys.dont_write_bytecode = bool(env.get("PYTHONDONTWRITEBYTECODE"))
    # sys.path as Python builds it: the script's folder (the working directory for -m),
    # the caller's PYTHONPATH, then the interpreter's own, each entry once.
    if args[:1] == ["-c"]:
        first = ""
    elif args[:1] == ["-m"]:
        first = cwd
    else:
        first = str(Path(args[0]).resolve().parent)
    caller = [os.path.abspath(p) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    sys.path[:] = list(dict.fromkeys([first, *caller, *interpreter]))
    if args[:1] == ["-c"]:
        sys.argv = ["-c", *args[2:]]
        main = ModuleType("__main__")
        sys.modules["__main__"] = main
        exec(compile(args[1], "<string>", "exec"), vars(main))
    elif args[:1] == ["-m"]:
        sys.argv = [args[1], *args[2:]]  # runpy puts the module's file in argv[0]
        runpy.run_module(args[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = list(args)
        runpy.run_path(args[0], run_name="__main__")
    sys.exit(0)


def main(argv: list[str]) -> None:
    path, *preload = argv
    interpreter = interpreter_path()
    for module in preload:
        importlib.import_module(module)
    request = serve(path)
    if request is not None:
        run_child(*request, interpreter)


if __name__ == "__main__":
    main(sys.argv[1:])
