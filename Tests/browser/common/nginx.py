"""A real nginx from Debian in front of a server of the app, as a household or a team deploys
it: HTTPS at https://localhost:PORT/inventory/ with a certificate `openssl` makes for the test,
the app started with `--base-path /inventory --trusted-proxy 127.0.0.1`, event streams not
buffered, uploads up to 64 MB."""
import os
import shutil
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

CONFIG = """
{user}
worker_processes 1;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    server {{
        listen 127.0.0.1:{port} ssl;
        server_name localhost;
        ssl_certificate {folder}/cert.pem;
        ssl_certificate_key {folder}/key.pem;
        client_max_body_size 64m;
        location /inventory/ {{
            proxy_pass http://127.0.0.1:{app_port};
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $remote_addr;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-Host $http_host;
            proxy_buffering off;
            proxy_request_buffering off;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def nginx_in_front(app_port: int):
    """nginx serving https://localhost:PORT/inventory/ from the app on `app_port`; yields that
    address (no trailing slash)."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    folder = Path(tempfile.mkdtemp(prefix="nginx-"))
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
         "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem"), "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-days", "2"],
        check=True, capture_output=True,
    )
    port = free_port()
    # As root, nginx's workers would run as nobody, who cannot write the test's private folder.
    user = "user root root;" if os.geteuid() == 0 else ""
    (folder / "nginx.conf").write_text(CONFIG.format(user=user, folder=folder, port=port, app_port=app_port))
    process = subprocess.Popen([binary, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-e", str(folder / "error.log")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(100):
            if process.poll() is not None:
                raise RuntimeError(f"nginx did not start: {process.stderr.read()} {(folder / 'error.log').read_text() if (folder / 'error.log').exists() else ''}")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        yield f"https://localhost:{port}/inventory"
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
