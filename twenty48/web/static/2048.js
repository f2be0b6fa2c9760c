// The 2048 page. The server holds the game and draws its spawns from a
// seed it keeps; the page slides the tiles itself the moment a key is
// pressed (rules.js: a move's slides need no secret) and places the new
// tile when the server's answer brings it. Keys pressed meanwhile wait
// their turn.

import { $, api, anyDialogOpen, releaseClickedButtons, typing } from "/static/api.js";
import { EVIL, Game, slide } from "./rules.js";

const state = {
	game: null, // the server's view of the game
	board: [], // the board drawn: the server's, or ahead of it by a slide
	tiles: [], // the tile element on each cell, or null
	queue: [], // moves pressed while the server answers
	busy: false,
	auto: false, // autoplay on
	best: 0,
	frames: [], // ms from a key to the frame that shows its move, for the browser test
	work: [], // ms from a key to its move's tiles set in the page
};

const say = (text) => { $("message").textContent = text; };
const label = (e) => (e === EVIL ? "✕" : String(2 ** e));

function settings() {
	return { size: Number($("size").value), mode: $("mode").value, undo: Number($("undo").value) };
}

async function start(fresh = false) {
	stopAuto();
	say("");
	const body = { ...settings(), new: fresh };
	const seed = $("seed").value.trim();
	if (fresh && seed !== "") {
		if (!/^\d{1,20}$/.test(seed)) return say("the seed is a whole number");
		body.seed = Number(seed) <= Number.MAX_SAFE_INTEGER ? Number(seed) : undefined;
		if (body.seed === undefined) return say("seeds up to 2^53 in the page (gamelab 2048 play takes any)");
	}
	try {
		show(await api("POST", "/api/2048/games", body));
		loadBest();
	} catch (e) {
		say(e.message);
	}
}

// show takes the server's view of the game as the board to draw.
function show(game) {
	state.game = game;
	document.body.dataset.game = game.id;
	if (!sameBoard(game.cells)) redraw(game.cells);
	status();
}

function sameBoard(cells) {
	return state.board.length === cells.length && cells.every((e, i) => e === state.board[i]);
}

function status() {
	const g = state.game;
	$("score").textContent = g.score;
	state.best = Math.max(state.best, g.assisted || g.seeded ? 0 : g.score);
	$("best").textContent = state.best;
	$("undo-button").disabled = g.can_undo === 0;
	$("undo-button").classList.toggle("hidden", g.undo === 0);
	$("shuffle-button").classList.toggle("hidden", g.mode !== "shuffle");
	const notes = [];
	if (g.won) notes.push("2048 made!");
	if (g.assisted) notes.push("with help");
	if (g.seeded) notes.push(`seed ${g.seed}`);
	if (g.over) notes.push(g.can_undo > 0 && g.status === "playing" ? "No move left: undo, or a new game." : "Game over.");
	$("status").textContent = notes.join(" · ");
	document.body.dataset.over = String(g.over);
	if (g.over && g.status !== "playing") {
		stopAuto();
		setTimeout(() => { if (state.game === g) openStats(true); }, 400);
	}
}

// The board's cells and tiles.

function position(el, cell, n) {
	el.style.transform = `translate(${(cell % n) * 100}%, ${Math.floor(cell / n) * 100}%)`;
}

function tile(exp, cell, n, cls = "") {
	const el = document.createElement("div");
	el.className = `tile ${exp === EVIL ? "evil" : exp > 11 ? "big" : "e" + exp} ${cls}`;
	const span = document.createElement("span");
	span.textContent = label(exp);
	span.style.setProperty("--k", [0.5, 0.5, 0.5, 0.42, 0.33, 0.27, 0.23][Math.min(6, span.textContent.length)]);
	el.append(span);
	el.setAttribute("role", "gridcell");
	el.setAttribute("aria-label", exp === EVIL ? "evil tile" : label(exp));
	position(el, cell, n);
	return el;
}

function redraw(cells) {
	const n = Math.round(Math.sqrt(cells.length));
	const board = $("board");
	board.style.setProperty("--n", n);
	board.replaceChildren();
	for (let i = 0; i < n * n; i++) {
		const c = document.createElement("div");
		c.className = "cell";
		position(c, i, n);
		board.append(c);
	}
	state.tiles = cells.map((e, i) => {
		if (!e) return null;
		const t = tile(e, i, n);
		board.append(t);
		return t;
	});
	state.board = [...cells];
}

// animate draws a move's slides on the tiles: each slides to its cell, a
// merged pair becomes one tile of the next value, evil pairs vanish.
function animate(slides, next, n) {
	const board = $("board");
	const tiles = new Array(n * n).fill(null);
	for (const s of slides) {
		const el = state.tiles[s.from];
		if (!el) continue;
		position(el, s.to, n);
		if (s.merged || s.vanished) {
			const under = tiles[s.to];
			setTimeout(() => el.remove(), 90);
			if (s.vanished) {
				if (under) setTimeout(() => under.remove(), 90);
				tiles[s.to] = null;
			} else {
				const merged = tile(next[s.to], s.to, n, "merged");
				setTimeout(() => { under && under.remove(); board.append(merged); }, 90);
				tiles[s.to] = merged;
			}
		} else {
			tiles[s.to] = el;
		}
	}
	state.tiles = tiles;
	state.board = next;
}

// placeSpawn adds the tiles the server's board has where the one drawn
// has none (the spawn); a board otherwise different is drawn anew.
function placeSpawn(cells) {
	const n = Math.round(Math.sqrt(cells.length));
	let differs = cells.length !== state.board.length;
	const added = [];
	for (let i = 0; !differs && i < cells.length; i++) {
		if (cells[i] === state.board[i]) continue;
		if (state.board[i] === 0) added.push(i);
		else differs = true;
	}
	if (differs) return redraw(cells);
	for (const i of added) {
		const t = tile(cells[i], i, n, "new");
		setTimeout(() => $("board").append(t), 90);
		state.tiles[i] = t;
		state.board[i] = cells[i];
	}
}

// Moves.

// press takes a direction or a shuffle from a key, a swipe or a button.
function press(move, at = performance.now()) {
	const g = state.game;
	if (!g || g.status !== "playing") return;
	if (state.auto) stopAuto();
	if (state.busy) {
		if (state.queue.length < 4) state.queue.push([move, at]);
		return;
	}
	say("");
	if (move === "S") return send({ move: "S" });
	const n = g.size;
	const r = slide(state.board, n, move);
	if (!r.moved) return;
	animate(r.slides, r.board, n);
	$("score").textContent = g.score + r.score;
	state.work.push(performance.now() - at);
	requestAnimationFrame(() => state.frames.push(performance.now() - at));
	send({ move });
}

// send plays a move on the server and draws its answer.
async function send(body) {
	const g = state.game;
	state.busy = true;
	try {
		const next = await api("POST", `/api/2048/games/${g.id}/moves`, body);
		if (body.move === "auto" && next.played && next.played.length === 1) {
			const r = slide(state.board, g.size, next.played);
			if (r.moved) animate(r.slides, r.board, g.size);
		}
		if (body.move === "S" || body.move === "undo" || (next.played || "").length > 1) redraw(next.cells);
		else placeSpawn(next.cells);
		state.game = next;
		status();
	} catch (e) {
		say(e.message);
		state.queue = [];
		stopAuto();
		// Back to the server's board.
		try { show(await api("GET", `/api/2048/games/${g.id}`)); } catch { /* the message says enough */ }
		if (e.status === 404) start();
	} finally {
		state.busy = false;
	}
	// The keys pressed meanwhile, until one moves the board.
	while (state.queue.length && !state.busy) {
		const [move, at] = state.queue.shift();
		press(move, at);
	}
	if (!state.busy && state.auto) {
		setTimeout(autoStep, Number($("speed").value));
	}
}

function undo() {
	const g = state.game;
	if (!g || state.busy || g.can_undo === 0) return;
	stopAuto();
	send({ move: "undo" });
}

async function hint() {
	const g = state.game;
	if (!g || g.status !== "playing" || g.over) return;
	try {
		const r = await api("GET", `/api/2048/games/${g.id}/hint?level=${$("level").value}`);
		say("");
		$("status").textContent = `Hint: ${{ U: "↑ up", D: "↓ down", L: "← left", R: "→ right" }[r.move]}`;
		g.assisted = true;
	} catch (e) {
		say(e.message);
	}
}

// Autoplay: our player's moves, one a request, at the speed chosen.

function autoStep() {
	const g = state.game;
	if (!g || state.busy || g.status !== "playing" || g.over) return stopAuto();
	// At the fastest speed a request plays several moves, drawn as one:
	// a whole game is thousands of moves.
	send({ move: "auto", level: $("level").value, count: $("speed").value === "0" ? 10 : 1 });
}

function toggleAuto() {
	if (state.auto) return stopAuto();
	state.auto = true;
	$("auto-button").setAttribute("aria-pressed", "true");
	$("auto-button").textContent = "Stop";
	autoStep();
}

function stopAuto() {
	state.auto = false;
	$("auto-button").setAttribute("aria-pressed", "false");
	$("auto-button").textContent = "Autoplay";
}

function step() {
	stopAuto();
	if (!state.busy) autoStep();
}

function newGame() {
	const g = state.game;
	if (g && g.status === "playing" && g.moves > 0 && !g.over) {
		$("confirm-new").returnValue = "";
		$("confirm-new").showModal();
		return;
	}
	start(true);
}

// Statistics, the leaderboard, the player's name, replays.

async function loadBest() {
	try {
		const s = settings();
		const r = await api("GET", `/api/2048/stats?size=${s.size}&mode=${s.mode}`);
		state.best = r.best;
		if (state.game) status();
		return r;
	} catch (e) {
		say(e.message);
	}
}

async function openStats(atEnd = false) {
	const g = state.game;
	const s = settings();
	$("end-line").textContent = atEnd && g && g.status !== "playing"
		? `Game over: ${g.score} points in ${g.moves} moves${g.won ? ", 2048 made" : ""}${g.assisted ? ", with help" : ""}.` : "";
	$("replay-button").classList.toggle("hidden", !(g && g.status !== "playing"));
	$("stats-title").textContent = `Statistics: ${s.size}×${s.size} ${s.mode}`;
	const r = await loadBest();
	if (r) {
		$("s-played").textContent = r.played;
		$("s-won").textContent = r.won;
		$("s-best").textContent = r.best;
		$("s-mean").textContent = Math.round(r.mean);
	}
	try {
		const lb = await api("GET", `/api/2048/leaderboard?size=${s.size}&mode=${s.mode}`);
		$("leaders").replaceChildren(...lb.scores.map((l) => {
			const li = document.createElement("li");
			li.textContent = `${l.name}: ${l.score} (${l.moves} moves)`;
			const b = document.createElement("button");
			b.type = "button";
			b.textContent = "replay";
			b.addEventListener("click", () => replayGame(l.game));
			li.append(b);
			return li;
		}));
		if (!lb.scores.length) $("leaders").textContent = "No scores yet: take a name and finish a game without help.";
		const me = await api("GET", "/api/me");
		$("name").value = me.name || "";
	} catch (e) {
		$("end-line").textContent += " " + e.message;
	}
	if (!$("stats").open) $("stats").showModal();
}

// replayGame fetches a finished game's record; its seed is a 64-bit
// number, read from the text as such.
async function replayGame(id) {
	try {
		const res = await fetch(`/api/2048/games/${id}/replay`);
		const text = await res.text();
		if (!res.ok) throw new Error(JSON.parse(text).error);
		viewReplay(text);
	} catch (e) {
		say(e.message);
	}
}

const replay = { games: [], at: 0, timer: 0 };

function viewReplay(text) {
	const rec = JSON.parse(text);
	const seed = BigInt(/"seed":\s*(\d+)/.exec(text)[1]);
	if (rec.start) throw new Error("replays of games from a set position are for the terminal: gamelab 2048 replay");
	const g = new Game(rec.size, seed, rec.mode);
	const boards = [{ board: [...g.board], score: 0, move: "" }];
	for (const m of rec.moves) {
		if (!g.play(m)) break;
		boards.push({ board: [...g.board], score: g.score, move: m });
	}
	replay.games = boards;
	replay.at = 0;
	replay.size = rec.size;
	$("replay-title").textContent = `Replay: ${rec.size}×${rec.size} ${rec.mode}, ${rec.moves.length} moves, ${rec.score} points`;
	$("replay").dataset.score = String(g.score);
	$("replay").dataset.moves = String(boards.length - 1);
	drawReplay();
	if (!$("replay").open) $("replay").showModal();
}

function drawReplay() {
	const n = replay.size;
	const { board, score, move } = replay.games[replay.at];
	const el = $("replay-board");
	el.style.setProperty("--n", n);
	el.replaceChildren();
	board.forEach((e, i) => {
		const c = document.createElement("div");
		c.className = "cell";
		position(c, i, n);
		el.append(c);
		if (e) el.append(tile(e, i, n));
	});
	$("replay-status").textContent = `Move ${replay.at} of ${replay.games.length - 1}${move ? " (" + move + ")" : ""} · ${score} points`;
}

function replayTo(at) {
	replay.at = Math.max(0, Math.min(replay.games.length - 1, at));
	drawReplay();
}

function replayPlay() {
	if (replay.timer) {
		clearInterval(replay.timer);
		replay.timer = 0;
		$("r-play").textContent = "▶︎ Play";
		return;
	}
	$("r-play").textContent = "⏸ Pause";
	replay.timer = setInterval(() => {
		if (replay.at >= replay.games.length - 1) return replayPlay();
		replayTo(replay.at + 1);
	}, 120);
}

// Input: keys, swipes, buttons.

const keyMoves = { ArrowUp: "U", ArrowDown: "D", ArrowLeft: "L", ArrowRight: "R", w: "U", s: "D", a: "L", d: "R", W: "U", S: "D", A: "L", D: "R" };

document.addEventListener("keydown", (e) => {
	if (e.ctrlKey || e.metaKey || e.altKey || typing(e)) return;
	if ($("replay").open) {
		const to = { ArrowLeft: replay.at - 1, ArrowRight: replay.at + 1, Home: 0, End: replay.games.length - 1 }[e.key];
		if (to !== undefined) { e.preventDefault(); replayTo(to); }
		if (e.key === " ") { e.preventDefault(); replayPlay(); }
		return;
	}
	if (anyDialogOpen()) return;
	const g = state.game;
	const shuffleKey = g && g.mode === "shuffle" && e.key === "s";
	if (keyMoves[e.key] && !shuffleKey) {
		e.preventDefault();
		press(keyMoves[e.key], e.timeStamp);
		return;
	}
	switch (e.key) {
	case "s": if (shuffleKey) press("S"); return;
	case "u": case "Backspace": e.preventDefault(); undo(); return;
	case "h": hint(); return;
	case "p": toggleAuto(); return; // a and d are moves: p (play) also toggles autoplay
	case ".": step(); return;
	case "n": newGame(); return;
	case "?": $("help").showModal(); return;
	}
});

// Swipes: a pointer dragged 24 px or more, mostly one way.
let touchStart = null;
$("board").addEventListener("pointerdown", (e) => { touchStart = [e.clientX, e.clientY]; });
$("board").addEventListener("pointerup", (e) => {
	if (!touchStart) return;
	const dx = e.clientX - touchStart[0], dy = e.clientY - touchStart[1];
	touchStart = null;
	if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return;
	press(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "R" : "L") : (dy > 0 ? "D" : "U"), e.timeStamp);
});

releaseClickedButtons();
for (const id of ["size", "mode", "undo"]) {
	$(id).addEventListener("change", () => {
		$(id).blur();
		localStorage.setItem("2048.settings", JSON.stringify(settings()));
		start();
	});
}
try {
	const s = JSON.parse(localStorage.getItem("2048.settings") || "{}");
	for (const k of ["size", "mode", "undo"]) if (s[k] !== undefined) $(k).value = String(s[k]);
} catch { /* the defaults */ }
$("help-button").addEventListener("click", () => $("help").showModal());
$("stats-button").addEventListener("click", () => openStats(state.game && state.game.status !== "playing"));
$("undo-button").addEventListener("click", undo);
$("shuffle-button").addEventListener("click", () => press("S"));
$("hint-button").addEventListener("click", hint);
$("new-button").addEventListener("click", newGame);
$("auto-button").addEventListener("click", toggleAuto);
$("step-button").addEventListener("click", step);
$("confirm-new").addEventListener("close", () => { if ($("confirm-new").returnValue === "yes") start(true); });
$("replay-button").addEventListener("click", () => replayGame(state.game.id));
$("r-first").addEventListener("click", () => replayTo(0));
$("r-back").addEventListener("click", () => replayTo(replay.at - 1));
$("r-next").addEventListener("click", () => replayTo(replay.at + 1));
$("r-last").addEventListener("click", () => replayTo(replay.games.length - 1));
$("r-play").addEventListener("click", replayPlay);
$("replay").addEventListener("close", () => { if (replay.timer) replayPlay(); });
$("name-form").addEventListener("submit", async (e) => {
	e.preventDefault();
	try {
		await api("PUT", "/api/me/name", { name: $("name").value });
		openStats();
	} catch (err) {
		$("end-line").textContent = err.message;
	}
});
$("replay-file").addEventListener("change", async () => {
	const f = $("replay-file").files[0];
	if (!f) return;
	try {
		const text = await f.text();
		// Sent as it is: its seed is a 64-bit number, which JSON.parse
		// would round.
		const res = await fetch("/api/2048/replays", { method: "POST", headers: { "Content-Type": "application/json" }, body: text });
		if (!res.ok) throw new Error((await res.json().catch(() => ({}))).error || res.statusText);
		$("stats").close();
		viewReplay(text);
	} catch (e) {
		$("end-line").textContent = e.message;
	}
});
window.gamelab2048 = state; // for the browser test's timings
await start();
