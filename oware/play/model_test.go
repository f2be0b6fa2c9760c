package play

import (
	"os"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"gamelab/internal/tui/tuitest"
	"gamelab/oware"
	"gamelab/oware/search"
)

func TestMain(m *testing.M) { os.Exit(tuitest.Main(m)) }

// send delivers msgs and runs the commands they return, as the program
// would, so that the computer's searches answer.
func send(m *Model, msgs ...tea.Msg) {
	for _, msg := range msgs {
		_, cmd := m.Update(msg)
		run(m, cmd)
	}
}

func run(m *Model, cmd tea.Cmd) {
	for cmd != nil {
		msg := cmd()
		if _, ok := msg.(tickMsg); ok || msg == nil {
			return
		}
		_, cmd = m.Update(msg)
	}
}

func newModel(players [2]Who) *Model {
	m := New(Options{Players: players, Engine: search.Spec{Name: "alphabeta", Depth: 2}})
	m.Update(tea.WindowSizeMsg{Width: 90, Height: 30})
	return m
}

func TestHumanAgainstComputer(t *testing.T) {
	m := newModel([2]Who{Human, Computer})
	send(m, tuitest.Runes("F"))
	if moves := m.game.Moves(); len(moves) != 2 || moves[0] != 5 {
		t.Fatalf("moves %s after F, want F and the computer's reply", oware.FormatMoves(moves))
	}
	send(m, tuitest.Runes("f")) // F, emptied by the first move
	if !strings.Contains(m.message, "Not that one") || len(m.game.Moves()) != 2 {
		t.Errorf("an empty house was sown: %q, moves %s", m.message, oware.FormatMoves(m.game.Moves()))
	}
	send(m, tuitest.Runes("a")) // South's A: North's a never moves for South
	if moves := m.game.Moves(); len(moves) != 4 || moves[2] != 0 {
		t.Fatalf("moves %s after a, want South's A third", oware.FormatMoves(moves))
	}
	send(m, tea.KeyMsg{Type: tea.KeyBackspace}, tea.KeyMsg{Type: tea.KeyBackspace})
	if len(m.game.Moves()) != 0 {
		t.Errorf("two undos left %s, want the start", oware.FormatMoves(m.game.Moves()))
	}
	// The cursor went from A, emptied, to B; undoing leaves it there.
	send(m, tea.KeyMsg{Type: tea.KeyRight}, tea.KeyMsg{Type: tea.KeyEnter})
	if moves := m.game.Moves(); len(moves) != 2 || moves[0] != 2 {
		t.Errorf("→ enter played %s, want C first", oware.FormatMoves(moves))
	}
	send(m, tuitest.Runes("h"))
	if !strings.Contains(m.message, "Recommended:") {
		t.Errorf("no recommendation: %q", m.message)
	}
}

// TestLeavingKeeps: leaving a game under way keeps it, and the next
// session goes on with it; a watched game of two engines is not kept.
func TestLeavingKeeps(t *testing.T) {
	saved := &Profile{}
	update := func(change func(*Profile)) (*Profile, error) { change(saved); return saved, nil }
	m := New(Options{Players: [2]Who{Human, Human}, Update: update, Profile: saved})
	send(m, tuitest.Runes("F"), tuitest.Runes("a"))
	if _, cmd := m.Update(tuitest.Runes("q")); !tuitest.Quits(cmd) {
		t.Fatal("q did not leave")
	}
	if err := saved.Validate(); err != nil || saved.Unfinished == "" {
		t.Fatalf("kept %q, %v", saved.Unfinished, err)
	}
	again := New(Options{Players: [2]Who{Human, Human}, Update: update, Profile: saved})
	if got := oware.FormatMoves(again.game.Moves()); got != "Fa" {
		t.Errorf("went on with %q, want Fa", got)
	}
	send(again, tuitest.Runes("n"), tuitest.Runes("n"))
	if saved.Unfinished != "" || len(again.game.Moves()) != 0 {
		t.Errorf("after a new game: kept %q", saved.Unfinished)
	}
	watch := New(Options{Players: [2]Who{Computer, Computer}, Profile: &Profile{Unfinished: "rules abapa\nposition startpos\nmoves Fa\n"}})
	if len(watch.game.Moves()) != 0 {
		t.Error("a watched game took up the person's")
	}
}

// TestNewGameAsks: n over a person's game under way asks first, as
// leaving does; the second starts a new game.
func TestNewGameAsks(t *testing.T) {
	ctrlN := tuitest.Runes("n")
	m := newModel([2]Who{Human, Computer})
	send(m, tuitest.Runes("F"))
	moves := len(m.game.Moves())
	send(m, ctrlN)
	if len(m.game.Moves()) != moves || m.message != anewQuestion {
		t.Fatalf("the first n: %d moves, message %q", len(m.game.Moves()), m.message)
	}
	send(m, tea.KeyMsg{Type: tea.KeyRight})
	if m.message == anewQuestion {
		t.Fatal("a key after the question kept it")
	}
	send(m, ctrlN, ctrlN)
	if len(m.game.Moves()) != 0 {
		t.Fatalf("the second n kept the game: %s", oware.FormatMoves(m.game.Moves()))
	}
	send(m, ctrlN) // no move yet: at once
	if m.message == anewQuestion {
		t.Error("n before the first move asks")
	}
}

func TestComputerOpensAndGameEnds(t *testing.T) {
	m := newModel([2]Who{Computer, Human})
	run(m, m.Init())
	if len(m.game.Moves()) != 1 {
		t.Fatalf("the computer did not open: %s", oware.FormatMoves(m.game.Moves()))
	}
	for i := 0; !m.game.Over() && i < 400; i++ {
		send(m, tuitest.Runes(m.game.Legal().First().String()))
	}
	if !m.game.Over() || !strings.Contains(ansi.Strip(m.View()), m.game.Result().End.String()) {
		t.Errorf("game over %v, view:\n%s", m.game.Over(), ansi.Strip(m.View()))
	}
	if rec := m.opts.Profile.Stats.Get(StatsKey(m.opts.Engine, m.opts.Limits)); rec.Played != 1 {
		t.Errorf("record %+v, want one game", rec)
	}
}

func TestCapturesShown(t *testing.T) {
	p, _ := oware.ParsePosition("0-0-0-0-0-3-1-2-1-1-1-0-20-19-S")
	m := New(Options{Players: [2]Who{Human, Human}, Game: oware.NewGame(p, oware.Abapa)})
	m.Update(tea.WindowSizeMsg{Width: 90, Height: 30})
	send(m, tuitest.Runes("F"))
	if got := m.lastTaken; len(got) != 3 || got[0] != 6 || got[2] != 8 {
		t.Errorf("captured houses %v, want a, b, c", got)
	}
	golden.RequireEqual(t, []byte(ansi.Strip(m.View())))
}

func TestSaveAndLoad(t *testing.T) {
	var saved string
	m := New(Options{Players: [2]Who{Human, Human}, SaveRecord: func(r string) (string, error) { saved = r; return "game.txt", nil }})
	send(m, tuitest.Runes("F"), tuitest.Runes("a"), tea.KeyMsg{Type: tea.KeyCtrlS})
	if !strings.Contains(m.message, "game.txt") {
		t.Errorf("message %q", m.message)
	}
	g, err := oware.ParseRecord(strings.NewReader(saved))
	if err != nil || oware.FormatMoves(g.Moves()) != "Fa" {
		t.Fatalf("saved %q: %v", saved, err)
	}
}

func TestView(t *testing.T) {
	m := newModel([2]Who{Human, Computer})
	golden.RequireEqual(t, []byte(ansi.Strip(m.View())))
}
