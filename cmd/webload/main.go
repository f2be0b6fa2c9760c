// Command webload is the load test of gamelab serve: many players
// guessing at once, at a fixed rate, with vegeta. It makes the players
// and their games through the API, plays wrong guesses (it reads the
// secrets from the database, which a player cannot), reports the
// latencies, and checks that every guess the server acknowledged is in
// the database. With --ai 2048 it asks instead for our 2048 player's fast
// move for boards met in games.
//
//	gamelab serve --db URL &
//	go run ./cmd/webload --url http://127.0.0.1:8080 --db URL [--players 1000] [--rate 1000] [--duration 60s]
//	go run ./cmd/webload --url http://127.0.0.1:8080 --ai 2048 --players 100 --rate 200 --duration 5m
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"

	"gamelab/nerdle"
	"gamelab/oware"
	"gamelab/twenty48"
	"gamelab/web/db"
)

func main() {
	url := flag.String("url", "http://127.0.0.1:8080", "the server")
	dbURL := flag.String("db", "", "the server's database (a SQLite file or postgres://…), to read the secrets and check the guesses")
	players := flag.Int("players", 1000, "distinct players")
	rate := flag.Int("rate", 1000, "guesses a second")
	duration := flag.Duration("duration", 60*time.Second, "how long to attack")
	ai := flag.String("ai", "", "load an AI endpoint instead: 2048 (our player's fast move for boards of played games) or oware (pvs at 100 ms for positions of played games)")
	flag.Parse()
	var err error
	switch *ai {
	case "":
		err = run(*url, *dbURL, *players, *rate, *duration)
	case "2048", "oware":
		err = runAI(*ai, *url, *players, *rate, *duration)
	default:
		err = fmt.Errorf("--ai %q: 2048, oware or nothing", *ai)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "webload:", err)
		os.Exit(1)
	}
}

// variants are the games each player has under way at once: one per
// length and rules, as the server keeps one unfinished game of each.
var variants = func() (vs []struct {
	length int
	rules  nerdle.Rules
}) {
	for _, r := range []nerdle.Rules{nerdle.Standard, nerdle.NerdleGame} {
		for n := 5; n <= 11; n++ {
			vs = append(vs, struct {
				length int
				rules  nerdle.Rules
			}{n, r})
		}
	}
	return vs
}()

// game is one game under way and the wrong guesses to play in it.
type game struct {
	id      string
	guesses []string
}

type player struct {
	cookie string
	games  []game
}

func run(url, dbURL string, nPlayers, rate int, duration time.Duration) error {
	if dbURL == "" {
		return fmt.Errorf("give --db, the server's database")
	}
	ctx := context.Background()
	store, err := db.Open(ctx, dbURL, "")
	if err != nil {
		return err
	}
	defer store.Close()
	need := int(duration.Seconds()*float64(rate))/nPlayers/nerdle.DefaultRows + 1
	if need > len(variants) {
		return fmt.Errorf("%d players at %d a second for %v play %d games each; at most %d: more players", nPlayers, rate, duration, need, len(variants))
	}
	lists := map[int][]nerdle.Equation{}
	for _, v := range variants[:need] {
		key := v.length*10 + int(v.rules)
		if lists[key], err = nerdle.Enumerate(v.length, v.rules); err != nil {
			return err
		}
	}
	start := time.Now()
	ps := make([]player, nPlayers)
	var wg sync.WaitGroup
	var setupErr atomic.Value
	next := atomic.Int64{}
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < nPlayers; i = int(next.Add(1) - 1) {
				p, err := newPlayer(ctx, url, store, lists, need, i)
				if err != nil {
					setupErr.Store(err)
					return
				}
				ps[i] = p
			}
		}()
	}
	wg.Wait()
	if err, _ := setupErr.Load().(error); err != nil {
		return fmt.Errorf("making the players: %w", err)
	}
	fmt.Printf("%d players with %d games each, made in %v\n", nPlayers, need, time.Since(start).Round(time.Millisecond))

	// The i-th request is player i%n's next guess: each player's games
	// one after the other, six guesses each.
	type sent struct {
		game  string
		seq   int
		guess string
	}
	total := int(duration.Seconds() * float64(rate))
	plan := make([]sent, total+nPlayers)
	var seq atomic.Uint64
	targeter := func(t *vegeta.Target) error {
		i := int(seq.Add(1) - 1)
		if i >= len(plan) {
			return vegeta.ErrNoTargets
		}
		p := &ps[i%nPlayers]
		k := i / nPlayers
		g := p.games[k/nerdle.DefaultRows]
		guess := g.guesses[k%nerdle.DefaultRows]
		plan[i] = sent{g.id, k % nerdle.DefaultRows, guess}
		body, _ := json.Marshal(map[string]string{"guess": guess})
		// The request's own number rides in the query, which the server
		// ignores, to tie the answer to the guess: vegeta's Seq is taken
		// before the targeter runs, in another order.
		*t = vegeta.Target{Method: "POST", URL: fmt.Sprintf("%s/api/nerdle/games/%s/guesses?n=%d", url, g.id, i), Body: body,
			Header: http.Header{"Content-Type": {"application/json"}, "Cookie": {p.cookie}}}
		return nil
	}
	attacker := vegeta.NewAttacker(vegeta.Timeout(30*time.Second), vegeta.Connections(1000), vegeta.KeepAlive(true))
	var metrics vegeta.Metrics
	// The requests are sent in order, but answered in any: a player's
	// next guess may reach the server before the last is answered. At
	// one a second per player, with latencies in milliseconds, it does
	// not; a 409 says it did.
	acked := make([]bool, len(plan))
	for res := range attacker.Attack(targeter, vegeta.Rate{Freq: rate, Per: time.Second}, duration, "guesses") {
		metrics.Add(res)
		if _, n, ok := strings.Cut(res.URL, "?n="); ok && res.Code == http.StatusOK {
			if i, err := strconv.Atoi(n); err == nil && i < len(acked) {
				acked[i] = true
			}
		}
	}
	metrics.Close()
	fmt.Printf("requests %d at %.0f/s, success %.2f%%, status codes %v\n", metrics.Requests, metrics.Rate, 100*metrics.Success, metrics.StatusCodes)
	fmt.Printf("latency p50 %v, p95 %v, p99 %v, max %v\n", metrics.Latencies.P50.Round(time.Microsecond),
		metrics.Latencies.P95.Round(time.Microsecond), metrics.Latencies.P99.Round(time.Microsecond), metrics.Latencies.Max.Round(time.Microsecond))
	if len(metrics.Errors) > 0 {
		fmt.Printf("errors: %s\n", strings.Join(metrics.Errors[:min(5, len(metrics.Errors))], "; "))
	}

	// Every acknowledged guess is in the database, in its place.
	checked, games := 0, map[string]*db.Game{}
	for i, ok := range acked {
		if !ok {
			continue
		}
		s := plan[i]
		g := games[s.game]
		if g == nil {
			if g, err = store.Game(ctx, s.game); err != nil {
				return err
			}
			games[s.game] = g
		}
		if len(g.Moves) <= s.seq || g.Moves[s.seq].Move != s.guess {
			return fmt.Errorf("guess %d of game %s (%s) was acknowledged and is not in the database", s.seq, s.game, s.guess)
		}
		checked++
	}
	fmt.Printf("every acknowledged guess is in the database: %d checked\n", checked)
	if metrics.Success < 1 {
		return fmt.Errorf("%d requests failed", metrics.Requests-uint64(float64(metrics.Requests)*metrics.Success+0.5))
	}
	return nil
}

// newPlayer makes player i through the API, starts its games, and reads
// their secrets to pick six wrong guesses for each.
func newPlayer(ctx context.Context, url string, store *db.DB, lists map[int][]nerdle.Equation, games, i int) (player, error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: time.Minute}
	var p player
	for k, v := range variants[:games] {
		body, _ := json.Marshal(map[string]any{"length": v.length, "rules": v.rules.String()})
		res, err := c.Post(url+"/api/nerdle/games", "application/json", bytes.NewReader(body))
		if err != nil {
			return p, err
		}
		var g struct{ ID string }
		err = json.NewDecoder(res.Body).Decode(&g)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || err != nil {
			return p, fmt.Errorf("starting a game: %s", res.Status)
		}
		dg, err := store.Game(ctx, g.ID)
		if err != nil {
			return p, err
		}
		list := lists[v.length*10+int(v.rules)]
		secret, err := nerdle.ParseEquation(dg.Secret)
		if err != nil {
			return p, err
		}
		// Wrong guesses: neither the secret nor, where the game takes
		// commutative answers, an equation that commutes with it.
		var guesses []string
		for j := (i*7 + k*13) % len(list); len(guesses) < nerdle.DefaultRows; j = (j + len(list)/11 + 1) % len(list) {
			if list[j] != secret && !nerdle.Commutes(list[j], secret) {
				guesses = append(guesses, list[j].String())
			}
		}
		p.games = append(p.games, game{g.ID, guesses})
		for _, ck := range jar.Cookies(res.Request.URL) {
			p.cookie = ck.Name + "=" + ck.Value
		}
	}
	return p, nil
}

// runAI asks our player of game for its move, at rate a second, spread
// over players players (each within the server's rate a player): for
// 2048 the fast level's, for boards met in games of random moves; for
// Oware pvs at 100 ms, for games of random moves.
func runAI(game, url string, nPlayers, rate int, duration time.Duration) error {
	var cookies []string
	for range nPlayers {
		res, err := http.Get(url + "/api/me")
		if err != nil {
			return err
		}
		res.Body.Close()
		if len(res.Cookies()) == 0 {
			return fmt.Errorf("GET /api/me: %s, no cookie", res.Status)
		}
		cookies = append(cookies, res.Cookies()[0].String())
	}
	rng := rand.New(rand.NewPCG(1, 2))
	bodies, path := twenty48Bodies(rng), "/api/2048/best"
	if game == "oware" {
		bodies, path = owareBodies(rng), "/api/oware/best"
	}
	var seq atomic.Uint64
	targeter := func(t *vegeta.Target) error {
		i := seq.Add(1) - 1
		*t = vegeta.Target{Method: "POST", URL: url + path, Body: bodies[i%uint64(len(bodies))],
			Header: http.Header{"Content-Type": {"application/json"}, "Cookie": {cookies[i%uint64(len(cookies))]}}}
		return nil
	}
	attacker := vegeta.NewAttacker(vegeta.Timeout(30*time.Second), vegeta.Connections(1000), vegeta.KeepAlive(true))
	var metrics vegeta.Metrics
	for res := range attacker.Attack(targeter, vegeta.Rate{Freq: rate, Per: time.Second}, duration, game+" best") {
		metrics.Add(res)
	}
	metrics.Close()
	fmt.Printf("requests %d at %.0f/s, success %.2f%%, status codes %v\n", metrics.Requests, metrics.Rate, 100*metrics.Success, metrics.StatusCodes)
	fmt.Printf("latency p50 %v, p95 %v, p99 %v, max %v\n", metrics.Latencies.P50.Round(time.Microsecond),
		metrics.Latencies.P95.Round(time.Microsecond), metrics.Latencies.P99.Round(time.Microsecond), metrics.Latencies.Max.Round(time.Microsecond))
	if len(metrics.Errors) > 0 {
		fmt.Printf("errors: %s\n", strings.Join(metrics.Errors[:min(5, len(metrics.Errors))], "; "))
	}
	if metrics.Success < 1 {
		return fmt.Errorf("%d requests failed", metrics.Requests-uint64(float64(metrics.Requests)*metrics.Success+0.5))
	}
	return nil
}

// twenty48Bodies are requests for our 2048 player's fast move, for
// boards met in games of random moves.
func twenty48Bodies(rng *rand.Rand) [][]byte {
	var boards [][]byte
	for len(boards) < 10000 {
		g, _ := twenty48.New(4, rng.Uint64(), twenty48.ClassicMode, 0)
		for !g.Over() {
			if g.Play(twenty48.Move(rng.IntN(4)), nil) != nil {
				continue
			}
			if b, ok := twenty48.BoardOf(g.Grid()); ok && rng.IntN(8) == 0 {
				cells := make([]int, 16)
				for i, e := range b.Grid().Cells() {
					cells[i] = int(e)
				}
				body, _ := json.Marshal(map[string]any{"board": cells, "budget": "fast"})
				boards = append(boards, body)
			}
		}
	}
	return boards
}

// owareBodies are requests for pvs's move at 100 ms in games of random
// moves.
func owareBodies(rng *rand.Rand) [][]byte {
	var bodies [][]byte
	for len(bodies) < 2000 {
		g := oware.NewGame(oware.Start(), oware.Abapa)
		for !g.Over() && len(bodies) < 2000 {
			legal := g.Legal().Moves()
			g.Play(legal[rng.IntN(len(legal))])
			if !g.Over() && rng.IntN(4) == 0 {
				body, _ := json.Marshal(map[string]any{"moves": oware.FormatMoves(g.Moves()), "movetime": "100ms"})
				bodies = append(bodies, body)
			}
		}
	}
	return bodies
}
