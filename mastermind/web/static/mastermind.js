// The Mastermind page: the codebreaker plays through the JSON API
// (docs/api.md); the code comes only with a finished game.

import { $, api, anyDialogOpen, releaseClickedButtons, typing } from "/static/api.js";
import { palette, row } from "./pegs.js";

const state = { game: null, typed: [], busy: false };


const say = (text) => { $("message").textContent = text; };

function shape() {
	return { pegs: Number($("pegs").value), colours: Number($("colours").value), rows: Number($("rows").value) };
}

async function start(fresh = false) {
	say("");
	try {
		show(await api("POST", "/api/mastermind/games", { ...shape(), new: fresh }));
	} catch (e) {
		say(e.message);
	}
}


function show(game) {
	state.game = game;
	state.typed = [];
	document.body.dataset.game = game.id;
	draw();
	$("status").textContent = `${game.pegs} pegs · ${game.colours} colours · ${game.hints.length} of ${game.rows} rows` + (game.assisted ? " · with help" : "");
	$("remaining-button").disabled = game.status !== "playing";
	if (game.status !== "playing") setTimeout(() => openStats(true), 300);
}

function draw() {
	const g = state.game;
	const board = $("board");
	board.replaceChildren();
	const rows = g.status === "playing" ? [...g.hints, null] : g.hints;
	rows.forEach((h, i) => board.append(row(i + 1, g.pegs, h ? h.guess : state.typed, h)));
	board.scrollTop = board.scrollHeight;
	palette($("palette"), g.colours, press);
}

function press(key) {
	const g = state.game;
	if (!g || state.busy || g.status !== "playing") return;
	say("");
	if (key === "Enter") return play();
	if (key === "Backspace") state.typed.pop();
	else if (/^[1-9]$/.test(key)) {
		const c = Number(key);
		if (c > g.colours) return say(`colour ${c} is not one of 1 to ${g.colours}`);
		if (state.typed.length < g.pegs) state.typed.push(c);
	}
	draw();
}

async function play() {
	const g = state.game;
	if (state.typed.length !== g.pegs) return say(`a guess of ${state.typed.length} pegs; the code has ${g.pegs}`);
	state.busy = true;
	try {
		show(await api("POST", `/api/mastermind/games/${g.id}/guesses`, { guess: state.typed }));
	} catch (e) {
		say(e.message);
		if (e.status === 409) start();
	} finally {
		state.busy = false;
	}
}

async function remaining() {
	const g = state.game;
	if (!g || g.status !== "playing") return;
	try {
		const r = await api("GET", `/api/mastermind/games/${g.id}/remaining`);
		g.assisted = true;
		show(Object.assign(g, {}));
		$("status").textContent += ` · ${r.remaining.toLocaleString()} code${r.remaining === 1 ? "" : "s"} left`;
	} catch (e) {
		say(e.message);
	}
}

function newGame() {
	const g = state.game;
	if (g && g.status === "playing" && g.hints.length > 0) {
		$("confirm-new").returnValue = "";
		$("confirm-new").showModal();
		return;
	}
	start(true);
}

async function openStats(atEnd = false) {
	const g = state.game;
	$("end-line").textContent = "";
	if (atEnd && g && g.status !== "playing") {
		$("end-line").textContent = g.status === "won"
			? `Found in ${g.hints.length} of ${g.rows}${g.assisted ? ", with help" : ""}.`
			: `Out of rows. The code was ${g.code.join(" ")}.`;
	}
	const s = shape();
	try {
		const r = await api("GET", `/api/mastermind/stats?pegs=${s.pegs}&colours=${s.colours}&rows=${s.rows}`);
		const rec = r.record;
		$("stats-title").textContent = `Statistics: ${s.pegs} pegs, ${s.colours} colours, ${s.rows} rows`;
		$("s-played").textContent = rec.played;
		$("s-win").textContent = rec.played ? Math.round((100 * rec.won) / rec.played) : 0;
		$("s-streak").textContent = rec.current_streak;
		$("s-best").textContent = rec.best_streak;
		const tries = rec.tries || [];
		const wins = tries.reduce((a, n) => a + n, 0);
		const sum = tries.reduce((a, n, i) => a + n * (i + 1), 0);
		$("s-mean").textContent = wins ? `${(sum / wins).toFixed(2)} guesses a win on average` : "";
	} catch (e) {
		$("end-line").textContent += " " + e.message;
	}
	if (!$("stats").open) $("stats").showModal();
}

document.addEventListener("keydown", (e) => {
	if (e.ctrlKey || e.metaKey || e.altKey || anyDialogOpen()) return;
	if (typing(e)) return;
	if (e.key === "?") { $("help").showModal(); return; }
	if (e.key === "n") { newGame(); return; }
	if (e.key === "r") { remaining(); return; }
	if (e.key === "Enter" || e.key === "Backspace" || /^[1-9]$/.test(e.key)) {
		e.preventDefault();
		press(e.key);
	}
});
releaseClickedButtons();
for (const id of ["pegs", "colours", "rows"]) {
	$(id).addEventListener("change", () => {
		$(id).blur();
		localStorage.setItem("mastermind.shape", JSON.stringify(shape()));
		start();
	});
}
try {
	const s = JSON.parse(localStorage.getItem("mastermind.shape") || "{}");
	for (const k of ["pegs", "colours", "rows"]) if (s[k]) $(k).value = String(s[k]);
} catch { /* the defaults */ }
$("help-button").addEventListener("click", () => $("help").showModal());
$("stats-button").addEventListener("click", () => openStats(state.game && state.game.status !== "playing"));
$("remaining-button").addEventListener("click", remaining);
$("new-button").addEventListener("click", newGame);
$("confirm-new").addEventListener("close", () => { if ($("confirm-new").returnValue === "yes") start(true); });
await start();
