"""The stand-in a test starts instead of ``python ARGS`` (see tests/forkserver.py).

Run as ``python -I -S forkserver_client.py SOCKET ARGS...``: stdlib only, so it starts in
milliseconds. It hands its own stdin, stdout and stderr to the fork server, which forks a
warm interpreter that runs ``python ARGS`` on them, and it exits as that child exits (with
its code, or by its signal). Killed or terminated, it takes the child with it: the
server kills a child whose stand-in has gone.
"""

import json
import os
import signal
import socket
import struct
import sys


def main() -> None:
    path, *args = sys.argv[1:]
    payload = json.dumps({"args": args, "cwd": os.getcwd(), "env": dict(os.environ)}).encode()
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.connect(path)
    socket.send_fds(server, [struct.pack("!Q", len(payload))], [0, 1, 2])
    server.sendall(payload)
    # The child holds the only other copies of the pipes: the reader of its stdout sees
    # the end of the output when the child ends, as with a plain child process.
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    answer = b""
    while chunk := server.recv(64):
        answer += chunk
    status = int(answer or b"-9")  # no answer: the server went away with the child
    if status < 0:
        signal.signal(-status, signal.SIG_DFL)
        os.kill(os.getpid(), -status)
    os._exit(status)


if __name__ == "__main__":
    main()
