"""``judgetower.safeio``: bounded reading of files (issue 19, DESIGN.md principle 7).

The issue's measurements: a YAML alias bomb took 2.7 GB and 97 s before ``MemoryError``; 5,000-deep
nesting raised ``RecursionError``; invalid UTF-8, UTF-16 and binary files raised
``UnicodeDecodeError``. Here each is a ``BadFile`` naming the file, the bomb in well under 1 s and
100 MB (time measured as CPU time of this process, memory as the peak of Python allocations).
"""

from __future__ import annotations

import time
import tracemalloc

import pytest

from judgetower import safeio
from judgetower.safeio import BadFile

BOMB = "\n".join(["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
                 + [f"{c}: &{c} [{', '.join([f'*{p}'] * 9)}]" for p, c in zip("abcdefgh", "bcdefghi")]) + "\n"


def _bounded(fn):
    tracemalloc.start()
    t = time.process_time()
    try:
        with pytest.raises(BadFile) as ei:
            fn()
    finally:
        cpu = time.process_time() - t
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return str(ei.value), cpu, peak / 2 ** 20


def test_yaml_alias_bomb_is_refused_in_under_a_second_and_100_mb():
    msg, cpu, mb = _bounded(lambda: safeio.load_yaml(BOMB, "bomb.yaml"))
    assert "bomb.yaml" in msg and "alias" in msg
    assert cpu < 1.0 and mb < 100, (cpu, mb)


def test_yaml_alias_count_is_capped_too():
    text = "a: &a 1\nb: [" + ", ".join(["*a"] * 200) + "]\n"
    with pytest.raises(BadFile, match="more than 100 aliases"):
        safeio.load_yaml(text, "x.yaml")
    assert safeio.load_yaml("a: &a [1, 2]\nb: *a\n", "x.yaml") == {"a": [1, 2], "b": [1, 2]}


@pytest.mark.parametrize("text", ["[" * 5000 + "]" * 5000, "a:\n" + "".join(" " * i + "- \n" for i in range(1, 200))])
def test_deep_yaml_is_refused_not_a_recursion_error(text):
    msg, cpu, mb = _bounded(lambda: safeio.load_yaml(text, "deep.yaml"))
    assert "deep.yaml" in msg and "nested deeper than 64" in msg
    assert cpu < 1.0


def test_yaml_syntax_errors_and_unsafe_tags_name_the_place():
    with pytest.raises(BadFile, match=r"x.yaml: .* line 1 column 9"):
        safeio.load_yaml("a: [1, 2", "x.yaml")
    with pytest.raises(BadFile, match="python/object"):
        safeio.load_yaml("a: !!python/object:os.system x", "x.yaml")


@pytest.mark.parametrize("raw, words", [
    (b"ab\xffcd", "invalid UTF-8 at byte 2"),
    ("name: x".encode("utf-16-le"), "binary data"),
    (bytes(range(256)), "binary data"),
    (b"\xff\xfe" + "\ud800".encode("utf-16-le", "surrogatepass"), "invalid UTF-16"),
])
def test_bad_encodings_are_refused(raw, words):
    with pytest.raises(BadFile, match=words):
        safeio.decode_text(raw, "f.txt")


@pytest.mark.parametrize("raw, text", [
    (b"\xef\xbb\xbfname: x", "name: x"),
    (b"\xff\xfe" + "name: é".encode("utf-16-le"), "name: é"),
    (b"\xfe\xff" + "name: é".encode("utf-16-be"), "name: é"),
    ("name: é".encode("utf-8"), "name: é"),
])
def test_utf8_and_bom_marked_utf16_are_read(raw, text):
    assert safeio.decode_text(raw, "f.txt") == text


def test_read_bytes_reads_at_most_the_limit(tmp_path):
    p = tmp_path / "f"
    p.write_bytes(b"x" * 100)
    assert safeio.read_bytes(p, 100) == b"x" * 100
    with pytest.raises(BadFile, match="larger than the 99 bytes"):
        safeio.read_bytes(p, 99)
    with pytest.raises(BadFile, match="larger than"):
        safeio.read_bytes("/dev/zero", 1 << 20)            # endless: refused after limit + 1 bytes
    with pytest.raises(BadFile, match="is a directory"):
        safeio.read_bytes(tmp_path, 100)
    with pytest.raises(BadFile, match="No such file"):
        safeio.read_bytes(tmp_path / "none", 100)
    with pytest.raises(BadFile, match="null"):
        safeio.read_bytes("a\x00b", 100)


@pytest.mark.parametrize("text, words", [
    ("9" * 5000, "a number of 5,000 characters"),
    ("[" * 100000 + "]" * 100000, "nested too deeply"),
    ("[[[[1]]]]", "nested deeper than 3"),
    ("[Infinity]", "Infinity is not a JSON number"),
    ("[1e400]", "out of range"),
    ("{", "line 1 column 2"),
    (r'["\ud800"]', "lone UTF-16 surrogate"),
    (r'["\udc00\ud800"]', "lone UTF-16 surrogate"),
])
def test_bounded_json(text, words):
    with pytest.raises(BadFile, match=words):
        safeio.loads_json(text, "j.json", max_depth=3)
    assert safeio.loads_json('{"a": [1, 2.5, "x", null, true]}', "j.json") == {"a": [1, 2.5, "x", None, True]}
    assert safeio.loads_json(r'["\ud83d\ude00"]', "j.json") == ["\U0001F600"]     # a pair is one character


def test_brief_is_bounded_whatever_the_value():
    x = 1
    for _ in range(100000):
        x = [x]
    assert len(safeio.brief(x, 40)) == 40
    assert safeio.brief({"a": "x" * 10 ** 6}).endswith("...")
    assert safeio.brief(10 ** 5000) == "<16610-bit int>"
    assert safeio.brief({"t": "Pass"}) == '{"t": "Pass"}'
    assert not safeio.depth_exceeds(x, 100001) and safeio.depth_exceeds(x, 99999)
