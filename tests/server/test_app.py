"""The HTTP and WebSocket surface of the web table, in process (Starlette's test client): a
stranger's token, a bad lobby form, the record withheld until the game ends, the rule texts."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient   # noqa: E402

from judgetower.server.app import create_app   # noqa: E402


@pytest.fixture()
def client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'app.sqlite3'}")
    with TestClient(app) as c:
        yield c


def _table(client, **kw):
    form = {"mode": "judge", "seed": 2, "bot_delay": 0, "seats": [{"name": "Ada"}, {"name": "Bot", "kind": "autopilot"}]}
    form.update(kw)
    r = client.post("/api/tables", json=form)
    assert r.status_code == 201, r.text
    return r.json()


def test_stranger_token_socket_and_pages(client):
    with client.websocket_connect("/ws/" + "z" * 32) as ws:
        m = json.loads(ws.receive_text())
        assert m["type"] == "error" and m["code"] == "bad_token" and "unknown link" in m["message"]
    r = client.get("/t/" + "z" * 32)
    assert r.status_code == 404 and "Unknown link" in r.text and "Lien inconnu" in r.text


def test_bad_form_is_refused_with_its_reason(client):
    r = client.post("/api/tables", content=b"{not json")
    assert r.status_code == 400 and "not JSON" in r.json()["error"]
    r = client.post("/api/tables", json={"seats": [{"name": "Solo"}]})
    assert r.status_code == 400 and "2 to 6 seats" in r.json()["error"]
    assert client.get("/api/tables").json()["tables"] == []


def test_seat_socket_frames_and_record_after_the_end(client):
    out = _table(client)
    tok = out["seats"][0]["link"].split("/t/")[1]
    assert client.get(out["seats"][0]["link"]).status_code == 200
    r = client.get(f"/t/{tok}/record.json")
    assert r.status_code == 409   # the record would reveal the library: only after the end
    with client.websocket_connect(f"/ws/{tok}") as ws:
        f = json.loads(ws.receive_text())
        assert f["type"] == "state" and f["seat"] == 0 and f["you"] == "Ada"
        assert "hand" in f["view"]["players"][0] and "hand" not in f["view"]["players"][1]
        assert "log" not in f["view"] and f["log"]["from"] == 0 and f["log"]["lines"]
        ws.send_text(json.dumps({"type": "lang", "lang": "fr"}))
        f2 = json.loads(ws.receive_text())
        assert f2["log"]["from"] == 0 and any(a["text"] != b["text"] for a, b in zip(f["log"]["lines"], f2["log"]["lines"]))
        ws.send_text(json.dumps({"type": "lang", "lang": "xx"}))
        assert json.loads(ws.receive_text())["code"] == "malformed"
    tables = client.get("/api/tables").json()["tables"]
    assert len(tables) == 1 and tables[0]["seats"][0]["name"] == "Ada" and "link" not in json.dumps(tables)


def test_rules_for_the_call_form_and_hover(client):
    from judgetower.server.rules_text import _BOOK
    rules = client.get("/api/rules").json()["rules"]
    ids = [r["id"] for r in rules]
    assert "JT-C5" in ids and ids.index("JT-G1") < ids.index("JT-E2") and all(r["text"] for r in rules)
    assert client.get("/api/rule?id=JT-C5").json()["text"].startswith("Creatures attack")
    if _BOOK._find("RULINGS.md") is None or _BOOK._find("judge-tower.fr.md") is None:
        pytest.skip("the shared rules files (../shared/rules) are absent: the built-in short texts only")
    assert "R15" in ids
    fr = {r["id"]: r["text"] for r in client.get("/api/rules?lang=fr").json()["rules"]}
    assert fr["JT-G1"].startswith("Chaque personne")
    assert client.get("/api/rule?id=CR 704.5a").json()["text"]
