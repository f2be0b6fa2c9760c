package play

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"gamelab/internal/stats"
	"gamelab/internal/tui"
	"gamelab/internal/tui/tuitest"
	"gamelab/mastermind"
	"gamelab/mastermind/breaker"
	"gamelab/mastermind/consistent"
)

func TestMain(m *testing.M) { os.Exit(tuitest.Main(m)) }

var (
	down  = tea.KeyMsg{Type: tea.KeyDown}
	enter = tea.KeyMsg{Type: tea.KeyEnter}
	back  = tea.KeyMsg{Type: tea.KeyBackspace}
	up    = tea.KeyMsg{Type: tea.KeyUp}
	left  = tea.KeyMsg{Type: tea.KeyLeft}
	right = tea.KeyMsg{Type: tea.KeyRight}
)

// send hands msgs to m's Update one by one (several runes in one message
// rune by rune), and what the commands it returns make (the computer's
// guesses) at once, as the program would.
func send(m tea.Model, msgs ...tea.Msg) {
	for _, msg := range msgs {
		for _, msg := range tui.OneByOne(msg) {
			_, cmd := m.Update(msg)
			run(m, cmd)
		}
	}
}

// run hands to m what cmd makes, but for quitting.
func run(m tea.Model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			run(m, c)
		}
	case tea.QuitMsg:
	default:
		send(m, msg)
	}
}

func newModel() *Model {
	m := New(Options{Seed: tui.Seed{Value: 1, Given: true}})
	send(m, tea.WindowSizeMsg{Width: 90, Height: 30})
	return m
}

// firstSecret returns the secret of newModel's first game, found as a
// player would who tries every code: the game keeps it hidden till then.
func firstSecret(t *testing.T) mastermind.Code {
	g, err := mastermind.NewGame(4, 6, 1296, rand.New(rand.NewPCG(1, 0x6d6d)))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; !g.Over(); i++ {
		g.Guess(mastermind.Code{uint8(1 + i%6), uint8(1 + i/6%6), uint8(1 + i/36%6), uint8(1 + i/216)})
	}
	secret, _ := g.Secret()
	return secret
}

// TestBreaking: typed rows are answered as Score answers them; the
// secret found ends the game and counts it.
func TestBreaking(t *testing.T) {
	m, secret := newModel(), firstSecret(t)
	send(m, enter, tuitest.Runes("1122"), enter)
	if len(m.hints()) != 1 || m.hints()[0].Answer != mastermind.Score(mastermind.Code{1, 1, 2, 2}, secret) {
		t.Fatalf("hints %+v for secret %v", m.hints(), secret)
	}
	send(m, tuitest.Runes("12"), enter)
	if len(m.hints()) != 1 || !strings.Contains(m.message, "Fill every peg") {
		t.Errorf("a half row was played: %q", m.message)
	}
	send(m, back, back, back, tuitest.Runes("7"))
	if m.row[0] != 0 {
		t.Errorf("colour 7 of 6 was taken: %v", m.row)
	}
	send(m, tuitest.Runes(strings.Trim(secret.String(), "[]")), enter) // "1,2,3,4": the commas are ignored
	if !m.breaking.Won() {
		t.Fatalf("the secret %v was not found: %+v", secret, m.hints())
	}
	if r := m.opts.Profile.Stats.Get(StatsKey(4, 6)); r.Played != 1 || r.Won != 1 {
		t.Errorf("record %+v", r)
	}
}

func TestCodesLeft(t *testing.T) {
	m := newModel()
	send(m, enter, tuitest.Runes("c"))
	if m.left != 1296 {
		t.Errorf("%d codes at the start", m.left)
	}
	send(m, tuitest.Runes("1234"), enter, tuitest.Runes("c"))
	in := mastermind.Instance{Max: 6, Hints: m.hints()}
	want := 0
	consistent.Solve(&in, func(mastermind.Code) bool { want++; return true })
	if m.left != want {
		t.Errorf("%d codes left, want %d", m.left, want)
	}
}

// TestChooserKeys: the choice of role moves with the arrows and with j
// and k, as the menu's does.
func TestChooserKeys(t *testing.T) {
	for _, tc := range []struct {
		keys []tea.Msg
		want int
	}{
		{[]tea.Msg{down}, 1},
		{[]tea.Msg{tuitest.Runes("j")}, 1},
		{[]tea.Msg{tuitest.Runes("j"), tuitest.Runes("k")}, 0},
		{[]tea.Msg{down, tea.KeyMsg{Type: tea.KeyUp}}, 0},
	} {
		m := newModel()
		send(m, tc.keys...)
		if m.choice != tc.want {
			t.Errorf("%v: choice %d, want %d", tc.keys, m.choice, tc.want)
		}
	}
}

// TestMaking: the computer finds a code from the person's answers, and
// notices an answer that contradicts the earlier ones.
func TestMaking(t *testing.T) {
	secret := mastermind.Code{3, 6, 6, 1}
	m := newModel()
	send(m, down, enter)
	for range 8 {
		a := mastermind.Score(m.guess, secret)
		send(m, tuitest.Runes(string(rune('0'+a.Blacks))+string(rune('0'+a.Whites))), enter)
		if m.over() {
			break
		}
	}
	if !m.found || len(m.hints()) > 6 {
		t.Fatalf("not found: %+v", m.hints())
	}
	m = newModel()
	send(m, down, enter, tuitest.Runes("00"), enter, tuitest.Runes("00"), enter)
	if !strings.Contains(m.message, "contradicts") || len(m.hints()) != 1 {
		t.Errorf("contradiction not seen: %q, %d hints", m.message, len(m.hints()))
	}
	send(m, back)
	if len(m.hints()) != 0 {
		t.Errorf("⌫ left %d hints", len(m.hints()))
	}
}

// TestAnswerKeys: the keys the footer names set the answer typed: a digit
// sets the field and moves on, ← and → go to blacks and whites, ↑ and ↓
// change the field's value.
func TestAnswerKeys(t *testing.T) {
	for _, tc := range []struct {
		keys []tea.Msg
		want mastermind.Answer
	}{
		{[]tea.Msg{tuitest.Runes("1"), right, tuitest.Runes("1")}, mastermind.Answer{Blacks: 1, Whites: 1}},
		{[]tea.Msg{tuitest.Runes("2"), tuitest.Runes("1")}, mastermind.Answer{Blacks: 2, Whites: 1}},
		{[]tea.Msg{right, tuitest.Runes("3"), left, tuitest.Runes("1")}, mastermind.Answer{Blacks: 1, Whites: 3}},
		{[]tea.Msg{up, up, right, up, down, up}, mastermind.Answer{Blacks: 2, Whites: 1}},
	} {
		m := newModel()
		send(m, down, enter)
		send(m, tc.keys...)
		send(m, enter)
		if len(m.answers) != 1 || m.answers[0].Answer != tc.want {
			t.Errorf("%v: answers %+v, want %v", tc.keys, m.answers, tc.want)
		}
	}
}

func TestProfileValidate(t *testing.T) {
	if err := (&Profile{Stats: stats.Book{"4 pegs/6 colours": {Played: 1}}}).Validate(); err != nil {
		t.Error(err)
	}
	for _, k := range []string{"4 pegs/12 colours", "0 pegs/6 colours", "four"} {
		if err := (&Profile{Stats: stats.Book{k: {}}}).Validate(); err == nil {
			t.Errorf("%q accepted", k)
		}
	}
}

func TestView(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []tea.Msg
	}{
		{"choose", nil},
		{"break", []tea.Msg{enter, tuitest.Runes("1122"), enter, tuitest.Runes("34")}},
		{"make", []tea.Msg{down, enter, tuitest.Runes("1")}},
		{"help", []tea.Msg{tuitest.Runes("?")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newModel()
			send(m, tc.keys...)
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
	}
}

// TestThinking: the computer's guess is weighed away from the screen;
// meanwhile the screen says so and takes no answer, and the guess of a
// game left is dropped.
func TestThinking(t *testing.T) {
	m := newModel()
	send(m, down)
	_, first := m.Update(enter)
	if !m.thinking {
		t.Fatal("not thinking")
	}
	golden.RequireEqual(t, ansi.Strip(m.View())) // thinking…, where the guess will come
	send(m, tuitest.Runes("2"), enter)
	if len(m.hints()) != 0 || m.answer.Blacks != 0 {
		t.Fatalf("an answer taken while thinking: %+v, %v", m.hints(), m.answer)
	}
	send(m, first())
	busy := m.breaker
	if m.thinking || busy == nil {
		t.Fatalf("after the first guess: thinking %v, breaker %v", m.thinking, busy)
	}
	_, next := m.Update(enter) // 0/0: the next guess is weighed by busy
	if !m.thinking {
		t.Fatal("not thinking after an answer")
	}
	send(m, tuitest.Runes("qq")) // back to the choice (still make): a new game
	_, second := m.Update(enter)
	send(m, next())
	if !m.thinking {
		t.Fatal("the guess of the game left was taken")
	}
	send(m, second())
	if m.thinking || len(m.guess) != 4 {
		t.Fatalf("thinking %v, guess %v", m.thinking, m.guess)
	}
	if m.breaker == busy {
		t.Error("the new game shares the breaker still weighing the last one's guess")
	}
}

// TestBreakerOption has the computer guess with the breaker Options.Breaker
// makes; one it cannot make is said, back at the choice of roles.
func TestBreakerOption(t *testing.T) {
	made := 0
	random, _ := breaker.Lookup("random")
	m := New(Options{Pegs: 4, Colours: 6, Breaker: func(pegs, colours int, opts breaker.Options) (breaker.Breaker, error) {
		made++
		return random(pegs, colours, opts)
	}})
	send(m, down)
	_, cmd := m.Update(enter)
	send(m, cmd())
	if made != 1 || m.thinking || len(m.guess) != 4 {
		t.Fatalf("made %d, thinking %v, guess %v", made, m.thinking, m.guess)
	}
	optimal, _ := breaker.Lookup("optimal")
	big := New(Options{Pegs: 6, Colours: 9, Breaker: optimal})
	send(big, down)
	_, cmd = big.Update(enter)
	send(big, cmd())
	if big.screen != chooseScreen || !strings.Contains(big.message, "more than") {
		t.Errorf("optimal on 6 pegs of 9 colours: screen %v, message %q", big.screen, big.message)
	}
}

// TestLeavingAsks: q or esc in a game with rows played asks first, the
// second press leaves, another key takes the question back; before the
// first row and after the end they leave at once.
func TestLeavingAsks(t *testing.T) {
	esc := tea.KeyMsg{Type: tea.KeyEsc}
	m := newModel()
	send(m, enter)
	send(m, tuitest.Runes("q"))
	if m.screen != chooseScreen {
		t.Fatal("q before the first row did not go back at once")
	}
	// The code being broken is kept (TestResume): q goes back at once.
	send(m, enter, tuitest.Runes("1122"), enter, tuitest.Runes("q"))
	if m.screen != chooseScreen {
		t.Fatalf("q after a row: screen %d, message %q", m.screen, m.message)
	}

	m = newModel()
	send(m, down, enter, tuitest.Runes("10"), enter)
	if _, cmd := m.Update(esc); tuitest.Quits(cmd) || m.message != leaveQuestion {
		t.Fatalf("the first esc while answering: message %q", m.message)
	}
	if _, cmd := m.Update(esc); !tuitest.Quits(cmd) {
		t.Fatal("the second esc does not leave")
	}
	m = newModel()
	send(m, down, enter, tuitest.Runes("10"), enter)
	if _, cmd := m.Update(tea.KeyMsg{Type: tea.KeyCtrlC}); !tuitest.Quits(cmd) {
		t.Fatal("ctrl+c asks")
	}
}

// TestHint: h fills the row with the codebreaker's guess and says how
// many codes are left; a game won with it is marked so.
func TestHint(t *testing.T) {
	m := newModel()
	send(m, enter, tuitest.Runes("1122"), enter, tuitest.Runes("h"))
	if !strings.HasPrefix(m.message, "Hint: ") || !strings.Contains(m.message, "still possible") || !m.helped {
		t.Fatalf("after h: %q", m.message)
	}
	for _, c := range m.row {
		if c == 0 {
			t.Fatalf("the row %v is not filled", m.row)
		}
	}
	send(m, enter)
	if len(m.breaking.Hints()) != 2 {
		t.Errorf("enter did not play the hint: %d rows", len(m.breaking.Hints()))
	}
}

// TestResume: the code being broken is kept when the person leaves, and
// the next game of that shape goes on with it; once broken it is gone.
func TestResume(t *testing.T) {
	saved := &Profile{}
	update := func(change func(*Profile)) (*Profile, error) { change(saved); return saved, nil }
	m := New(Options{Update: update, Profile: saved})
	send(m, tea.WindowSizeMsg{Width: 90, Height: 30}, enter, tuitest.Runes("1122"), enter, tuitest.Runes("3456"), enter)
	hints := m.breaking.Hints()
	if err := saved.Validate(); err != nil || saved.Unfinished[StatsKey(4, 6)] == nil {
		t.Fatalf("kept %v, %v", saved.Unfinished, err)
	}
	again := New(Options{Update: update, Profile: saved})
	send(again, enter)
	if got := again.breaking.Hints(); len(got) != 2 || got[1].Answer != hints[1].Answer {
		t.Fatalf("went on with %v, left %v", got, hints)
	}
	for !again.breaking.Over() {
		secret := firstCodeConsistent(t, again.breaking.Hints())
		send(again, tuitest.Runes(strings.Trim(strings.ReplaceAll(secret.String(), ",", ""), "[]")), enter)
	}
	if saved.Unfinished[StatsKey(4, 6)] != nil {
		t.Error("a finished game is still kept")
	}
}

// firstCodeConsistent returns the first code that agrees with hints.
func firstCodeConsistent(t *testing.T, hints []mastermind.Hint) mastermind.Code {
	t.Helper()
	var first mastermind.Code
	consistent.Solve(&mastermind.Instance{Max: 6, Hints: hints}, func(c mastermind.Code) bool { first = slices.Clone(c); return false })
	if first == nil {
		t.Fatal("no code agrees")
	}
	return first
}

// TestNewAsks: n over a code being broken asks first; the second gives
// it up, as a game lost, and draws a new code.
func TestNewAsks(t *testing.T) {
	m := newModel()
	send(m, enter, tuitest.Runes("1122"), enter, tuitest.Runes("n"))
	if len(m.breaking.Hints()) != 1 || !strings.Contains(m.message, "Give this code up?") {
		t.Fatalf("the first n: %d rows, %q", len(m.breaking.Hints()), m.message)
	}
	send(m, tuitest.Runes("n"))
	if len(m.breaking.Hints()) != 0 {
		t.Fatal("the second n kept the code")
	}
	if r := m.opts.Profile.Stats.Get(StatsKey(4, 6)); r.Played != 1 || r.Won != 0 {
		t.Errorf("the code given up: %+v", r)
	}
}
