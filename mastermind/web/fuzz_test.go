package web

import (
	"testing"

	"gamelab/web/webtest"
)

// FuzzAPI sends any body, id and query to every endpoint of Mastermind's
// API (webtest.FuzzAPI says what every answer must be).
func FuzzAPI(f *testing.F) {
	f.Add(0, "", `{"pegs":4,"colours":6,"rows":10}`)
	f.Add(1, "", `{"guess":[1,2,3,4]}`)
	f.Add(3, "", `{"colours":6,"hints":[{"guess":[1,1,2,2],"blacks":1,"whites":1}],"list":true}`)
	f.Add(4, "pegs=5&colours=8&rows=6", ``)
	f.Add(3, "", `{"colours":255,"hints":[{"guess":[1,2,3,4,5,6,7,8],"blacks":0,"whites":3}]}`)
	f.Add(6, "", `{"pegs":4,"colours":6,"strategy":"knuth","hints":[{"guess":[1,1,2,2],"blacks":0,"whites":1}]}`)
	f.Add(3, "", `{"instance":"6\n1 1 2 2 1/1\n","list":true}`)
	webtest.FuzzAPI(f, New(), "/api/mastermind/games", `{}`, func(id string) []string {
		return []string{
			"POST /api/mastermind/games",
			"POST /api/mastermind/games/" + id + "/guesses",
			"GET /api/mastermind/games/" + id + "/remaining",
			"POST /api/mastermind/consistent",
			"GET /api/mastermind/stats?",
			"GET /api/mastermind/games/",
			"POST /api/mastermind/next",
		}
	})
}
