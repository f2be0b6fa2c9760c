package web

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gamelab/mastermind"
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

// guessShown is the computer's guess on the codemaker's board.
func (p *tab) guessShown() mastermind.Code {
	p.t.Helper()
	if !p.WaitFor(`document.body.dataset.phase === "answering"`) {
		p.t.Fatalf("no guess to answer; message %q", p.Text("#message"))
	}
	return u8(webtest.Eval[[]int](p.Browser, `[...document.querySelectorAll("#board .mm-row:last-child .peg")].map(p => Number(p.textContent))`))
}

// TestBrowserCodemaker makes a code the page knows, answers one guess
// wrongly (caught and named), and the rest rightly until the code is
// found; then keeps a code in the head and lies (caught by the server).
func TestBrowserCodemaker(t *testing.T) {
	for _, size := range []struct {
		name          string
		width, height int64
	}{{"phone", 390, 844}, {"desktop", 1280, 900}} {
		t.Run(size.name, func(t *testing.T) {
			webtest.Chromium(t)
			srv, _ := webtest.NewServer(t, "sqlite", New())
			p := &tab{Browser: webtest.NewBrowser(t, size.width, size.height), t: t, url: srv.URL}
			p.Open(srv.URL+"/mastermind/maker", "#code-palette .peg")
			p.Choose("strategy", "knuth")
			secret := mastermind.Code{5, 2, 2, 6}
			p.Keys("5226", true)
			g := p.guessShown()
			a := mastermind.Score(g, secret)
			p.Keys(fmt.Sprint((a.Blacks+1)%4, a.Whites), true)
			if msg := p.Text("#message"); !strings.HasPrefix(msg, "Not so: "+keysOf(g)+" against your code 5 2 2 6 is "+fmt.Sprintf("%d black, %d white", a.Blacks, a.Whites)) {
				t.Errorf("a wrong answer: %q", msg)
			}
			for n := 1; ; n++ {
				a := mastermind.Score(g, secret)
				p.Keys(fmt.Sprint(a.Blacks, a.Whites), true)
				if a.Blacks == 4 {
					if status := p.Text("#status"); status != fmt.Sprintf("Found in %d guesses.", n) {
						t.Errorf("found: %q", status)
					}
					break
				}
				if n == 6 {
					t.Fatal("knuth takes more than 5 guesses")
				}
				g = p.guessShown()
			}
			if !p.Visible("board", "answer") {
				t.Errorf("the board or the answer is not wholly in the window at %s", size.name)
			}
			p.Screenshot("mastermind-maker-" + size.name)

			p.Keys("n", false)
			p.Click("#head-button")
			// Nothing of any guess: soon no code is left, and the server
			// names the answer at fault, which the page takes back.
			for range 6 {
				p.guessShown()
				p.Keys("00", true)
				if p.Text("#message") != "" {
					break
				}
			}
			if msg := p.WaitText("#message"); !strings.Contains(msg, "contradicts the answers before it") {
				t.Errorf("a lie: %q", msg)
			}
			if !p.WaitFor(`document.body.dataset.phase === "answering"`) {
				t.Error("the page is not back at the answer at fault")
			}
		})
	}
}

func keysOf(c mastermind.Code) string { return strings.Trim(fmt.Sprint(ints(c)), "[]") }

// TestBrowserSolver pastes an instance and counts and lists its codes.
func TestBrowserSolver(t *testing.T) {
	webtest.Chromium(t)
	srv, _ := webtest.NewServer(t, "sqlite", New())
	p := webtest.NewBrowser(t, 390, 844)
	p.Open(srv.URL+"/mastermind/solver", "#instance")
	text, err := os.ReadFile("testdata/instances/b04-random-M6-H10-n4-s1.txt")
	if err != nil {
		t.Fatal(err)
	}
	p.Run(chromedp.SetValue("#instance", string(text)))
	p.Click("#count-button")
	if !p.WaitFor(`document.body.dataset.count === "3942"`) {
		t.Errorf("counted: %q %q", p.Text("#result"), p.Text("#message"))
	}
	p.Click("#list-button")
	if !p.WaitFor(`document.getElementById("codes").textContent.split("\n").length === 1000`) {
		t.Errorf("listed: %q", p.Text("#result"))
	}
	p.Run(chromedp.SetValue("#instance", "4\n1 2 3 9/9\n"))
	p.Click("#count-button")
	if msg := p.WaitText("#message"); !strings.HasPrefix(msg, "the instance: ") {
		t.Errorf("a bad instance: %q", msg)
	}
}

// TestBrowserWatch watches the codebreaker break a random code the page
// answers, fast, then steps a second one guess by guess.
func TestBrowserWatch(t *testing.T) {
	webtest.Chromium(t)
	srv, _ := webtest.NewServer(t, "sqlite", New())
	p := webtest.NewBrowser(t, 1280, 900)
	p.Open(srv.URL+"/mastermind/maker", "#code-palette .peg")
	p.Keys("w", false)
	p.Choose("speed", "200")
	if !p.WaitFor(`document.body.dataset.phase === "found"`) {
		t.Fatalf("watching: %q %q", p.Text("#status"), p.Text("#message"))
	}
	if status := p.Text("#status"); !strings.HasPrefix(status, "Found in ") {
		t.Errorf("found: %q", status)
	}
	p.Keys("n", false)
	p.Keys("w", false)
	p.Keys("p", false)
	p.WaitFor(`document.body.dataset.phase === "answering"`)
	rows := webtest.Eval[int](p, `document.querySelectorAll("#board .answers[data-answer]").length`)
	p.Keys(".", false)
	if !p.WaitFor(fmt.Sprintf(`document.querySelectorAll("#board .answers[data-answer]").length > %d || document.body.dataset.phase === "found"`, rows)) {
		t.Error("a step answered nothing")
	}
}
