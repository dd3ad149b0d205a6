// The replay viewer: steps through a record (the same JSON `judgetower replay` reads), showing
// the public view (a spectator's) after each decision.
"use strict";
const $ = id => document.getElementById(id);
let RID = null, STEPS = 0, STEP = 0, CARDS = {};

function showError(msg) { const e = $("error"); e.textContent = msg; e.classList.add("show"); }

async function load(text) {
  const r = await fetch("/api/replay", {method: "POST", body: text});
  const out = await r.json();
  if (!r.ok) { showError(`${t("error")}: ${out.error}`); return; }
  RID = out.id; STEPS = out.steps; $("controls").hidden = false; $("slider").max = STEPS;
  go(0);
}

async function go(k) {
  k = Math.max(0, Math.min(STEPS, k));
  const r = await fetch(`/api/replay/${RID}/${k}?lang=${LANG}`);
  const out = await r.json();
  if (!r.ok) { showError(`${t("error")}: ${out.error}`); return; }
  STEP = out.step; $("slider").value = STEP;
  Object.assign(CARDS, out.cards);
  const v = out.view;
  $("stepinfo").textContent = `${t("steps")} ${STEP} / ${STEPS} · ${t("turn")} ${v.turn} · ${v.active} · ${v.step}` + (out.over ? ` · ${t("over")}: ${out.end_reason}` : "") +
    (out.house && out.house.length ? ` · ${t("house_rules")}: ${out.house.join(", ")}` : "");
  const B = $("board"); B.innerHTML = "";
  v.players.forEach((p, i) => B.append(el("div", {class: "panel player" + (p.lost ? " lost" : "")},
    el("div", {class: "ph"}, el("span", {class: "pname", text: p.name}), el("span", {class: "badge shame", text: `${t("shame")} ${p.shame}`}),
      el("span", {class: "badge", text: `${t("life")} ${p.life}`}), el("span", {class: "badge", text: `${t("hand")}: ${p.hand_count}`})),
    el("div", {class: "row"}, v.battlefield.filter(o => o.controller === p.name).map(o => o.face_down && !o.owner ? cardBack({id: o.id}) :
      cardFrame(o.name, CARDS, {id: o.id, classes: o.tapped ? ["tapped"] : [], pt: o.power !== undefined ? `${o.power}/${o.toughness}` : null}))))));
  B.append(el("div", {class: "panel"}, `${t("library")}: ${v.players[0].library_count} · ${t("graveyard")}: ${v.players[0].graveyard.length} · ${t("stack")}: ${v.stack.map(o => o.name).join(", ")}`));
  const L = $("log"); L.innerHTML = "";
  for (const line of out.log) { const d = el("div", {class: "line"}, el("span", {class: "num", text: line.n}), line.text); for (const r of line.rules) d.append(el("span", {class: "cite", text: `[${r}]`})); L.append(d); }
  L.scrollTop = L.scrollHeight;
}

$("file").onchange = async e => { const f = e.target.files[0]; if (f) load(await f.text()); };
$("first").onclick = () => go(0); $("prev").onclick = () => go(STEP - 1); $("next").onclick = () => go(STEP + 1); $("last").onclick = () => go(STEPS);
$("slider").onchange = e => go(Number(e.target.value));
$("lang").value = LANG;
$("lang").onchange = e => { setLang(e.target.value); labels(); if (RID) go(STEP); };
function labels() { $("t-watch").textContent = t("watch"); $("t-upload_record").textContent = t("upload_record"); $("t-log").textContent = t("log"); }
labels();
// opened from a finished table: /replay#<token> loads that table's record
if (location.hash.length > 1) fetch(`/t/${location.hash.slice(1)}/record.json`).then(r => r.ok ? r.text() : Promise.reject(r.statusText)).then(load).catch(e => showError(String(e)));
