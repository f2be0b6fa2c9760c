package play

import (
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
	"gamelab/pdd"
)

func TestMain(m *testing.M) { os.Exit(tuitest.Main(m)) }

var (
	up    = tea.KeyMsg{Type: tea.KeyUp}
	down  = tea.KeyMsg{Type: tea.KeyDown}
	right = tea.KeyMsg{Type: tea.KeyRight}
	enter = tea.KeyMsg{Type: tea.KeyEnter}
)

func newModel(opts Options) *Model {
	if !opts.Seed.Given {
		opts.Seed = tui.Seed{Value: 3, Given: true}
	}
	m := New(opts)
	tuitest.Send(m, tea.WindowSizeMsg{Width: 100, Height: 40})
	return m
}

// finishTurns plays the computer players' turns until it is the person's
// turn again or the game is over.
func finishTurns(m *Model) {
	for m.screen == gameScreen && m.wait {
		tuitest.Send(m, turnMsg{})
	}
}

// playOut plays the person's turns too: the first card the rule allows,
// else a draw.
func playOut(t *testing.T, m *Model) {
	t.Helper()
	for turns := 0; m.screen == gameScreen; turns++ {
		if turns > 20000 {
			t.Fatal("the game never ends")
		}
		finishTurns(m)
		if m.screen != gameScreen {
			return
		}
		top, lay := m.game.Deck().Top(), false
		for i, c := range m.you.Cards() {
			if m.you.Allows(top, c) {
				m.selected, lay = i, true
				break
			}
		}
		if lay {
			tuitest.Send(m, enter)
		} else {
			tuitest.Send(m, tuitest.Runes("d"))
		}
	}
}

func TestChoosingARule(t *testing.T) {
	for _, tt := range []struct {
		name string
		keys []tea.Msg
		want string // the rule played, "" for one drawn at random
	}{
		{"the first preset", []tea.Msg{enter}, Presets[0].Rule},
		{"the second", []tea.Msg{down, enter}, Presets[1].Rule},
		{"round the list", []tea.Msg{up, up, down, enter}, ""},
		{"my own", append(append([]tea.Msg{up, up}, tuitest.Runes("HIGHER or played is queen")), enter), "higher value or played is queen"},
	} {
		m := newModel(Options{})
		tuitest.Send(m, tt.keys...)
		if m.screen != gameScreen {
			t.Errorf("%s: still on screen %d: %s", tt.name, m.screen, m.message)
			continue
		}
		if tt.want != "" && m.rule.String() != tt.want {
			t.Errorf("%s: rule %q, want %q", tt.name, m.rule, tt.want)
		}
		if m.opts.Profile.Settings.Rule != m.rule.String() {
			t.Errorf("%s: the profile keeps %q", tt.name, m.opts.Profile.Settings.Rule)
		}
	}
}

func TestBadRules(t *testing.T) {
	for _, tt := range []struct{ rule, want string }{
		{"same shape", `Your rule: at word 2 ("shape")`},
		{"", "the rule is empty"},
		{"same suit and not same suit", "allows no card on any card"},
	} {
		m := newModel(Options{})
		tuitest.Send(m, up, up)
		tuitest.Send(m, tuitest.Runes(tt.rule), enter)
		if m.screen != setupScreen || !strings.Contains(m.message, tt.want) {
			t.Errorf("%q: screen %d, message %q", tt.rule, m.screen, m.message)
		}
	}
}

func TestOwnRuleIsKept(t *testing.T) {
	m := newModel(Options{})
	tuitest.Send(m, enter) // Mau-Mau
	top := m.game.Deck().Top()
	for i, c := range m.you.Cards() {
		if !m.you.Allows(top, c) {
			m.selected = i
			n := m.you.NumberOfCards()
			tuitest.Send(m, enter)
			if !strings.Contains(m.message, "does not allow") || m.you.NumberOfCards() != n || m.game.Turns() != 0 {
				t.Errorf("laying %v on %v: %q, %d turns", c, top, m.message, m.game.Turns())
			}
			return
		}
	}
	t.Skip("every card of this deal fits")
}

// TestLeavingKeeps: during a game esc leaves at once and the game is
// kept: the next session at that table goes on with it, the computer
// players playing as before; after the game, esc leaves and nothing is
// kept.
func TestLeavingKeeps(t *testing.T) {
	esc := tea.KeyMsg{Type: tea.KeyEsc}
	saved := &Profile{}
	update := func(change func(*Profile)) (*Profile, error) { change(saved); return saved, nil }
	m := New(Options{Players: 3, Update: update, Profile: saved})
	tuitest.Send(m, tea.WindowSizeMsg{Width: 100, Height: 40}, enter)
	finishTurns(m)
	for range 3 {
		tuitest.Send(m, tuitest.Runes("d"))
		finishTurns(m)
	}
	if !tuitest.Quits(tuitest.Send(m, esc)) {
		t.Fatal("esc during a game does not leave")
	}
	if err := saved.Validate(); err != nil || saved.Unfinished == nil {
		t.Fatalf("kept %+v, %v", saved.Unfinished, err)
	}
	again := New(Options{Players: 3, Update: update, Profile: saved})
	if again.screen != gameScreen || again.game.Turns() != m.game.Turns() || !slices.Equal(again.you.Cards(), m.you.Cards()) {
		t.Fatalf("went on at turn %d with %v; left at turn %d with %v", again.game.Turns(), again.you.Cards(), m.game.Turns(), m.you.Cards())
	}
	for i, p := range again.game.Players() {
		if p.NumberOfCards() != m.game.Players()[i].NumberOfCards() {
			t.Errorf("seat %d holds %d cards, %d when left", i, p.NumberOfCards(), m.game.Players()[i].NumberOfCards())
		}
	}
	playOut(t, again)
	if saved.Unfinished != nil {
		t.Error("a finished game is still kept")
	}
	if !tuitest.Quits(tuitest.Send(again, esc)) {
		t.Error("esc after the game does not leave")
	}
}

// TestAWholeGame plays to the end: the rules are revealed and the record
// counts the game; enter goes back to the choice of rule.
func TestAWholeGame(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		m := newModel(Options{Seed: tui.Seed{Value: seed, Given: true}, Players: 3})
		tuitest.Send(m, enter)
		playOut(t, m)
		if m.screen != overScreen {
			t.Fatalf("seed %d: screen %d", seed, m.screen)
		}
		view := ansi.Strip(m.View())
		for i, p := range m.game.Players() {
			rule := m.rule.String()
			if i > 0 {
				rule = m.secrets[i].String()
			}
			if !strings.Contains(view, rule) || !strings.Contains(view, p.Name()+":") {
				t.Errorf("seed %d: %s's rule %q not revealed:\n%s", seed, p.Name(), rule, view)
			}
		}
		r := m.opts.Profile.Stats.Get(StatsKey(3, 1))
		if r.Played != 1 {
			t.Errorf("seed %d: record %+v", seed, r)
		}
		tuitest.Send(m, enter)
		if m.screen != setupScreen {
			t.Errorf("seed %d: enter leads to screen %d", seed, m.screen)
		}
	}
}

// TestRefusalsNameWhoseRule: a refused card names the players whose rules
// refused it, and never the rule.
func TestRefusalsNameWhoseRule(t *testing.T) {
	m := newModel(Options{})
	tuitest.Send(m, enter)
	m.game.Players()[1].Name()
	got := m.describe(pdd.Turn{Player: 1, Laid: true, Top: pdd.Card{Suit: pdd.Hearts, Value: 3}, Played: pdd.Card{Suit: pdd.Clubs, Value: 12}, Refused: []int{0, 2}, Drew: true})
	if want := "Ada lays Q♣ on 3♥: refused by your and Boris's rules; Ada draws a card."; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	got = m.describe(pdd.Turn{Player: 0, Laid: true, Top: pdd.Card{Suit: pdd.Hearts, Value: 3}, Played: pdd.Card{Suit: pdd.Hearts, Value: 1}, Refused: []int{3}, Drew: true})
	if want := "You lay A♥ on 3♥: refused by Clara's rule; you draw a card."; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

func TestProfileValidate(t *testing.T) {
	good := &Profile{Settings: Settings{Rule: "same suit"}, Stats: stats.Book{"4 players/1 deck": {Played: 2, Won: 1, BestStreak: 1}}}
	if err := good.Validate(); err != nil {
		t.Errorf("good profile: %v", err)
	}
	for name, p := range map[string]*Profile{
		"rule":    {Settings: Settings{Rule: "same shape"}},
		"players": {Stats: stats.Book{"9 players/1 deck": {}}},
		"deck":    {Stats: stats.Book{"4 players/3 deck": {}}},
		"key":     {Stats: stats.Book{"four": {}}},
		"record":  {Stats: stats.Book{"4 players/1 deck": {Played: 1, Won: 2}}},
	} {
		if err := p.Validate(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// TestView pins the screens in golden files, colours stripped.
func TestView(t *testing.T) {
	for _, tc := range []struct {
		name          string
		width, height int
		keys          []tea.Msg
	}{
		{"setup", 100, 40, []tea.Msg{down}},
		{"game", 100, 40, []tea.Msg{enter, right}},
		{"refused", 100, 40, []tea.Msg{enter, enter}}, // A♦ on 5♥: a message of two lines
		{"help", 80, 30, []tea.Msg{tuitest.Runes("?")}},
		{"too_small", 40, 12, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newModel(Options{})
			tuitest.Send(m, tea.WindowSizeMsg{Width: tc.width, Height: tc.height})
			tuitest.Send(m, tc.keys...)
			golden.RequireEqual(t, ansi.Strip(m.View()))
		})
	}
}

// TestHint: h picks the card the advisor would lay, says why, and marks
// the game as played with help; the advisor knows the hand as it is.
func TestHint(t *testing.T) {
	m := newModel(Options{})
	tuitest.Send(m, enter)
	tuitest.Send(m, tuitest.Runes("h"))
	if !strings.HasPrefix(m.message, "Hint: ") || !m.helped {
		t.Fatalf("after h: %q, helped %v", m.message, m.helped)
	}
	if strings.Contains(m.message, "lay ") {
		top, c := m.game.Deck().Top(), m.you.Card(m.selected)
		if !m.you.Allows(top, c) || !strings.Contains(m.message, cardName(c)) {
			t.Errorf("the hint %q picked %v on %v", m.message, c, top)
		}
	}
}
