// Package play is Mastermind in the terminal, in both roles: the person
// breaks the computer's secret code, or sets a code in mind and answers
// the computer's guesses, and the computer notices an answer that
// contradicts the earlier ones.
package play

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/cache"
	"gamelab/internal/stats"
	"gamelab/internal/tui"
	"gamelab/mastermind"
	"gamelab/mastermind/breaker"
	"gamelab/mastermind/consistent"
)

// Options configure the game.
type Options struct {
	Pegs, Colours int
	Rows          int // guesses allowed to the person
	// Seed, if given, draws the same secrets every run.
	Seed tui.Seed
	// Profile holds the record as loaded; Update, if set, saves a change.
	Profile *Profile
	Update  func(change func(*Profile)) (*Profile, error)
	Notice  string
	// Breaker, if set, makes the codebreaker that guesses the person's
	// codes; without it the default strategy does. It may take a while
	// (building a strategy tree): it is called away from the screen, when
	// the computer first guesses.
	Breaker breaker.Factory
	// Cache is where the codebreakers keep their strategy trees.
	Cache cache.Dir
}

// The limits of the game: colours are typed as one key each.
const (
	MaxPegs    = mastermind.GameMaxPegs
	MaxColours = mastermind.GameMaxColours
	MaxRows    = mastermind.GameMaxRows
)

type screen int

const (
	chooseScreen screen = iota
	breakScreen         // the person guesses
	makeScreen          // the computer guesses, the person answers
)

// Model is the game's bubbletea model.
type Model struct {
	opts          Options
	rng           *rand.Rand
	screen        screen
	width, height int
	notice        string
	message       string
	help          bool
	choice        int // on the first screen: 0 break, 1 make

	// Breaking: the game against the secret, which keeps the rules, and
	// the row being typed.
	breaking *mastermind.Game
	row      mastermind.Code // 0: not set yet
	cursor   int
	left     int // codes still possible, when asked (-1: not asked)
	// breakGame counts the breaking games, so that a hint for one left
	// is dropped; helped is set once a hint was asked for in this one.
	breakGame int
	helped    bool
	anew      tui.Leaving // n over a code being broken asks first

	// Making: the person's answers to the computer's guesses (the game
	// ends when one is all blacks), the computer's breaker, its guess,
	// the answer being set.
	answers []mastermind.Hint
	found   bool
	breaker breaker.Breaker
	guess   mastermind.Code
	answer  mastermind.Answer
	field   int // 0 blacks, 1 whites
	// thinking is set while the breaker weighs its next guess, away from
	// the screen (at 5 pegs of 9 colours up to 3 seconds); game counts the
	// games made, so that the guess of one left meanwhile is dropped.
	thinking bool
	game     int

	leaving tui.Leaving
}

// leaveQuestion is asked when a person leaves a game under way.
const leaveQuestion = "Leave? This game is not counted: q or esc again to leave."

// guessMsg brings the breaker's guess in game game.
type guessMsg struct {
	game    int
	guess   mastermind.Code
	breaker breaker.Breaker // kept for the next guesses
	err     error           // no breaker could be made
}

// New returns the model at its first screen.
func New(opts Options) *Model {
	if opts.Pegs < 1 || opts.Pegs > MaxPegs {
		opts.Pegs = mastermind.DefaultPegs
	}
	if opts.Colours < 2 || opts.Colours > MaxColours {
		opts.Colours = mastermind.DefaultColours
	}
	if opts.Rows < 1 || opts.Rows > MaxRows {
		opts.Rows = mastermind.DefaultRows
	}
	if opts.Profile == nil {
		opts.Profile = &Profile{}
	}
	return &Model{opts: opts, rng: opts.Seed.Rand(0x6d6d), notice: opts.Notice, left: -1,
		leaving: tui.Leaving{Question: leaveQuestion},
		anew:    tui.Leaving{Question: "Give this code up? It counts as a game lost: n again for a new one."}}
}

// Keys of the game.
var Keys = struct {
	Up, Down, Left, Right, Enter, Back, Count, Hint, New key.Binding
}{
	Up:    key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/↓", "choose")),
	Down:  key.NewBinding(key.WithKeys("down", "j")),
	Left:  key.NewBinding(key.WithKeys("left"), key.WithHelp("←/→", "move")),
	Right: key.NewBinding(key.WithKeys("right")),
	Enter: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "play")),
	Back:  key.NewBinding(key.WithKeys("backspace"), key.WithHelp("⌫", "erase")),
	Count: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "codes left")),
	Hint:  key.NewBinding(key.WithKeys("h"), key.WithHelp("h", "hint")),
	New:   key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new game")),
}

// Init implements tea.Model.
func (m *Model) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case guessMsg:
		if msg.game != m.game {
			break
		}
		m.thinking = false
		if msg.err != nil {
			m.message, m.screen = msg.err.Error(), chooseScreen
			break
		}
		m.guess, m.breaker = msg.guess, msg.breaker
		m.answer, m.field = mastermind.Answer{}, 0
	case hintMsg:
		if msg.game != m.breakGame || m.screen != breakScreen || m.breaking.Over() {
			break
		}
		if msg.err != nil {
			m.message = msg.err.Error()
			break
		}
		m.row, m.cursor = slices.Clone(msg.guess), 0
		m.message = fmt.Sprintf("Hint: %s, the codebreaker's guess: %s still possible. Enter plays it.", formatCode(msg.guess), plural(msg.left, "code"))
	case tea.KeyMsg:
		if m.help {
			m.help = false // any key goes back to where the player was
			return m, nil
		}
		// A game with rows played is lost by leaving: the first q or
		// esc asks.
		if m.underWay() {
			leave, handled := m.leaving.Key(msg, tui.Keys.Leave, &m.message)
			if handled && !leave {
				return m, nil
			}
			if leave {
				m.message = ""
			}
		}
		if key.Matches(msg, tui.Keys.Quit) {
			return m, tea.Quit
		}
		if key.Matches(msg, tui.Keys.Help) {
			m.help = true
			return m, nil
		}
		switch m.screen {
		case chooseScreen:
			return m, m.chooseKey(msg)
		case breakScreen:
			return m, m.breakKey(msg)
		case makeScreen:
			return m, m.makeKey(msg)
		}
	}
	return m, nil
}

// hints returns the rows played in the game on screen.
func (m *Model) hints() []mastermind.Hint {
	if m.screen == breakScreen {
		return m.breaking.Hints()
	}
	return m.answers
}

// over reports whether the game on screen has ended: the secret found or
// the rows used up, or the person's code found.
func (m *Model) over() bool {
	if m.screen == breakScreen {
		return m.breaking.Over()
	}
	return m.found
}

// underWay reports whether a game that leaving would lose has rows
// played: the making role's (the code being broken is kept, keep).
func (m *Model) underWay() bool {
	return m.screen == makeScreen && !m.over() && len(m.hints()) > 0
}

func (m *Model) chooseKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, Keys.Up), key.Matches(msg, Keys.Down):
		m.choice = 1 - m.choice
	case key.Matches(msg, Keys.Enter):
		if m.choice == 0 {
			m.newBreak()
		} else {
			return m.newMake()
		}
	case msg.String() == "q":
		return tea.Quit
	}
	return nil
}

// hintMsg brings the codebreaker's guess for the breaking game it was
// asked in, and how many codes the hints leave.
type hintMsg struct {
	game  int
	guess mastermind.Code
	left  int
	err   error
}

// hint asks the codebreaker for its next guess in the person's place,
// away from the screen; a hintMsg brings it. The game is then played with
// help.
func (m *Model) hint() tea.Cmd {
	m.helped, m.message = true, "Thinking…"
	game, hints := m.breakGame, slices.Clone(m.breaking.Hints())
	pegs, colours, factory, opts := m.opts.Pegs, m.opts.Colours, m.opts.Breaker, breaker.Options{Cache: m.opts.Cache}
	return func() tea.Msg {
		if factory == nil {
			factory, _ = breaker.Lookup(breaker.DefaultStrategy)
		}
		b, err := factory(pegs, colours, opts)
		if err != nil {
			return hintMsg{game: game, err: err}
		}
		left := pow(colours, pegs)
		if len(hints) > 0 {
			if left, err = consistent.Count(context.Background(), &mastermind.Instance{Max: colours, Hints: hints}); err != nil {
				return hintMsg{game: game, err: err}
			}
		}
		return hintMsg{game: game, guess: b.Guess(hints), left: left}
	}
}

// newBreak starts a game in which the person breaks a random secret.
func (m *Model) newBreak() {
	m.breakGame++
	m.helped = false
	m.screen, m.message, m.left, m.cursor = breakScreen, "", -1, 0
	m.row = make(mastermind.Code, m.opts.Pegs)
	if u := m.opts.Profile.Unfinished[StatsKey(m.opts.Pegs, m.opts.Colours)]; u != nil && u.Rows == m.opts.Rows && !m.opts.Seed.Given {
		if g, err := mastermind.Resume(*u); err == nil { // validated on loading
			m.breaking = g
			m.message = fmt.Sprintf("Your game goes on: %s played.", plural(len(g.Hints()), "row"))
			return
		}
	}
	// New's bounds are within the engine's, so the game is made.
	m.breaking, _ = mastermind.NewGame(m.opts.Pegs, m.opts.Colours, m.opts.Rows, m.rng)
}

// keep saves the code being broken, if it has rows played, as the game
// to go on with next time, or forgets it once over. A replayed seed's
// games are never kept.
func (m *Model) keep() {
	if m.opts.Seed.Given {
		return
	}
	k := StatsKey(m.opts.Pegs, m.opts.Colours)
	if m.breaking.Over() || len(m.breaking.Hints()) == 0 {
		if m.opts.Profile.Unfinished[k] != nil {
			m.change(func(p *Profile) { delete(p.Unfinished, k) })
		}
		return
	}
	snap := m.breaking.Snapshot()
	m.change(func(p *Profile) {
		if p.Unfinished == nil {
			p.Unfinished = map[string]*mastermind.Snapshot{}
		}
		p.Unfinished[k] = &snap
	})
}

// keepNone forgets the code being broken: the person gave it up.
func (m *Model) keepNone() {
	k := StatsKey(m.opts.Pegs, m.opts.Colours)
	m.change(func(p *Profile) { delete(p.Unfinished, k) })
}

// change applies a change to the profile through Options.Update.
func (m *Model) change(change func(p *Profile)) {
	if n := tui.Change(&m.opts.Profile, m.opts.Update, change); n != "" {
		m.notice = n
	}
}

func (m *Model) breakKey(msg tea.KeyMsg) tea.Cmd {
	if m.breaking.Over() {
		return m.overKey(msg, func() tea.Cmd { m.newBreak(); return nil })
	}
	if key.Matches(msg, Keys.Hint) {
		return m.hint()
	}
	if len(m.breaking.Hints()) > 0 {
		// n gives up the code being broken (kept otherwise): the first
		// n asks.
		if again, handled := m.anew.Key(msg, Keys.New, &m.message); handled {
			if again {
				m.record(stats.Loss) // a code given up is a game lost
				m.keepNone()
				m.newBreak()
			}
			return nil
		}
	} else if key.Matches(msg, Keys.New) {
		return nil
	}
	m.message = ""
	switch s := msg.String(); {
	case len(s) == 1 && s[0] >= '1' && s[0] <= '0'+byte(m.opts.Colours):
		m.row[m.cursor] = s[0] - '0'
		m.cursor = min(m.cursor+1, m.opts.Pegs-1)
	case key.Matches(msg, Keys.Left):
		m.cursor = max(m.cursor-1, 0)
	case key.Matches(msg, Keys.Right):
		m.cursor = min(m.cursor+1, m.opts.Pegs-1)
	case key.Matches(msg, Keys.Back):
		if m.row[m.cursor] == 0 && m.cursor > 0 {
			m.cursor--
		}
		m.row[m.cursor] = 0
	case key.Matches(msg, Keys.Count):
		in := mastermind.Instance{Max: m.opts.Colours, Hints: m.breaking.Hints()}
		if len(in.Hints) == 0 {
			m.left = pow(m.opts.Colours, m.opts.Pegs)
		} else if n, err := consistent.Count(context.Background(), &in); err == nil {
			m.left = n
		}
	case key.Matches(msg, Keys.Enter):
		for _, c := range m.row {
			if c == 0 {
				m.message = fmt.Sprintf("Fill every peg first: type colours 1 to %d.", m.opts.Colours)
				return nil
			}
		}
		if _, err := m.breaking.Guess(m.row); err != nil {
			m.message = err.Error()
			return nil
		}
		m.left = -1
		m.row = make(mastermind.Code, m.opts.Pegs)
		m.cursor = 0
		switch {
		case m.breaking.Won():
			m.record(stats.Win)
		case m.breaking.Over():
			m.record(stats.Loss)
		}
		m.keep()
	case msg.String() == "q":
		m.screen = chooseScreen
	}
	return nil
}

// overKey handles a key after a game: another of the same kind, or back
// to the choice of role.
func (m *Model) overKey(msg tea.KeyMsg, again func() tea.Cmd) tea.Cmd {
	switch {
	case key.Matches(msg, Keys.New), key.Matches(msg, Keys.Enter):
		return again()
	case msg.String() == "q":
		m.screen = chooseScreen
	}
	return nil
}

func pow(b, e int) int {
	n := 1
	for range e {
		n *= b
	}
	return n
}

// newMake starts a game in which the computer breaks the person's code.
func (m *Model) newMake() tea.Cmd {
	m.screen, m.message, m.answers, m.found = makeScreen, "", nil, false
	m.game++
	// A breaker still weighing a guess of a game left is busy: the new
	// game gets one of its own.
	if m.thinking {
		m.breaker = nil
	}
	return m.think()
}

// think asks the breaker for its guess after the hints so far, away from
// the screen, making the breaker first if there is none; a guessMsg
// brings it.
func (m *Model) think() tea.Cmd {
	m.thinking = true
	b, game, hints := m.breaker, m.game, slices.Clone(m.answers)
	pegs, colours, factory, opts := m.opts.Pegs, m.opts.Colours, m.opts.Breaker, breaker.Options{Cache: m.opts.Cache}
	return func() tea.Msg {
		if b == nil {
			if factory == nil {
				factory, _ = breaker.Lookup(breaker.DefaultStrategy)
			}
			var err error
			if b, err = factory(pegs, colours, opts); err != nil {
				return guessMsg{game: game, err: err}
			}
		}
		return guessMsg{game: game, guess: b.Guess(hints), breaker: b}
	}
}

func (m *Model) makeKey(msg tea.KeyMsg) tea.Cmd {
	if m.found {
		return m.overKey(msg, m.newMake)
	}
	if m.thinking {
		if msg.String() == "q" {
			m.screen = chooseScreen
		}
		return nil
	}
	m.message = ""
	value := &m.answer.Blacks
	if m.field == 1 {
		value = &m.answer.Whites
	}
	switch s := msg.String(); {
	case len(s) == 1 && s[0] >= '0' && s[0] <= '0'+byte(m.opts.Pegs):
		*value = int(s[0] - '0')
		m.field = 1 - m.field
	case key.Matches(msg, Keys.Left):
		m.field = 0
	case key.Matches(msg, Keys.Right):
		m.field = 1
	case s == "tab":
		m.field = 1 - m.field
	case key.Matches(msg, Keys.Up):
		*value = min(*value+1, m.opts.Pegs)
	case key.Matches(msg, Keys.Down):
		*value = max(*value-1, 0)
	case key.Matches(msg, Keys.Back):
		if n := len(m.answers); n > 0 {
			m.guess, m.answer = m.answers[n-1].Guess, m.answers[n-1].Answer
			m.answers = m.answers[:n-1]
		}
	case key.Matches(msg, Keys.Enter):
		return m.answered()
	case s == "q":
		m.screen = chooseScreen
	}
	return nil
}

// answered takes the person's answer to the computer's guess.
func (m *Model) answered() tea.Cmd {
	a := m.answer
	if !a.Possible(m.opts.Pegs) {
		m.message = fmt.Sprintf("No code answers %v to a guess of %d pegs.", a, m.opts.Pegs)
		return nil
	}
	answers := append(slices.Clip(m.answers), mastermind.Hint{Guess: m.guess, Answer: a})
	if a.Blacks == m.opts.Pegs {
		m.answers, m.found = answers, true
		return nil
	}
	in := mastermind.Instance{Max: m.opts.Colours, Hints: answers}
	if some, _ := consistent.Exists(context.Background(), &in); !some {
		m.message = fmt.Sprintf("%v contradicts your earlier answers: no code gives them all. Check them (⌫ goes back a row).", a)
		return nil
	}
	m.answers = answers
	return m.think()
}

// record adds a finished game the person played as breaker.
func (m *Model) record(r stats.Result) {
	key := StatsKey(m.opts.Pegs, m.opts.Colours)
	m.change(func(p *Profile) {
		p.Stats.Add(key, stats.Game{Result: r, Tries: len(m.breaking.Hints()), Assisted: m.helped})
	})
}
