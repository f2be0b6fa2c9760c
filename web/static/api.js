// What every game's page shares: its way into the JSON API (docs/api.md)
// and a shorthand for the page's elements.

export const $ = (id) => document.getElementById(id);

// api sends a request to the API, the body as JSON, and returns the
// answer's JSON; an answer not ok throws an Error with the server's one
// line and the status.
export async function api(method, path, body, init = {}) {
	init = { ...init, method, headers: {} };
	if (body !== undefined) {
		init.headers["Content-Type"] = "application/json";
		init.body = JSON.stringify(body);
	}
	const res = await fetch(path, init);
	const data = await res.json().catch(() => ({ error: "the server's answer could not be read" }));
	if (!res.ok) {
		const err = new Error(data.error || res.statusText);
		err.status = res.status;
		throw err;
	}
	return data;
}

// anyDialogOpen reports whether a dialog is open, when the page's keys
// belong to it.
export const anyDialogOpen = () => [...document.querySelectorAll("dialog")].some((d) => d.open);

// typing reports whether a key event is meant for a form field.
export const typing = (e) => e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement;

// releaseClickedButtons gives the keyboard back after a button outside
// a dialog is clicked, so that a key typed next (Enter) plays rather
// than pressing the button again.
export function releaseClickedButtons() {
	document.addEventListener("click", (e) => {
		const b = e.target.closest("button");
		if (b && !b.closest("dialog")) b.blur();
	});
}
