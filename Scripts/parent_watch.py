"""Ends a helper process (the local S3 server, the fault proxy) when the process that started it ends."""
import os
import threading
import time


def exit_with_parent() -> None:
    """Starts a thread that ends this process once its parent has gone (a test run that was killed)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
