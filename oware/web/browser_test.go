package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"gamelab/oware"
	"gamelab/web/webtest"
)

// TestBrowserGame plays a whole game by keys against the source's
// minimax at a phone's width and a desktop's (the house under the
// cursor, Enter), saves its record, then watches two engines play.
func TestBrowserGame(t *testing.T) {
	for _, size := range []struct {
		name          string
		width, height int64
	}{{"phone", 390, 844}, {"desktop", 1280, 900}} {
		t.Run(size.name, func(t *testing.T) {
			webtest.Chromium(t)
			srv, _ := webtest.NewServer(t, "sqlite", New(nil))
			p := webtest.NewBrowser(t, size.width, size.height)
			p.Open(srv.URL+"/oware", "#row-south .house")
			webtest.Eval[bool](p, `(document.getElementById("speed").value = "40", true)`)
			p.Choose("opponent", "minimax")
			if !p.Visible("row-north", "row-south", "store-south", "store-north") {
				t.Errorf("the board is not wholly in the window at %s", size.name)
			}
			for start := time.Now(); webtest.Eval[string](p, `document.body.dataset.status || ""`) == "playing"; {
				if time.Since(start) > 3*time.Minute {
					t.Fatal("no end in three minutes")
				}
				if !p.WaitFor(`!window.gamelabOware.busy`) {
					t.Fatal("the page stays busy")
				}
				p.Run(chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.Enter))
				p.Run(chromedp.Sleep(50 * time.Millisecond))
			}
			end := p.WaitText("#end-line")
			if !strings.Contains(end, "wins") && !strings.Contains(end, "draw") {
				t.Errorf("the end: %q", end)
			}
			p.Screenshot("oware-" + size.name + "-over")
			p.CloseDialogs("#end-line")
			p.Keys("s", false)
			record := webtest.Eval[string](p, `document.body.dataset.record || ""`)
			g, err := oware.ParseRecord(strings.NewReader(record))
			if err != nil || !g.Over() {
				t.Errorf("the record saved %q: %v", record, err)
			}

			p.Keys("w", false)
			if !p.WaitFor(`(document.body.dataset.watched || "").length >= 6`) {
				t.Errorf("watching: %q %q", p.Text("#status"), p.Text("#message"))
			}
			p.Keys("p", false)
			p.Screenshot("oware-" + size.name + "-watch")
		})
	}
}
