"""The cache dir's index of card data files (judgetower.cards.data_index): a file read once is
read again from the index, one card at a time, with the same cards; a changed file is read again
whole. Uses ../shared/data/fixture-cards.json (copied to tmp_path); skips when it is absent."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from judgetower.cards import data_index
from judgetower.cards.card import CardError
from judgetower.cards.mtgjson import load_atomic, read_atomic_lazy

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = Path(os.environ.get("JUDGETOWER_SHARED_DIR") or ROOT.parent / "shared") / "data" / "fixture-cards.json"


@pytest.fixture
def data(tmp_path) -> Path:
    if not FIXTURE.exists():
        pytest.skip(f"card data file {FIXTURE} is absent (see ../shared/data/README.md)")
    copy = tmp_path / "cards.json"
    shutil.copyfile(FIXTURE, copy)
    return copy


def test_a_file_read_once_is_read_from_the_index_with_the_same_cards(data, tmp_path, monkeypatch):
    monkeypatch.delenv(data_index.ENV_OFF, raising=False)
    index = tmp_path / "cache"
    first = read_atomic_lazy(data, index_dir=index)
    assert not first.indexed
    data_index.flush()                       # what the end of the process does
    assert (index / data_index.INDEX_FILE).exists()
    second = read_atomic_lazy(data, index_dir=index)
    assert second.indexed
    whole = load_atomic(data)
    assert second.names() == [c.name for c in whole.cards]
    assert second.sha256 == whole.sha256 and second.meta == whole.meta
    assert second.has_legalities == whole.has_legalities
    assert second.cards == whole.cards          # every card built from the index as from the file
    with pytest.raises(KeyError):
        second.card("Zzyzx")


def test_a_changed_file_is_read_again_whole(data, tmp_path, monkeypatch):
    monkeypatch.delenv(data_index.ENV_OFF, raising=False)
    index = tmp_path / "cache"
    read_atomic_lazy(data, index_dir=index)
    data_index.flush()
    data.write_bytes(data.read_bytes().replace(b'"Lightning Bolt"', b'"Lightning Bolt X"', 1))
    again = read_atomic_lazy(data, index_dir=index)
    assert not again.indexed and "Lightning Bolt X" in again.names()
    data.write_bytes(b"{not json")
    with pytest.raises(CardError, match="not valid JSON|truncated JSON"):
        read_atomic_lazy(data, index_dir=index)


def test_an_unwritable_or_switched_off_index_is_skipped(data, tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache dir should be")
    atomic = read_atomic_lazy(data, index_dir=blocker)
    data_index.flush()                       # cannot write: skipped, no error
    assert not atomic.indexed and len(atomic) == 70
    monkeypatch.setenv(data_index.ENV_OFF, "1")
    index = tmp_path / "cache"
    read_atomic_lazy(data, index_dir=index)
    data_index.flush()
    assert not (index / data_index.INDEX_FILE).exists()
