// The consistent-code solver's page: an instance pasted or read from a
// file goes to POST /api/mastermind/consistent, which counts or lists
// the codes that agree with its hints.

import { $, api } from "/static/api.js";

async function solve(list) {
	$("message").textContent = "";
	$("result").textContent = "Solving…";
	$("codes").textContent = "";
	try {
		const r = await api("POST", "/api/mastermind/consistent", { instance: $("instance").value, list });
		const n = r.count;
		$("result").textContent = `${n.toLocaleString()} code${n === 1 ? "" : "s"} of ${r.pegs} pegs over ${r.colours} colours agree with every hint` +
			(list && r.codes.length < n ? `; the first ${r.codes.length.toLocaleString()}:` : list && n ? ":" : ".");
		document.body.dataset.count = String(n);
		if (list) $("codes").textContent = r.codes.map((c) => c.join(" ")).join("\n");
	} catch (e) {
		$("result").textContent = "";
		$("message").textContent = e.message;
	}
}

$("file").addEventListener("change", async () => {
	const f = $("file").files[0];
	if (!f) return;
	if (f.size > 1 << 20) {
		$("message").textContent = `${f.name} is over 1 MiB, the most the page sends; solve it with gamelab mastermind solve`;
		return;
	}
	$("instance").value = await f.text();
	solve(false);
});
$("count-button").addEventListener("click", () => solve(false));
$("list-button").addEventListener("click", () => solve(true));
