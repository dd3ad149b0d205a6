// UI strings of the web table, English and French (the log comes translated from the server).
"use strict";
const STRINGS = {
  en: {
    lobby: "Lobby", open_tables: "Tables", create: "Create a table", title: "Title", mode: "Mode",
    judge_mode: "judge (calls, disputes, votes)", referee_mode: "referee (every rule enforced)",
    manual_triggers: "Manual triggers (R13)", language: "Language", seats: "Seats", add_seat: "Add a seat",
    remove: "Remove", name: "Name", kind: "Kind", person: "person", autopilot: "bot (autopilot)",
    erring: "bot (erring judge-mode bot)", level: "Judge level", first_game: "First game",
    error_rate: "error rate", call_rate: "call rate", dispute_rate: "dispute rate", tower: "Tower",
    starter: "the starter tower", upload: "a tower file (upload)", random: "N random playable cards",
    count: "cards", bot_delay: "Bot delay (s)", judge_wait: "Wait for a dispute or votes (s)", seed: "Seed (empty: random)", create_btn: "Create the table",
    links: "Links (each is the only key to its seat: send each person theirs)", spectator_link: "Spectator link",
    no_tables: "No table yet.", over: "over", playing: "playing", watch: "Replay viewer",
    turn: "Turn", step: "step", active: "active", priority: "decides", library: "Shared library",
    graveyard: "Shared graveyard", exile: "Exile", stack: "Stack", hand: "Hand", your_hand: "Your hand",
    cards: "cards", shame: "shame", life: "life", lost: "lost", you: "you", bot: "bot",
    decision: "Your decision", waiting: "Waiting for", forced: "Forced by", log: "Log",
    call: "Call", call_title: "Call a violation (JT-S2)", accused: "Accused", rule: "Rule", log_line: "Log line (optional)",
    your_name: "Your name (spectator)", dispute: "Dispute (JT-G11)", accept: "Accept the call",
    uphold: "Vote: uphold", reject: "Vote: reject", calls: "Calls", open_call: "Open call",
    upheld: "upheld", rejected: "rejected", disputed: "disputed", standing: "standing", settled: "settled",
    summary: "End of the game", winner: "Winner", winners: "Winners", reason: "End", download: "Download the record",
    replay: "Open in the replay viewer", shame_table: "Shame table", connected: "connected", disconnected: "reconnecting…",
    spectator: "spectator", spectators: "Spectators", autopass: "pass for me when passing is my only choice",
    browse: "browse", hide: "hide", face_down: "face-down card", targets: "targets", tapped: "tapped", sick: "summoning sick", dmg: "damage",
    attached: "attached to", attacking: "attacking", blocking: "blocking", no_decision: "Nothing to decide now.",
    error: "Error", upload_record: "Record file", steps: "step", first: "⏮", prev: "◀", next: "▶", last: "⏭",
    engine_ruling: "engine", violation: "violation", no_violation: "no violation",
    waiting_people: "Waiting for", limit: "a player whose shame exceeds {n} loses (JT-E1)",
    limit_strikes: "a player whose shame reaches {n} loses (H-STRIKES, instead of JT-E1)",
    limit_first_mistake: "a correct call eliminates the accused (H-FIRST-MISTAKE-OUT)",
    house_rules: "House rules", house_none: "none: the seed's rules", round: "Round", points: "points",
    "house_H-OPEN-HANDS": "Open hands", "house_H-STRIKES": "Strikes", "house_H-ONE-NAME-PER-TURN": "One spell of a name per turn",
    "house_H-FIRST-MISTAKE-OUT": "First mistake out", "house_H-ROUNDS": "Rounds",
    err: {
      malformed: "Malformed message", spectator_decides: "Spectators never decide", stale: "Too late: the game moved on",
      not_your_decision: "Not your decision", bad_option: "No such option", illegal: "Refused by the rules",
      game_over: "The game is over", not_judge_mode: "Not a judge-mode table", bad_call: "Bad call",
      bad_name: "Bad name", spectator: "Spectators cannot do that", bad_token: "Unknown link",
    },
  },
  fr: {
    lobby: "Salon", open_tables: "Tables", create: "Créer une table", title: "Titre", mode: "Mode",
    judge_mode: "arbitrage (signalements, contestations, votes)", referee_mode: "arbitre (toutes les règles appliquées)",
    manual_triggers: "Déclenchements manuels (R13)", language: "Langue", seats: "Places", add_seat: "Ajouter une place",
    remove: "Retirer", name: "Nom", kind: "Type", person: "personne", autopilot: "bot (pilote automatique)",
    erring: "bot qui se trompe (mode arbitrage)", level: "Niveau d'arbitrage", first_game: "Première partie",
    error_rate: "taux d'erreur", call_rate: "taux de signalement", dispute_rate: "taux de contestation", tower: "Tour",
    starter: "la tour de départ", upload: "un fichier de tour (envoi)", random: "N cartes jouables au hasard",
    count: "cartes", bot_delay: "Délai des bots (s)", judge_wait: "Attente d'une contestation ou des votes (s)", seed: "Graine (vide : au hasard)", create_btn: "Créer la table",
    links: "Liens (chacun est la seule clé de sa place : envoyez à chaque personne le sien)", spectator_link: "Lien spectateur",
    no_tables: "Aucune table pour l'instant.", over: "terminée", playing: "en cours", watch: "Visionneuse de parties",
    turn: "Tour", step: "étape", active: "actif", priority: "décide", library: "Bibliothèque commune",
    graveyard: "Cimetière commun", exile: "Exil", stack: "Pile", hand: "Main", your_hand: "Votre main",
    cards: "cartes", shame: "honte", life: "vie", lost: "a perdu", you: "vous", bot: "bot",
    decision: "Votre décision", waiting: "En attente de", forced: "Imposé par", log: "Journal",
    call: "Signaler", call_title: "Signaler une infraction (JT-S2)", accused: "Accusé·e", rule: "Règle", log_line: "Ligne du journal (facultatif)",
    your_name: "Votre nom (spectateur)", dispute: "Contester (JT-G11)", accept: "Accepter le signalement",
    uphold: "Voter : maintenir", reject: "Voter : rejeter", calls: "Signalements", open_call: "Signalement ouvert",
    upheld: "maintenu", rejected: "rejeté", disputed: "contesté", standing: "en cours", settled: "réglé",
    summary: "Fin de la partie", winner: "Gagnant·e", winners: "Gagnant·es", reason: "Fin", download: "Télécharger l'enregistrement",
    replay: "Ouvrir dans la visionneuse", shame_table: "Table de la honte", connected: "connecté", disconnected: "reconnexion…",
    spectator: "spectateur", spectators: "Spectateurs", autopass: "passer pour moi quand passer est mon seul choix",
    browse: "parcourir", hide: "masquer", face_down: "carte face cachée", targets: "cibles", tapped: "engagé", sick: "mal d'invocation", dmg: "blessures",
    attached: "attaché à", attacking: "attaque", blocking: "bloque", no_decision: "Rien à décider pour l'instant.",
    error: "Erreur", upload_record: "Fichier d'enregistrement", steps: "étape", first: "⏮", prev: "◀", next: "▶", last: "⏭",
    engine_ruling: "moteur", violation: "infraction", no_violation: "pas d'infraction",
    waiting_people: "En attente de", limit: "une personne dont la honte dépasse {n} perd (JT-E1)",
    limit_strikes: "une personne dont la honte atteint {n} perd (H-STRIKES, au lieu de JT-E1)",
    limit_first_mistake: "un signalement juste élimine l'accusé·e (H-FIRST-MISTAKE-OUT)",
    house_rules: "Règles maison", house_none: "aucune : les règles de base", round: "Manche", points: "points",
    "house_H-OPEN-HANDS": "Mains ouvertes", "house_H-STRIKES": "Avertissements", "house_H-ONE-NAME-PER-TURN": "Un sort d'un même nom par tour",
    "house_H-FIRST-MISTAKE-OUT": "Éliminé·e à la première erreur", "house_H-ROUNDS": "Manches",
    err: {
      malformed: "Message mal formé", spectator_decides: "Les spectateurs ne décident jamais", stale: "Trop tard : la partie a avancé",
      not_your_decision: "Ce n'est pas votre décision", bad_option: "Option inexistante", illegal: "Refusé par les règles",
      game_over: "La partie est terminée", not_judge_mode: "Cette table n'est pas en mode arbitrage", bad_call: "Signalement invalide",
      bad_name: "Nom invalide", spectator: "Un spectateur ne peut pas faire cela", bad_token: "Lien inconnu",
    },
  },
};
let LANG = localStorage.getItem("jt-lang") || "en";
function t(key) { const s = STRINGS[LANG] || STRINGS.en; return s[key] !== undefined ? s[key] : (STRINGS.en[key] || key); }
function terr(code) { const s = (STRINGS[LANG] || STRINGS.en).err; return s[code] || STRINGS.en.err[code] || code; }
function setLang(l) { LANG = l; localStorage.setItem("jt-lang", l); document.documentElement.lang = l; }
function esc(s) { return String(s === null || s === undefined ? "" : s).replace(/[&<>"']/g, c => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c])); }
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v; else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) { if (k === null || k === undefined) continue; e.append(k.nodeType ? k : document.createTextNode(k)); }
  return e;
}
// mana symbols: "{2}{U}{U}" -> coloured circles
function manaHTML(cost) {
  if (!cost) return "";
  return cost.replace(/\{([^}]+)\}/g, (m, s) => `<span class="mana mana-${esc(s.replace("/", ""))}" title="{${esc(s)}}">${esc(s)}</span>`);
}
function textHTML(text) { return esc(text || "").replace(/\{([^}]+)\}/g, (m, s) => `<span class="mana mana-${esc(s.replace("/", ""))}">${esc(s)}</span>`).replace(/\n/g, "<br>"); }
// a card drawn as a text frame from the card data
function cardFrame(name, cards, extra) {
  extra = extra || {};
  const c = cards[name];
  const fr = LANG === "fr" && c;
  const shown = (fr && c.name_fr) || name;
  const classes = ["card"].concat(extra.classes || []);
  if (c && c.colors && c.colors.length) classes.push("c-" + (c.colors.length > 1 ? "M" : c.colors[0]));
  const d = el("div", {class: classes.join(" "), "data-id": extra.id, "data-name": name, title: extra.title});
  d.innerHTML = `<div class="cname"><span class="n">${esc(shown)}</span><span class="cost">${c ? manaHTML(c.cost) : ""}</span></div>` +
    (c ? `<div class="ctype">${esc(c.type)}</div><div class="ctext">${textHTML((fr && c.text_fr) || c.text)}</div>` : "") +
    (extra.pt ? `<div class="pt">${esc(extra.pt)}</div>` : (c && c.power !== null && c.power !== undefined ? `<div class="pt">${esc(c.power)}/${esc(c.toughness)}</div>` : "")) +
    (c && c.loyalty ? `<div class="pt">[${esc(c.loyalty)}]</div>` : "") +
    (extra.notes && extra.notes.length ? `<div class="notes">${extra.notes.map(esc).join(" · ")}</div>` : "");
  return d;
}
function cardBack(extra) {
  extra = extra || {};
  return el("div", {class: "card back", "data-id": extra.id, title: t("face_down")}, el("div", {class: "backmark", text: "JT"}));
}
