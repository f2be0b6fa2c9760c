package play

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"gamelab/internal/bench"
	"gamelab/internal/stats"
	"gamelab/internal/store"
	"gamelab/internal/tui"
	"gamelab/internal/tui/tuitest"
	"gamelab/twenty48"
	"gamelab/twenty48/player"
)

func TestMain(m *testing.M) { os.Exit(tuitest.Main(m)) }

var (
	up    = tea.KeyMsg{Type: tea.KeyUp}
	down  = tea.KeyMsg{Type: tea.KeyDown}
	left  = tea.KeyMsg{Type: tea.KeyLeft}
	right = tea.KeyMsg{Type: tea.KeyRight}
	esc   = tea.KeyMsg{Type: tea.KeyEsc}
	enter = tea.KeyMsg{Type: tea.KeyEnter}
)

func newModel(t *testing.T, opts Options) *Model {
	t.Helper()
	m, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestMovesFollowTheEngine plays keys and the engine side by side.
func TestMovesFollowTheEngine(t *testing.T) {
	m := newModel(t, Options{Seed: tui.Seed{Value: 42, Given: true}, Profile: &Profile{Settings: Settings{NoAnimation: true}}})
	g, _ := twenty48.New(4, 42, twenty48.ClassicMode, 0)
	for i, k := range []tea.KeyMsg{left, down, left, left, up, right, down, up, left} {
		tuitest.Send(m, k)
		g.Play(twenty48.Move([]twenty48.Direction{twenty48.Left, twenty48.Down, twenty48.Left, twenty48.Left, twenty48.Up, twenty48.Right, twenty48.Down, twenty48.Up, twenty48.Left}[i]), nil)
		if m.Game().Grid() != g.Grid() || m.Game().Score() != g.Score() {
			t.Fatalf("key %d: the model's board\n%vthe engine's\n%v", i, m.Game().Grid(), g.Grid())
		}
	}
}

func TestUndoKeys(t *testing.T) {
	m := newModel(t, Options{Seed: tui.Seed{Value: 7, Given: true}, Undo: 1, Profile: &Profile{Settings: Settings{NoAnimation: true}}})
	start := m.Game().Grid()
	tuitest.Send(m, left, tuitest.Runes("u"))
	if m.Game().Grid() != start || !strings.Contains(m.message, "Undone") {
		t.Errorf("undo: %q\n%v", m.message, m.Game().Grid())
	}
	tuitest.Send(m, tuitest.Runes("u"))
	if !strings.Contains(m.message, "Nothing more to undo") {
		t.Errorf("a second undo: %q", m.message)
	}
	none := newModel(t, Options{Seed: tui.Seed{Value: 7, Given: true}})
	tuitest.Send(none, left, tuitest.Runes("u"))
	if !strings.Contains(none.message, "--undo") {
		t.Errorf("undo when it is off: %q", none.message)
	}
}

func TestNewGameAndRecord(t *testing.T) {
	f := store.File{Path: filepath.Join(t.TempDir(), "2048.json"), Format: ProfileFormat, Version: ProfileVersion}
	update := func(c func(*Profile)) (*Profile, error) { return store.Update(f, c) }
	m := newModel(t, Options{Seed: tui.Seed{Value: 5, Given: true}, Update: update})
	tuitest.Send(m, left, up, right)
	score := m.Game().Score()
	tuitest.Send(m, tuitest.Runes("n"))
	if m.Game().Seed() != 6 || len(m.Game().Moves()) != 0 {
		t.Errorf("the new game has seed %d and %d moves", m.Game().Seed(), len(m.Game().Moves()))
	}
	saved, _ := store.Read[Profile](f)
	r := saved.Stats.Get(StatsKey(4, twenty48.ClassicMode))
	if r.Played != 1 || r.BestScore != score {
		t.Errorf("record after one game: %+v, want its score %d", r, score)
	}
	tuitest.Send(m, esc) // nothing played: nothing counted
	saved, _ = store.Read[Profile](f)
	if saved.Stats.Get(StatsKey(4, twenty48.ClassicMode)).Played != 1 {
		t.Error("an empty game was counted")
	}
}

func TestWonAndOver(t *testing.T) {
	m := newModel(t, Options{Seed: tui.Seed{Value: 1, Given: true}, Profile: &Profile{Settings: Settings{NoAnimation: true}}})
	won, _ := twenty48.GridOf(4,
		10, 10, 0, 0,
		0, 0, 0, 0,
		0, 0, 0, 0,
		0, 0, 0, 0)
	setGrid(m, won)
	tuitest.Send(m, left)
	if !m.Game().Won() || !m.winPause || !strings.Contains(ansi.Strip(m.View()), "You made 2048!") {
		t.Errorf("after 1024+1024: %q\n%s", m.message, ansi.Strip(m.View()))
	}
	moves := len(m.Game().Moves())
	tuitest.Send(m, right)
	if len(m.Game().Moves()) != moves {
		t.Error("a move was played while the board waited for a choice")
	}
	tuitest.Send(m, enter, right)
	if m.winPause || len(m.Game().Moves()) != moves+1 {
		t.Errorf("enter did not keep going: pause %v, %d moves", m.winPause, len(m.Game().Moves()))
	}
	tuitest.Send(m, tuitest.Runes("n"))
	stuck, _ := twenty48.GridOf(4,
		1, 2, 1, 2,
		2, 1, 2, 1,
		1, 2, 1, 2,
		2, 1, 2, 0)
	setGrid(m, stuck)
	tuitest.Send(m, right) // the last cell fills, and nothing can move
	for !m.Game().Over() {
		tuitest.Send(m, left, right, up, down)
	}
	if !strings.Contains(m.message, "Game over") && !strings.Contains(m.message, "over") {
		t.Errorf("game over message: %q", m.message)
	}
}

// setGrid puts a game from a position on the model, for tests of a game's
// ends.
func setGrid(m *Model, grid twenty48.Grid) {
	g, err := twenty48.NewFrom(grid, 1, m.opts.Mode, m.opts.Undo)
	if err != nil {
		panic(err)
	}
	m.game = g
}

func TestSlideAnimation(t *testing.T) {
	m := newModel(t, Options{Seed: tui.Seed{Value: 42, Given: true}})
	before := m.Game().Grid()
	cmd := tuitest.Send(m, left)
	if cmd == nil || m.slides == nil {
		t.Fatal("a move starts no slide")
	}
	first := m.slideFrame()
	if first == before || first == m.Game().Grid() {
		t.Errorf("the first frame is the board before or after:\n%v", first)
	}
	for range slideFrames {
		tuitest.Send(m, frameMsg{})
	}
	if m.slides != nil {
		t.Error("the slide does not end")
	}
	tuitest.Send(m, tuitest.Runes("m"))
	if !m.opts.Profile.Settings.NoAnimation || tuitest.Send(m, right) != nil {
		t.Error("m does not turn the animation off")
	}
}

func TestSaveReplay(t *testing.T) {
	var saved twenty48.Record
	m := newModel(t, Options{Seed: tui.Seed{Value: 9, Given: true}, SaveReplay: func(r twenty48.Record) (string, error) { saved = r; return "x.json", nil }})
	tuitest.Send(m, left, up, tuitest.Runes("r"))
	if saved.Seed != 9 || len(saved.Moves) != len(m.Game().Moves()) || !strings.Contains(m.message, "2048 replay x.json") {
		t.Errorf("saved %+v, message %q", saved, m.message)
	}
}

func TestShuffleKey(t *testing.T) {
	m := newModel(t, Options{Seed: tui.Seed{Value: 3, Given: true}, Mode: twenty48.ShuffleMode})
	tuitest.Send(m, tuitest.Runes("x"))
	if moves := m.Game().Moves(); len(moves) != 1 || moves[0] != twenty48.ShuffleMove {
		t.Errorf("x in the shuffle mode: moves %v", moves)
	}
	c := newModel(t, Options{Seed: tui.Seed{Value: 3, Given: true}})
	tuitest.Send(c, tuitest.Runes("x"))
	if len(c.Game().Moves()) != 0 {
		t.Error("x shuffles in the classic mode")
	}
}

// TestView pins the screen in golden files, colours stripped: a game at
// every tile size, and a terminal too small.
func TestView(t *testing.T) {
	for _, tc := range []struct {
		name          string
		width, height int
		size          int
	}{
		{"large", 80, 40, 4},
		{"medium", 60, 30, 4},
		{"small", 40, 24, 4},
		{"eight", 80, 45, 8},
		{"too_small", 30, 12, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newModel(t, Options{Seed: tui.Seed{Value: 42, Given: true}, Size: tc.size, Undo: 2, Profile: &Profile{Settings: Settings{NoAnimation: true}}})
			tuitest.Send(m, tea.WindowSizeMsg{Width: tc.width, Height: tc.height}, left, down, left)
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
	}
}

// TestTilesFitEveryLabel: every tile size holds the longest label, and
// every value has its own colour.
func TestTilesFitEveryLabel(t *testing.T) {
	for _, size := range tileSizes {
		for e := uint8(1); e <= 17; e++ {
			tile := renderTile(e, size)
			if w, h := lipgloss.Width(tile), lipgloss.Height(tile); w != size.width || h != size.height {
				t.Errorf("%s in a %d×%d tile is %d×%d", twenty48.Label(e), size.width, size.height, w, h)
			}
			if !strings.Contains(ansi.Strip(tile), twenty48.Label(e)) {
				t.Errorf("%s does not show whole in a %d×%d tile", twenty48.Label(e), size.width, size.height)
			}
		}
	}
	seen := map[string]uint8{}
	for e := uint8(1); e <= 17; e++ {
		_, bg := tileStyle(e)
		key := lipgloss.NewStyle().Background(bg).Render(" ")
		if prev, ok := seen[key]; ok {
			t.Errorf("%s and %s share a colour", twenty48.Label(prev), twenty48.Label(e))
		}
		seen[key] = e
	}
}

func TestReplayView(t *testing.T) {
	g, _ := twenty48.New(4, 11, twenty48.ClassicMode, 0)
	for _, d := range []twenty48.Direction{twenty48.Left, twenty48.Up, twenty48.Right, twenty48.Down} {
		g.Play(twenty48.Move(d), nil)
	}
	r, err := NewReplay(g.Record())
	if err != nil {
		t.Fatal(err)
	}
	tuitest.Send(r, tea.WindowSizeMsg{Width: 80, Height: 40})
	tuitest.Send(r, tui.ClockTick{}, tui.ClockTick{})
	if r.At() != 2 {
		t.Fatalf("after two ticks: move %d", r.At())
	}
	tuitest.Send(r, tuitest.Runes(" "), tui.ClockTick{})
	if r.At() != 2 {
		t.Error("a paused replay moves on")
	}
	tuitest.Send(r, left, left, left)
	if r.At() != 0 {
		t.Errorf("back to the start: move %d", r.At())
	}
	tuitest.Send(r, tuitest.Runes("s"), right)
	if r.At() != 2 || !strings.Contains(ansi.Strip(r.View()), "move 2 of") {
		t.Errorf("forth twice: move %d\n%s", r.At(), ansi.Strip(r.View()))
	}
	tuitest.Send(r, tea.KeyMsg{Type: tea.KeyEnd})
	if r.At() != 4 || !strings.Contains(ansi.Strip(r.View()), "end") {
		t.Errorf("end: move %d", r.At())
	}
	tuitest.Send(r, tea.KeyMsg{Type: tea.KeyHome})
	if r.At() != 0 {
		t.Errorf("home: move %d", r.At())
	}
	bad := g.Record()
	bad.Score++
	if _, err := NewReplay(bad); err == nil {
		t.Error("a replay that does not add up is shown")
	}
}

func TestProfileValidate(t *testing.T) {
	good := &Profile{Stats: map[string]*stats.Record{"4/classic": {Played: 2, Won: 1, BestStreak: 1, Scored: 2, BestScore: 9000, TotalScore: 12000}}}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, p := range map[string]*Profile{
		"size":     {Stats: map[string]*stats.Record{"9/classic": {}}},
		"mode":     {Stats: map[string]*stats.Record{"4/nice": {}}},
		"key":      {Stats: map[string]*stats.Record{"four": {}}},
		"negative": {Stats: map[string]*stats.Record{"4/evil": {Played: -1}}},
		"null":     {Stats: map[string]*stats.Record{"4/evil": nil}},
	} {
		if p.Validate() == nil {
			t.Errorf("%s: passes", name)
		}
	}
}

// TestOverWithUndo: a game over that can still be undone is counted when
// left, with the score it has then.
func TestOverWithUndo(t *testing.T) {
	m := newModel(t, Options{Seed: tui.Seed{Value: 2, Given: true}, Undo: 2, Profile: &Profile{Settings: Settings{NoAnimation: true}}})
	stuck, _ := twenty48.GridOf(3,
		1, 2, 1,
		2, 1, 2,
		1, 2, 0)
	setGrid(m, stuck)
	for i := 0; i < 20 && !m.Game().Over(); i++ {
		tuitest.Send(m, right, down, left, up)
	}
	if !m.Game().Over() {
		t.Skip("the game did not end")
	}
	if got := m.opts.Profile.Stats.Get(StatsKey(4, twenty48.ClassicMode)); got.Played != 0 {
		t.Errorf("counted at game over with undo left: %+v", got)
	}
	tuitest.Send(m, tuitest.Runes("u"))
	if m.Game().Over() {
		t.Error("undo after the end does not reopen the game")
	}
	tuitest.Send(m, tuitest.Runes("n"))
	if got := m.opts.Profile.Stats.Get(StatsKey(4, twenty48.ClassicMode)); got.Played != 1 {
		t.Errorf("after leaving: %+v", got)
	}
}

func TestHintAndAutoplay(t *testing.T) {
	m := newModel(t, Options{Seed: tui.Seed{Value: 4, Given: true}, Profile: &Profile{Settings: Settings{NoAnimation: true}}})
	cmd := tuitest.Send(m, tuitest.Runes("h"))
	if cmd == nil {
		t.Fatal("h starts no search")
	}
	tuitest.Send(m, cmd())
	if !strings.HasPrefix(m.message, "Hint: ") || len(m.Game().Moves()) != 0 {
		t.Fatalf("after the hint: %q, %d moves", m.message, len(m.Game().Moves()))
	}
	// search runs what cmd makes and returns the player's move among it.
	search := func(cmd tea.Cmd) (suggestionMsg, bool) {
		switch msg := cmd().(type) {
		case suggestionMsg:
			return msg, true
		case tea.BatchMsg:
			for _, c := range msg {
				if r, ok := c().(suggestionMsg); ok {
					return r, true
				}
			}
		}
		return suggestionMsg{}, false
	}
	cmd = tuitest.Send(m, tuitest.Runes("a"))
	for range 30 {
		msg, ok := search(cmd)
		if !ok {
			t.Fatal("autoplay searches no move")
		}
		cmd = tuitest.Send(m, msg)
	}
	if len(m.Game().Moves()) != 30 {
		t.Errorf("autoplay made %d moves", len(m.Game().Moves()))
	}
	// The search under way when autoplay stops ends after it: its move is
	// neither played nor shown as a hint nobody asked for.
	pending, ok := search(cmd)
	if !ok {
		t.Fatal("no search under way")
	}
	tuitest.Send(m, tuitest.Runes("a"))
	if m.autoplay {
		t.Error("a does not stop autoplay")
	}
	tuitest.Send(m, pending)
	if m.message != "Autoplay off." || len(m.Game().Moves()) != 30 {
		t.Errorf("the search ending after autoplay stopped: %q, %d moves", m.message, len(m.Game().Moves()))
	}
	// A hint asked for before an undo is for the board the undo leaves.
	undo := newModel(t, Options{Seed: tui.Seed{Value: 4, Given: true}, Undo: 1, Profile: &Profile{Settings: Settings{NoAnimation: true}}})
	tuitest.Send(undo, left)
	stale := tuitest.Send(undo, tuitest.Runes("h"))
	tuitest.Send(undo, tuitest.Runes("u"))
	again := tuitest.Send(undo, stale())
	if again == nil {
		t.Fatalf("the hint for the board before the undo was dropped: %q", undo.message)
	}
	tuitest.Send(undo, again())
	if !strings.HasPrefix(undo.message, "Hint: ") || len(undo.Game().Moves()) != 0 {
		t.Errorf("after the undo: %q, %d moves", undo.message, len(undo.Game().Moves()))
	}
	big := newModel(t, Options{Seed: tui.Seed{Value: 4, Given: true}, Size: 5})
	tuitest.Send(big, tuitest.Runes("h"))
	if !strings.Contains(big.message, "4×4") {
		t.Errorf("a hint on 5×5: %q", big.message)
	}
}

// TestHintBeyondBoard: where only two 32768s can merge (the player's
// 64-bit board cannot), autoplay plays that merge rather than stopping or
// asking again and again; a board holding 65536 gets hints as any other.
func TestHintBeyondBoard(t *testing.T) {
	m := newModel(t, Options{Seed: tui.Seed{Value: 4, Given: true}, Profile: &Profile{Settings: Settings{NoAnimation: true}}})
	onlyBig, _ := twenty48.GridOf(4,
		15, 15, 14, 13,
		12, 11, 10, 9,
		8, 7, 6, 5,
		4, 3, 2, 1)
	setGrid(m, onlyBig)
	cmd := tuitest.Send(m, tuitest.Runes("a"))
	if cmd == nil {
		t.Fatalf("a starts no search: %q", m.message)
	}
	tuitest.Send(m, cmd())
	if m.Game().Grid().MaxExp() != 16 || len(m.Game().Moves()) != 1 {
		t.Fatalf("after autoplay's move: max exponent %d, %d moves: %q", m.Game().Grid().MaxExp(), len(m.Game().Moves()), m.message)
	}
	big, _ := twenty48.GridOf(4,
		16, 15, 0, 0,
		14, 0, 0, 0,
		0, 0, 0, 0,
		0, 0, 0, 1)
	setGrid(m, big)
	m.autoplay = false
	cmd = tuitest.Send(m, tuitest.Runes("h"))
	if cmd == nil {
		t.Fatalf("h starts no search on a board with 65536: %q", m.message)
	}
	tuitest.Send(m, cmd())
	if !strings.HasPrefix(m.message, "Hint: ") {
		t.Errorf("a hint on a board with 65536: %q", m.message)
	}
}

// TestHintsPlayer has the hints come from the player NewPlayer makes,
// made once; its note is shown, and an error to make one is said and
// tried again at the next hint.
func TestHintsPlayer(t *testing.T) {
	made, fail := 0, true
	m := newModel(t, Options{Seed: tui.Seed{Value: 4, Given: true}, NewPlayer: func() (player.Strategy, string, error) {
		made++
		if fail {
			return nil, "", errors.New("no network here")
		}
		return &player.Random{}, "the heuristic plays", nil
	}})
	tuitest.Send(m, tuitest.Send(m, tuitest.Runes("h"))())
	if m.message != "no network here." || m.strategy != nil || m.thinking {
		t.Fatalf("after a failed player: message %q, strategy %v, thinking %v", m.message, m.strategy, m.thinking)
	}
	fail = false
	for range 2 {
		tuitest.Send(m, tuitest.Send(m, tuitest.Runes("h"))())
		if !strings.HasPrefix(m.message, "Hint: ") || m.notice != "the heuristic plays" {
			t.Fatalf("after a hint: message %q, notice %q", m.message, m.notice)
		}
	}
	if made != 2 {
		t.Errorf("NewPlayer called %d times, want 2 (once failing, once kept)", made)
	}
}

// failing is a player that has stopped (a program that died, say).
type failing struct{ closed *int }

func (failing) Move(twenty48.Board) (twenty48.Direction, bool) { return 0, false }
func (failing) Err() error                                     { return errors.New(`player "./mine" stopped`) }
func (f failing) Close() error                                 { *f.closed++; return nil }

// TestHintsPlayerFails: a player that fails on a live board stops
// autoplay with its reason, rather than being asked again and again, is
// closed, and the next hint makes a new one.
func TestHintsPlayerFails(t *testing.T) {
	made, closed := 0, 0
	m := newModel(t, Options{Seed: tui.Seed{Value: 4, Given: true}, NewPlayer: func() (player.Strategy, string, error) {
		made++
		return failing{&closed}, "", nil
	}})
	tuitest.Send(m, tuitest.Send(m, tuitest.Runes("a"))())
	if m.message != `player "./mine" stopped.` || m.autoplay || m.thinking || m.strategy != nil || closed != 1 {
		t.Fatalf("after a failing player: message %q, autoplay %v, thinking %v, strategy %v, closed %d", m.message, m.autoplay, m.thinking, m.strategy, closed)
	}
	tuitest.Send(m, tuitest.Send(m, tuitest.Runes("h"))())
	if made != 2 || closed != 2 {
		t.Errorf("a second hint: %d players made, %d closed; want 2 and 2", made, closed)
	}
}

// TestWatchIsAViewOfTheRun runs a benchmark with the watch as its observer,
// paced by ticks, as the program does.
func TestWatchIsAViewOfTheRun(t *testing.T) {
	w := NewWatch(2)
	msgs := make(chan tea.Msg, 64)
	cfg := player.BenchConfig("random", 2, 5)
	cfg.Workers, cfg.Observer = 1, w.Observer(func(m tea.Msg) { msgs <- m })
	done := make(chan *bench.Report, 1)
	go func() {
		r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return player.NewBenchPlayer(&player.Random{}), nil }, nil)
		if err != nil {
			t.Error(err)
		}
		done <- r
	}()
	tuitest.Send(w, tea.WindowSizeMsg{Width: 80, Height: 40})
	var report *bench.Report
	for report == nil {
		select {
		case m := <-msgs:
			tuitest.Send(w, m)
		case report = <-done:
		case <-time.After(time.Millisecond):
			tuitest.Send(w, tui.ClockTick{})
		}
	}
	for len(msgs) > 0 {
		tuitest.Send(w, <-msgs)
	}
	tuitest.Send(w, w.Finished(nil))
	if len(w.maxes) != 2 || w.maxes[1] != report.Outcomes[1].Values[0] {
		t.Fatalf("the view saw %v, the report %v", w.maxes, report.Outcomes)
	}
	if view := ansi.Strip(w.View()); !strings.Contains(view, "finished") || !strings.Contains(view, "2 games finished") {
		t.Errorf("finished view:\n%s", view)
	}
}

// TestHelp: ? shows the rules and keys, with the mode's own, and any key
// goes back to the game without playing it.
func TestHelp(t *testing.T) {
	m := newModel(t, Options{Seed: tui.Seed{Value: 3, Given: true}, Mode: twenty48.EvilMode})
	tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 24}, tuitest.Runes("?"))
	if view := ansi.Strip(m.View()); !strings.Contains(view, "rules and keys") || !strings.Contains(view, "Evil tiles") {
		t.Fatalf("help:\n%s", view)
	}
	before := len(m.Game().Moves())
	cmd := tuitest.Send(m, left)
	if m.help || len(m.Game().Moves()) != before || tuitest.Quits(cmd) {
		t.Errorf("a key on the help page: help %v, moves %d (were %d)", m.help, len(m.Game().Moves()), before)
	}
	tuitest.Send(m, tuitest.Runes("?"), tuitest.Runes("q"))
	if m.help {
		t.Error("q on the help page did not go back")
	}
}

// TestHelpSetsNoBest: a game with an undo (or a hint, or autoplay) counts
// but sets no best score; the next game, unaided, does.
func TestHelpSetsNoBest(t *testing.T) {
	saved := &Profile{}
	update := func(change func(*Profile)) (*Profile, error) { change(saved); return saved, nil }
	m := newModel(t, Options{Seed: tui.Seed{Value: 5, Given: true}, Undo: 1, Update: update, Profile: &Profile{Settings: Settings{NoAnimation: true}}})
	tuitest.Send(m, left, down, tuitest.Runes("u"), left, right, down)
	if !strings.Contains(ansi.Strip(m.View()), "with help") {
		t.Error("the screen does not say the game had help")
	}
	tuitest.Send(m, tuitest.Runes("n"))
	r := saved.Stats.Get(StatsKey(4, twenty48.ClassicMode))
	if r.Played != 1 || r.Scored != 1 || r.BestScore != 0 {
		t.Fatalf("after a game with help: %+v", r)
	}
	tuitest.Send(m, left, down, left, right, down)
	score := m.Game().Score()
	tuitest.Send(m, tuitest.Runes("n"))
	if r := saved.Stats.Get(StatsKey(4, twenty48.ClassicMode)); r.Played != 2 || r.BestScore != score || score == 0 {
		t.Errorf("after an unaided game of %d: %+v", score, r)
	}
}

// TestResume: a game left under way is kept and goes on next time, move
// for move; a replayed seed's game is not kept, nor is a finished one.
func TestResume(t *testing.T) {
	saved := &Profile{Settings: Settings{NoAnimation: true}}
	update := func(change func(*Profile)) (*Profile, error) { change(saved); return saved, nil }
	m, err := New(Options{Update: update, Profile: saved})
	if err != nil {
		t.Fatal(err)
	}
	tuitest.Send(m, left, down, right, down, left)
	moves, score, grid := len(m.Game().Moves()), m.Game().Score(), m.Game().Grid()
	if cmd := tuitest.Send(m, tuitest.Runes("q")); !tuitest.Quits(cmd) {
		t.Fatal("q did not leave")
	}
	if err := saved.Validate(); err != nil {
		t.Fatal(err)
	}
	if r := saved.Stats.Get(StatsKey(4, twenty48.ClassicMode)); r.Played != 0 {
		t.Errorf("a game left under way was counted: %+v", r)
	}
	again, err := New(Options{Update: update, Profile: saved})
	if err != nil {
		t.Fatal(err)
	}
	if g := again.Game(); len(g.Moves()) != moves || g.Score() != score || g.Grid() != grid {
		t.Errorf("resumed at %d moves, score %d; left at %d, %d", len(g.Moves()), g.Score(), moves, score)
	}
	seeded, _ := New(Options{Update: update, Profile: saved, Seed: tui.Seed{Value: 1, Given: true}})
	if len(seeded.Game().Moves()) != 0 {
		t.Error("a replayed seed took up the game left")
	}
	tuitest.Send(again, tuitest.Runes("n"))
	if len(again.Game().Moves()) != moves || !strings.Contains(again.message, "Start again?") {
		t.Fatalf("the first n gave the game up: %q", again.message)
	}
	tuitest.Send(again, tuitest.Runes("n"))
	if saved.Unfinished[StatsKey(4, twenty48.ClassicMode)] != nil || len(again.Game().Moves()) != 0 {
		t.Error("a game given up for a new one is still kept")
	}
}

// TestSeedHidden: the seed, which draws the tiles to come, is neither
// shown nor saved in a replay before the game is over, unless the player
// chose it.
func TestSeedHidden(t *testing.T) {
	saved := false
	m, err := New(Options{Profile: &Profile{Settings: Settings{NoAnimation: true}},
		SaveReplay: func(twenty48.Record) (string, error) { saved = true; return "x.json", nil }})
	if err != nil {
		t.Fatal(err)
	}
	tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 40}, left, tuitest.Runes("r"))
	if view := ansi.Strip(m.View()); regexp.MustCompile(`seed \d`).MatchString(view) || saved {
		t.Errorf("the seed shows, or a replay was saved (%v):\n%s", saved, view)
	}
}
