package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gamelab/web/webtest"
)

// TestBrowserGame deals a table by keys and plays it to its end at a
// phone's width and a desktop's: Enter lays the card chosen (an allowed
// one), d draws when none is; the end reveals every rule. Games end at
// 150 turns here: some rules keep a table going for thousands.
func TestBrowserGame(t *testing.T) {
	for _, size := range []struct {
		name          string
		width, height int64
	}{{"phone", 390, 844}, {"desktop", 1280, 900}} {
		t.Run(size.name, func(t *testing.T) {
			webtest.Chromium(t)
			srv, _ := webtest.NewServer(t, "sqlite", NewCapped(150))
			p := webtest.NewBrowser(t, size.width, size.height)
			p.Open(srv.URL+"/pdd", "#deal-button")
			p.Choose("players", "3")
			p.Run(chromedp.KeyEvent(kb.Enter))
			if !p.WaitFor(`document.body.dataset.screen === "table"`) {
				t.Fatalf("no table: %q", p.Text("#setup-message"))
			}
			p.Choose("speed", "150")
			if !p.Visible("hand", "top") {
				t.Errorf("the hand or the pile is not in the window at %s", size.name)
			}
			p.Screenshot("pdd-" + size.name + "-table")
			for start := time.Now(); webtest.Eval[string](p, `document.body.dataset.status`) == "playing"; {
				if time.Since(start) > 3*time.Minute {
					t.Fatal("no end in three minutes")
				}
				p.WaitFor(`!window.gamelabPdd.busy`)
				if webtest.Eval[int](p, `window.gamelabPdd.game.allowed.length`) > 0 {
					p.Run(chromedp.KeyEvent(kb.Enter))
				} else {
					p.Run(chromedp.KeyEvent("d"))
				}
				p.Run(chromedp.Sleep(30 * time.Millisecond))
				if msg := p.Text("#message"); msg != "" {
					t.Fatalf("the page says %q", msg)
				}
			}
			if n := webtest.Eval[int](p, `document.querySelectorAll("#rules li").length`); n != 3 {
				t.Errorf("%d rules revealed, want 3", n)
			}
			if status := p.Text("#status"); !strings.Contains(status, "won") && !strings.Contains(status, "Nobody") {
				t.Errorf("the end: %q", status)
			}
			p.Screenshot("pdd-" + size.name + "-over")
		})
	}
	t.Run("advisor", func(t *testing.T) {
		webtest.Chromium(t)
		srv, _ := webtest.NewServer(t, "sqlite", NewCapped(150))
		p := webtest.NewBrowser(t, 1280, 900)
		p.Open(srv.URL+"/pdd", "#deal-button")
		p.Choose("players", "2")
		p.Click("#deal-button")
		p.WaitFor(`document.body.dataset.screen === "table"`)
		p.Choose("speed", "150")
		p.Keys("a", false)
		if !p.WaitFor(`document.body.dataset.status !== "playing"`) {
			// Ten seconds were not enough: the advisor plays on.
			if webtest.Eval[int](p, `window.gamelabPdd.game.turns`) < 4 {
				t.Fatalf("the advisor did not play: %q", p.Text("#message"))
			}
			return
		}
		if n := webtest.Eval[int](p, `document.querySelectorAll("#rules li").length`); n != 2 {
			t.Errorf("%d rules revealed, want 2", n)
		}
	})
	t.Run("help", func(t *testing.T) {
		webtest.Chromium(t)
		srv, _ := webtest.NewServer(t, "sqlite", New())
		p := webtest.NewBrowser(t, 390, 844)
		p.Open(srv.URL+"/pdd/help", "#language")
		if text := p.Text("main"); !strings.Contains(text, "secretly invents a rule") || !strings.Contains(text, "values within 2") {
			t.Errorf("the help page: %.200q", text)
		}
	})
}
