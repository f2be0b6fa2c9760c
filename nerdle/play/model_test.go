package play

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"gamelab/internal/stats"
	"gamelab/internal/store"
	"gamelab/internal/tui"
	"gamelab/internal/tui/tuitest"
	"gamelab/nerdle"
)

func TestMain(m *testing.M) { os.Exit(tuitest.Main(m)) }

// newModel returns a model playing secret, with no list to draw the next
// secrets from but a fixed one.
func newModel(t *testing.T, secret string, rows int) *Model {
	t.Helper()
	g, err := nerdle.NewGame(nerdle.MustParseEquation(secret), rows, nerdle.Standard)
	if err != nil {
		t.Fatal(err)
	}
	return New(Options{Length: len(secret), Rows: rows, Resume: g, Equations: []nerdle.Equation{nerdle.MustParseEquation(secret)}})
}

// Key messages as the terminal sends them.
var (
	left      = tea.KeyMsg{Type: tea.KeyLeft}
	right     = tea.KeyMsg{Type: tea.KeyRight}
	backspace = tea.KeyMsg{Type: tea.KeyBackspace}
	enter     = tea.KeyMsg{Type: tea.KeyEnter}
	esc       = tea.KeyMsg{Type: tea.KeyEsc}
)

func TestKeys(t *testing.T) {
	tests := []struct {
		name   string
		keys   []tea.Msg
		row    string
		cursor int
	}{
		{"typing moves right", []tea.Msg{tuitest.Runes("1"), tuitest.Runes("2")}, "12      ", 2},
		{"several runes at once", []tea.Msg{tuitest.Runes("12+3")}, "12+3    ", 4},
		{"typing past the end overwrites nothing", []tea.Msg{tuitest.Runes("12345678"), tuitest.Runes("9")}, "12345678", 8},
		{"a long paste fills the row only", []tea.Msg{tuitest.Runes("123456789")}, "12345678", 8},
		{"home goes to the first box", []tea.Msg{tuitest.Runes("123"), tea.KeyMsg{Type: tea.KeyHome}, tuitest.Runes("9")}, "923     ", 1},
		{"end goes to the first empty box", []tea.Msg{tuitest.Runes("123"), tea.KeyMsg{Type: tea.KeyHome}, tea.KeyMsg{Type: tea.KeyEnd}, tuitest.Runes("4")}, "1234    ", 4},
		{"end of a full row is past it", []tea.Msg{tuitest.Runes("12345678"), tea.KeyMsg{Type: tea.KeyHome}, tea.KeyMsg{Type: tea.KeyEnd}}, "12345678", 8},
		{"letters are ignored", []tea.Msg{tuitest.Runes("1a2")}, "12      ", 2},
		{"left stops at the left end", []tea.Msg{tuitest.Runes("1"), left, left, left}, "1       ", 0},
		{"right stops past the right end", []tea.Msg{right, right, right, right, right, right, right, right, right}, "        ", 8},
		{"left then type overwrites", []tea.Msg{tuitest.Runes("123"), left, left, tuitest.Runes("9")}, "193     ", 2},
		{"backspace on a symbol deletes it and stays", []tea.Msg{tuitest.Runes("123"), left, backspace}, "12      ", 2},
		{"backspace on an empty box deletes leftwards", []tea.Msg{tuitest.Runes("123"), backspace}, "12      ", 2},
		{"backspace twice", []tea.Msg{tuitest.Runes("123"), backspace, backspace}, "1       ", 1},
		{"backspace at the left end", []tea.Msg{backspace, backspace}, "        ", 0},
		{"backspace over a gap moves left", []tea.Msg{tuitest.Runes("1"), right, backspace, backspace}, "        ", 0},
		{"backspace at the right end on a symbol", []tea.Msg{tuitest.Runes("12345678"), backspace}, "1234567 ", 7},
		{"backspace in the last box", []tea.Msg{tuitest.Runes("12345678"), left, backspace}, "1234567 ", 7},
		{"enter on an incomplete row keeps it", []tea.Msg{tuitest.Runes("12+3"), enter}, "12+3    ", 4},
		{"enter on an invalid row keeps it", []tea.Msg{tuitest.Runes("9-2*4=28"), enter}, "9-2*4=28", 8},
		{"enter on a valid row clears it", []tea.Msg{tuitest.Runes("12+35=47"), enter}, "        ", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newModel(t, "23+34=57", 6)
			tuitest.Send(m, tt.keys...)
			if got := m.Row(); got != tt.row {
				t.Errorf("row %q, want %q", got, tt.row)
			}
			if m.Cursor() != tt.cursor {
				t.Errorf("cursor %d, want %d", m.Cursor(), tt.cursor)
			}
		})
	}
}

func TestEnterMessages(t *testing.T) {
	m := newModel(t, "23+34=57", 6)
	tuitest.Send(m, tuitest.Runes("12+3"), enter)
	if got, want := m.Message(), "Fill every box: 4 of 8 symbols typed."; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	tuitest.Send(m, tuitest.Runes("5=47"))
	if m.Message() != "" {
		t.Errorf("message %q not cleared by typing", m.Message())
	}
	tuitest.Send(m, backspace, tuitest.Runes("8"), enter)
	if got, want := m.Message(), "Not a valid equation: left side is 47, right side says 48."; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	tuitest.Send(m, left)
	if m.Message() != "" {
		t.Error("message not cleared by moving")
	}
	if len(m.Game().Rows()) != 0 {
		t.Error("an invalid row was played")
	}
}

func TestWinLoseAndAgain(t *testing.T) {
	m := newModel(t, "1+1=2", 2)
	tuitest.Send(m, tuitest.Runes("2*3=6"), enter, tuitest.Runes("1+1=2"), enter)
	if m.Game().Status() != nerdle.Won {
		t.Fatalf("status %v, want won", m.Game().Status())
	}
	rec := m.opts.Profile.Stats[StatsKey(5, 2, nerdle.Standard)]
	if rec == nil || rec.Played != 1 || rec.Won != 1 || rec.Tries[1] != 1 {
		t.Errorf("stats after a win in 2: %+v", rec)
	}
	// Typing after the end does nothing; n starts a new game.
	tuitest.Send(m, tuitest.Runes("1"))
	if len(m.Game().Rows()) != 2 {
		t.Error("a finished game took input")
	}
	tuitest.Send(m, tuitest.Runes("n"))
	if m.Game().Status() != nerdle.Playing || len(m.Game().Rows()) != 0 {
		t.Fatal("n did not start a new game")
	}
	tuitest.Send(m, tuitest.Runes("2*3=6"), enter, tuitest.Runes("1+2=3"), enter)
	if m.Game().Status() != nerdle.Lost {
		t.Fatalf("status %v, want lost", m.Game().Status())
	}
	if !strings.Contains(m.remark, "The answer was 1+1=2") {
		t.Errorf("remark %q does not show the answer", m.remark)
	}
	if rec.Played != 2 || rec.CurrentStreak != 0 {
		t.Errorf("stats after a loss: %+v", rec)
	}
	if cmd := tuitest.Send(m, tuitest.Runes("q")); cmd == nil {
		t.Error("q at the end does not quit")
	}
}

// fileUpdate returns an Options.Update that keeps the profile in a real
// store file, as the command does.
func fileUpdate(t *testing.T) (store.File, func(func(*Profile)) (*Profile, error)) {
	f := store.File{Path: filepath.Join(t.TempDir(), "nerdle.json"), Format: ProfileFormat, Version: ProfileVersion}
	return f, func(change func(*Profile)) (*Profile, error) { return store.Update(f, change) }
}

func TestQuitKeepsUnfinishedGame(t *testing.T) {
	f, update := fileUpdate(t)
	g, _ := nerdle.NewGame(nerdle.MustParseEquation("23+34=57"), 6, nerdle.Standard)
	m := New(Options{Length: 8, Resume: g, Update: update})
	tuitest.Send(m, tuitest.Runes("12+35=47"), enter)
	if cmd := tuitest.Send(m, esc); cmd == nil {
		t.Fatal("esc does not quit")
	}
	saved, err := store.Read[Profile](f)
	if err != nil {
		t.Fatal(err)
	}
	u := saved.Unfinished[StatsKey(8, 6, nerdle.Standard)]
	if u == nil || u.Secret != "23+34=57" || len(u.Guesses) != 1 {
		t.Fatalf("unfinished game not saved: %+v", u)
	}
	back, err := u.Restore()
	if err != nil || len(back.Rows()) != 1 || back.Secret() != g.Secret() {
		t.Errorf("restore: %v, %v", back, err)
	}
}

// TestSeededGameKeepsSavedOne: a replayed game neither overwrites the
// unfinished game saved before it nor deletes it when it ends.
func TestSeededGameKeepsSavedOne(t *testing.T) {
	f, update := fileUpdate(t)
	g, _ := nerdle.NewGame(nerdle.MustParseEquation("23+34=57"), 6, nerdle.Standard)
	m := New(Options{Length: 8, Resume: g, Update: update})
	tuitest.Send(m, tuitest.Runes("12+35=47"), enter)

	replay, _ := nerdle.NewGame(nerdle.MustParseEquation("10+20=30"), 6, nerdle.Standard)
	m2 := New(Options{Length: 8, Resume: replay, Update: update, Seed: tui.Seed{Given: true}})
	tuitest.Send(m2, tuitest.Runes("12+35=47"), enter, tuitest.Runes("10+20=30"), enter)
	if m2.Game().Status() != nerdle.Won {
		t.Fatalf("the replay is %v", m2.Game().Status())
	}
	saved, _ := store.Read[Profile](f)
	u := saved.Unfinished[StatsKey(8, 6, nerdle.Standard)]
	if u == nil || u.Secret != "23+34=57" {
		t.Errorf("the saved game is gone or replaced: %+v", u)
	}
	if r := saved.Stats.Get(StatsKey(8, 6, nerdle.Standard)); r.Played != 1 || r.Won != 1 {
		t.Errorf("the replay is not in the statistics: %+v", r)
	}
}

// TestTwoGamesAtOnce plays two models on one profile file, as two gamelab
// processes would: both results are kept.
func TestTwoGamesAtOnce(t *testing.T) {
	f, update := fileUpdate(t)
	key := StatsKey(5, 6, nerdle.Standard)
	a, _ := nerdle.NewGame(nerdle.MustParseEquation("1+2=3"), 6, nerdle.Standard)
	b, _ := nerdle.NewGame(nerdle.MustParseEquation("2+3=5"), 6, nerdle.Standard)
	ma := New(Options{Length: 5, Resume: a, Update: update, Profile: &Profile{}})
	mb := New(Options{Length: 5, Resume: b, Update: update, Profile: &Profile{}})
	tuitest.Send(ma, tuitest.Runes("2+3=5"), enter)
	tuitest.Send(mb, tuitest.Runes("2+3=5"), enter) // b wins
	tuitest.Send(ma, tuitest.Runes("1+2=3"), enter) // a wins in 2
	saved, _ := store.Read[Profile](f)
	if r := saved.Stats.Get(key); r.Played != 2 || r.Won != 2 || r.Tries[0] != 1 || r.Tries[1] != 1 {
		t.Errorf("after two games at once: %+v", r)
	}
	if len(saved.Unfinished) != 0 {
		t.Errorf("finished games left as unfinished: %+v", saved.Unfinished)
	}
}

func TestProfileValidate(t *testing.T) {
	good := func() *Profile {
		return &Profile{
			Settings: Settings{Length: 8, Rows: 6, Rules: "standard"},
			Stats:    map[string]*stats.Record{"8/standard/6": {Played: 2, Won: 1, BestStreak: 1, Tries: []int{0, 1}}},
			Unfinished: map[string]*Unfinished{"5/standard/6": {
				Settings: Settings{Length: 5, Rows: 6, Rules: "standard"}, Secret: "1+2=3", Guesses: []string{"2+3=5"}}},
		}
	}
	if err := good().Validate(); err != nil {
		t.Fatalf("a good profile: %v", err)
	}
	for name, spoil := range map[string]func(p *Profile){
		"length 12":           func(p *Profile) { p.Settings.Length = 12 },
		"rows 0 is unset":     nil,
		"rows 21":             func(p *Profile) { p.Settings.Rows = 21 },
		"rows -1":             func(p *Profile) { p.Settings.Rows = -1 },
		"unknown rules":       func(p *Profile) { p.Settings.Rules = "web" },
		"negative count":      func(p *Profile) { p.Stats["8/standard/6"].Played = -1 },
		"bad key":             func(p *Profile) { p.Stats["eight"] = &stats.Record{} },
		"key rows 50":         func(p *Profile) { p.Stats["8/standard/50"] = &stats.Record{} },
		"null record":         func(p *Profile) { p.Stats["8/standard/7"] = nil },
		"game of another key": func(p *Profile) { p.Unfinished["6/standard/6"] = p.Unfinished["5/standard/6"] },
		"invalid guess":       func(p *Profile) { p.Unfinished["5/standard/6"].Guesses = []string{"1+1=3"} },
		"daily of no day":     func(p *Profile) { p.Daily = map[string]*DailyGame{"daily/8/standard": {Day: "today"}} },
		"daily bad key":       func(p *Profile) { p.Daily = map[string]*DailyGame{"daily/8": {Day: "2026-11-30"}} },
		"game over":           func(p *Profile) { p.Unfinished["5/standard/6"].Guesses = []string{"1+2=3"} },
	} {
		p := good()
		if spoil == nil {
			p.Settings.Rows = 0
			if err := p.Validate(); err != nil {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		spoil(p)
		if p.Validate() == nil {
			t.Errorf("%s: passes", name)
		}
	}
}

func TestLoadsEquationsThenStarts(t *testing.T) {
	m := New(Options{Length: 6, Rand: rand.New(rand.NewPCG(1, 1))})
	if m.Game() != nil {
		t.Fatal("game before the equations")
	}
	tuitest.Send(m, m.Init()())
	if m.Game() == nil || m.Game().Length() != 6 {
		t.Fatal("no game after loading")
	}
}

func TestRemark(t *testing.T) {
	tests := []struct {
		secret  string
		rows    int
		guesses []string
		want    string
	}{
		{"1+1=2", 6, []string{"1+1=2"}, "Genius! First try."},
		{"1+1=2", 6, []string{"2*3=6", "1+1=2"}, "Magnificent!"},
		{"1+1=2", 3, []string{"2*3=6", "2*4=8", "1+1=2"}, "Phew! Just in time."},
		{"1+1=2", 2, []string{"2*3=6", "2*4=8"}, "Not this time. The answer was 1+1=2."},
		{"1+1=2", 2, []string{"2*3=6", "1+2=3"}, "So close! The answer was 1+1=2."},
		{"12+35=47", 1, []string{"12+34=46"}, "So close! The answer was 12+35=47."},
		{"12+35=47", 1, []string{"21+26=47"}, "Nearly there. The answer was 12+35=47."},
		{"1+1=2", 2, []string{"1+2=3"}, "Last row. Make it count!"},
		{"23+34=57", 6, []string{"9*9-0=81"}, "A start. Read the colours."},
		{"12+35=47", 6, []string{"12+36=48"}, "Getting warm!"},
		{"12+35=47", 6, []string{"13+35=48"}, "Getting warm!"},
		{"12+35=47", 6, []string{"12+35=47"}, "Genius! First try."},
		{"12+35=47", 6, []string{"11+36=47"}, "Getting warm!"},
		{"12+35=47", 6, []string{"12+34=46", "12+36=48"}, "Getting warm!"},
		{"12+35=47", 6, []string{"9*9-0=81", "9*8-0=72"}, "Keep going."},
		{"12+35=47", 6, []string{"9*9-0=81", "9*8-0=72", "6*6-0=36"}, "That is taking a while…"},
		{"4/2=2", 6, []string{"4-2=2"}, "One symbol away!"},
	}
	for _, tt := range tests {
		g, err := nerdle.NewGame(nerdle.MustParseEquation(tt.secret), tt.rows, nerdle.Standard)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range tt.guesses {
			if _, err := g.Guess(s); err != nil {
				t.Fatalf("%s: %v", s, err)
			}
		}
		if got := Remark(g); got != tt.want {
			t.Errorf("%s after %v: %q, want %q", tt.secret, tt.guesses, got, tt.want)
		}
	}
}

// TestRenderRow draws a row through the real renderer with true colour on,
// so the golden file pins the colours of every kind of box.
func TestRenderRow(t *testing.T) {
	row := nerdle.Row{Guess: nerdle.MustParseEquation("12+35=47"), Feedback: nerdle.Score(nerdle.MustParseEquation("23+34=57"), nerdle.MustParseEquation("12+35=47"))}
	out := RenderRow(GuessCells(row, usual), large) + "\n\n" + RenderRow(GuessCells(row, colourBlind), small) + "\n\n" + RenderRow(InputCells("9-2 ", 3), small) + "\n\n" + RenderRow(EmptyCells(3), small)
	golden.RequireEqual(t, out)
}

// TestView pins whole screens, colours stripped, at the moments a player
// sees: mid-game with an error, after a win, and in a small terminal.
func TestView(t *testing.T) {
	t.Run("playing", func(t *testing.T) {
		m := newModel(t, "23+34=57", 6)
		tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 40}, tuitest.Runes("12+35=47"), enter, tuitest.Runes("9-2*4=28"), enter)
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
	t.Run("won", func(t *testing.T) {
		m := newModel(t, "1+1=2", 6)
		tuitest.Send(m, tea.WindowSizeMsg{Width: 60, Height: 42}, tuitest.Runes("2*3=6"), enter, tuitest.Runes("1+1=2"), enter)
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
	t.Run("small", func(t *testing.T) {
		m := newModel(t, "12+34-5=41", 6)
		tuitest.Send(m, tea.WindowSizeMsg{Width: 50, Height: 24}, tuitest.Runes("1+2*3"))
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
	t.Run("too small", func(t *testing.T) {
		m := newModel(t, "12+34-5=41", 6)
		tuitest.Send(m, tea.WindowSizeMsg{Width: 30, Height: 10})
		golden.RequireEqual(t, ansi.Strip(m.View()))
	})
}

func TestHint(t *testing.T) {
	list, _ := nerdle.Enumerate(6, nerdle.Standard)
	g, _ := nerdle.NewGame(nerdle.MustParseEquation("4*7=28"), 6, nerdle.Standard)
	m := New(Options{Length: 6, Resume: g, Equations: list})
	tuitest.Send(m, tuitest.Runes("10-4=6"), enter)
	cmd := tuitest.Send(m, tuitest.Runes("h"))
	if cmd == nil || !m.thinking {
		t.Fatal("h did not start a hint")
	}
	if tuitest.Send(m, tuitest.Runes("h")) != nil {
		t.Error("a second hint started while thinking")
	}
	tuitest.Send(m, cmd())
	if m.thinking || !strings.HasPrefix(m.hint, "Hint: try ") || !strings.Contains(m.hint, "possible") {
		t.Errorf("hint %q", m.hint)
	}
	// The hint names a valid guess, and the equations it counts are those
	// consistent with the row played.
	var guess string
	var remaining int
	if _, err := fmt.Sscanf(m.hint, "Hint: try %s (%d", &guess, &remaining); err != nil {
		t.Fatalf("hint %q: %v", m.hint, err)
	}
	if nerdle.Check(guess, nerdle.Standard) != nil {
		t.Errorf("hint %s is not valid", guess)
	}
	want := 0
	for _, e := range list {
		if nerdle.Score(e, nerdle.MustParseEquation("10-4=6")) == g.Rows()[0].Feedback {
			want++
		}
	}
	if remaining != want {
		t.Errorf("hint counts %d, want %d", remaining, want)
	}
}

// TestDaily plays the daily puzzle: everyone's is the same, it is counted
// apart, and once played it is shown again rather than played twice.
func TestDaily(t *testing.T) {
	f, update := fileUpdate(t)
	list, _ := nerdle.Enumerate(5, nerdle.Standard)
	opts := func() Options {
		saved, _ := store.Read[Profile](f) // as the command loads it
		return Options{Length: 5, Rules: nerdle.Standard, Equations: list, Daily: "2026-11-30", Update: update, Profile: saved}
	}
	m := New(opts())
	secret := nerdle.DailySecret("2026-11-30", list, nerdle.Standard)
	if m.Game().Secret() != secret || m.Game().MaxRows() != nerdle.DefaultRows {
		t.Fatalf("daily game: secret %v, %d rows", m.Game().Secret(), m.Game().MaxRows())
	}
	tuitest.Send(m, tuitest.Runes(secret.String()), enter)
	p := m.opts.Profile
	if r := p.Stats.Get(DailyKey(5, nerdle.Standard)); r.Won != 1 || r.LastDay != "2026-11-30" || r.CurrentStreak != 1 {
		t.Errorf("daily record: %+v", r)
	}
	if r := p.Stats.Get(StatsKey(5, 6, nerdle.Standard)); r.Played != 0 {
		t.Errorf("the daily game counted as free play: %+v", r)
	}
	again := New(opts())
	if g := again.Game(); g.Status() != nerdle.Won || len(g.Rows()) != 1 {
		t.Fatalf("the daily game played again: %v after %d rows", g.Status(), len(g.Rows()))
	}
	tuitest.Send(again, enter) // the next game is free play
	if again.daily != "" || again.Game().Status() != nerdle.Playing {
		t.Errorf("after the daily game: daily %q, status %v", again.daily, again.Game().Status())
	}
	if r := again.opts.Profile.Stats.Get(DailyKey(5, nerdle.Standard)); r.Played != 1 {
		t.Errorf("the daily game was counted twice: %+v", r)
	}
}

func TestShare(t *testing.T) {
	var copied string
	g, _ := nerdle.NewGame(nerdle.MustParseEquation("12+35=47"), 6, nerdle.Standard)
	m := New(Options{Length: 8, Resume: g, Seed: tui.Seed{Value: 42, Given: true}, Clipboard: func(s string) error { copied = s; return nil }})
	tuitest.Send(m, tuitest.Runes("12+34=46"), enter, tuitest.Runes("s")) // s is no symbol: nothing happens mid-game
	if copied != "" {
		t.Fatal("shared before the end")
	}
	tuitest.Send(m, tuitest.Runes("12+35=47"), enter, tuitest.Runes("s"))
	want := "gamelab Nerdle 8 · seed 42 #1 · 2/6\n🟩🟩🟩🟩⬛🟩🟩⬛\n🟩🟩🟩🟩🟩🟩🟩🟩"
	if copied != want || m.Shared() != want {
		t.Errorf("shared %q, want %q", copied, want)
	}
	if strings.Contains(copied, "12+35=47") || !strings.Contains(ansi.Strip(m.View()), "🟩🟩🟩🟩⬛🟩🟩⬛") {
		t.Error("the grid shows the equation, or is not on screen")
	}
}

// TestSettingsScreen flips each setting from the screen: it is saved and
// applies to the game on the board.
func TestSettingsScreen(t *testing.T) {
	f, update := fileUpdate(t)
	g, _ := nerdle.NewGame(nerdle.MustParseEquation("12+35=47"), 6, nerdle.Standard)
	m := New(Options{Length: 8, Resume: g, Update: update})
	space := tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")}
	down := tea.KeyMsg{Type: tea.KeyDown}
	tuitest.Send(m, tuitest.Runes("o"))
	if !strings.Contains(ansi.Strip(m.View()), "SETTINGS") {
		t.Fatal("o does not open the settings")
	}
	tuitest.Send(m, space, down, space, down, space, esc)
	saved, _ := store.Read[Profile](f)
	s := saved.Settings
	if s.Commutative == nil || !*s.Commutative || !s.ColourBlind || !s.Hard {
		t.Fatalf("settings saved: %+v", s)
	}
	if mode := m.Game().Mode(); !mode.Commutative || !mode.Hard {
		t.Errorf("the game's mode is %+v", mode)
	}
	tuitest.Send(m, tuitest.Runes("35+12=47"), enter)
	if m.Game().Status() != nerdle.Won || !strings.Contains(m.remark, "reordered") {
		t.Errorf("a reordered answer with commutative answers on: %v, %q", m.Game().Status(), m.remark)
	}
}

func TestHardModeMessage(t *testing.T) {
	g, _ := nerdle.NewGame(nerdle.MustParseEquation("12+35=47"), 6, nerdle.Standard)
	m := New(Options{Length: 8, Resume: g, Profile: &Profile{Settings: Settings{Hard: true}}})
	tuitest.Send(m, tuitest.Runes("12+34=46"), enter, tuitest.Runes("10+20=30"), enter)
	if m.Message() != "Hard mode: box 2 must be 2, as it was green." || len(m.Game().Rows()) != 1 {
		t.Errorf("message %q after %d rows", m.Message(), len(m.Game().Rows()))
	}
}

func TestHelpScreen(t *testing.T) {
	m := newModel(t, "23+34=57", 6)
	tuitest.Send(m, tea.WindowSizeMsg{Width: 100, Height: 40}, tuitest.Runes("?"))
	view := ansi.Strip(m.View())
	for _, want := range []string{"HOW TO PLAY", "right symbol, right place", "+ 3 = 7 right; 2 5 4 elsewhere; 1 not in it.", "h hint"} {
		if !strings.Contains(view, want) {
			t.Errorf("help lacks %q:\n%s", want, view)
		}
	}
	tuitest.Send(m, esc)
	if strings.Contains(ansi.Strip(m.View()), "HOW TO PLAY") {
		t.Error("esc does not close the help")
	}
	tuitest.Send(m, tuitest.Runes("1"))
	if m.Row()[0] != '1' {
		t.Error("typing after the help does not type")
	}
}

// TestHelpLineFits: at 100x24 the help line stays on one line.
func TestHelpLineFits(t *testing.T) {
	m := newModel(t, "23+34=57", 6)
	tuitest.Send(m, tea.WindowSizeMsg{Width: 100, Height: 24})
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "←/→ move • ⌫ delete • enter guess • h hint • n new game • ? help • o settings • esc quit") {
		t.Errorf("at 100x24 the help line wraps or is gone:\n%s", view)
	}
}

// TestEndScreenFits: at 100x24 the end of a game, shared or not, fits.
func TestEndScreenFits(t *testing.T) {
	for _, secret := range []string{"23+34=57", "12+34-5=41", "100-99+2=3"} {
		m := newModel(t, secret, 6)
		tuitest.Send(m, tea.WindowSizeMsg{Width: 100, Height: 24}, tuitest.Runes(secret), enter)
		for _, step := range []string{"ended", "shared"} {
			if view := ansi.Strip(m.View()); strings.Contains(view, "too small") || !strings.Contains(view, "Solved in 1 of 6") {
				t.Errorf("%s, %s, at 100x24:\n%s", secret, step, view)
			}
			tuitest.Send(m, tuitest.Runes("s"))
		}
	}
}

// TestGiveUp: n over a game with rows asks first; the second n counts it
// lost, says the answer and starts the next game.
func TestGiveUp(t *testing.T) {
	list, _ := nerdle.Enumerate(5, nerdle.Standard)
	g, _ := nerdle.NewGame(nerdle.MustParseEquation("4+1=5"), 6, nerdle.Standard)
	saved := &Profile{}
	update := func(change func(*Profile)) (*Profile, error) { change(saved); return saved, nil }
	m := New(Options{Length: 5, Rows: 6, Resume: g, Equations: list, Update: update, Profile: saved})
	tuitest.Send(m, tuitest.Runes("1+2=3"), enter, tuitest.Runes("n"))
	if m.Game() != g || !strings.Contains(m.message, "Give this game up?") {
		t.Fatalf("the first n: %q", m.message)
	}
	tuitest.Send(m, tuitest.Runes("n"))
	if m.Game() == g || !strings.Contains(m.message, "4+1=5") {
		t.Fatalf("the second n: %q", m.message)
	}
	if r := saved.Stats.Get(StatsKey(5, 6, nerdle.Standard)); r.Played != 1 || r.Won != 0 {
		t.Errorf("the game given up: %+v", r)
	}
}
