// The table page: one WebSocket per page, carrying this seat's own frames only.
"use strict";
const TOKEN = location.pathname.split("/")[2];
let ws = null, F = null, CARDS = {}, LOG = [], RULES = [], retry = 0, graveOpen = false;
const $ = id => document.getElementById(id);
window.jt = {frames: 0, errors: [], state: () => F};

function showError(msg) {
  const e = $("error");
  e.textContent = msg; e.classList.add("show");
  window.jt.errors.push(msg);
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => e.classList.remove("show"), 8000);
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = localStorage.getItem("jt-lang") ? `?lang=${LANG}` : "";
  ws = new WebSocket(`${proto}://${location.host}/ws/${TOKEN}${q}`);
  ws.onopen = () => { retry = 0; $("conn").textContent = "● " + t("connected"); };
  ws.onclose = ev => {
    $("conn").textContent = "○ " + t("disconnected");
    if (ev.code === 4404) return;
    setTimeout(connect, Math.min(5000, 300 * (1 + retry++)));
  };
  ws.onmessage = ev => {
    const m = JSON.parse(ev.data);
    window.jt.frames++;
    if (m.type === "error") {
      showError(`${t("error")}: ${terr(m.code)} — ${m.message}${m.rule ? " [" + m.rule + "]" : ""}`);
      return;
    }
    if (m.type !== "state") return;
    // the table's language until this viewer picks one (the server renders the log in m.lang)
    if (!localStorage.getItem("jt-lang") && m.lang && m.lang !== LANG) { LANG = m.lang; document.documentElement.lang = LANG; $("lang").value = LANG; loadRules(); }
    if (m.log.from === 0) LOG = [];
    LOG.length = m.log.from;
    LOG.push(...m.log.lines);
    Object.assign(CARDS, m.cards || {});
    F = m;
    render();
  };
}

function send(msg) {
  if (!ws || ws.readyState !== 1) { showError(t("disconnected")); return; }
  ws.send(JSON.stringify(msg));
}
window.jt.send = send;

function objNotes(o) {
  const n = [];
  if (o.tapped) n.push(t("tapped"));
  if (o.damage) n.push(`${o.damage} ${t("dmg")}`);
  if (o.sick) n.push(t("sick"));
  for (const [k, v] of Object.entries(o.counters || {})) n.push(`${v} ${k}`);
  if (o.keywords && o.keywords.length) n.push(o.keywords.join(", "));
  if (o.attached_to !== undefined && o.attached_to !== null) n.push(`${t("attached")} #${o.attached_to}`);
  if (o.attached_to_player) n.push(`${t("attached")} ${o.attached_to_player}`);
  if (o.attacking) n.push(`${t("attacking")} ${o.attacking}`);
  if (o.blocking && o.blocking.length) n.push(`${t("blocking")} #${o.blocking.join(", #")}`);
  if (o.face_down) n.push(t("face_down"));
  return n;
}

function objCard(o, zone) {
  if (o.face_down && !o.owner && o.name === "face-down card") return cardBack({id: o.id});
  const classes = [];
  if (o.tapped) classes.push("tapped");
  const pt = o.power !== undefined ? `${o.power}/${o.toughness}` : null;
  const c = cardFrame(o.name, CARDS, {id: o.id, classes, pt, notes: zone === "battlefield" || zone === "exile" ? objNotes(o) : [],
                                     title: `#${o.id}`});
  return c;
}

// cards one can click for the pending decision: id -> option indexes (first id of each option)
function clickMap() {
  const m = {};
  if (!F || !F.decision) return m;
  for (const o of F.decision.options) if (o.ids && o.ids.length) (m[o.ids[0]] = m[o.ids[0]] || []).push(o.i);
  return m;
}

function wireClicks(root) {
  const m = clickMap();
  root.querySelectorAll(".card[data-id]").forEach(c => {
    const id = c.getAttribute("data-id");
    if (m[id]) {
      c.classList.add("clickable");
      c.onclick = () => {
        const opts = m[id];
        if (opts.length === 1) decide(opts[0]);
        else document.querySelectorAll("#decision button.opt").forEach(b => b.classList.toggle("highlight", opts.includes(+b.dataset.i)));
      };
    }
  });
}

function decide(i) { send({type: "decide", key: F.decision.key, i}); }
window.jt.decide = decide;

function render() {
  document.documentElement.lang = LANG;
  const v = F.view;
  const pend = v.pending;
  $("turninfo").textContent = `${t("turn")} ${v.turn} · ${v.active} (${t("active")}) · ${t("step")}: ${F.step || v.step.replace(/_/g, " ")}` +
    (pend ? ` · ${t("priority")}: ${pend.player}` : "");
  $("whoami").textContent = F.seat !== null ? `${F.you} (${t("you")})` : t("spectator") + (F.you ? `: ${F.you}` : "");
  $("log-title").textContent = t("log");
  // players
  const P = $("players"); P.innerHTML = "";
  v.players.forEach((p, i) => {
    const meta = F.seats[i] || {};
    const box = el("div", {class: "panel player" + (i === F.seat ? " me" : "") + (p.lost ? " lost" : ""), "data-testid": "player-" + i},
      el("div", {class: "ph"},
        el("span", {class: "pname", text: p.name + (i === F.seat ? ` (${t("you")})` : "") + (meta.kind && meta.kind !== "person" ? ` [${t("bot")}]` : "")}),
        el("span", {class: "badge", text: `${t("level")} ${meta.judge_level}`}),
        el("span", {class: "badge shame", "data-testid": "shame-" + i, text: `${t("shame")} ${p.shame}`}),
        el("span", {class: "badge", text: `${t("life")} ${p.life}`}),
        el("span", {class: "badge", text: `${t("hand")}: ${p.hand_count}`}),
        p.poison ? el("span", {class: "badge", text: `poison ${p.poison}`}) : null,
        p.lost ? el("span", {class: "badge shame", text: t("lost")}) : null,
        pend && pend.player === p.name ? el("span", {class: "badge", text: "…"}) : null),
      el("div", {class: "row", "data-testid": "battlefield-" + i}, v.battlefield.filter(o => o.controller === p.name).map(o => objCard(o, "battlefield"))));
    // H-OPEN-HANDS: every hand is public, so the view holds the others' hands too
    if (i !== F.seat && p.hand) box.append(el("div", {class: "muted", text: `${t("hand")} (H-OPEN-HANDS)`}),
      el("div", {class: "row", "data-testid": "open-hand-" + i}, p.hand.map(o => objCard(o, "hand"))));
    if (p.mana_paid && p.mana_paid.length) box.append(el("div", {class: "muted", text: "mana: " + p.mana_paid.slice(-3).join("; ")}));
    P.append(box);
  });
  // hand
  const me = F.seat !== null ? v.players[F.seat] : null;
  $("handpanel").hidden = !me;
  $("hand-title").textContent = t("your_hand");
  $("hand").innerHTML = "";
  if (me && me.hand) me.hand.forEach(o => $("hand").append(objCard(o, "hand")));
  // shared zones
  const S = $("sharedzones"); S.innerHTML = "";
  const lib = v.players[0] ? v.players[0].library_count : 0;
  const grave = (v.players[0] && v.players[0].graveyard) || [];
  S.append(el("div", {class: "shared"},
    el("span", {"data-testid": "library-count", text: `${t("library")}: ${lib} ${t("cards")}`}),
    el("span", {text: `${t("graveyard")}: ${grave.length} ${t("cards")} `},
      el("button", {"data-testid": "browse-graveyard", onclick: () => { graveOpen = !graveOpen; render(); }, text: graveOpen ? t("hide") : t("browse")}))));
  if (graveOpen) S.append(el("div", {class: "row", "data-testid": "graveyard"}, grave.slice().reverse().map(o => objCard(o, "graveyard"))));
  // stack
  S.append(el("h3", {text: t("stack")}));
  S.append(el("div", {class: "row", "data-testid": "stack"}, v.stack.slice().reverse().map(o => {
    const c = objCard(o, "stack");
    if (o.targets && o.targets.length) c.append(el("div", {class: "notes", text: `${t("targets")}: ${o.targets.join(", ")}`}));
    if (o.controller) c.append(el("div", {class: "notes", text: o.controller}));
    return c;
  })));
  // exile in piles (CR 406)
  S.append(el("h3", {text: t("exile")}));
  for (const pile of v.exile_piles || []) {
    if (!pile.cards.length) continue;
    S.append(el("div", {class: "pile", "data-testid": "exile-pile"}, el("div", {class: "muted", text: pile.label}),
      el("div", {class: "row"}, pile.cards.map(o => objCard(o, "exile")))));
  }
  renderHouse(); renderDecision(); renderJudge(); renderLog(); renderSummary();
  wireClicks(document.body);
}

// the table's house rules in force (judgetower.variants.house), each cited: hovering shows its text
function renderHouse() {
  const H = $("houserules");
  const rules = F.house || [];
  H.hidden = !rules.length;
  H.innerHTML = "";
  if (!rules.length) return;
  H.append(el("h3", {text: t("house_rules")}));
  const ul = el("ul", {class: "house"});
  for (const h of rules) ul.append(el("li", {"data-testid": "house-rule", "data-rule": h.id},
    el("b", {text: t("house_" + h.id) !== "house_" + h.id ? t("house_" + h.id) : h.id}), cite(h.spec), " — " + h.text));
  H.append(ul);
  if (F.rounds) H.append(el("div", {"data-testid": "rounds"}, `${t("round")} ${F.rounds.round} · ${t("points")}: ` +
    Object.entries(F.rounds.points).map(([n, k]) => `${n} ${k}`).join(", "), cite("H-ROUNDS")));
}

function renderDecision() {
  const D = $("decision"); D.innerHTML = "";
  const d = F.decision;
  if (F.seat !== null) {
    const meta = F.seats[F.seat];
    D.append(el("label", {class: "muted"}, el("input", {type: "checkbox", "data-testid": "autopass", checked: meta.autopass ? true : null,
      onchange: e => send({type: "autopass", on: e.target.checked})}), " " + t("autopass")));
  }
  if (!d) {
    const p = F.view.pending;
    D.append(el("div", {class: "muted", text: p && !F.over ? `${t("waiting")} ${p.player} — ${p.prompt_fr || p.prompt}` : t("no_decision")}));
    return;
  }
  D.append(el("h3", {text: t("decision")}));
  D.append(el("div", {class: "prompt", "data-testid": "prompt"}, d.prompt, d.rule ? cite(d.rule) : null));
  for (const f of d.forced || []) D.append(el("div", {class: "forced", "data-testid": "forced"}, `${t("forced")} `, cite(f.rule), " — " + f.text));
  const box = el("div", {class: "opts"});
  for (const o of d.options) box.append(el("button", {class: "opt" + (o.pass ? " pass" : ""), "data-i": o.i, "data-testid": "option",
    onclick: () => decide(o.i), text: o.label + (o.player ? "" : "")}));
  D.append(box);
}

function cite(rule) {
  const s = el("span", {class: "cite", "data-rule": rule, text: `[${rule}]`});
  return s;
}

function renderLog() {
  const L = $("log");
  const atBottom = L.scrollHeight - L.scrollTop - L.clientHeight < 40;
  L.innerHTML = "";
  const frag = document.createDocumentFragment();
  for (const line of LOG.slice(-400)) {
    const d = el("div", {class: "line", "data-n": line.n}, el("span", {class: "num", text: line.n}), line.text);
    for (const r of line.rules) d.append(cite(r));
    frag.append(d);
  }
  L.append(frag);
  if (atBottom) L.scrollTop = L.scrollHeight;
}

function renderJudge() {
  const J = $("judge");
  if (F.mode !== "judge") { J.hidden = true; return; }
  J.hidden = false;
  const j = F.judge;
  const keep = {};
  for (const id of ["call-accused", "call-rule", "call-event", "call-name"]) { const x = $(id); if (x) keep[id] = x.value; }
  const focused = document.activeElement && document.activeElement.id;
  J.innerHTML = "";
  J.append(el("h3", {text: t("call_title")}));
  if (!F.over) {
    const form = el("form", {"data-testid": "call-form", onsubmit: ev => {
      ev.preventDefault();
      const ev_ = $("call-event").value.trim();
      const msg = {type: "call", accused: $("call-accused").value, rule: $("call-rule").value.trim().split(" ")[0], event: ev_ === "" ? null : Number(ev_)};
      if (F.seat === null) msg.name = $("call-name").value.trim();
      send(msg);
    }});
    const acc = el("select", {id: "call-accused", "data-testid": "call-accused"});
    F.view.players.forEach((p, i) => { if (i !== F.seat) acc.append(el("option", {value: p.name, text: p.name})); });
    const rule = el("input", {id: "call-rule", list: "rule-list", "data-testid": "call-rule", placeholder: "JT-C5", size: 10, required: true});
    // the table's house rules can be broken too (H-ONE-NAME-PER-TURN): they head the list
    const callable = (F.house || []).map(h => ({id: h.id, text: h.text})).concat(RULES);
    const dl = el("datalist", {id: "rule-list"}, callable.map(r => el("option", {value: r.id, text: `${r.id} ${r.text.slice(0, 90)}`})));
    form.append(el("div", {}, `${t("accused")}: `, acc), el("div", {}, `${t("rule")}: `, rule, dl),
      el("div", {}, `${t("log_line")}: `, el("input", {id: "call-event", type: "number", min: 1, "data-testid": "call-event", style: "width:6em"})));
    if (F.seat === null) form.append(el("div", {}, `${t("your_name")}: `, el("input", {id: "call-name", "data-testid": "call-name", value: F.you || "Spectator", maxlength: 40})));
    form.append(el("button", {type: "submit", "data-testid": "call-submit", text: t("call")}));
    J.append(form);
    for (const [id, val] of Object.entries(keep)) if ($(id)) $(id).value = val;
    if (focused && $(focused)) $(focused).focus();
  }
  const o = j.open;
  if (o) {
    const box = el("div", {class: "panel", "data-testid": "open-call"},
      el("b", {text: `${t("open_call")} ${o.number}: ${o.accused} — `}), cite(o.rule), ` (${t(o.state)}, ${o.upheld ? t("upheld") : t("rejected")})`);
    if (o.can_dispute) box.append(el("div", {}, el("button", {"data-testid": "dispute", onclick: () => send({type: "dispute", call: o.number}), text: t("dispute")}), " ",
      el("button", {"data-testid": "accept", onclick: () => send({type: "accept", call: o.number}), text: t("accept")})));
    if (o.can_vote) box.append(el("div", {}, el("button", {"data-testid": "vote-uphold", onclick: () => send({type: "vote", call: o.number, uphold: true}), text: t("uphold")}), " ",
      el("button", {"data-testid": "vote-reject", onclick: () => send({type: "vote", call: o.number, uphold: false}), text: t("reject")})));
    J.append(box);
  }
  if (j.waiting_for.length) J.append(el("div", {class: "muted", "data-testid": "judge-waiting", text: `${t("waiting_people")}: ${j.waiting_for.join(", ")}`}));
  const lim = j.limit || {rule: "JT-E1", n: j.shame_limit};
  const limText = lim.rule === "H-STRIKES" ? t("limit_strikes") : lim.rule === "H-FIRST-MISTAKE-OUT" ? t("limit_first_mistake") : t("limit");
  J.append(el("div", {class: "muted", "data-testid": "shame-limit", text: limText.replace("{n}", lim.n)}));
  J.append(el("h3", {text: t("calls")}));
  const ul = el("ul", {class: "calls", "data-testid": "calls"});
  for (const c of j.calls.slice().reverse().slice(0, 30)) {
    const votes = Object.entries(c.votes).map(([n, u]) => `${n}: ${u ? "✓" : "✗"}`).join(", ");
    ul.append(el("li", {"data-testid": "call-" + c.number}, `${c.number}. ${c.by} → ${c.accused} `, cite(c.rule),
      ` ${c.upheld ? t("upheld") : t("rejected")}` + (c.added ? " (+1)" : "") + ` · ${t("engine_ruling")}: ${c.engine_ruling ? t("violation") : t("no_violation")}` +
      (votes ? ` · ${t("disputed")}: ${votes}` : "")));
  }
  J.append(ul);
}

function renderSummary() {
  const S = $("summary");
  if (!F.over || !F.summary) { S.hidden = true; return; }
  S.hidden = false;
  const s = F.summary;
  S.innerHTML = "";
  S.append(el("h2", {text: t("summary")}));
  S.append(el("div", {"data-testid": "winners"}, `${s.winners.length > 1 ? t("winners") : t("winner")}: ${s.winners.join(", ") || "—"}`));
  S.append(el("div", {"data-testid": "end-reason"}, `${t("reason")}: ${s.end_reason || (s.capped ? "decision cap" : "")}`));
  const tb = el("table", {class: "shame"}, el("tr", {}, el("th", {text: t("name")}), el("th", {text: t("level")}), el("th", {text: t("shame")}), el("th", {text: ""})));
  for (const p of s.players) tb.append(el("tr", {}, el("td", {text: p.name}), el("td", {text: p.judge_level}), el("td", {text: p.shame}), el("td", {text: p.won ? "★" : (p.lost ? t("lost") : "")})));
  S.append(el("h3", {text: t("shame_table")}), tb);
  if (s.house && s.house.length) S.append(el("div", {"data-testid": "summary-house"}, `${t("house_rules")}: `, s.house.map(h => cite(h))));
  if (s.rounds) S.append(el("div", {"data-testid": "summary-rounds"}, `${t("round")} ${s.rounds.round} · ${t("points")}: ` +
    Object.entries(s.rounds.points).map(([n, k]) => `${n} ${k}`).join(", ")));
  if (s.call_list) S.append(el("div", {class: "muted", text: `${t("calls")}: ${s.call_list.length} · ${t("upheld")}: ${s.call_list.filter(c => c.added).length} · ${t("disputed")}: ${s.call_list.filter(c => c.disputed).length}`}));
  S.append(el("p", {}, el("a", {href: `/t/${TOKEN}/record.json`, "data-testid": "download-record", download: "", text: t("download")}), " · ",
    el("a", {href: `/replay#${TOKEN}`, "data-testid": "open-replay", text: t("replay")})));
}

// citations: hover shows the rule's text
const tip = $("tooltip"), ruleCache = {};
document.addEventListener("mouseover", async ev => {
  const c = ev.target.closest && ev.target.closest(".cite");
  if (!c) { tip.style.display = "none"; return; }
  const r = c.dataset.rule, key = LANG + ":" + r;
  if (!(key in ruleCache)) {
    ruleCache[key] = "…";
    try { ruleCache[key] = (await (await fetch(`/api/rule?id=${encodeURIComponent(r)}&lang=${LANG}`)).json()).text || r; } catch (e) { ruleCache[key] = r; }
  }
  tip.textContent = `${r}: ${ruleCache[key]}`;
  c.title = tip.textContent;
  const b = c.getBoundingClientRect();
  tip.style.left = Math.min(b.left, innerWidth - 430) + "px"; tip.style.top = (b.bottom + 4) + "px"; tip.style.display = "block";
});

async function loadRules() {
  try { RULES = (await (await fetch(`/api/rules?lang=${LANG}`)).json()).rules; } catch (e) { RULES = []; }
  if (F) render();
}

$("lang").value = LANG;
$("lang").onchange = e => { setLang(e.target.value); loadRules(); send({type: "lang", lang: LANG}); };
document.documentElement.lang = LANG;
loadRules();
connect();
