package web

import (
	"strings"
	"testing"

	"gamelab/web/webtest"
)

// FuzzAPI sends any body to every endpoint of the API, and any id and
// query: the server answers each with a JSON body (but the redirects of
// paths to clean), an error of one line for a 4xx, and never a 5xx.
func FuzzAPI(f *testing.F) {
	f.Add(0, "", `{"length":5}`)
	f.Add(1, "x", `{"guess":"1+2=3"}`)
	f.Add(3, "", `{"length":5,"rows":[{"guess":"1+2=3","colours":"BGBGB"}]}`)
	f.Add(4, "length=5&rules=standard", ``)
	f.Add(7, "length=6&day=2026-12-07", ``)
	f.Add(6, "", `{"hard":true,"commutative":true,"colourBlind":false}`)
	f.Add(0, "", `{"length":11,"rules":"nerdlegame","daily":"2026-12-07","new":true}`)
	f.Add(1, "", `{"guess":"`+strings.Repeat("9", 20000)+`"}`)
	webtest.FuzzAPI(f, New(""), "/api/nerdle/games", `{"length":5}`, func(id string) []string {
		return []string{
			"POST /api/nerdle/games",
			"POST /api/nerdle/games/" + id + "/guesses",
			"POST /api/nerdle/games/" + id + "/hint",
			"POST /api/nerdle/solve",
			"GET /api/nerdle/stats?",
			"GET /api/nerdle/settings",
			"PUT /api/nerdle/settings",
			"GET /api/nerdle/leaderboard?",
			"PUT /api/me/name",
			"POST /api/me/claim",
			"GET /api/nerdle/games/",
			"GET /api",
		}
	})
}
