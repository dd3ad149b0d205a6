// The lobby: open tables, and the form that creates one.
"use strict";
const $ = id => document.getElementById(id);
let seatCount = 0;

function showError(msg) { const e = $("error"); e.textContent = msg; e.classList.add("show"); }

function seatRow(kind, name) {
  const i = seatCount++;
  const row = el("div", {class: "seatrow", "data-testid": "seat"},
    el("input", {class: "s-name", value: name, maxlength: 30, "data-testid": "s-name", size: 12}),
    el("select", {class: "s-kind", "data-testid": "s-kind"}, ["person", "autopilot", "erring"].map(k => el("option", {value: k, text: t(k), selected: k === kind ? true : null}))),
    el("label", {}, t("level") + " ", el("input", {type: "number", class: "s-level", value: 1, min: 0, max: 5, "data-testid": "s-level"})),
    el("label", {}, el("input", {type: "checkbox", class: "s-first", "data-testid": "s-first"}), " " + t("first_game")),
    el("label", {class: "botonly"}, t("error_rate") + " ", el("input", {type: "number", class: "s-err", value: 0.05, min: 0, max: 1, step: 0.01, "data-testid": "s-err"})),
    el("label", {class: "botonly"}, t("call_rate") + " ", el("input", {type: "number", class: "s-call", value: 0.5, min: 0, max: 1, step: 0.05, "data-testid": "s-call"})),
    el("label", {class: "botonly"}, t("dispute_rate") + " ", el("input", {type: "number", class: "s-disp", value: 0.1, min: 0, max: 1, step: 0.05, "data-testid": "s-disp"})),
    el("button", {type: "button", "data-testid": "s-remove", onclick: () => { row.remove(); }, text: t("remove")}));
  $("seats").append(row);
}

// the house rules (judgetower.variants.house), as the server lists them: a checkbox each, and a
// number for those that take one (H-STRIKES=N); the server checks every value
let HOUSE = [];
function houseRows() {
  const H = $("house"), was = readHouse(true);
  H.innerHTML = "";
  for (const h of HOUSE) {
    const prev = was[h.id];
    const row = el("div", {class: "houserow"},
      el("label", {title: `${h.id}: ${h.text}`},
        el("input", {type: "checkbox", class: "h-on", "data-id": h.id, "data-testid": "h-" + h.id, checked: prev ? true : null}),
        " ", el("b", {text: t("house_" + h.id) !== "house_" + h.id ? t("house_" + h.id) : h.short}), " ",
        el("span", {class: "cite", "data-rule": h.id, text: `[${h.id}]`})),
      h.takes_value ? el("label", {}, " N = ", el("input", {type: "number", class: "h-n", "data-id": h.id, "data-testid": "h-" + h.id + "-n",
        value: prev && prev.n !== undefined ? prev.n : h.default})) : null,   // checked by the server, which names the rule
      el("span", {class: "muted h-text", "data-testid": "h-" + h.id + "-text", text: " — " + h.text}));
    H.append(row);
    const n = row.querySelector(".h-n");
    if (n) {   // the rule's text with this N (the server's, as the table will cite it)
      const upd = async () => {
        try {
          const r = await (await fetch(`/api/rule?id=${encodeURIComponent(h.id + "=" + n.value)}&lang=${LANG}`)).json();
          if (r.text) row.querySelector(".h-text").textContent = " — " + r.text;
        } catch (e) { /* the generic text stays */ }
      };
      n.addEventListener("input", upd);
      if (prev) upd();
    }
  }
}
function readHouse(raw) {
  const out = raw ? {} : [];
  document.querySelectorAll("#house .h-on").forEach(c => {
    const id = c.dataset.id, n = document.querySelector(`#house .h-n[data-id="${id}"]`);
    if (raw) { if (c.checked) out[id] = n ? {n: n.value} : {}; return; }
    if (c.checked) out.push(n ? `${id}=${n.value}` : id);
  });
  return out;
}
async function loadHouse() {
  try { HOUSE = (await (await fetch(`/api/house?lang=${LANG}`)).json()).house; } catch (e) { HOUSE = []; }
  houseRows();
}

function readForm() {
  const seats = [...document.querySelectorAll(".seatrow")].map(r => ({
    name: r.querySelector(".s-name").value, kind: r.querySelector(".s-kind").value,
    judge_level: Number(r.querySelector(".s-level").value), first_game: r.querySelector(".s-first").checked,
    error_rate: Number(r.querySelector(".s-err").value), call_rate: Number(r.querySelector(".s-call").value),
    dispute_rate: Number(r.querySelector(".s-disp").value)}));
  const src = document.querySelector("input[name=tower]:checked").value;
  return {title: $("f-title").value, mode: $("f-mode").value, manual_triggers: $("f-manual").checked, lang: $("f-lang").value,
          seats, house: readHouse(false), bot_delay: $("f-delay").value, judge_wait: $("f-wait").value, seed: $("f-seed").value,
          tower: {source: src, text: $("f-tower-text").value, count: Number($("f-count").value)}};
}

async function create(ev) {
  ev.preventDefault();
  const r = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(readForm())});
  const out = await r.json();
  if (!r.ok) { showError(`${t("error")}: ${out.error}`); return; }
  $("error").classList.remove("show");
  const box = $("created"); box.hidden = false; box.innerHTML = "";
  const abs = p => location.origin + p;
  box.append(el("h2", {text: t("links")}));
  const ul = el("ul", {class: "links"});
  for (const s of out.seats) ul.append(el("li", {}, `${s.name}: `, el("a", {href: s.link, "data-testid": "seat-link", "data-seat": s.seat, text: abs(s.link)})));
  ul.append(el("li", {}, `${t("spectator_link")}: `, el("a", {href: out.spectator, "data-testid": "spectator-link", text: abs(out.spectator)})));
  box.append(ul);
  loadTables();
}

async function loadTables() {
  const r = await fetch("/api/tables");
  const {tables} = await r.json();
  const T = $("tables"); T.innerHTML = "";
  if (!tables.length) { T.append(el("p", {class: "muted", text: t("no_tables")})); return; }
  const ul = el("ul");
  for (const x of tables.slice(0, 50)) {
    ul.append(el("li", {"data-testid": "table-row"}, el("b", {text: x.title || x.id}), ` · ${x.mode} · ${x.over ? t("over") : t("playing")} · `,
      x.seats.map(s => `${s.name} (${t(s.kind)}, ${s.judge_level})`).join(", "),
      x.turn !== undefined ? ` · ${t("turn")} ${x.turn}` : "", x.tower ? ` · ${x.tower}` : "",
      x.house && x.house.length ? ` · ${t("house_rules")}: ${x.house.join(", ")}` : ""));
  }
  T.append(ul);
}

function labels() {
  for (const k of ["lobby", "watch", "create", "title", "mode", "judge_mode", "referee_mode", "manual_triggers", "language", "seats",
                   "tower", "starter", "upload", "random", "count", "bot_delay", "judge_wait", "seed", "open_tables", "house_rules"]) { const e = $("t-" + k); if (e) e.textContent = t(k); }
  $("add-seat").textContent = t("add_seat"); $("create-btn").textContent = t("create_btn");
  document.documentElement.lang = LANG;
}

$("f-tower-file").onchange = async e => {
  const f = e.target.files[0]; if (!f) return;
  $("f-tower-text").value = await f.text();
  document.querySelector("input[name=tower][value=upload]").checked = true;
};
$("lang").value = LANG;
$("lang").onchange = e => { setLang(e.target.value); labels(); loadHouse(); const s = readForm(); $("seats").innerHTML = ""; seatCount = 0; for (const x of s.seats) seatRow(x.kind, x.name); loadTables(); };
$("add-seat").onclick = () => { if (document.querySelectorAll(".seatrow").length < 6) seatRow("person", `Player ${seatCount + 1}`); };
$("create-form").onsubmit = create;
$("f-lang").value = LANG;
labels();
seatRow("person", "Player 1"); seatRow("person", "Player 2"); seatRow("erring", "Bot 3");
loadHouse();
loadTables();
setInterval(loadTables, 10000);
