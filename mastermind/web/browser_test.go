package web

import (
	"fmt"
	"strings"
	"testing"

	"gamelab/web/db"
	"gamelab/web/webtest"
)

// tab is the Mastermind page in Chromium, on a server of its own.
type tab struct {
	*webtest.Browser
	t     *testing.T
	url   string
	store *db.DB
}

func newTab(t *testing.T, width, height int64) *tab {
	webtest.Chromium(t)
	srv, store := webtest.NewServer(t, "sqlite", New())
	p := &tab{Browser: webtest.NewBrowser(t, width, height), t: t, url: srv.URL, store: store}
	p.Open(srv.URL+"/mastermind", "#palette .peg")
	return p
}

// code returns the code of the game on the board, from the database.
func (p *tab) code() []int {
	p.t.Helper()
	id := webtest.Eval[string](p.Browser, `document.body.dataset.game || ""`)
	if id == "" {
		p.t.Fatal("the tab names no game")
	}
	return code(p.t, p.store, id)
}

func keys(c []int) string { return strings.Trim(strings.ReplaceAll(fmt.Sprint(c), " ", ""), "[]") }

// answers returns the answers shown on the board, as "b/w".
func (p *tab) answers() []string {
	return webtest.Eval[[]string](p.Browser, `[...document.querySelectorAll(".answers[data-answer]")].map(a => a.dataset.answer)`)
}

// TestBrowserCodebreaker plays by keys at a phone's width and a
// desktop's: a game won after a wrong guess, and a game lost.
func TestBrowserCodebreaker(t *testing.T) {
	for _, size := range []struct {
		name          string
		width, height int64
	}{{"phone", 390, 844}, {"desktop", 1280, 900}} {
		t.Run(size.name, func(t *testing.T) {
			p := newTab(t, size.width, size.height)
			p.Choose("rows", "6")
			secret := p.code()
			p.Keys(keys(wrong(secret, 6)), true)
			if a := p.answers(); len(a) != 1 {
				t.Fatalf("after a guess the board shows answers %q; message %q", a, p.Text("#message"))
			}
			p.Keys("9", false)
			if msg := p.Text("#message"); msg != "colour 9 is not one of 1 to 6" {
				t.Errorf("colour 9 of 6: %q", msg)
			}
			p.Keys(keys(secret), true)
			if end := p.WaitText("#end-line"); !strings.HasPrefix(end, "Found in 2 of 6") {
				t.Errorf("won: %q", end)
			}
			if !p.Visible("board", "palette") {
				t.Errorf("the board or the colours are not wholly in the window at %s", size.name)
			}
			p.Screenshot("mastermind-" + size.name + "-won")
			p.CloseDialogs("#end-line")
			p.Click("#new-button")
			secret = p.code()
			for range 6 {
				p.Keys(keys(wrong(secret, 6)), true)
			}
			if end := p.WaitText("#end-line"); end != "Out of rows. The code was "+strings.Trim(fmt.Sprint(secret), "[]")+"." {
				t.Errorf("lost: %q", end)
			}
		})
	}
}
