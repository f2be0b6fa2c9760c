package web

import (
	"context"
	"fmt"
	"io/fs"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gamelab/nerdle"
	site "gamelab/web"
	"gamelab/web/db"
	"gamelab/web/db/dbtest"
)

// chromium returns the browser the tests drive: Debian's Chromium. A
// machine without it skips them, saying so; CI (CI set) installs it, and
// fails without it.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no chromium: CI installs Debian's (see .ci/run)")
	}
	t.Skip("no chromium on this machine: apt install chromium to run the browser tests")
	return ""
}

// browser is a page of the server open in headless Chromium, width by
// height pixels.
type browser struct {
	t     *testing.T
	ctx   context.Context
	url   string
	store *db.DB
}

func newBrowser(t *testing.T, width, height int64) *browser {
	path := chromium(t)
	srv, store, _ := newServer(t, "sqlite")
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.WindowSize(int(width), int(height)), chromedp.Flag("disable-dev-shm-usage", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel3)
	b := &browser{t: t, ctx: ctx, url: srv.URL, store: store}
	viewport := []chromedp.EmulateViewportOption{chromedp.EmulatePortrait}
	if width < 600 {
		viewport = append(viewport, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	b.run(chromedp.EmulateViewport(width, height, viewport...))
	return b
}

// run runs actions that return nothing.
func (b *browser) run(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatal(err)
	}
}

// eval returns the value of a JavaScript expression in the page.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatal(err)
	}
	return v
}

// open loads the Nerdle page and waits for its game.
func (b *browser) open() {
	b.t.Helper()
	b.run(chromedp.Navigate(b.url+"/nerdle"), chromedp.WaitVisible("#board .tile"), chromedp.Sleep(200*time.Millisecond))
}

// choose sets one of the page's selectors, as a person picks an option.
func (b *browser) choose(id, value string) {
	b.t.Helper()
	b.run(chromedp.SetValue("#"+id, value))
	eval[bool](b, fmt.Sprintf(`document.getElementById(%q).dispatchEvent(new Event("change"))`, id))
	b.run(chromedp.Sleep(400 * time.Millisecond))
}

// game returns the id of the game on the board, which the page names,
// and its secret, from the database, as only the server may read it.
func (b *browser) game() (id, secret string) {
	b.t.Helper()
	id = eval[string](b, `document.body.dataset.game || ""`)
	if id == "" {
		b.t.Fatal("the page names no game")
	}
	dg, err := b.store.Game(context.Background(), id)
	if err != nil {
		b.t.Fatal(err)
	}
	return dg.ID, dg.Secret
}

// closeDialogs closes what dialogs are open, as Escape does, and clears
// the end line.
func (b *browser) closeDialogs() {
	b.t.Helper()
	b.run(chromedp.KeyEvent(kb.Escape), chromedp.Sleep(150*time.Millisecond))
	eval[bool](b, `(document.querySelectorAll("dialog[open]").forEach(d => d.close()), document.getElementById("end-line").textContent = "", true)`)
}

// typeRow types a row key by key and plays it with Enter.
func (b *browser) typeRow(row string) {
	b.t.Helper()
	b.run(chromedp.KeyEvent(row), chromedp.KeyEvent(kb.Enter), chromedp.Sleep(250*time.Millisecond))
}

// waitText waits until the text of the element sel selects is not
// empty, and returns it.
func (b *browser) waitText(sel string) string {
	b.t.Helper()
	for start := time.Now(); time.Since(start) < 10*time.Second; {
		if s := b.text(sel); s != "" {
			return s
		}
		b.run(chromedp.Sleep(100 * time.Millisecond))
	}
	return ""
}

// text is the text of the element sel selects.
func (b *browser) text(sel string) string {
	b.t.Helper()
	return eval[string](b, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
}

// rows returns the rows played on the board, each its symbols and
// colours as "12+35=47 GMBBGGBM".
func (b *browser) rows() []string {
	b.t.Helper()
	return eval[[]string](b, `[...document.querySelectorAll("#board .row")]
		.filter(r => r.querySelector(".G, .M, .B"))
		.map(r => [...r.children].map(t => t.textContent).join("") + " " +
			[...r.children].map(t => ["G", "M", "B"].find(c => t.classList.contains(c))).join(""))`)
}

// boardVisible reports whether the whole board and keyboard are in the
// window.
func (b *browser) boardVisible() bool {
	return eval[bool](b, `["board", "keyboard"].every(id => {
		const r = document.getElementById(id).getBoundingClientRect();
		return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
	})`)
}

func (b *browser) screenshot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.FullScreenshot(100)) // 100: a PNG
	if err != nil {
		b.t.Fatal(err)
	}
	dir := filepath.Join("testdata", "screenshots")
	os.MkdirAll(dir, 0o755)
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
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
				b.choose("length", length)
				_, secret := b.game()
				if !b.boardVisible() {
					t.Errorf("length %s at %s: the board or keyboard is not wholly in the window", length, size.name)
				}
				b.screenshot(fmt.Sprintf("nerdle-%s-%s", length, size.name))
				wrong := wrongGuesses(t, len(secret), secret)
				b.typeRow(wrong[0])
				b.typeRow(secret)
				if end := b.waitText("#end-line"); !strings.HasPrefix(end, "Solved in 2 of 6") {
					t.Errorf("length %s won: the end says %q; the board %q, the message %q", length, end, b.rows(), b.text("#message"))
				}
				b.run(chromedp.Sleep(300 * time.Millisecond))
				b.screenshot(fmt.Sprintf("nerdle-%s-%s-won", length, size.name))
				b.closeDialogs()
				b.run(chromedp.Click("#new-button"), chromedp.Sleep(400*time.Millisecond))
				_, secret = b.game()
				for _, w := range wrongGuesses(t, len(secret), secret)[:6] {
					b.typeRow(w)
				}
				if end := b.waitText("#end-line"); end != "Out of rows. The equation was "+secret+"." {
					t.Errorf("length %s lost: the end says %q; the board %q, the message %q", length, end, b.rows(), b.text("#message"))
				}
				b.closeDialogs()
				b.run(chromedp.Click("#new-button"), chromedp.Sleep(400*time.Millisecond))
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
	b.choose("length", "8")
	_, secret := b.game()
	b.run(chromedp.KeyEvent("11111111"), chromedp.KeyEvent(kb.Enter), chromedp.Sleep(300*time.Millisecond))
	want := nerdle.Check("11111111", nerdle.Standard).Error()
	if got := b.text("#message"); got != want {
		t.Errorf("an invalid equation: the page says %q, the terminal %q", got, want)
	}
	b.run(chromedp.KeyEvent(strings.Repeat(kb.Backspace, 8)))
	wrong := wrongGuesses(t, 8, secret)
	b.typeRow(wrong[0])
	b.open() // a reload
	if rows := b.rows(); len(rows) != 1 || !strings.HasPrefix(rows[0], wrong[0]+" ") {
		t.Errorf("after a reload the board shows %q, want the row %s", rows, wrong[0])
	}

	// Hard mode, from the settings, applies from the next game: the
	// game under way is left after the page asks.
	b.run(chromedp.Click("#settings-button"), chromedp.Sleep(100*time.Millisecond), chromedp.Click("#hard"), chromedp.Sleep(300*time.Millisecond))
	b.closeDialogs()
	b.run(chromedp.Click("#new-button"), chromedp.Sleep(200*time.Millisecond))
	if open := eval[bool](b, `document.getElementById("confirm-new").open`); !open {
		t.Fatal("a new game in the middle of one did not ask first")
	}
	b.run(chromedp.Click("#confirm-yes"), chromedp.Sleep(400*time.Millisecond))
	if status := b.text("#status"); !strings.Contains(status, "hard") {
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
		if msg := b.text("#message"); msg != "" {
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
	b.closeDialogs()
	b.choose("mode", "daily")
	_, secret = b.game()
	b.typeRow(secret)
	if end := b.waitText("#end-line"); !strings.HasPrefix(end, "Solved in 1 of 6") {
		t.Errorf("the daily puzzle won: %q", end)
	}
	eval[bool](b, `(navigator.clipboard.writeText = async (t) => { window.shared = t; }, true)`)
	b.run(chromedp.Click("#share-again"), chromedp.Sleep(300*time.Millisecond))
	shared := eval[string](b, `window.shared || ""`)
	if !strings.HasPrefix(shared, "gamelab Nerdle daily ") || !strings.Contains(shared, "🟩🟩🟩🟩🟩🟩🟩🟩") || strings.Contains(shared, secret) {
		t.Errorf("shared %q", shared)
	}
	b.closeDialogs()
	b.open()
	if rows := b.rows(); len(rows) != 1 || !strings.Contains(b.text("#status"), "Daily puzzle") {
		t.Errorf("the daily puzzle after a reload: %q, %q", rows, b.text("#status"))
	}
}

// BenchmarkFirstPaint loads the Nerdle page in Chromium, afresh each
// time, and reports when it first painted, by the browser's own clock.
func BenchmarkFirstPaint(b *testing.B) {
	path := ""
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
		}
	}
	if path == "" {
		b.Skip("no chromium")
	}
	store := dbtest.Open(b, "sqlite")
	s, err := site.New(context.Background(), site.Config{DB: store, Games: []site.Game{New("")}})
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
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
	total := 0
	for _, f := range []string{"static/nerdle.js", "static/nerdle.css", "static/nerdle.html"} {
		b, err := static.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		total += len(b)
	}
	common, _ := fs.ReadFile(site.Static(), "common.css")
	total += len(common)
	if total > 100<<10 {
		t.Errorf("the page's own files weigh %d bytes, over 100 KiB", total)
	}
}
