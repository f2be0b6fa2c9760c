// The Oware page. The server keeps the game and plays the engine; each
// answer brings every ply played, which the page shows seed by seed (Esc
// or a click skips it) with the captured houses marked. Watch mode plays
// two engines through POST /api/oware/best, the game kept in the page.

import { $, api, anyDialogOpen, releaseClickedButtons, typing } from "/static/api.js";

const HOUSES = 12;
const letter = (h) => (h < 6 ? "ABCDEF"[h] : "abcdef"[h - 6]);
const houseOf = (l) => ("ABCDEF".includes(l) ? "ABCDEF".indexOf(l) : "abcdef".indexOf(l) + 6);

const state = {
	game: null, // the server's view of the person's game
	board: [], // what is drawn: twelve houses and two stores
	cursor: 0,
	busy: false,
	skip: false, // the sowing shown is to end at once
	watch: null, // {moves, rules, paused, timer} while engines play
};

const say = (text) => { $("message").textContent = text; };
const sleep = (ms) => new Promise((done) => setTimeout(done, state.skip ? 0 : ms));
const speed = () => Number($("speed").value);

// Drawing.

function drawBoard(marks = {}) {
	const b = state.board;
	const g = state.game;
	const legal = new Set(!state.watch && g && g.status === "playing" && g.to_move.toLowerCase() === g.person ? g.legal : []);
	for (const [rowId, houses] of [["row-north", [11, 10, 9, 8, 7, 6]], ["row-south", [0, 1, 2, 3, 4, 5]]]) {
		$(rowId).replaceChildren(...houses.map((h) => {
			const el = document.createElement("button");
			el.type = "button";
			el.className = "house";
			el.dataset.house = letter(h);
			el.innerHTML = `<small>${letter(h)}</small><strong>${b[h]}</strong>`;
			el.setAttribute("aria-label", `house ${letter(h)}: ${b[h]} seed${b[h] === 1 ? "" : "s"}` + (marks.taken && marks.taken.includes(h) ? ", captured" : ""));
			if (legal.has(letter(h))) el.classList.add("legal");
			if (legal.size && h === legalHouses()[state.cursor]) el.classList.add("cursor");
			for (const [cls, set] of Object.entries(marks)) if (set.includes(h)) el.classList.add(cls);
			el.addEventListener("click", () => { if (state.busy) state.skip = true; else sow(letter(h)); });
			return el;
		}));
	}
	$("store-south").querySelector("strong").textContent = b[12];
	$("store-north").querySelector("strong").textContent = b[13];
}

function legalHouses() {
	const g = state.game;
	if (!g) return [];
	return g.legal.map(houseOf).sort((a, b) => (g.person === "south" ? a - b : b - a));
}

// showPly shows a ply seed by seed from its position before, then its
// captures, then the position after.
async function showPly(ply) {
	const h = houseOf(ply.move);
	state.board = [...ply.before];
	let n = state.board[h];
	state.board[h] = 0;
	let at = h;
	const sown = [];
	drawBoard({ origin: [h] });
	while (n > 0) {
		at = (at + 1) % HOUSES;
		if (at === h) continue; // the emptied house is skipped
		state.board[at]++;
		n--;
		sown.push(at);
		drawBoard({ origin: [h], sowing: [at] });
		await sleep(speed());
	}
	if (!ply.after) return; // the person's sowing, shown while the server answers
	if (ply.taken.length) {
		drawBoard({ taken: ply.taken, last: [at] });
		await sleep(speed() * 4);
	}
	state.board = [...ply.after];
	drawBoard({ last: [at], taken: ply.taken });
}

async function showPlies(plies) {
	for (const p of plies) await showPly(p);
	state.skip = false;
}

// The person's game.

function setup() {
	return { opponent: $("opponent").value, side: $("side").value };
}

async function start(fresh = false, record) {
	stopWatch();
	say("");
	$("evaluation").textContent = "";
	state.busy = true;
	status("…");
	try {
		const g = await api("POST", "/api/oware/games", { ...setup(), new: fresh, record });
		state.game = g;
		state.board = g.plies.length ? [...g.plies[0].before] : [...g.board];
		drawBoard();
		await showPlies(g.plies);
		show(g);
	} catch (e) {
		say(e.message);
	} finally {
		state.busy = false;
	}
}

function status(text) { $("status").textContent = text; }

function show(g) {
	state.game = g;
	document.body.dataset.game = g.id;
	document.body.dataset.status = g.status;
	state.board = [...g.board];
	state.cursor = Math.min(state.cursor, Math.max(0, g.legal.length - 1));
	drawBoard();
	const you = g.person === "south" ? "South" : "North";
	if (g.status !== "playing") {
		status(`${g.result}. You ${g.status === "drawn" ? "drew" : g.status}.`);
		setTimeout(() => openStats(true), 500);
	} else {
		status(`You are ${you}, against ${g.opponent}${g.assisted ? " · with help" : ""}: ` + (g.to_move === you ? "your move." : "the engine thinks…"));
	}
	$("undo-button").disabled = g.status !== "playing" || g.moves.length === 0;
	$("hint-button").disabled = g.status !== "playing";
}

// sow plays house l for the person; the sowing is shown while the engine
// thinks, then the engine's reply.
async function sow(l) {
	const g = state.game;
	if (!g || state.busy || state.watch || g.status !== "playing") return;
	if (!g.legal.includes(l)) {
		say(g.to_move.toLowerCase() !== g.person ? "It is the engine's turn." : `${l} is not a move now: ${g.legal.join(", ")} are.`);
		return;
	}
	say("");
	$("evaluation").textContent = "";
	state.busy = true;
	status("The engine thinks…");
	try {
		const answer = api("POST", `/api/oware/games/${g.id}/moves`, { move: l });
		await showPly({ move: l, before: [...state.board], after: null, taken: [] });
		const next = await answer;
		state.skip = true; // its sowing is shown: its captures and position at once
		await showPly(next.plies[0]);
		state.skip = false;
		await showPlies(next.plies.slice(1));
		show(next);
	} catch (e) {
		say(e.message);
		try { show(await api("GET", `/api/oware/games/${g.id}`)); } catch { /* said */ }
	} finally {
		state.busy = false;
	}
}

async function hint() {
	const g = state.game;
	if (!g || state.busy || state.watch || g.status !== "playing") return;
	$("evaluation").textContent = "Our engine thinks for a second…";
	try {
		const e = await api("GET", `/api/oware/games/${g.id}/hint?movetime=1s`);
		$("evaluation").textContent = `Hint: ${e.move} (${score(e.score)}, depth ${e.depth}; then ${e.pv.slice(1, 6).join(" ")})`;
		g.assisted = true;
		state.cursor = Math.max(0, legalHouses().indexOf(houseOf(e.move)));
		drawBoard();
	} catch (e) {
		$("evaluation").textContent = "";
		say(e.message);
	}
}

// score says an evaluation in words.
function score(s) {
	const [kind, n] = s.split(" ");
	if (kind === "win") return `a win in ${n} plies`;
	if (kind === "loss") return `a loss in ${n} plies`;
	const seeds = Number(n) / 100;
	return seeds === 0 ? "even" : `${seeds > 0 ? "+" : ""}${seeds.toFixed(1)} seeds`;
}

async function undo() {
	const g = state.game;
	if (!g || state.busy || state.watch) return;
	try {
		show(await api("POST", `/api/oware/games/${g.id}/undo`));
		say("");
	} catch (e) {
		say(e.message);
	}
}

function newGame() {
	if (state.busy) return;
	start(true);
}

async function save() {
	let text;
	if (state.watch) {
		text = `rules ${state.watch.rules}\nposition startpos\nmoves ${state.watch.moves}\n`;
	} else {
		const g = state.game;
		if (!g) return;
		try {
			text = (await api("GET", `/api/oware/games/${g.id}/record`)).record;
		} catch (e) {
			return say(e.message);
		}
	}
	const a = document.createElement("a");
	a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
	a.download = "oware-game.txt";
	a.click();
	setTimeout(() => URL.revokeObjectURL(a.href), 1000);
	document.body.dataset.record = text;
}

async function openStats(atEnd = false) {
	const g = state.game;
	$("end-line").textContent = atEnd && g && g.status !== "playing" ? `${g.result}.` : "";
	const s = setup();
	try {
		const r = await api("GET", `/api/oware/stats?opponent=${encodeURIComponent(s.opponent)}`);
		$("stats-title").textContent = `Against ${r.opponent}`;
		$("stats-line").textContent = `${r.played} played, ${r.won} won.`;
	} catch (e) {
		$("stats-line").textContent = e.message;
	}
	if (!$("stats").open) $("stats").showModal();
}

// Watch: two engines play, South the opponent chosen, North the other.

function toggleWatch() {
	if (state.watch) return stopWatch();
	if (state.busy) return;
	state.watch = { moves: "", rules: "abapa", paused: false };
	for (const el of document.querySelectorAll(".watch-only")) el.classList.remove("hidden");
	$("watch-button").setAttribute("aria-pressed", "true");
	$("watch-button").textContent = "Stop watching";
	state.board = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0];
	drawBoard();
	say("");
	watchStep();
}

function stopWatch() {
	if (!state.watch) return;
	state.watch = null;
	for (const el of document.querySelectorAll(".watch-only")) el.classList.add("hidden");
	$("watch-button").setAttribute("aria-pressed", "false");
	$("watch-button").textContent = "Watch engines";
	if (state.game) show(state.game);
}

function engineSpec(name) {
	const [engine, time] = name.split(" ");
	return time ? { engine, movetime: time } : { engine, depth: 6 };
}

async function watchStep(once = false) {
	const w = state.watch;
	if (!w || state.busy || (w.paused && !once)) return;
	const south = w.moves.length % 2 === 0;
	const name = south ? $("opponent").value : $("north-engine").value;
	status(`${name} (${south ? "South" : "North"}) thinks…`);
	state.busy = true;
	try {
		const r = await api("POST", "/api/oware/best", { rules: w.rules, moves: w.moves, ...engineSpec(name) });
		if (state.watch !== w) return;
		await showPlies([r.ply]);
		w.moves += r.move;
		document.body.dataset.watched = w.moves;
		$("evaluation").textContent = `${south ? "South" : "North"} played ${r.move} (${score(r.score)} for it, depth ${r.depth})`;
		if (r.result) {
			status(`${r.result}, after ${w.moves.length} plies.`);
			document.body.dataset.watchResult = r.result;
			w.paused = true;
			return;
		}
		status(`${$("opponent").value} (South) against ${$("north-engine").value} (North): ply ${w.moves.length}.`);
	} catch (e) {
		say(e.message);
		w.paused = true;
	} finally {
		state.busy = false;
	}
	if (!once && !w.paused && state.watch === w) setTimeout(() => watchStep(), speed() * 3);
}

function pauseWatch() {
	const w = state.watch;
	if (!w) return;
	w.paused = !w.paused;
	$("pause-button").textContent = w.paused ? "Go on" : "Pause";
	if (!w.paused) watchStep();
}

// Input.

document.addEventListener("keydown", (e) => {
	if (e.ctrlKey || e.metaKey || e.altKey || anyDialogOpen() || typing(e)) return;
	if (e.key === "Escape") { state.skip = true; return; }
	const g = state.game;
	if (/^[A-Fa-f]$/.test(e.key) && g && !state.watch) {
		// The person's row's letters: South's are capitals, North's small.
		sow(g.person === "south" ? e.key.toUpperCase() : e.key.toLowerCase());
		return;
	}
	const houses = legalHouses();
	switch (e.key) {
	case "ArrowLeft": case "ArrowRight":
		if (!houses.length) return;
		e.preventDefault();
		state.cursor = (state.cursor + (e.key === "ArrowRight" ? 1 : houses.length - 1)) % houses.length;
		drawBoard();
		return;
	case "Enter": case " ":
		if (houses.length && !state.watch) { e.preventDefault(); sow(letter(houses[state.cursor])); }
		return;
	case "h": hint(); return;
	case "u": undo(); return;
	case "n": newGame(); return;
	case "s": save(); return;
	case "w": toggleWatch(); return;
	case "p": pauseWatch(); return;
	case ".": if (state.watch) { state.watch.paused = true; watchStep(true); } return;
	case "?": $("help").showModal(); return;
	}
});
releaseClickedButtons();
for (const id of ["opponent", "side"]) {
	$(id).addEventListener("change", () => {
		$(id).blur();
		localStorage.setItem("oware.setup", JSON.stringify(setup()));
		if (!state.watch) start();
	});
}
try {
	const s = JSON.parse(localStorage.getItem("oware.setup") || "{}");
	if (s.opponent) $("opponent").value = s.opponent;
	if (s.side) $("side").value = s.side;
} catch { /* the defaults */ }
$("help-button").addEventListener("click", () => $("help").showModal());
$("stats-button").addEventListener("click", () => openStats(state.game && state.game.status !== "playing"));
$("hint-button").addEventListener("click", hint);
$("undo-button").addEventListener("click", undo);
$("new-button").addEventListener("click", newGame);
$("save-button").addEventListener("click", save);
$("watch-button").addEventListener("click", toggleWatch);
$("pause-button").addEventListener("click", pauseWatch);
$("step-button").addEventListener("click", () => { if (state.watch) { state.watch.paused = true; watchStep(true); } });
$("load-file").addEventListener("change", async () => {
	const f = $("load-file").files[0];
	if (f) start(true, await f.text());
});
window.gamelabOware = state; // for the browser test
await start();
