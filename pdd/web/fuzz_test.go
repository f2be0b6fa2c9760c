package web

import (
	"testing"

	"gamelab/web/webtest"
)

// FuzzAPI sends any body, id and query to every endpoint of the card
// game's API (webtest.FuzzAPI says what every answer must be).
func FuzzAPI(f *testing.F) {
	f.Add(0, "", `{"rule":"same suit or higher value","players":3,"packs":2,"kind":"random"}`)
	f.Add(1, "", `{"card":"QH"}`)
	f.Add(1, "", `{"draw":true}`)
	f.Add(2, "", ``)
	f.Add(3, "players=6&packs=2", ``)
	f.Add(0, "", `{"rule":"(played is 7 of hearts or top is not odd) and values within 3","new":true}`)
	webtest.FuzzAPI(f, New(), "/api/pdd/games", `{"rule":"same suit or same value"}`, func(id string) []string {
		return []string{
			"POST /api/pdd/games",
			"POST /api/pdd/games/" + id + "/moves",
			"GET /api/pdd/games/" + id + "/hint",
			"GET /api/pdd/stats?",
			"GET /api/pdd/games/",
			"GET /api/pdd/rules",
		}
	})
}
