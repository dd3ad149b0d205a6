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


# ---------------------------------------------------------------------------- house rules (issue 20)
HOUSE_FORM = ["strikes=2", "open-hands", "H-ONE-NAME-PER-TURN"]
HOUSE_SPECS = ["H-STRIKES=2", "H-OPEN-HANDS", "H-ONE-NAME-PER-TURN"]


def _wait_over(client, tid: str, seconds: float = 120.0) -> None:
    import time
    deadline = time.time() + seconds
    while time.time() < deadline:
        rows = {x["id"]: x for x in client.get("/api/tables").json()["tables"]}
        if rows[tid]["over"]:
            return
        time.sleep(0.2)
    raise AssertionError(f"table {tid} did not end within {seconds} s")


def test_table_with_house_rules_plays_them_and_records_them(client):
    """The lobby's house rules (each a checkbox, H-STRIKES with its N) are checked, stored with the
    table, applied to the game as ``judgetower sim --house`` applies them, shown in every frame
    (ID, spec and text), in the lobby's list, at the end, and carried by the downloadable record,
    which replays to the same game."""
    import argparse

    from judgetower import record as records
    from judgetower.cli import _house
    from judgetower.variants.house import HouseRules

    out = _table(client, house=HOUSE_FORM, seats=[
        {"name": "Ada", "kind": "erring", "error_rate": 0.3, "call_rate": 1.0},
        {"name": "Bob", "kind": "erring", "error_rate": 0.3, "call_rate": 1.0},
        {"name": "Cy", "kind": "autopilot"}], seed=5)
    server = client.app.state.server
    t = server.tables[out["id"]]
    # stored with the table, in the form `sim --house` gives
    assert t.config["house"] == HOUSE_SPECS == _house(argparse.Namespace(house=HOUSE_FORM))
    cfg, _status, _events = server.store.load_table(out["id"])
    assert cfg["house"] == HOUSE_SPECS
    assert isinstance(t.game.rules, HouseRules) and t.game.rules.house_specs() == HOUSE_SPECS
    # the log cites each rule from the start (HouseRules.setup_players)
    cited = {r for e in t.game.log.events for r in e.rules}
    assert {"H-STRIKES", "H-OPEN-HANDS", "H-ONE-NAME-PER-TURN"} <= cited
    # the lobby lists them; every frame carries them with their texts (hover: /api/rule)
    row = next(x for x in client.get("/api/tables").json()["tables"] if x["id"] == out["id"])
    assert row["house"] == HOUSE_SPECS
    tok = out["spectator"].split("/t/")[1]
    with client.websocket_connect(f"/ws/{tok}") as ws:
        f = json.loads(ws.receive_text())
    assert [h["spec"] for h in f["house"]] == HOUSE_SPECS
    assert [h["id"] for h in f["house"]] == ["H-STRIKES", "H-OPEN-HANDS", "H-ONE-NAME-PER-TURN"]
    assert "2 shame" in f["house"][0]["text"] and all(h["text"] for h in f["house"])
    assert f["judge"]["limit"] == {"rule": "H-STRIKES", "n": 2}
    assert all("hand" in p for p in f["view"]["players"]), "H-OPEN-HANDS: a spectator sees every hand"
    assert "2 shame" in client.get("/api/rule", params={"id": "H-STRIKES=2"}).json()["text"]
    assert client.get("/api/rule", params={"id": "H-OPEN-HANDS", "lang": "fr"}).json()["text"].startswith("toutes")
    house = client.get("/api/house").json()["house"]
    assert [h["id"] for h in house] == ["H-OPEN-HANDS", "H-STRIKES", "H-ONE-NAME-PER-TURN", "H-FIRST-MISTAKE-OUT",
                                        "H-ROUNDS"]
    assert next(h for h in house if h["id"] == "H-STRIKES")["takes_value"] is True
    # played to its end (all bots): the record carries the house rules and replays to the same game
    _wait_over(client, out["id"])
    r = client.get(f"/t/{tok}/record.json")
    assert r.status_code == 200, r.text
    rec = records.loads(r.content)
    assert rec.options["house"] == HOUSE_SPECS
    again = records.replay(rec)
    assert again.rules.house_specs() == HOUSE_SPECS and again.snapshot() == t.game.snapshot()
    assert t.game.game_over and t.summary()["house"] == HOUSE_SPECS
    if "strikes" in t.game.end_reason:
        assert any(p.lost and p.shame >= 2 for p in t.game.players)


def test_house_rules_survive_a_restart(tmp_path):
    """A table's house rules are in the store: a new server on the same store resumes the table
    with the same rules (the game replayed with them)."""
    db = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    with TestClient(create_app(db)) as c1:
        out = _table(c1, house=["H-FIRST-MISTAKE-OUT", "rounds"])
        tok = out["seats"][0]["link"].split("/t/")[1]
        with c1.websocket_connect(f"/ws/{tok}") as ws:
            before = json.loads(ws.receive_text())
    with TestClient(create_app(db)) as c2:
        with c2.websocket_connect(f"/ws/{tok}") as ws:
            after = json.loads(ws.receive_text())
        t = c2.app.state.server.tables[out["id"]]
        assert t.game.rules.house_specs() == ["H-FIRST-MISTAKE-OUT", "H-ROUNDS"]
    assert [h["spec"] for h in after["house"]] == [h["spec"] for h in before["house"]] == \
        ["H-FIRST-MISTAKE-OUT", "H-ROUNDS"]
    assert after["rounds"]["round"] >= 1 and after["judge"]["limit"]["rule"] == "H-FIRST-MISTAKE-OUT"


@pytest.mark.parametrize("house, words", [
    (["H-STRIKES=0"], ["house", "H-STRIKES=0", "from 1 to 99", "[H-STRIKES]"]),
    (["strikes=three"], ["house", "whole number", "[H-STRIKES]"]),
    (["H-OPEN-HANDS=2"], ["house", "takes no value", "[H-OPEN-HANDS]"]),
    (["H-NAP-TIME"], ["house", "unknown house rule", "H-STRIKES"]),
    (["open-hands", "H-OPEN-HANDS"], ["house", "given twice", "H-OPEN-HANDS"]),
    ("open-hands", ["house", "a list"]),
    ([3], ["house", "string"]),
])
def test_bad_house_rule_is_refused_and_creates_nothing(client, house, words):
    r = client.post("/api/tables", json={"mode": "judge", "seed": 1, "house": house,
                                         "seats": [{"name": "Ada"}, {"name": "Bot", "kind": "autopilot"}]})
    assert r.status_code == 400
    err = r.json()["error"]
    assert all(w in err for w in words), err
    assert client.get("/api/tables").json()["tables"] == []
    assert client.app.state.server.tables == {}


def test_the_summary_is_in_the_page_s_language(client):
    """Issue 14/18: the end-of-game summary (result, end reason, shame table) in French on a
    French page, English on an English one."""
    out = _table(client, seats=[{"name": "Bot A", "kind": "autopilot"}, {"name": "Bot B", "kind": "autopilot"}])
    _wait_over(client, out["id"])
    tok = out["spectator"].split("/t/")[1]
    with client.websocket_connect(f"/ws/{tok}?lang=fr") as ws:
        fr = json.loads(ws.receive_text())["summary"]
    with client.websocket_connect(f"/ws/{tok}") as ws:
        en = json.loads(ws.receive_text())["summary"]
    assert en["lines"][0].startswith("Result:") and fr["lines"][0].startswith("Résultat")
    assert fr["lines"] != en["lines"]
    if en["end_reason"]:
        assert fr["end_reason"] and fr["end_reason"] != en["end_reason"]


def test_the_step_is_named_in_the_page_s_language():
    from judgetower.server.table import _step_said
    assert _step_said("cleanup", "fr") == "nettoyage" and _step_said("cleanup", "en") == "cleanup"
    assert _step_said("precombat_main", "fr") == "première phase principale"
    assert _step_said("precombat_main", "en") == "precombat main"
