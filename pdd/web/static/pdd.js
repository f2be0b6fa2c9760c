// The card game's table. The server deals and plays the computer
// players; each answer brings the person's hand, the others' card counts,
// the pile, and the turns played, which the page tells one by one. The
// others' rules come only with the end of the game.

import { $, api, anyDialogOpen, typing } from "/static/api.js";

const suits = { D: "♦", C: "♣", H: "♥", S: "♠" };
const suitNames = { D: "diamonds", C: "clubs", H: "hearts", S: "spades" };
const rankNames = { A: "ace", J: "jack", Q: "queen", K: "king" };

const state = { game: null, chosen: 0, busy: false, log: [], auto: null };
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

const say = (text) => { $("message").textContent = text; };
const rank = (c) => c.slice(0, -1);
const suit = (c) => c.slice(-1);
const cardName = (c) => `${rankNames[rank(c)] || rank(c)} of ${suitNames[suit(c)]}`;

function cardEl(c, cls = "") {
	const el = document.createElement("div");
	el.className = `card ${suit(c) === "D" || suit(c) === "H" ? "red" : ""} ${cls}`;
	el.textContent = rank(c) + suits[suit(c)];
	el.setAttribute("aria-label", cardName(c));
	el.dataset.card = c;
	return el;
}

// Setup.

async function loadKinds() {
	try {
		const r = await api("GET", "/api/pdd/rules");
		$("kind").replaceChildren(...r.kinds.map((k) => Object.assign(document.createElement("option"), { value: k, textContent: k, selected: k === "learner" })));
	} catch (e) {
		$("setup-message").textContent = e.message;
	}
}

function showSetup() {
	$("setup").classList.remove("hidden");
	$("table").classList.add("hidden");
	document.body.dataset.screen = "setup";
	const chosen = document.querySelector('input[name="preset"]:checked');
	if (!chosen) document.querySelector('input[name="preset"]').checked = true;
}

async function deal() {
	const chosen = document.querySelector('input[name="preset"]:checked');
	let rule = chosen ? chosen.value : "";
	if (rule === "own") rule = $("own-rule").value.trim();
	if (!rule) return ($("setup-message").textContent = "Invent a rule first.");
	$("setup-message").textContent = "";
	try {
		const g = await api("POST", "/api/pdd/games", {
			rule, players: Number($("players").value), packs: Number($("packs").value), kind: $("kind").value, new: true,
		});
		state.log = [];
		show(g, true);
	} catch (e) {
		$("setup-message").textContent = e.message;
	}
}

// The table.

function describe(t, names) {
	const who = t.seat === 0 ? "You" : names[t.seat];
	if (!t.laid) return `${who} ${t.seat === 0 ? "draw" : "draws"} a card.`;
	let s = `${who} ${t.seat === 0 ? "lay" : "lays"} the ${cardName(t.laid)} on the ${cardName(t.top)}`;
	if (!t.refused.length) return s + ".";
	const by = t.refused.map((j) => (j === 0 ? "your" : names[j] + "'s"));
	const list = by.length > 1 ? by.slice(0, -1).join(", ") + " and " + by.at(-1) : by[0];
	return `${s}: refused by ${list} rule${by.length > 1 ? "s" : ""}; ${t.seat === 0 ? "you draw" : who + " draws"} a card.`;
}

function show(g, fresh = false) {
	state.game = g;
	document.body.dataset.game = g.id;
	document.body.dataset.status = g.status;
	document.body.dataset.screen = "table";
	$("setup").classList.add("hidden");
	$("table").classList.remove("hidden");
	$("your-rule").textContent = g.rule;
	if (fresh) state.log = g.recent.map((t) => describe(t, g.names));
	const last = g.played.length ? g.played.at(-1) : null;
	$("seats").replaceChildren(...g.names.map((name, i) => {
		const li = document.createElement("li");
		li.textContent = `${i === 0 ? "You" : name}: ${g.counts[i]} card${g.counts[i] === 1 ? "" : "s"}`;
		if (g.status === "playing" && i === 0) li.classList.add("turn");
		if (last && last.refused.includes(i)) {
			li.classList.add("refused");
			li.textContent += " · objected";
		}
		return li;
	}));
	$("top").replaceChildren(cardEl(g.top, "big"));
	$("draw-pile").textContent = g.draw_pile;
	state.chosen = Math.min(state.chosen, Math.max(0, g.hand.length - 1));
	if (g.allowed.length && !g.allowed.includes(g.hand[state.chosen])) state.chosen = g.hand.indexOf(g.allowed[0]);
	drawHand();
	drawLog();
	const over = g.status !== "playing";
	$("reveal").classList.toggle("hidden", !over);
	if (over) {
		$("rules").replaceChildren(...g.rules.map((r, i) => Object.assign(document.createElement("li"), { textContent: `${i === 0 ? "Yours" : g.names[i] + "'s"}: ${r}` })));
		$("status").textContent = { won: "You won!", lost: `${g.names[g.winner]} won.`, drawn: `Nobody won (${g.end}).` }[g.status];
	} else {
		$("status").textContent = `Your turn, ${g.turns} turns played${g.assisted ? " · with help" : ""}.` +
			(g.allowed.length ? "" : " Your rule allows none of your cards: draw.");
	}
	for (const id of ["lay-button", "draw-button", "hint-button"]) $(id).disabled = over;
}

function drawHand() {
	const g = state.game;
	$("hand").replaceChildren(...g.hand.map((c, i) => {
		const el = cardEl(c, (g.allowed.includes(c) ? "allowed" : "not-allowed") + (i === state.chosen ? " chosen" : ""));
		el.setAttribute("role", "option");
		el.setAttribute("aria-selected", String(i === state.chosen));
		el.addEventListener("click", () => {
			if (state.chosen === i) lay();
			else { state.chosen = i; drawHand(); }
		});
		return el;
	}));
}

function drawLog() {
	const log = state.log.slice(-30);
	$("log").replaceChildren(...log.map((s, i) => Object.assign(document.createElement("li"), { textContent: s, className: i >= log.length - (state.fresh || 0) ? "new" : "" })));
	$("log").scrollTop = $("log").scrollHeight;
}

async function send(body) {
	const g = state.game;
	if (!g || state.busy || g.status !== "playing") return;
	say("");
	state.busy = true;
	try {
		const next = await api("POST", `/api/pdd/games/${g.id}/moves`, body);
		const lines = next.played.map((t) => describe(t, next.names));
		// The turns as they happen, one after the other.
		state.fresh = 0;
		for (const line of lines) {
			state.log.push(line);
			state.fresh++;
			drawLog();
			await sleep(Math.min(250, Number($("speed").value) / 3));
		}
		show(next);
	} catch (e) {
		say(e.message);
	} finally {
		state.busy = false;
	}
}

function lay() {
	const g = state.game;
	if (!g || !g.hand.length) return;
	const c = g.hand[state.chosen];
	if (!g.allowed.includes(c)) return say(`Your own rule (${g.rule}) does not allow the ${cardName(c)} on the ${cardName(g.top)}.`);
	send({ card: c });
}

async function hint() {
	const g = state.game;
	if (!g || g.status !== "playing") return;
	try {
		const r = await api("GET", `/api/pdd/games/${g.id}/hint`);
		g.assisted = true;
		if (r.draw) return say("Hint: draw. " + r.why + ".");
		state.chosen = g.hand.indexOf(r.card);
		drawHand();
		$("status").textContent = `Hint: lay the ${cardName(r.card)}: the others allow it with a ${Math.round(r.chance * 100)}% chance, from what they accepted and refused.`;
	} catch (e) {
		say(e.message);
	}
}

// Autoplay: our advisor plays the person's seat, a hint and its card (or
// a draw) each turn, at the speed chosen.
async function autoStep(once = false) {
	const a = state.auto;
	const g = state.game;
	if (!a || (a.paused && !once) || state.busy) return;
	if (!g || g.status !== "playing") return stopAuto();
	let body = { draw: true };
	try {
		const h = await api("GET", `/api/pdd/games/${g.id}/hint`);
		if (!h.draw) {
			state.chosen = g.hand.indexOf(h.card);
			drawHand();
			body = { card: h.card };
		}
	} catch (e) {
		say(e.message);
		return stopAuto();
	}
	await send(body);
	if (state.game.status !== "playing") return stopAuto();
	if (!once && state.auto === a && !a.paused) setTimeout(() => autoStep(), Number($("speed").value));
}

function toggleAuto() {
	if (state.auto) return stopAuto();
	state.auto = { paused: false };
	$("auto-button").setAttribute("aria-pressed", "true");
	$("auto-button").textContent = "Stop the advisor";
	$("pause-button").classList.remove("hidden");
	$("step-button").classList.remove("hidden");
	autoStep();
}

function stopAuto() {
	state.auto = null;
	$("auto-button").setAttribute("aria-pressed", "false");
	$("auto-button").textContent = "Let the advisor play";
	$("pause-button").classList.add("hidden");
	$("step-button").classList.add("hidden");
}

function pauseAuto() {
	if (!state.auto) return;
	state.auto.paused = !state.auto.paused;
	$("pause-button").textContent = state.auto.paused ? "Go on" : "Pause";
	if (!state.auto.paused) autoStep();
}

function stepAuto() {
	if (!state.auto) return;
	state.auto.paused = true;
	$("pause-button").textContent = "Go on";
	autoStep(true);
}

async function openStats() {
	try {
		const r = await api("GET", `/api/pdd/stats?players=${$("players").value}&packs=${$("packs").value}`);
		$("stats-title").textContent = `Statistics: ${r.players} players, ${r.packs === 1 ? "one pack" : "two packs"}`;
		$("stats-line").textContent = `${r.played} played, ${r.won} won.`;
	} catch (e) {
		$("stats-line").textContent = e.message;
	}
	$("stats").showModal();
}

document.addEventListener("keydown", (e) => {
	if (e.ctrlKey || e.metaKey || e.altKey || anyDialogOpen()) return;
	if (document.body.dataset.screen === "setup") {
		if (e.key === "Enter" && !(e.target instanceof HTMLSelectElement)) { e.preventDefault(); deal(); }
		return;
	}
	if (typing(e)) return;
	const g = state.game;
	if (!g) return;
	switch (e.key) {
	case "ArrowLeft": case "ArrowRight":
		if (!g.hand.length) return;
		e.preventDefault();
		state.chosen = (state.chosen + (e.key === "ArrowRight" ? 1 : g.hand.length - 1)) % g.hand.length;
		drawHand();
		return;
	case "Enter": e.preventDefault(); lay(); return;
	case "d": send({ draw: true }); return;
	case "h": hint(); return;
	case "n": stopAuto(); showSetup(); return;
	case "a": toggleAuto(); return;
	case "p": pauseAuto(); return;
	case ".": stepAuto(); return;
	}
});
$("own-rule").addEventListener("focus", () => { $("own-radio").checked = true; });
$("deal-button").addEventListener("click", deal);
$("lay-button").addEventListener("click", lay);
$("draw-button").addEventListener("click", () => send({ draw: true }));
$("hint-button").addEventListener("click", hint);
$("new-button").addEventListener("click", () => { stopAuto(); showSetup(); });
$("auto-button").addEventListener("click", toggleAuto);
$("pause-button").addEventListener("click", pauseAuto);
$("step-button").addEventListener("click", stepAuto);
$("stats-button").addEventListener("click", openStats);
window.gamelabPdd = state; // for the browser test

await loadKinds();
try {
	// The table left under way, if any: no rule asked resumes it.
	const g = await api("POST", "/api/pdd/games", { players: Number($("players").value), packs: Number($("packs").value) });
	show(g, true);
} catch {
	showSetup();
}
