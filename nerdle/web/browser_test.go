package web

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gamelab/nerdle"
	"gamelab/web/db"
	"gamelab/web/webtest"
)

// browser is the Nerdle page in headless Chromium, on a server of its
// own whose database the test reads the secrets from.
type browser struct {
	*webtest.Browser
	t     *testing.T
	url   string
	store *db.DB
}

func newBrowser(t *testing.T, width, height int64) *browser {
	webtest.Chromium(t)
	srv, store, _ := newServer(t, "sqlite")
	return &browser{Browser: webtest.NewBrowser(t, width, height), t: t, url: srv.URL, store: store}
}

// open loads the Nerdle page and waits for its game.
func (b *browser) open() { b.Open(b.url+"/nerdle", "#board .tile") }

// game returns the id of the game on the board, which the page names,
// and its secret, from the database, as only the server may read it.
func (b *browser) game() (id, secret string) {
	b.t.Helper()
	id = webtest.Eval[string](b.Browser, `document.body.dataset.game || ""`)
	if id == "" {
		b.t.Fatal("the page names no game")
	}
	dg, err := b.store.Game(context.Background(), id)
	if err != nil {
		b.t.Fatal(err)
	}
	return dg.ID, dg.Secret
}

// typeRow types a row key by key and plays it with Enter.
func (b *browser) typeRow(row string) { b.Keys(row, true) }

// rows returns the rows played on the board, each its symbols and
// colours as "12+35=47 GMBBGGBM".
func (b *browser) rows() []string {
	b.t.Helper()
	return webtest.Eval[[]string](b.Browser, `[...document.querySelectorAll("#board .row")]
		.filter(r => r.querySelector(".G, .M, .B"))
		.map(r => [...r.children].map(t => t.textContent).join("") + " " +
			[...r.children].map(t => ["G", "M", "B"].find(c => t.classList.contains(c))).join(""))`)
}

// TestBrowserWinAndLose plays whole games key by key at lengths 5 and 8:
// one won, one lost, at a phone's width and a desktop's.
func TestBrowserWinAndLose(t *testing.T) {
	for _, size := range []struct {
		name          string
		width, height int64
	}{{"phone", 390, 844}, {"desktop", 1280, 900}} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowser(t, size.width, size.height)
			b.open()
			for _, length := range []string{"5", "8"} {
				b.Choose("length", length)
				_, secret := b.game()
				if !b.Visible("board", "keyboard") {
					t.Errorf("length %s at %s: the board or keyboard is not wholly in the window", length, size.name)
				}
				b.Screenshot(fmt.Sprintf("nerdle-%s-%s", length, size.name))
				wrong := wrongGuesses(t, len(secret), secret)
				b.typeRow(wrong[0])
				b.typeRow(secret)
				if end := b.WaitText("#end-line"); !strings.HasPrefix(end, "Solved in 2 of 6") {
					t.Errorf("length %s won: the end says %q; the board %q, the message %q", length, end, b.rows(), b.Text("#message"))
				}
				b.Run(chromedp.Sleep(300 * time.Millisecond))
				b.Screenshot(fmt.Sprintf("nerdle-%s-%s-won", length, size.name))
				b.CloseDialogs("#end-line")
				b.Click("#new-button")
				_, secret = b.game()
				for _, w := range wrongGuesses(t, len(secret), secret)[:6] {
					b.typeRow(w)
				}
				if end := b.WaitText("#end-line"); end != "Out of rows. The equation was "+secret+"." {
					t.Errorf("length %s lost: the end says %q; the board %q, the message %q", length, end, b.rows(), b.Text("#message"))
				}
				b.CloseDialogs("#end-line")
				b.Click("#new-button")
			}
		})
	}
}

// TestBrowserAsAPersonPlays goes through the page's other paths key by
// key: an invalid equation, a reload mid-game, hard mode from the
// settings, the daily puzzle, and share.
func TestBrowserAsAPersonPlays(t *testing.T) {
	b := newBrowser(t, 390, 844)
	b.open()
	b.Choose("length", "8")
	_, secret := b.game()
	b.Keys("11111111", true)
	want := nerdle.Check("11111111", nerdle.Standard).Error()
	if got := b.Text("#message"); got != want {
		t.Errorf("an invalid equation: the page says %q, the terminal %q", got, want)
	}
	b.Keys(strings.Repeat(kb.Backspace, 8), false)
	wrong := wrongGuesses(t, 8, secret)
	b.typeRow(wrong[0])
	b.open() // a reload
	if rows := b.rows(); len(rows) != 1 || !strings.HasPrefix(rows[0], wrong[0]+" ") {
		t.Errorf("after a reload the board shows %q, want the row %s", rows, wrong[0])
	}

	// Hard mode, from the settings, applies from the next game: the
	// game under way is left after the page asks.
	b.Click("#settings-button")
	b.Click("#hard")
	b.CloseDialogs("#end-line")
	b.Click("#new-button")
	if open := webtest.Eval[bool](b.Browser, `document.getElementById("confirm-new").open`); !open {
		t.Fatal("a new game in the middle of one did not ask first")
	}
	b.Click("#confirm-yes")
	if status := b.Text("#status"); !strings.Contains(status, "hard") {
		t.Fatalf("the new game is not in hard mode: %q", status)
	}
	_, secret = b.game()
	for _, w := range wrongGuesses(t, 8, secret) {
		b.typeRow(w)
		if rows := b.rows(); len(rows) > 0 && strings.Contains(rows[len(rows)-1], "G") || len(rows) >= 5 {
			break
		}
	}
	refused := false
	for _, w := range wrongGuesses(t, 8, secret) {
		before := len(b.rows())
		b.typeRow(w)
		if msg := b.Text("#message"); msg != "" {
			if !strings.HasPrefix(msg, "hard mode: ") {
				t.Errorf("hard mode's refusal reads %q", msg)
			}
			refused = true
			break
		}
		if len(b.rows()) == before || len(b.rows()) >= 6 {
			break
		}
	}
	if !refused && len(b.rows()) < 6 {
		t.Error("hard mode refused no guess that ignored what the rows showed")
	}

	// The daily puzzle, won, shared, and shown again after a reload.
	b.CloseDialogs("#end-line")
	b.Choose("mode", "daily")
	_, secret = b.game()
	b.typeRow(secret)
	if end := b.WaitText("#end-line"); !strings.HasPrefix(end, "Solved in 1 of 6") {
		t.Errorf("the daily puzzle won: %q", end)
	}
	webtest.Eval[bool](b.Browser, `(navigator.clipboard.writeText = async (t) => { window.shared = t; }, true)`)
	b.Click("#share-again")
	shared := webtest.Eval[string](b.Browser, `window.shared || ""`)
	if !strings.HasPrefix(shared, "gamelab Nerdle daily ") || !strings.Contains(shared, "🟩🟩🟩🟩🟩🟩🟩🟩") || strings.Contains(shared, secret) {
		t.Errorf("shared %q", shared)
	}
	b.CloseDialogs("#end-line")
	b.open()
	if rows := b.rows(); len(rows) != 1 || !strings.Contains(b.Text("#status"), "Daily puzzle") {
		t.Errorf("the daily puzzle after a reload: %q, %q", rows, b.Text("#status"))
	}
}

// BenchmarkFirstPaint loads the Nerdle page in Chromium, afresh each
// time, and reports when it first painted, by the browser's own clock.
func BenchmarkFirstPaint(b *testing.B) {
	path := webtest.Chromium(b)
	srv, _ := webtest.NewServer(b, "sqlite", New(""))
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/nerdle")); err != nil { // the browser starts
		b.Fatal(err)
	}
	var total float64
	b.ResetTimer()
	for range b.N {
		tab, cancelTab := chromedp.NewContext(ctx)
		if err := chromedp.Do(tab, chromedp.Navigate(srv.URL+"/nerdle"), chromedp.WaitVisible("#board .tile")); err != nil {
			b.Fatal(err)
		}
		fcp, err := chromedp.Run(tab, chromedp.Evaluate[float64](`performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1`))
		if err != nil || fcp < 0 {
			b.Fatalf("no first paint: %v", err)
		}
		total += fcp
		cancelTab()
	}
	b.ReportMetric(total/float64(b.N), "ms/first-paint")
}

// TestPageWeight: the page's own scripts and styles stay small, with no
// framework.
func TestPageWeight(t *testing.T) {
	sub, _ := fs.Sub(static, "static")
	webtest.PageWeight(t, sub, 100<<10)
}

// TestBrowserWatch lets the solver play a game of length 6, fast, then
// pauses the next and steps it one guess.
func TestBrowserWatch(t *testing.T) {
	b := newBrowser(t, 390, 844)
	b.open()
	b.Choose("length", "6")
	b.Choose("watch-speed", "300")
	b.Keys("w", false)
	for start := time.Now(); webtest.Eval[string](b.Browser, `document.getElementById("watch-button").getAttribute("aria-pressed")`) == "true"; {
		if time.Since(start) > time.Minute {
			t.Fatal("the solver did not finish a game in a minute")
		}
		b.Run(chromedp.Sleep(200 * time.Millisecond))
	}
	rows := b.rows()
	if len(rows) == 0 || len(rows) > 6 || !strings.HasSuffix(rows[len(rows)-1], " GGGGGG") {
		t.Errorf("the solver's game: %q; message %q", rows, b.Text("#message"))
	}
	b.WaitFor(`document.getElementById("stats").open`)
	b.CloseDialogs("#end-line")
	b.Keys("w", false) // a new game, as the last is over
	b.Keys("p", false)
	b.Run(chromedp.Sleep(2 * time.Second))
	before := len(b.rows())
	if before >= 6 {
		t.Fatalf("paused, the solver played on: %q", b.rows())
	}
	b.Keys(".", false)
	if !b.WaitFor(fmt.Sprintf(`document.querySelectorAll("#board .row .G, #board .row .M, #board .row .B").length > %d`, before*6)) {
		t.Errorf("a step played no guess: %q", b.rows())
	}
}
