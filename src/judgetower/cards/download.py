"""``judgetower cards download``: fetch MTGJSON's AtomicCards file into the user data dir.

The file is streamed to ``NAME.part`` beside its destination, checked (it must decompress and
parse as an AtomicCards file), then renamed into place, so a broken download never replaces a
good file. The URL can be changed with ``$JUDGETOWER_DOWNLOAD_URL`` (or ``--url``).
"""

from __future__ import annotations

import os
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from judgetower.cards.card import CardError
from judgetower.cards.mtgjson import parse_atomic

DOWNLOAD_URL = "https://mtgjson.com/api/v5/AtomicCards.json.xz"
URL_ENV = "JUDGETOWER_DOWNLOAD_URL"
CHUNK = 1 << 16


def download_url() -> str:
    return os.environ.get(URL_ENV) or DOWNLOAD_URL


def file_name_for(url: str) -> str:
    """``AtomicCards.json.xz`` (or ``.json.gz``/``.json`` after the URL's own suffix)."""
    path = url.split("?", 1)[0].lower()
    for suffix in (".json.xz", ".json.gz", ".json"):
        if path.endswith(suffix):
            return "AtomicCards" + suffix
    return "AtomicCards.json.xz"


def download(dest_dir: str | os.PathLike, url: str | None = None, *, timeout: float = 60,
             progress: Callable[[int, int | None], None] | None = None) -> tuple[Path, int]:
    """Download ``url`` into ``dest_dir``; returns (the file's path, its number of cards).
    A `CardError` ``"cannot download URL: <reason>; use --data PATH"`` when it fails."""
    url = url or download_url()
    dest = Path(dest_dir) / file_name_for(url)
    part = dest.with_name(dest.name + ".part")

    def fail(reason: object) -> CardError:
        try:
            part.unlink()
        except OSError:
            pass
        return CardError(f"cannot download {url}: {reason}; use --data PATH")

    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        request = urllib.request.Request(url, headers={"User-Agent": "judgetower"})
        with urllib.request.urlopen(request, timeout=timeout) as resp, open(part, "wb") as out:
            length = resp.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() else None
            done = 0
            while True:
                chunk = resp.read(CHUNK)
                if not chunk:
                    break
                out.write(chunk)
                done += len(chunk)
                if progress:
                    progress(done, total)
        if total is not None and done != total:
            raise fail(f"the connection closed after {done} of {total} bytes")
    except CardError:
        raise
    except urllib.error.HTTPError as exc:
        raise fail(f"HTTP {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        raise fail(exc.reason) from None
    except (OSError, ValueError) as exc:          # timeouts, resets, disk full, bad URL
        raise fail(exc) from None
    try:
        _, cards = parse_atomic(part.read_bytes(), f"{url} (downloaded)")
    except CardError as exc:
        raise fail(f"the file is not usable: {exc}") from None
    os.replace(part, dest)
    return dest, len(cards)
