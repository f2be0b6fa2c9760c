// What the Mastermind pages draw alike: pegs, answers and rows; and the
// answer a guess gets from a code, for the codemaker's page to check its
// person's answers by.

// peg is a peg of colour (1 to 9), its number written on it so that no
// one needs to tell the colours apart; an empty hole for 0 or undefined.
export function peg(colour) {
	const p = document.createElement("span");
	p.className = "peg" + (colour ? " c" + colour : "");
	p.textContent = colour || "";
	return p;
}

// answerPegs are an answer's black and white pegs, labelled for readers.
export function answerPegs(blacks, whites) {
	const ans = document.createElement("span");
	ans.className = "answers";
	for (let b = 0; b < blacks; b++) ans.append(Object.assign(document.createElement("span"), { className: "answer-peg black", title: "black" }));
	for (let w = 0; w < whites; w++) ans.append(Object.assign(document.createElement("span"), { className: "answer-peg white", title: "white" }));
	if (blacks + whites === 0) ans.append(Object.assign(document.createElement("span"), { className: "none", textContent: "none" }));
	ans.setAttribute("aria-label", `${blacks} black, ${whites} white`);
	ans.dataset.answer = `${blacks}/${whites}`;
	return ans;
}

// row is a numbered row of the board: a guess of pegs pegs (holes where
// it has none) and, if given, its answer.
export function row(n, pegs, guess, answer) {
	const li = document.createElement("li");
	li.className = "mm-row";
	const num = document.createElement("span");
	num.className = "n";
	num.textContent = n;
	li.append(num);
	for (let k = 0; k < pegs; k++) li.append(peg(guess[k]));
	li.append(answer ? answerPegs(answer.blacks, answer.whites) : Object.assign(document.createElement("span"), { className: "answers" }));
	return li;
}

// score is the answer guess gets from code: blacks for the right colours
// in the right places, whites for the other right colours.
export function score(guess, code) {
	let blacks = 0;
	const g = new Map(), c = new Map();
	guess.forEach((x, i) => {
		if (x === code[i]) blacks++;
		g.set(x, (g.get(x) || 0) + 1);
		c.set(code[i], (c.get(code[i]) || 0) + 1);
	});
	let common = 0;
	for (const [x, n] of g) common += Math.min(n, c.get(x) || 0);
	return { blacks, whites: common - blacks };
}

// palette fills el with a button for each of colours colours, then ⌫
// and Enter, each calling press with its key's name.
export function palette(el, colours, press) {
	el.replaceChildren();
	for (let c = 1; c <= colours; c++) {
		const b = document.createElement("button");
		b.type = "button";
		b.setAttribute("aria-label", `colour ${c}`);
		b.append(peg(c));
		b.addEventListener("click", () => press(String(c)));
		el.append(b);
	}
	for (const [label, key] of [["⌫", "Backspace"], ["Enter", "Enter"]]) {
		const b = document.createElement("button");
		b.type = "button";
		b.className = "key";
		b.textContent = label;
		b.addEventListener("click", () => press(key));
		el.append(b);
	}
}
