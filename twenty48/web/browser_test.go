package web

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gamelab/twenty48"
	"gamelab/web/webtest"
)

// boards returns the board the page draws and the server's.
func boards(p *webtest.Browser) (drawn, server []int) {
	v := webtest.Eval[[][]int](p, `[window.gamelab2048.board, window.gamelab2048.game.cells]`)
	return v[0], v[1]
}

// settled waits for the page to have no move waiting for the server.
func settled(t *testing.T, p *webtest.Browser) {
	t.Helper()
	if !p.WaitFor(`!window.gamelab2048.busy && window.gamelab2048.queue.length === 0`) {
		t.Fatalf("the page still waits for the server: %s; message %q", webtest.Eval[string](p, `JSON.stringify({busy: window.gamelab2048.busy, queue: window.gamelab2048.queue, game: window.gamelab2048.game})`), p.Text("#message"))
	}
}

// TestBrowserKeys plays 500 moves by arrow keys and WASD, a key once
// the last move is done, a new game whenever one ends, and measures the time from each key to the frame
// that draws its move (the Performance API's clock). The board drawn is
// the server's after every move.
func TestBrowserKeys(t *testing.T) {
	webtest.Chromium(t)
	srv, _ := webtest.NewServer(t, "sqlite", New(nil))
	p := webtest.NewBrowser(t, 1280, 900)
	p.Open(srv.URL+"/2048", "#board .tile")
	keys := []string{kb.ArrowLeft, kb.ArrowDown, kb.ArrowRight, kb.ArrowDown, "a", "s", "d", "s", kb.ArrowUp}
	for i := 0; webtest.Eval[int](p, `window.gamelab2048.frames.length`) < 500; i++ {
		if webtest.Eval[bool](p, `window.gamelab2048.game.over`) {
			p.WaitFor(`document.getElementById("stats").open`)
			p.CloseDialogs("")
			p.Click("#new-button")
			settled(t, p)
		}
		p.Run(chromedp.KeyEvent(keys[i%len(keys)]))
		settled(t, p) // a person's pace: each key once the last move is done
		if i%50 == 0 {
			if drawn, server := boards(p); !slices.Equal(drawn, server) {
				t.Fatalf("after key %d the page draws %v, the server has %v", i, drawn, server)
			}
		}
		if i > 5000 {
			t.Fatalf("500 moves take more than 5,000 keys: %s", webtest.Eval[string](p, `JSON.stringify({frames: window.gamelab2048.frames.length, game: window.gamelab2048.game, msg: document.getElementById("message").textContent})`))
		}
	}
	settled(t, p)
	if drawn, server := boards(p); !slices.Equal(drawn, server) {
		t.Fatalf("the page draws %v, the server has %v", drawn, server)
	}
	for _, m := range []struct{ name, array string }{{"key to the frame drawn", "frames"}, {"key to the tiles set", "work"}} {
		ms := webtest.Eval[[]float64](p, `window.gamelab2048.`+m.array)
		sort.Float64s(ms)
		t.Logf("%s over %d moves: median %.1f ms, p99 %.1f ms, max %.1f ms",
			m.name, len(ms), ms[len(ms)/2], ms[len(ms)*99/100], ms[len(ms)-1])
	}
}

// TestBrowserAutoplay lets our player play a whole game at a phone's
// width, then replays it in the page, whose rules and spawns must make
// the server's score, and swipes a new game's first move.
func TestBrowserAutoplay(t *testing.T) {
	webtest.Chromium(t)
	srv, _ := webtest.NewServer(t, "sqlite", New(nil))
	p := webtest.NewBrowser(t, 390, 844)
	p.Open(srv.URL+"/2048", "#board .tile")
	p.Choose("speed", "0")
	p.Click("#auto-button")
	for start := time.Now(); !webtest.Eval[bool](p, `window.gamelab2048.game.status !== "playing"`); {
		if time.Since(start) > 5*time.Minute {
			t.Fatal("autoplay did not end a game in five minutes")
		}
		p.Run(chromedp.Sleep(time.Second))
		if !webtest.Eval[bool](p, `window.gamelab2048.auto`) && !webtest.Eval[bool](p, `window.gamelab2048.game.over`) {
			t.Fatalf("autoplay stopped: %q", p.Text("#message"))
		}
	}
	score := webtest.Eval[int](p, `window.gamelab2048.game.score`)
	if end := p.WaitText("#end-line"); end == "" {
		t.Error("no word of the game's end")
	}
	p.Screenshot("2048-phone-over")
	p.Click("#replay-button")
	if !p.WaitFor(`document.getElementById("replay").open`) {
		t.Fatalf("no replay: %q", p.Text("#message"))
	}
	if got := webtest.Eval[string](p, `document.getElementById("replay").dataset.score`); got != itoa(score) {
		t.Errorf("the page's replay makes %s, the server's game %d", got, score)
	}
	p.Run(chromedp.KeyEvent(kb.End))
	p.Screenshot("2048-phone-replay")
	p.CloseDialogs("")
	p.Click("#new-button")
	settled(t, p)
	before := webtest.Eval[int](p, `window.gamelab2048.game.moves`)
	for _, d := range [][2]int{{-80, 0}, {0, 80}, {80, 0}, {0, -80}} {
		webtest.Eval[bool](p, `(() => {
			const b = document.getElementById("board"), r = b.getBoundingClientRect();
			const x = r.left + r.width / 2, y = r.top + r.height / 2;
			b.dispatchEvent(new PointerEvent("pointerdown", {clientX: x, clientY: y, bubbles: true}));
			b.dispatchEvent(new PointerEvent("pointerup", {clientX: x + `+itoa(d[0])+`, clientY: y + `+itoa(d[1])+`, bubbles: true}));
			return true })()`)
		settled(t, p)
	}
	if after := webtest.Eval[int](p, `window.gamelab2048.game.moves`); after == before {
		t.Error("four swipes moved nothing")
	}
	if !p.Visible("board") {
		t.Error("the board is not wholly in a phone's window")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestRulesInThePage replays games of every mode and size in the page's
// rules (rules.js: the slides the page draws at once, and the seeded
// spawns and shuffles of its replays), against the engine's: the same
// board and score after every game.
func TestRulesInThePage(t *testing.T) {
	webtest.Chromium(t)
	srv, _ := webtest.NewServer(t, "sqlite", New(nil))
	p := webtest.NewBrowser(t, 800, 600)
	p.Open(srv.URL+"/2048", "#board .tile")
	rng := rand.New(rand.NewPCG(3, 4))
	for _, mode := range []twenty48.Mode{twenty48.ClassicMode, twenty48.ShuffleMode, twenty48.EvilMode} {
		for size := twenty48.MinSize; size <= twenty48.MaxSize; size++ {
			seed := rng.Uint64()
			g, _ := twenty48.New(size, seed, mode, 0)
			for i := 0; i < 400 && !g.Over(); i++ {
				m := twenty48.Move(rng.IntN(5))
				g.Play(m, nil) // a move that moves nothing, or a shuffle out of its mode, is refused and changes nothing
			}
			moves := ""
			for _, m := range g.Moves() {
				moves += m.String()
			}
			got := webtest.EvalAsync[[]int](p, fmt.Sprintf(`(async () => {
				const r = await import("/2048/static/rules.js");
				const g = new r.Game(%d, %dn, %q);
				for (const m of %q) if (!g.play(m)) return [-1];
				return [...g.board, g.score];
			})()`, size, seed, mode.String(), moves))
			want := append(ints(g.Grid().Cells()), int(g.Score()))
			if !slices.Equal(got, want) {
				t.Errorf("%v %d×%d, seed %d, %d moves: the page's rules give %v, the engine's %v", mode, size, size, seed, len(moves), got, want)
			}
		}
	}
}
