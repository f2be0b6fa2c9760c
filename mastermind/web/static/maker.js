// The codemaker's page: the person makes a code, our codebreaker guesses
// it through the API (POST /api/mastermind/next), and the person answers.
// The code, if the person gives it, stays in this page: it checks the
// answers; the server catches answers no code could give.

import { $, api, anyDialogOpen, releaseClickedButtons, typing } from "/static/api.js";
import { palette, peg, row, score } from "./pegs.js";

const state = {
	phase: "setting", // setting the code, answering, or found
	code: [], // the person's code, [] if kept in the head
	hints: [], // the computer's guesses and the person's answers
	guess: null, // the guess being answered
	answer: [0, 0], // blacks, whites being set
	field: 0, // 0 blacks, 1 whites
	busy: false,
	game: 0, // counts the codes made, so that a late guess of one left is dropped
	watch: null, // {paused} while the page answers for a random code
};

const say = (text) => { $("message").textContent = text; };
const shape = () => ({ pegs: Number($("pegs").value), colours: Number($("colours").value), strategy: $("strategy").value });
const codeText = (c) => c.join(" ");

function setting() {
	stopWatch();
	state.phase = "setting";
	state.hints = [];
	state.guess = null;
	state.game++;
	$("setting").classList.remove("hidden");
	$("answering").classList.add("hidden");
	drawCode();
}

function drawCode() {
	const { pegs, colours } = shape();
	const el = $("code");
	el.replaceChildren();
	for (let k = 0; k < pegs; k++) el.append(peg(state.code[k]));
	palette($("code-palette"), colours, pressCode);
}

function pressCode(key) {
	const { pegs, colours } = shape();
	say("");
	if (key === "Enter") return begin(true);
	if (key === "Backspace") state.code.pop();
	else if (/^[1-9]$/.test(key)) {
		const c = Number(key);
		if (c > colours) return say(`colour ${c} is not one of 1 to ${colours}`);
		if (state.code.length < pegs) state.code.push(c);
	}
	drawCode();
}

// begin starts the computer's guessing, with the code set if withCode.
function begin(withCode) {
	const { pegs } = shape();
	if (!withCode) state.code = [];
	else if (state.code.length !== pegs) return say(`your code has ${state.code.length} of ${pegs} pegs: finish it, or keep it in your head`);
	state.phase = "answering";
	$("setting").classList.add("hidden");
	$("answering").classList.remove("hidden");
	think();
}

async function think() {
	const game = state.game;
	state.busy = true;
	state.guess = null;
	draw();
	try {
		const { pegs, colours, strategy } = shape();
		const r = await api("POST", "/api/mastermind/next", { pegs, colours, strategy, hints: state.hints });
		if (game !== state.game) return;
		state.guess = r.guess;
		state.answer = [0, 0];
		state.field = 0;
		if (state.watch && !state.watch.paused) setTimeout(() => watchAnswer(game), Number($("speed").value));
	} catch (e) {
		if (game !== state.game) return;
		// The last answer is not one a code gives: take it back.
		if (e.status === 422 && state.hints.length > 0) back();
		say(e.message);
	} finally {
		if (game === state.game) state.busy = false;
	}
	draw();
}

function draw() {
	const { pegs } = shape();
	const board = $("board");
	board.replaceChildren();
	state.hints.forEach((h, i) => board.append(row(i + 1, pegs, h.guess, h)));
	if (state.phase === "answering") {
		board.append(row(state.hints.length + 1, pegs, state.guess || [], null));
	}
	board.scrollTop = board.scrollHeight;
	$("blacks").value = state.answer[0];
	$("whites").value = state.answer[1];
	$("blacks-field").classList.toggle("active", state.field === 0);
	$("whites-field").classList.toggle("active", state.field === 1);
	const n = state.hints.length;
	$("status").textContent = state.phase === "found"
		? `Found in ${n} guess${n === 1 ? "" : "es"}.`
		: state.busy ? `Guess ${n + 1}: the ${shape().strategy} codebreaker thinks…` : `Guess ${n + 1}: answer it.` + (state.code.length ? ` Your code: ${codeText(state.code)}.` : "");
	document.body.dataset.phase = state.busy ? "thinking" : state.phase;
	$("answer").classList.toggle("hidden", state.phase !== "answering");
	$("answer-button").disabled = state.phase !== "answering" || state.busy;
	$("undo-button").disabled = state.busy || n === 0;
}

function set(field, value) {
	const { pegs } = shape();
	state.answer[field] = Math.max(0, Math.min(pegs, value));
	draw();
}

function answer() {
	if (state.phase !== "answering" || state.busy || !state.guess) return;
	const { pegs } = shape();
	const [blacks, whites] = state.answer;
	say("");
	if (blacks + whites > pegs || (blacks === pegs - 1 && whites === 1)) {
		return say(`No code answers ${blacks} black, ${whites} white to a guess of ${pegs} pegs.`);
	}
	if (state.code.length) {
		const right = score(state.guess, state.code);
		if (right.blacks !== blacks || right.whites !== whites) {
			return say(`Not so: ${codeText(state.guess)} against your code ${codeText(state.code)} is ${right.blacks} black, ${right.whites} white, not ${blacks} black, ${whites} white.`);
		}
	}
	state.hints.push({ guess: state.guess, blacks, whites });
	if (blacks === pegs) {
		state.phase = "found";
		state.guess = null;
		stopWatch();
		draw();
		return;
	}
	think();
}

// back takes the last answer back, to be given again.
function back() {
	const h = state.hints.pop();
	if (!h) return;
	state.phase = "answering";
	state.guess = h.guess;
	state.answer = [h.blacks, h.whites];
	state.field = 0;
}

function undo() {
	if (state.busy || state.hints.length === 0) return;
	say("");
	back();
	draw();
}

// Watch: a random code, which the page answers for itself, guess after
// guess, at the speed chosen.

function startWatch() {
	const { pegs, colours } = shape();
	state.code = Array.from({ length: pegs }, () => 1 + Math.floor(Math.random() * colours));
	state.watch = { paused: false };
	$("watch-controls").classList.remove("hidden");
	$("pause-button").textContent = "Pause";
	begin(true);
}

function stopWatch() {
	state.watch = null;
	$("watch-controls").classList.add("hidden");
}

// watchAnswer answers the guess of game for the page's code.
function watchAnswer(game, once = false) {
	if (!state.watch || game !== state.game || state.busy || !state.guess || (state.watch.paused && !once)) return;
	const a = score(state.guess, state.code);
	state.answer = [a.blacks, a.whites];
	answer();
}

function pauseWatch() {
	if (!state.watch) return;
	state.watch.paused = !state.watch.paused;
	$("pause-button").textContent = state.watch.paused ? "Go on" : "Pause";
	if (!state.watch.paused) watchAnswer(state.game);
}

function stepWatch() {
	if (!state.watch) return;
	state.watch.paused = true;
	$("pause-button").textContent = "Go on";
	watchAnswer(state.game, true);
}

document.addEventListener("keydown", (e) => {
	if (e.ctrlKey || e.metaKey || e.altKey || anyDialogOpen() || typing(e)) return;
	if (e.key === "?") { $("help").showModal(); return; }
	if (e.key === "w" && !state.watch) { startWatch(); return; }
	if (e.key === "p") { pauseWatch(); return; }
	if (e.key === ".") { stepWatch(); return; }
	if (state.phase === "setting") {
		if (e.key === "Enter" || e.key === "Backspace" || /^[1-9]$/.test(e.key)) {
			e.preventDefault();
			pressCode(e.key);
		}
		return;
	}
	if (e.key === "n") { setting(); return; }
	if (state.phase !== "answering") return;
	const { pegs } = shape();
	switch (e.key) {
	case "Enter": e.preventDefault(); answer(); return;
	case "Backspace": e.preventDefault(); undo(); return;
	case "Tab": e.preventDefault(); state.field = 1 - state.field; draw(); return;
	case "ArrowLeft": state.field = 0; draw(); return;
	case "ArrowRight": state.field = 1; draw(); return;
	case "ArrowUp": e.preventDefault(); set(state.field, state.answer[state.field] + 1); return;
	case "ArrowDown": e.preventDefault(); set(state.field, state.answer[state.field] - 1); return;
	}
	if (/^[0-9]$/.test(e.key) && Number(e.key) <= pegs) {
		set(state.field, Number(e.key));
		state.field = 1 - state.field;
		draw();
	}
});
releaseClickedButtons();
document.addEventListener("click", (e) => {
	const b = e.target.closest("button");
	if (b && b.dataset.step) {
		const f = Number(b.dataset.field);
		state.field = f;
		set(f, state.answer[f] + Number(b.dataset.step));
	}
});
for (const id of ["pegs", "colours", "strategy"]) {
	$(id).addEventListener("change", () => {
		$(id).blur();
		localStorage.setItem("mastermind.maker", JSON.stringify(shape()));
		state.code = [];
		say("");
		setting();
	});
}
try {
	const s = JSON.parse(localStorage.getItem("mastermind.maker") || "{}");
	for (const k of ["pegs", "colours", "strategy"]) if (s[k]) $(k).value = String(s[k]);
} catch { /* the defaults */ }
$("help-button").addEventListener("click", () => $("help").showModal());
$("start-button").addEventListener("click", () => begin(true));
$("head-button").addEventListener("click", () => begin(false));
$("watch-button").addEventListener("click", startWatch);
$("pause-button").addEventListener("click", pauseWatch);
$("step-button").addEventListener("click", stepWatch);
$("answer-button").addEventListener("click", answer);
$("undo-button").addEventListener("click", undo);
$("again-button").addEventListener("click", () => { state.code = []; setting(); });
setting();
