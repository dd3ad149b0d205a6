"""The web table in a real browser (Chromium from Debian, driven by Playwright): two people and a
bot play a judge-mode game on the starter tower to its end, with a call, a dispute, votes and a
spectator's call; a reload; a server killed and restarted mid-game; bad input. Every WebSocket
frame a page receives is checked for hidden information. Screenshots go to docs/screenshots/."""

from __future__ import annotations

import json
import time

import pytest

from .conftest import SHOTS, check_frames_hidden, open_page, shot, state, timeout_s



def wait_state(page, pred_js: str, timeout: float = 30_000, *, scaled: bool = True) -> dict:
    """Wait until the page's state satisfies ``pred_js``: ``timeout`` ms on a quiet machine,
    scaled for a loaded one (conftest.TIMEOUT_SCALE): a watchdog, not a speed check.
    ``scaled=False``: a wait whose expiry the caller handles (it looks again)."""
    page.wait_for_function(f"() => {{ const s = window.jt && window.jt.state(); return !!(s && ({pred_js})); }}",
                           timeout=timeout_s(timeout) if scaled else timeout)
    return state(page)


def click_option(page, i: int) -> None:
    """Click option i; the decision may vanish meanwhile (a bot or an automatic pass moved the
    game on): then the click is dropped and the caller looks again."""
    try:
        page.locator(f"#decision button.opt[data-i='{i}']").click(timeout=3_000)
    except Exception:
        pass


def pass_or_first(st: dict) -> int:
    opts = st["decision"]["options"]
    for o in opts:
        if o["pass"]:
            return o["i"]
    return opts[0]["i"]


def last_option(st: dict) -> int:
    """A non-pass choice when there is one (plays lands and spells, so the game moves); never
    "start the declaration again"."""
    opts = st["decision"]["options"]
    others = [o for o in opts if not o["pass"] and o["t"] != "Reset"]
    return (others[0] if others else opts[0])["i"]


def step(pages: dict, choose):
    """One decision by whichever person has one (through the page's buttons); answer open
    calls (the accused accepts, voters uphold). Returns who acted ("" for an answer to a call),
    or None when nobody could act."""
    for name, page in pages.items():
        st = state(page)
        if not st or st["over"]:
            continue
        j = st.get("judge") or {}
        o = j.get("open")
        if o and o.get("can_dispute"):
            page.click("[data-testid=accept]")
            wait_state(page, f"!s.judge.open || s.judge.open.number !== {o['number']} || !s.judge.open.can_dispute")
            return ""
        if o and o.get("can_vote"):
            page.click("[data-testid=vote-uphold]")
            wait_state(page, f"!s.judge.open || !s.judge.open.can_vote")
            return ""
        if st["decision"]:
            key = st["key"]
            click_option(page, choose(name, st))
            try:
                wait_state(page, f"s.key !== '{key}' || s.over", timeout=15_000, scaled=False)
            except Exception:
                pass   # a stale click (the game moved on meanwhile) is answered with an error; go on
            return name
    return None


def call(page, accused: str, rule: str, name: str | None = None) -> None:
    page.select_option("[data-testid=call-accused]", accused)
    page.fill("[data-testid=call-rule]", rule)
    if name is not None:
        page.fill("[data-testid=call-name]", name)
    n_calls = len(state(page)["judge"]["calls"])
    page.click("[data-testid=call-submit]")
    wait_state(page, f"s.judge.calls.length > {n_calls}")


def shame(page, seat: int) -> int:
    return state(page)["view"]["players"][seat]["shame"]


def test_judge_game_in_the_browser(browser, server_factory):
    srv = server_factory()
    # -- the lobby: create a judge-mode table: two people and an erring bot, the starter tower
    lobby, _, lobby_errors = open_page(browser, srv.url + "/")
    lobby.wait_for_selector("[data-testid=seat]")
    shot(lobby, "lobby-en.png")
    lobby.select_option("[data-testid=lang]", "fr")
    lobby.wait_for_selector("text=Créer une table")
    shot(lobby, "lobby-fr.png")
    lobby.select_option("[data-testid=lang]", "en")
    rows = lobby.locator("[data-testid=seat]")
    rows.nth(0).locator("[data-testid=s-name]").fill("Ada")
    rows.nth(1).locator("[data-testid=s-name]").fill("Bob")
    rows.nth(2).locator("[data-testid=s-name]").fill("Bot")
    rows.nth(2).locator("[data-testid=s-err]").fill("1")
    rows.nth(2).locator("[data-testid=s-call]").fill("0")
    rows.nth(2).locator("[data-testid=s-disp]").fill("0")
    lobby.fill("[data-testid=f-title]", "browser test")
    lobby.fill("[data-testid=f-delay]", "0")
    lobby.fill("[data-testid=f-wait]", "30")
    lobby.fill("[data-testid=f-seed]", "7")
    lobby.click("[data-testid=create-btn]")
    lobby.wait_for_selector("[data-testid=seat-link]")
    seat_links = [a.get_attribute("href") for a in lobby.query_selector_all("[data-testid=seat-link]")]
    spect_link = lobby.get_attribute("[data-testid=spectator-link]", "href")
    assert len(seat_links) == 2
    for link in seat_links + [spect_link]:
        assert len(link.split("/t/")[1]) >= 32   # 192-bit tokens
    lobby.wait_for_selector("[data-testid=table-row]")
    assert not lobby_errors

    ada, ada_frames, ada_err = open_page(browser, srv.url + seat_links[0])
    bob, bob_frames, bob_err = open_page(browser, srv.url + seat_links[1], lang="fr")
    spec, spec_frames, spec_err = open_page(browser, srv.url + spect_link)
    for p in (ada, bob, spec):
        wait_state(p, "s.view")
    assert state(ada)["seat"] == 0 and state(bob)["seat"] == 1 and state(spec)["seat"] is None
    people = {"ada": ada, "bob": bob}

    # -- a few decisions: both people pass when they can (Bob's passes break JT-P1 when he
    #    could act: hidden violations only a call reveals)
    for _ in range(12):
        if not step(people, lambda name, st: pass_or_first(st)):
            time.sleep(0.05)

    # -- bad input from the pages changes nothing
    st = wait_state(ada if state(ada)["decision"] else bob, "s.decision")
    decider = ada if state(ada)["decision"] else bob
    other = bob if decider is ada else ada
    key, n = st["key"], st["n"]
    spec.evaluate(f"jt.send({{type: 'decide', key: '{key}', i: 0}})")
    spec.wait_for_selector("[data-testid=error].show")
    assert "never decide" in spec.inner_text("[data-testid=error]")
    other.evaluate(f"jt.send({{type: 'decide', key: '{key}', i: 0}})")
    other.wait_for_function("window.jt.errors.length > 0")
    other.evaluate("ws.send('{not json')")
    other.wait_for_function("window.jt.errors.length > 1")
    decider.evaluate("jt.send({type: 'decide', key: '0.0', i: 0})")
    decider.wait_for_function("window.jt.errors.length > 0")
    decider.evaluate("jt.send({type: 'decide', key: jt.state().key, i: 999})")
    decider.wait_for_function("window.jt.errors.length > 1")
    errs = other.evaluate("window.jt.errors") + decider.evaluate("window.jt.errors")
    assert any("not your decision" in e or "pas votre décision" in e.lower() for e in errs), errs
    assert any("not JSON" in e for e in errs), errs
    assert any("no longer pending" in e for e in errs), errs
    assert any("no option 999" in e for e in errs), errs
    after = state(decider)
    assert after["n"] == n and after["key"] == key and after["decision"] == st["decision"]

    # -- a reload restores the seat and its pending decision
    before = state(decider)
    decider.reload()
    again = wait_state(decider, f"s.key === '{before['key']}' && s.decision")
    assert again["seat"] == before["seat"] and again["decision"]["options"] == before["decision"]["options"]
    assert again["view"] == before["view"]

    # -- the spectator calls once (JT-G12): the bot, for JT-P1
    call(spec, "Bot", "JT-P1", name="Carol")
    assert state(spec)["judge"]["calls"][-1]["by"] == "Carol"
    assert "Carol" in state(ada)["judge"]["spectators"] or wait_state(ada, "s.judge.spectators.includes('Carol')")

    # -- Ada calls Bob's violation; Bob disputes; both vote (the bot votes too, R15)
    for _ in range(200):
        b0 = shame(ada, 1)
        call(ada, "Bob", "JT-P1")
        c = state(ada)["judge"]["calls"][-1]
        if c["upheld"]:
            break
        # no violation of Bob's yet: play on (Bob passes when he can act)
        for _ in range(6):
            step(people, lambda name, st: pass_or_first(st))
    else:
        pytest.fail("Bob never broke JT-P1")
    assert shame(ada, 1) == b0 + 1
    wait_state(bob, "s.judge.open && s.judge.open.can_dispute")
    bob.click("[data-testid=dispute]")
    wait_state(bob, "s.judge.open && s.judge.open.can_vote")
    bob.click("[data-testid=vote-reject]")
    wait_state(ada, "s.judge.open && s.judge.open.can_vote")
    ada.click("[data-testid=vote-uphold]")
    settled = wait_state(spec, f"s.judge.calls.find(c => c.number === {c['number']} && Object.keys(c.votes).length === 3)")
    final = [x for x in settled["judge"]["calls"] if x["number"] == c["number"]][0]
    assert final["votes"] == {"Ada": True, "Bob": False, "Bot": True} and final["upheld"] and final["added"]
    assert "disputed" in spec.inner_text(f"[data-testid=call-{c['number']}]")

    # -- on to JT-E1: the people call the erring bot's violations until its shame passes 6,
    #    then Ada calls Bob's passes until his does
    deadline = time.time() + timeout_s(420)
    shots = False
    while not state(ada)["over"] and time.time() < deadline:
        st = state(ada)
        target = "Bot" if not st["view"]["players"][2]["lost"] else "Bob"
        if target == "Bob" and not shots:
            # mid-game screenshots (the board has filled), a player's seat and a spectator's,
            # in English and French
            shots = True
            shot(ada, "table-player-en.png")
            shot(spec, "table-spectator-en.png")
            shot(bob, "table-player-fr.png")
            spec.select_option("[data-testid=lang]", "fr")
            spec.wait_for_selector("text=Signaler une infraction")
            shot(spec, "table-spectator-fr.png")
            spec.select_option("[data-testid=lang]", "en")
        if st["judge"]["open"] is None or st["judge"]["open"]["state"] != "disputed":
            call(ada, target, "JT-P1")   # the erring bot's usual error, and Bob's passes
        # play on until the accused has acted again (the bot acts between the people's turns)
        for _ in range(12):
            if state(ada)["over"] or step(people, lambda name, st: pass_or_first(st) if name == "bob"
                                          else last_option(st)) == ("bob" if target == "Bob" else "ada"):
                break
    end = wait_state(ada, "s.over", timeout=30_000)
    assert end["summary"]["finished"], end["summary"]
    assert "JT-E" in json.dumps(end["summary"]) or end["summary"]["end_reason"], end["summary"]
    ada.wait_for_selector("[data-testid=summary]:not([hidden])")
    assert "Ada" in ada.inner_text("[data-testid=winners]")
    shot(ada, "summary-en.png")
    bob.wait_for_selector("[data-testid=summary]:not([hidden])")
    shot(bob, "summary-fr.png")

    # -- after the end: a decision is refused; the record is given; the replay viewer steps it
    ada.evaluate("window.jt.errors = []; jt.send({type: 'decide', key: jt.state().key, i: 0})")
    ada.wait_for_function("window.jt.errors.length > 0")
    assert "over" in ada.evaluate("window.jt.errors")[0]
    token = seat_links[0].split("/t/")[1]
    status, body = srv.get(f"/t/{token}/record.json")
    assert status == 200
    rec = json.loads(body)
    assert rec["format"] == "judgetower-record" and rec["mode"] == "judge" and rec["judge"]
    from judgetower import record as records
    replayed = records.replay(records.loads(body))
    assert replayed.game_over and {p.name: p.shame for p in replayed.players} == rec["shame"]
    ada.click("[data-testid=open-replay]")
    ada.wait_for_selector("[data-testid=stepinfo]")
    ada.click("[data-testid=last]")
    ada.wait_for_function("document.querySelector('[data-testid=stepinfo]').textContent.includes('%d / %d')"
                          % (len(rec["decisions"]), len(rec["decisions"])))
    ada.click("[data-testid=prev]")
    ada.wait_for_function("document.querySelector('[data-testid=stepinfo]').textContent.startsWith('step %d ')"
                          % (len(rec["decisions"]) - 1))

    # -- no frame any page received holds hidden information or an uncalled violation
    frames = {0: [f for f in ada_frames.states() if f["table"] == end["table"]],
              1: bob_frames.states(), None: spec_frames.states()}
    assert sum(len(v) for v in frames.values()) > 50
    checked = check_frames_hidden(body.decode("utf-8"), frames)
    assert checked == sum(len(v) for v in frames.values())
    assert not (ada_err + bob_err + spec_err), ada_err + bob_err + spec_err


def test_unknown_link_gets_an_error_page(browser, server_factory):
    srv = server_factory()
    page, frames, _ = open_page(browser, srv.url + "/t/" + "x" * 32)
    assert "Unknown link" in page.inner_text("#error")
    page2, _, _ = open_page(browser, srv.url + "/t/not-a-token")
    assert "Unknown link" in page2.inner_text("#error")
    status, _ = srv.get("/t/" + "y" * 32 + "/record.json")
    assert status == 404


def test_house_rules_in_the_lobby_and_on_the_table(browser, server_factory):
    """The lobby's house rules: a bad number is refused with the server's error naming the input
    and the rule (nothing created); then a table with H-STRIKES=4 and H-OPEN-HANDS shows the rules
    in force, each cited, its text on hover, and the others' hands (open hands)."""
    srv = server_factory()
    lobby, _, lobby_errors = open_page(browser, srv.url + "/")
    lobby.wait_for_selector("[data-testid='h-H-STRIKES']")
    assert lobby.locator("#house .h-on").count() == 5
    rows = lobby.locator("[data-testid=seat]")
    rows.nth(1).locator("[data-testid=s-kind]").select_option("autopilot")
    lobby.fill("[data-testid=f-seed]", "3")
    lobby.check("[data-testid='h-H-STRIKES']")
    lobby.fill("[data-testid='h-H-STRIKES-n']", "0")
    lobby.click("[data-testid=create-btn]")
    lobby.wait_for_selector("#error.show")
    err = lobby.inner_text("#error")
    assert "house" in err and "H-STRIKES" in err and "1 to 99" in err, err
    assert lobby.locator("[data-testid=seat-link]").count() == 0
    assert json.loads(srv.get("/api/tables")[1])["tables"] == []
    lobby.fill("[data-testid='h-H-STRIKES-n']", "4")
    lobby.check("[data-testid='h-H-OPEN-HANDS']")
    lobby.wait_for_selector("[data-testid='h-H-STRIKES-text']:has-text('4 shame')")
    lobby.locator("[data-testid=house]").screenshot(path=str(SHOTS / "lobby-house-en.png"))
    lobby.click("[data-testid=create-btn]")
    lobby.wait_for_selector("[data-testid=spectator-link]")
    lobby.wait_for_selector("[data-testid=table-row]:has-text('H-STRIKES=4')")
    assert not lobby_errors
    spect_link = lobby.get_attribute("[data-testid=spectator-link]", "href")
    page, _, errors = open_page(browser, srv.url + spect_link)
    st = wait_state(page, "s.view")
    assert [h["spec"] for h in st["house"]] == ["H-OPEN-HANDS", "H-STRIKES=4"]
    page.wait_for_selector("[data-testid=house-rules] [data-testid=house-rule]")
    assert page.locator("[data-testid=house-rule]").count() == 2
    page.hover("[data-testid=house-rules] .cite[data-rule='H-STRIKES=4']")
    page.wait_for_function("document.getElementById('tooltip').textContent.includes('4 shame')")
    assert "H-STRIKES" in page.inner_text("[data-testid=shame-limit]")
    # open hands: the spectator sees both players' hands
    page.wait_for_selector("[data-testid=open-hand-0] .card")
    page.wait_for_selector("[data-testid=open-hand-1] .card")
    shot(page, "table-house-en.png")
    assert not errors, errors


TOWER = "18 Island\n"


def test_server_killed_and_restarted_resumes_the_table(browser, server_factory, tmp_path):
    db = f"sqlite:///{tmp_path / 'restart.sqlite3'}"
    srv = server_factory(db)
    status, out = srv.post("/api/tables", {
        "mode": "judge", "bot_delay": 0, "seed": 3, "lang": "en",
        "seats": [{"name": "Ada", "kind": "person", "judge_level": 2},
                  {"name": "Bob", "kind": "person", "judge_level": 2},
                  {"name": "Bot", "kind": "autopilot", "judge_level": 2, "call_rate": 0}],
        "tower": {"source": "upload", "text": TOWER}})
    assert status == 201, out
    ada, _, ada_err = open_page(browser, srv.url + out["seats"][0]["link"])
    bob, _, bob_err = open_page(browser, srv.url + out["seats"][1]["link"])
    pages = {"ada": ada, "bob": bob}
    for p in pages.values():
        wait_state(p, "s.view")
    for _ in range(8):
        if not step(pages, lambda name, st: last_option(st)):
            time.sleep(0.05)
    # a person's decision is pending: the bots wait, the state is still
    for _ in range(200):
        if state(ada)["decision"] or state(bob)["decision"]:
            break
        time.sleep(0.1)
    decider = ada if state(ada)["decision"] else bob
    assert state(decider)["decision"], (state(ada), state(bob))
    time.sleep(0.3)
    before = {k: state(p) for k, p in pages.items()}
    assert not before["ada"]["over"]
    srv.kill()
    srv.start()
    for k, p in pages.items():   # the pages reconnect by themselves with their links
        p.wait_for_function("window.jt.frames > 0 && document.getElementById('conn').textContent.startsWith('●')",
                            timeout=timeout_s(60_000))
        after = wait_state(p, f"s.n === {before[k]['n']}")
        assert after["view"] == before[k]["view"], f"{k}: the view differs after the restart"
        assert after["decision"] == before[k]["decision"]
    # the game goes on to its end (JT-E2: the short tower runs out)
    deadline = time.time() + timeout_s(240)
    while not state(ada)["over"] and time.time() < deadline:
        if not step(pages, lambda name, st: last_option(st)):
            time.sleep(0.05)
    end = wait_state(ada, "s.over", timeout=30_000)
    assert end["summary"]["finished"] and end["summary"]["end_reason"], end["summary"]
    assert not (ada_err + bob_err)
