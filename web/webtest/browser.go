package webtest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// Chromium returns the browser the tests drive: Debian's Chromium. A
// machine without it skips them, saying so; CI (CI set) installs it, and
// fails without it.
func Chromium(t testing.TB) string {
	t.Helper()
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

// Browser is a tab of headless Chromium, width by height pixels (a
// phone's, with touch, under 600).
type Browser struct {
	t   testing.TB
	ctx context.Context
}

// NewBrowser starts Chromium for the test.
func NewBrowser(t testing.TB, width, height int64) *Browser {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(Chromium(t)), chromedp.NoSandbox,
		chromedp.WindowSize(int(width), int(height)), chromedp.Flag("disable-dev-shm-usage", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	b := &Browser{t: t, ctx: ctx}
	viewport := []chromedp.EmulateViewportOption{chromedp.EmulatePortrait}
	if width < 600 {
		viewport = append(viewport, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	b.Run(chromedp.EmulateViewport(width, height, viewport...))
	return b
}

// Run runs actions that return nothing.
func (b *Browser) Run(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatal(err)
	}
}

// Eval returns the value of a JavaScript expression in the page.
func Eval[T any](b *Browser, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatal(err)
	}
	return v
}

// EvalAsync returns the value a JavaScript expression's promise
// resolves to (an async function's, an import's).
func EvalAsync[T any](b *Browser, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatal(err)
	}
	return v
}

// Open loads url and waits until sel is visible.
func (b *Browser) Open(url, sel string) {
	b.t.Helper()
	b.Run(chromedp.Navigate(url), chromedp.WaitVisible(sel), chromedp.Sleep(200*time.Millisecond))
}

// Choose sets a selector of the page, as a person picks an option.
func (b *Browser) Choose(id, value string) {
	b.t.Helper()
	b.Run(chromedp.SetValue("#"+id, value))
	Eval[bool](b, fmt.Sprintf(`document.getElementById(%q).dispatchEvent(new Event("change"))`, id))
	b.Run(chromedp.Sleep(400 * time.Millisecond))
}

// Keys types keys, then Enter if enter is set.
func (b *Browser) Keys(keys string, enter bool) {
	b.t.Helper()
	b.Run(chromedp.KeyEvent(keys))
	if enter {
		b.Run(chromedp.KeyEvent(kb.Enter))
	}
	b.Run(chromedp.Sleep(250 * time.Millisecond))
}

// Click clicks the element sel selects.
func (b *Browser) Click(sel string) {
	b.t.Helper()
	b.Run(chromedp.Click(sel), chromedp.Sleep(300*time.Millisecond))
}

// Text is the text of the element sel selects.
func (b *Browser) Text(sel string) string {
	b.t.Helper()
	return Eval[string](b, fmt.Sprintf(`document.querySelector(%q).textContent`, sel))
}

// WaitText waits up to ten seconds for the text of sel to be other than
// "", and returns it.
func (b *Browser) WaitText(sel string) string {
	b.t.Helper()
	for start := time.Now(); time.Since(start) < 10*time.Second; {
		if s := b.Text(sel); s != "" {
			return s
		}
		b.Run(chromedp.Sleep(100 * time.Millisecond))
	}
	return ""
}

// WaitFor waits up to ten seconds for a JavaScript expression to be
// true in the page, and reports whether it came true.
func (b *Browser) WaitFor(expr string) bool {
	b.t.Helper()
	for start := time.Now(); time.Since(start) < 10*time.Second; {
		if Eval[bool](b, "!!("+expr+")") {
			return true
		}
		b.Run(chromedp.Sleep(50 * time.Millisecond))
	}
	return false
}

// CloseDialogs closes the dialogs open, as Escape does, and empties the
// element endLine selects (if not "") for the next game's end.
func (b *Browser) CloseDialogs(endLine string) {
	b.t.Helper()
	b.Run(chromedp.KeyEvent(kb.Escape), chromedp.Sleep(150*time.Millisecond))
	Eval[bool](b, fmt.Sprintf(`(document.querySelectorAll("dialog[open]").forEach(d => d.close()), %q && (document.querySelector(%q).textContent = ""), true)`, endLine, endLine))
}

// Visible reports whether the elements of the ids given are wholly in
// the window.
func (b *Browser) Visible(ids ...string) bool {
	b.t.Helper()
	list := ""
	for _, id := range ids {
		list += fmt.Sprintf("%q,", id)
	}
	return Eval[bool](b, `[`+list+`].every(id => {
		const r = document.getElementById(id).getBoundingClientRect();
		return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
	})`)
}

// Screenshot saves the whole page as testdata/screenshots/name.png.
func (b *Browser) Screenshot(name string) {
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

// Context is the tab's, for chromedp actions of the test's own.
func (b *Browser) Context() context.Context { return b.ctx }
