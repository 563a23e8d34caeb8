"""Build the site, then serve it on this machine: ``python3 web/serve.py [--port N] [--no-build]``.

Serves ``_site/`` on 127.0.0.1, port 8000 or the next free one, and prints the
URL. On a fresh machine the build fetches Pyodide and two font packages (npm), and
fontTools and Python-Markdown (pip), once.
The tests use :func:`make_server` too, so they serve the site the same way.
"""

from __future__ import annotations

import argparse
import errno
import functools
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build  # noqa: E402  (web/build.py, beside this file)

HOST = "127.0.0.1"
FIRST_PORT = 8000
PORT_TRIES = 50


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the types browsers insist on (module scripts, wasm), and by default
    ``no-cache`` so a rebuilt site shows on reload (``cache_control``: what to send instead, such
    as GitHub Pages' ``max-age=600``). ``mounts`` maps URL prefixes to other folders (the tests
    serve their own pages beside the site). ``served``, if a list, gets ``(path, status, bytes)``
    for every request answered (bytes: the body sent), so a test or a measurement counts what a
    visit downloads, at the server."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".whl": "application/octet-stream", ".zip": "application/zip",
        ".html": "text/html; charset=utf-8", ".css": "text/css", ".svg": "image/svg+xml",
        ".woff2": "font/woff2", ".md": "text/markdown; charset=utf-8", ".png": "image/png",
        ".webmanifest": "application/manifest+json",
    }
    mounts: dict[str, str] = {}
    cache_control = "no-cache"
    served: list[tuple[str, int, int]] | None = None

    def translate_path(self, path: str) -> str:
        for prefix, folder in self.mounts.items():
            if path.startswith(prefix):
                handler_root = self.directory
                try:
                    self.directory = folder
                    return super().translate_path("/" + path[len(prefix):])
                finally:
                    self.directory = handler_root
        return super().translate_path(path)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        self._sent = source.tell() - start

    def handle_one_request(self) -> None:
        self._status, self._sent = None, 0
        super().handle_one_request()
        if self.served is not None and self._status is not None:
            self.served.append((self.path.split("?")[0], self._status, self._sent))

    def log_message(self, format: str, *args) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


def make_server(directory: Path, port: int = FIRST_PORT, host: str = HOST, tries: int = PORT_TRIES,
                mounts: dict[str, Path] | None = None, verbose: bool = False, cache_control: str = "no-cache",
                served: list[tuple[str, int, int]] | None = None) -> ThreadingHTTPServer:
    """An HTTP server for ``directory`` on ``port`` or the next free port (0: any free port); see
    :class:`SiteHandler` for ``cache_control`` and ``served``."""
    handler = type("Handler", (SiteHandler,), {"mounts": {k: str(v) for k, v in (mounts or {}).items()},
                                               "cache_control": cache_control, "served": served})
    handler = functools.partial(handler, directory=str(directory))
    for candidate in [port] if port == 0 else range(port, port + tries):
        try:
            server = ThreadingHTTPServer((host, candidate), handler)
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE:
                raise
            continue
        server.daemon_threads = True
        server.verbose = verbose
        return server
    raise OSError(f"no free port in {port}-{port + tries - 1}")


def serve_in_thread(server: ThreadingHTTPServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, name="hdchess-site", daemon=True)
    thread.start()
    return thread


def url_of(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build and serve the hdchess web app on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=FIRST_PORT, help="first port to try (default 8000)")
    parser.add_argument("--no-build", action="store_true", help="serve the existing _site/ as it is")
    parser.add_argument("--verbose", action="store_true", help="log every request")
    args = parser.parse_args(argv)
    if not args.no_build:
        try:
            build.build()
        except (build.BuildError, OSError, subprocess.CalledProcessError) as exc:
            print(f"build: error: {exc}", file=sys.stderr)
            return 1
    if not (build.SITE / "index.html").exists():
        print(f"error: {build.SITE / 'index.html'} is missing: run without --no-build", file=sys.stderr)
        return 1
    server = make_server(build.SITE, args.port, verbose=args.verbose)
    print(f"hdchess is at {url_of(server)}  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
