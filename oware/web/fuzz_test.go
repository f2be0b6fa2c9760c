package web

import (
	"testing"

	"gamelab/web/webtest"
)

// FuzzAPI sends any body, id and query to every endpoint of Oware's API
// (webtest.FuzzAPI says what every answer must be).
func FuzzAPI(f *testing.F) {
	f.Add(0, "", `{"opponent":"minimax","side":"north"}`)
	f.Add(1, "", `{"move":"C"}`)
	f.Add(1, "", `{"move":"engine"}`)
	f.Add(2, "", ``)
	f.Add(3, "movetime=20ms", ``)
	f.Add(5, "", `{"moves":"FaEb","engine":"alphabeta","depth":3}`)
	f.Add(6, "opponent=minimax&rules=grand-slam=capture-all", ``)
	f.Add(0, "", `{"record":"rules abapa\nposition startpos\nmoves FaEb\n","opponent":"minimax"}`)
	webtest.FuzzAPI(f, New(nil), "/api/oware/games", `{"opponent":"minimax"}`, func(id string) []string {
		return []string{
			"POST /api/oware/games",
			"POST /api/oware/games/" + id + "/moves",
			"POST /api/oware/games/" + id + "/undo",
			"GET /api/oware/games/" + id + "/hint?",
			"GET /api/oware/games/" + id + "/record",
			"POST /api/oware/best",
			"GET /api/oware/stats?",
			"GET /api/oware/games/",
			"GET /api/oware/opponents",
		}
	})
}
