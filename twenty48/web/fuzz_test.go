package web

import (
	"testing"

	"gamelab/web/webtest"
)

// FuzzAPI sends any body, id and query to every endpoint of 2048's API
// (webtest.FuzzAPI says what every answer must be).
func FuzzAPI(f *testing.F) {
	f.Add(0, "", `{"size":4,"mode":"evil","undo":3}`)
	f.Add(1, "", `{"move":"L"}`)
	f.Add(1, "", `{"move":"auto","level":"fast"}`)
	f.Add(2, "level=strong", ``)
	f.Add(4, "", `{"format":"gamelab 2048 replay","version":1,"size":4,"mode":"classic","seed":1,"moves":"LRUD","score":0}`)
	f.Add(5, "", `{"board":[1,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"budget":"5ms"}`)
	f.Add(6, "size=5&mode=shuffle", ``)
	webtest.FuzzAPI(f, New(nil), "/api/2048/games", `{}`, func(id string) []string {
		return []string{
			"POST /api/2048/games",
			"POST /api/2048/games/" + id + "/moves",
			"GET /api/2048/games/" + id + "/hint?",
			"GET /api/2048/games/" + id + "/replay",
			"POST /api/2048/replays",
			"POST /api/2048/best",
			"GET /api/2048/stats?",
			"GET /api/2048/leaderboard?",
			"GET /api/2048/games/",
		}
	})
}
