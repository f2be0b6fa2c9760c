// The rules of 2048 as package twenty48 states them, for the page: a
// move's slides, which need no secret, so that a move is drawn the moment
// its key is pressed; and the seeded spawns and shuffles, for replays of
// finished games (whose seeds are public). A board is an array of
// exponents row by row: 0 empty, 11 for 2048, EVIL an evil tile.

export const EVIL = 255;

// The directions, as the API writes them.
export const UP = "U", DOWN = "D", LEFT = "L", RIGHT = "R";

// cellOf returns the index of the i-th cell of line l of an n×n board for
// a move in d, counted from the wall the tiles move to.
function cellOf(n, d, l, i) {
	switch (d) {
	case LEFT: return l * n + i;
	case RIGHT: return l * n + n - 1 - i;
	case UP: return i * n + l;
	}
	return (n - 1 - i) * n + l; // DOWN
}

// slide moves the tiles of board (n a side) toward d: two of a value that
// meet merge, the pair nearest the wall first, once a move; two evil
// tiles that meet vanish. It returns the board after, the points the
// merges made, whether anything moved, and each tile's journey.
export function slide(board, n, d) {
	const next = new Array(n * n).fill(0);
	const slides = [];
	let score = 0, moved = false;
	for (let l = 0; l < n; l++) {
		let out = 0, mergeable = false;
		for (let i = 0; i < n; i++) {
			const from = cellOf(n, d, l, i);
			const e = board[from];
			if (e === 0) continue;
			const last = out > 0 ? cellOf(n, d, l, out - 1) : -1;
			if (mergeable && e !== EVIL && next[last] === e) {
				next[last] = e + 1;
				score += 2 ** (e + 1);
				mergeable = false;
				moved = true;
				slides.push({ from, to: last, exp: e, merged: true });
			} else if (mergeable && e === EVIL && next[last] === EVIL) {
				next[last] = 0;
				out--;
				mergeable = false;
				moved = true;
				slides.push({ from, to: last, exp: e, vanished: true });
			} else {
				const to = cellOf(n, d, l, out);
				next[to] = e;
				out++;
				mergeable = true;
				moved = moved || to !== from;
				slides.push({ from, to, exp: e });
			}
		}
	}
	return { board: next, score, moved, slides };
}

// canMove reports whether any direction moves a tile.
export const canMove = (board, n) => [UP, DOWN, LEFT, RIGHT].some((d) => slide(board, n, d).moved);

const MASK = (1n << 64n) - 1n;

// Stream is SplitMix64 from a seed: the game's random source.
export class Stream {
	constructor(seed) { this.state = BigInt.asUintN(64, BigInt(seed)); }
	next() {
		this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK;
		let z = this.state;
		z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
		z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
		return z ^ (z >> 31n);
	}
}

// spawn places the next draw's tile on an empty cell of board: the k-th
// empty one, a 4 one time in ten, else a 2 (in the evil mode, one time in
// ten an evil tile in place of a 2). It returns the cell, or -1.
export function spawn(board, stream, mode) {
	const empty = board.reduce((n, e) => n + (e === 0 ? 1 : 0), 0);
	if (empty === 0) return -1;
	const u = stream.next();
	let k = Number(((u >> 32n) * BigInt(empty)) >> 32n);
	const low = u & 0xffffffffn;
	let exp = low % 10n === 0n ? 2 : 1;
	if (mode === "evil" && low % 10n === 1n) exp = EVIL;
	for (let i = 0; i < board.length; i++) {
		if (board[i] !== 0) continue;
		if (k === 0) {
			board[i] = exp;
			return i;
		}
		k--;
	}
	return -1;
}

// shuffle redistributes the tiles, one draw a swap.
export function shuffle(board, stream) {
	for (let i = board.length - 1; i > 0; i--) {
		const j = Number((((stream.next() >> 32n) * BigInt(i + 1)) >> 32n));
		[board[i], board[j]] = [board[j], board[i]];
	}
}

// Game replays a seeded game: its start, then each move.
export class Game {
	constructor(size, seed, mode) {
		this.n = size;
		this.mode = mode;
		this.stream = new Stream(seed);
		this.board = new Array(size * size).fill(0);
		this.score = 0;
		spawn(this.board, this.stream, mode);
		spawn(this.board, this.stream, mode);
	}

	// play makes move m (U, D, L, R or S); it returns the slides and the
	// cell spawned, or null for a move that is not one.
	play(m) {
		if (m === "S") {
			if (this.mode !== "shuffle") return null;
			shuffle(this.board, this.stream);
			return { slides: [], spawned: -1 };
		}
		const r = slide(this.board, this.n, m);
		if (!r.moved) return null;
		this.board = r.board;
		this.score += r.score;
		return { slides: r.slides, spawned: spawn(this.board, this.stream, this.mode) };
	}
}
