// The Nerdle page: it plays through the JSON API (docs/api.md) and keeps
// nothing of a game but what the server sends; the secret comes only
// with a finished game.

import { $, api, anyDialogOpen, releaseClickedButtons, typing } from "/static/api.js";

const symbols = "0123456789+-*/=";
const state = { game: null, typed: "", busy: false, settings: {}, me: null };

function say(text) { $("message").textContent = text; }
function status(text) { $("status").textContent = text; }

function localDay(d = new Date()) {
	const p = (n) => String(n).padStart(2, "0");
	return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

function choice() {
	return { length: Number($("length").value), rules: $("rules").value, daily: $("mode").value === "daily" };
}

function remember() {
	const c = choice();
	localStorage.setItem("nerdle.choice", JSON.stringify(c));
}

function restoreChoice() {
	try {
		const c = JSON.parse(localStorage.getItem("nerdle.choice") || "{}");
		if (c.length >= 5 && c.length <= 11) $("length").value = String(c.length);
		if (c.rules === "standard" || c.rules === "nerdlegame") $("rules").value = c.rules;
		$("mode").value = c.daily ? "daily" : "free";
	} catch { /* a choice from an older page: the defaults */ }
}

async function start(fresh = false) {
	const c = choice();
	const body = { length: c.length, rules: c.rules, new: fresh };
	if (c.daily) body.daily = localDay();
	say("");
	try {
		show(await api("POST", "/api/nerdle/games", body));
	} catch (e) {
		say(e.message);
	}
}

function show(game) {
	state.game = game;
	document.body.dataset.game = game.id;
	state.typed = "";
	draw();
	const g = game;
	const what = `${g.daily ? "Daily puzzle " + g.daily : "Free play"} · ${g.length} symbols · ${g.rules}` +
		(g.hard ? " · hard" : "") + (g.commutative ? " · commutative" : "") + (g.assisted ? " · with hints" : "");
	status(what);
	$("share-button").classList.toggle("hidden", g.status === "playing");
	$("hint-button").disabled = g.status !== "playing";
	$("new-button").disabled = !!g.daily;
	if (g.status !== "playing") setTimeout(() => openStats(true), 400);
}

function draw() {
	const g = state.game;
	if (!g) return;
	const board = $("board");
	board.replaceChildren();
	board.style.setProperty("--n", g.length);
	board.style.setProperty("--rows", g.maxRows);
	for (let r = 0; r < g.maxRows; r++) {
		const row = document.createElement("div");
		row.className = "row";
		row.style.setProperty("--n", g.length);
		row.setAttribute("role", "row");
		const played = g.rows[r];
		const typing = !played && r === g.rows.length && g.status === "playing";
		for (let i = 0; i < g.length; i++) {
			const t = document.createElement("span");
			t.className = "tile";
			t.setAttribute("role", "gridcell");
			if (played) {
				t.textContent = played.guess[i];
				t.classList.add(played.colours[i]);
			} else if (typing && i < state.typed.length) {
				t.textContent = state.typed[i];
				t.classList.add("typed");
			}
			row.append(t);
		}
		board.append(row);
	}
	for (const key of document.querySelectorAll(".key[data-s]")) {
		key.classList.remove("placed", "present", "absent");
		const k = g.keyboard[key.dataset.s];
		if (k) key.classList.add(k);
	}
}

function buildKeyboard() {
	const kb = $("keyboard");
	const add = (label, s, wide) => {
		const b = document.createElement("button");
		b.className = "key" + (wide ? " wide" : "");
		b.textContent = label;
		b.type = "button";
		if (s.length === 1) b.dataset.s = s;
		b.setAttribute("aria-label", s === "Backspace" ? "erase" : s === "Enter" ? "enter" : s);
		b.addEventListener("click", () => press(s));
		kb.append(b);
	};
	for (const s of "1234567890") add(s, s);
	for (const s of "+-*/=") add(s, s);
	add("Enter", "Enter", true);
	add("⌫", "Backspace", true);
}

function press(key) {
	const g = state.game;
	if (!g || state.busy) return;
	if (key === "Enter") return play();
	say("");
	if (g.status !== "playing") return;
	if (key === "Backspace") state.typed = state.typed.slice(0, -1);
	else if (symbols.includes(key) && state.typed.length < g.length) state.typed += key;
	draw();
}

async function play() {
	const g = state.game;
	if (g.status !== "playing") return;
	if (state.typed.length !== g.length) {
		say(`the row needs ${g.length} symbols, it has ${state.typed.length}`);
		return;
	}
	state.busy = true;
	try {
		show(await api("POST", `/api/nerdle/games/${g.id}/guesses`, { guess: state.typed }));
	} catch (e) {
		say(e.message);
		if (e.status === 409) start();
	} finally {
		state.busy = false;
	}
}

async function hint() {
	const g = state.game;
	if (!g || g.status !== "playing" || state.busy) return;
	state.busy = true;
	say("");
	status("The solver is thinking…");
	try {
		const h = await api("POST", `/api/nerdle/games/${g.id}/hint`);
		const typed = state.typed;
		show(h.game);
		state.typed = typed;
		draw();
		const n = h.remaining === 1 ? "1 equation" : `${h.remaining.toLocaleString()} equations`;
		status(`Hint: the solver would play ${h.guess} (${n} still possible).`);
	} catch (e) {
		say(e.message);
	} finally {
		state.busy = false;
	}
}

// Watch: the solver plays the game on the board (a new one if it is
// over), a hint and its guess each step, at the speed chosen.
const watch = { on: false, paused: false };
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function watchStep(once = false) {
	if (!watch.on || (watch.paused && !once) || state.busy) return;
	let g = state.game;
	if (!g || g.status !== "playing") {
		if (g && g.daily) return stopWatch("The solver plays free games: the daily puzzle is yours.");
		await start(true);
		g = state.game;
	}
	state.busy = true;
	let guess;
	try {
		const h = await api("POST", `/api/nerdle/games/${g.id}/hint`);
		show(h.game);
		guess = h.guess;
	} catch (e) {
		say(e.message);
		state.busy = false;
		return stopWatch();
	}
	for (const c of guess) {
		state.typed += c;
		draw();
		await sleep(Number($("watch-speed").value) / 4 / guess.length);
	}
	state.busy = false;
	await play();
	if (state.game.status !== "playing") return stopWatch();
	if (!once && !watch.paused) setTimeout(() => watchStep(), Number($("watch-speed").value));
}

function toggleWatch() {
	if (watch.on) return stopWatch();
	watch.on = true;
	watch.paused = false;
	state.typed = "";
	$("watch-button").setAttribute("aria-pressed", "true");
	$("watch-button").textContent = "Stop watching";
	$("watch-pause").classList.remove("hidden");
	$("watch-step").classList.remove("hidden");
	watchStep();
}

function stopWatch(why) {
	watch.on = false;
	$("watch-button").setAttribute("aria-pressed", "false");
	$("watch-button").textContent = "Watch the solver";
	$("watch-pause").classList.add("hidden");
	$("watch-step").classList.add("hidden");
	if (why) say(why);
}

function pauseWatch() {
	if (!watch.on) return;
	watch.paused = !watch.paused;
	$("watch-pause").textContent = watch.paused ? "Go on" : "Pause";
	if (!watch.paused) watchStep();
}

// newGame starts a new game, asking first when one under way would be
// lost.
function newGame() {
	const g = state.game;
	if (g && g.daily) return;
	if (g && g.status === "playing" && g.rows.length > 0) {
		const box = $("confirm-new");
		box.returnValue = "";
		box.showModal();
		return;
	}
	start(true);
}

// shareText is the coloured grid, never the equation.
function shareText() {
	const g = state.game;
	const cb = state.settings.colourBlind;
	const tile = { G: cb ? "🟧" : "🟩", M: cb ? "🟦" : "🟪", B: "⬛" };
	const score = g.status === "won" ? g.rows.length : "X";
	const head = g.daily ? `gamelab Nerdle daily ${g.daily} (${g.length}, ${g.rules})` : `gamelab Nerdle ${g.length} ${g.rules}`;
	const grid = g.rows.map((r) => [...r.colours].map((c) => tile[c]).join("")).join("\n");
	return `${head} ${score}/${g.maxRows}${g.assisted ? " (with hints)" : ""}\n\n${grid}`;
}

async function share() {
	const text = shareText();
	try {
		await navigator.clipboard.writeText(text);
		toast("Copied to the clipboard");
	} catch {
		// No clipboard here (a page not served over https, say): the text
		// to copy by hand.
		$("share-text").value = text;
		$("share").showModal();
	}
}

function toast(text) {
	const t = document.createElement("div");
	t.className = "toast";
	t.textContent = text;
	document.body.append(t);
	setTimeout(() => t.remove(), 1800);
}

async function openStats(atEnd = false) {
	const g = state.game;
	const c = choice();
	const box = $("stats");
	$("end-line").textContent = "";
	if (atEnd && g && g.status !== "playing") {
		$("end-line").textContent = g.status === "won"
			? `Solved in ${g.rows.length} of ${g.maxRows}${g.assisted ? ", with hints" : ""}.`
			: `Out of rows. The equation was ${g.secret}.`;
	}
	try {
		const s = await api("GET", `/api/nerdle/stats?length=${c.length}&rules=${c.rules}`);
		const rec = c.daily ? s.daily : s.free;
		$("stats-title").textContent = `Statistics: ${c.daily ? "daily puzzles" : "free play"}, ${c.length} symbols, ${c.rules}`;
		$("s-played").textContent = rec.played;
		$("s-win").textContent = rec.played ? Math.round((100 * rec.won) / rec.played) : 0;
		$("s-streak").textContent = rec.current_streak;
		$("s-best").textContent = rec.best_streak;
		$("s-assisted").textContent = rec.assisted ? `${rec.assisted} of the wins with hints` : "";
		const dist = $("distribution");
		dist.replaceChildren();
		const tries = rec.tries || [];
		const most = Math.max(1, ...tries);
		for (let i = 0; i < s.maxRows; i++) {
			const n = tries[i] || 0;
			const bar = document.createElement("div");
			bar.className = "bar";
			const label = document.createElement("span");
			label.textContent = i + 1;
			const fill = document.createElement("span");
			fill.className = "fill" + (g && g.status === "won" && g.rows.length === i + 1 && atEnd ? " this" : "");
			fill.style.width = `${Math.max(8, (92 * n) / most)}%`;
			fill.textContent = n;
			bar.append(label, fill);
			dist.append(bar);
		}
	} catch (e) {
		$("end-line").textContent += " " + e.message;
	}
	$("share-again").classList.toggle("hidden", !g || g.status === "playing");
	$("leaderboard-box").classList.toggle("hidden", !c.daily);
	if (c.daily) loadLeaderboard(c);
	countdown();
	if (!box.open) box.showModal();
}

async function loadLeaderboard(c) {
	const list = $("leaderboard");
	list.replaceChildren();
	try {
		const b = await api("GET", `/api/nerdle/leaderboard?length=${c.length}&rules=${c.rules}&day=${localDay()}`);
		for (const e of b.entries) {
			const li = document.createElement("li");
			li.textContent = `${e.name}: ${e.guesses} guesses, ${Math.round(e.seconds)} s`;
			list.append(li);
		}
		if (!b.entries.length) list.textContent = "No named player has solved it yet.";
	} catch (e) {
		list.textContent = e.message;
	}
}

function countdown() {
	const now = new Date();
	const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
	const mins = Math.ceil((midnight - now) / 60000);
	$("countdown").textContent = `Next daily puzzle in ${Math.floor(mins / 60)} h ${mins % 60} min.`;
}

async function loadSettings() {
	try {
		state.settings = await api("GET", "/api/nerdle/settings");
		state.me = await api("GET", "/api/me");
	} catch (e) {
		say(e.message);
	}
	showSettings();
	document.body.classList.toggle("cb", !!state.settings.colourBlind);
	if (state.me) {
		$("name").value = state.me.name || "";
		$("code").textContent = state.me.code;
	}
}

// showSettings ticks the boxes; commutative answers, never set, follow
// the rules chosen: on for the web game's.
function showSettings() {
	const s = state.settings;
	$("hard").checked = !!s.hard;
	$("colourBlind").checked = !!s.colourBlind;
	$("commutative").checked = s.commutative ?? $("rules").value === "nerdlegame";
}

async function saveSettings(e) {
	const s = { hard: $("hard").checked, commutative: state.settings.commutative ?? null, colourBlind: $("colourBlind").checked };
	if (e && e.target.id === "commutative") s.commutative = $("commutative").checked;
	try {
		state.settings = await api("PUT", "/api/nerdle/settings", s);
		document.body.classList.toggle("cb", s.colourBlind);
		$("settings-message").textContent = "";
	} catch (e) {
		$("settings-message").textContent = e.message;
	}
}

function helpExample() {
	const ex = $("help-example");
	const row = document.createElement("div");
	row.className = "row";
	row.style.setProperty("--n", 8);
	const guess = "12+35=47", colours = "GMBBGGBM";
	for (let i = 0; i < 8; i++) {
		const t = document.createElement("span");
		t.className = "tile " + colours[i];
		t.textContent = guess[i];
		row.append(t);
	}
	ex.append(row);
}

document.addEventListener("keydown", (e) => {
	if (e.ctrlKey || e.metaKey || e.altKey) return;
	if (anyDialogOpen()) return;
	if (typing(e)) return;
	if (e.key === "?") { $("help").showModal(); e.preventDefault(); return; }
	if (e.key === "h") { hint(); return; }
	if (e.key === "n") { newGame(); return; }
	if (e.key === "w") { toggleWatch(); return; }
	if (e.key === "p") { pauseWatch(); return; }
	if (e.key === ".") { if (watch.on) { watch.paused = true; watchStep(true); } return; }
	if (e.key === "Enter" || e.key === "Backspace" || symbols.includes(e.key)) {
		e.preventDefault();
		press(e.key);
	}
});

releaseClickedButtons();

restoreChoice();
buildKeyboard();
helpExample();
// A selector gives the keyboard back once chosen: the digits typed next
// are the game's, not a new length.
for (const id of ["length", "rules", "mode"]) $(id).addEventListener("change", () => { $(id).blur(); remember(); showSettings(); start(); });
$("help-button").addEventListener("click", () => $("help").showModal());
$("stats-button").addEventListener("click", () => openStats(state.game && state.game.status !== "playing"));
$("settings-button").addEventListener("click", () => $("settings").showModal());
$("hint-button").addEventListener("click", hint);
$("watch-button").addEventListener("click", toggleWatch);
$("watch-pause").addEventListener("click", pauseWatch);
$("watch-step").addEventListener("click", () => { watch.paused = true; watchStep(true); });
$("new-button").addEventListener("click", newGame);
$("confirm-new").addEventListener("close", () => { if ($("confirm-new").returnValue === "yes") start(true); });
$("share-button").addEventListener("click", share);
$("share-again").addEventListener("click", share);
for (const k of ["hard", "commutative", "colourBlind"]) $(k).addEventListener("change", saveSettings);
$("name-form").addEventListener("submit", async (e) => {
	e.preventDefault();
	try {
		state.me = await api("PUT", "/api/me/name", { name: $("name").value });
		$("settings-message").textContent = "Saved.";
	} catch (err) {
		$("settings-message").textContent = err.message;
	}
});
$("claim-form").addEventListener("submit", async (e) => {
	e.preventDefault();
	try {
		state.me = await api("POST", "/api/me/claim", { code: $("claim").value });
		$("settings-message").textContent = "This browser now plays as the player of that code.";
		await loadSettings();
		start();
	} catch (err) {
		$("settings-message").textContent = err.message;
	}
});
await loadSettings();
await start();
