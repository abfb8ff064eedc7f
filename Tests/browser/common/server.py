"""The real app server the browser tests of both apps drive: started on a free port with a
given data folder, restartable on the same port, and its CLI against the same folder; `served`
gives one on a temporary folder of its own for as long as a fixture needs it."""
import re
import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path


class AppServer:
    """One server process of `binary` (scary-creatures or homepwner) serving `data`, on a port
    kept across restarts; `args` go to `serve` as well (`--token-file PATH`)."""

    def __init__(self, binary: str, data: Path, args=()):
        self.binary = binary
        self.data = data
        self.args = list(args)
        self.port = 0
        self.process = None
        self.url = None

    def start(self):
        self.errors = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(
            [self.binary, "serve", "--port", str(self.port), "--data-dir", str(self.data), "--create", "--log-level", "error", *self.args],
            stdout=subprocess.PIPE, stderr=self.errors, text=True,
        )
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            self.errors.seek(0)
            raise RuntimeError(f"the server did not start: {line!r} {self.errors.read()}")
        self.port = int(match.group(1))
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)
        self.process = None

    def restart(self):
        self.stop()
        # The port was just released; binding it again may need a moment.
        for _ in range(50):
            with socket.socket() as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                try:
                    probe.bind(("127.0.0.1", self.port))
                    break
                except OSError:
                    time.sleep(0.1)
        self.start()

    def cli(self, *args) -> str:
        """Runs the real CLI against the same data folder; returns what it printed."""
        done = subprocess.run([self.binary, "--data-dir", str(self.data), *args], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout


@contextmanager
def served(binary: str, prefix: str, token: str | None = None, args=()):
    """A started server of `binary` on a new temporary folder (its name starts with `prefix`),
    asking for `token` when one is given (`--token-file`), with `args` for `serve` besides;
    stopped, and the folder removed, after."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    args = list(args)
    if token:
        (folder / "token").write_text(token + "\n")
        args += ["--token-file", str(folder / "token")]
    running = AppServer(binary, folder / "data", args)
    running.start()
    try:
        yield running
    finally:
        running.stop()
        shutil.rmtree(folder, ignore_errors=True)
