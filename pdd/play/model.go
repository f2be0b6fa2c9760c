// Package play is People's Democratic Dictatorship in the terminal: a
// person invents a rule, in the rule language or from a list, and plays
// against computer players who learn; refused cards say whose rule refused
// them, and at the end every rule is revealed.
package play

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/stats"
	"gamelab/internal/tui"
	"gamelab/pdd"
	"gamelab/pdd/learn"
)

// Options configure a game.
type Options struct {
	Players int // at the table, the person included: 2 to MaxPlayers
	Packs   int // 1: single deck, 2: double
	// Seed, if given, makes the deals and the computer's rules the same
	// every run; if not, they are drawn at random.
	Seed tui.Seed
	// Profile holds the settings and the record as loaded; Update, if
	// set, applies a change to the saved profile and returns it.
	Profile *Profile
	Update  func(change func(*Profile)) (*Profile, error)
	// Notice is shown until the first game ends.
	Notice string
	// Delay is how long each computer player's turn stays on screen
	// (default 700ms).
	Delay time.Duration
}

// MaxPlayers is the largest table, DefaultPlayers the usual one.
const (
	MaxPlayers     = learn.MaxPlayers
	DefaultPlayers = 4
)

// Presets are rules offered in the list, with a word on each.
var Presets = []struct{ Rule, About string }{
	{"same suit or same value or played is jack", "Mau-Mau, jacks wild"},
	{"same colour", "red on red, black on black"},
	{"higher value or played is ace", "climb, aces restart"},
	{"not same suit", "never the same suit"},
	{"values within 2", "a neighbour in value"},
	{"played is even or same suit", ""},
}

type screen int

const (
	setupScreen screen = iota
	gameScreen
	overScreen
)

// Model is the game's bubbletea model.
type Model struct {
	opts    Options
	rng     *rand.Rand
	screen  screen
	width   int
	height  int
	notice  string
	message string // what the person must know now: a refused choice, an error
	help    bool

	// Setup.
	choice int // in the list: the presets, then "my own", then "random"
	input  textinput.Model
	rule   pdd.Expr // the person's rule

	// The game.
	game     *pdd.Game
	you      *learn.Person
	secrets  []pdd.Expr // the computer players' rules, by seat (nil for the person)
	selected int        // in the person's hand
	log      []string   // what happened, newest last
	wait     bool       // a computer player's turn is due
	helped   bool       // a hint was asked for in this game
	// seed draws this game's deal and the computer players' rules; moves
	// are the person's, a card or "draw" a turn: with the rule, they
	// replay the game (Unfinished).
	seed  uint64
	moves []string
}

// New returns the model at its first screen: choosing a rule.
func New(opts Options) *Model {
	if opts.Players < 2 || opts.Players > MaxPlayers {
		opts.Players = DefaultPlayers
	}
	if opts.Packs != 2 {
		opts.Packs = 1
	}
	if opts.Profile == nil {
		opts.Profile = &Profile{}
	}
	if opts.Delay <= 0 {
		opts.Delay = defaultDelay
	}
	in := textinput.New()
	in.Placeholder = "same suit or higher value"
	in.CharLimit = 200
	in.Width = 50
	m := &Model{opts: opts, rng: opts.Seed.Rand(0x706464), notice: opts.Notice, input: in}
	if last := opts.Profile.Settings.Rule; last != "" {
		m.choice = len(Presets)
		m.input.SetValue(last)
		for i, p := range Presets {
			if p.Rule == last {
				m.choice = i
			}
		}
	}
	if !m.resume() {
		m.screen, m.game, m.log, m.message = setupScreen, nil, nil, ""
	}
	return m
}

// Keys of the game.
var Keys = struct {
	Up, Down, Left, Right, Choose, Draw, Hint, Again key.Binding
}{
	Up:     key.NewBinding(key.WithKeys("up"), key.WithHelp("↑/↓", "choose")),
	Down:   key.NewBinding(key.WithKeys("down")),
	Left:   key.NewBinding(key.WithKeys("left"), key.WithHelp("←/→", "pick a card")),
	Right:  key.NewBinding(key.WithKeys("right")),
	Hint:   key.NewBinding(key.WithKeys("h"), key.WithHelp("h", "hint")),
	Choose: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "lay the card")),
	Draw:   key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "draw")),
	Again:  key.NewBinding(key.WithKeys("enter", "n"), key.WithHelp("enter", "play again")),
}

// turnMsg is the tick after which the next computer player plays.
type turnMsg struct{}

// defaultDelay is how long a computer player's turn stays on screen.
const defaultDelay = 700 * time.Millisecond

func (m *Model) next() tea.Cmd {
	return tea.Tick(m.opts.Delay, func(time.Time) tea.Msg { return turnMsg{} })
}

// Init implements tea.Model: the learners' hypotheses are built while the
// person chooses a rule (half a second), so that the deal does not wait.
func (m *Model) Init() tea.Cmd {
	return func() tea.Msg {
		learn.SpaceFor(pdd.Band{})
		return nil
	}
}

// Update implements tea.Model.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, nil
	case turnMsg:
		return m, m.computerTurn()
	case tea.KeyMsg:
		if m.help {
			m.help = false // any key goes back to where the player was
			return m, nil
		}
		// A game under way is kept (keep): q and esc leave at once.
		if m.screen == gameScreen && key.Matches(msg, tui.Keys.Leave) {
			return m, tea.Quit
		}
		if key.Matches(msg, tui.Keys.Quit) {
			return m, tea.Quit
		}
		switch m.screen {
		case setupScreen:
			return m, m.setupKey(msg)
		case gameScreen:
			return m, m.gameKey(msg)
		case overScreen:
			switch {
			case key.Matches(msg, tui.Keys.Leave):
				return m, tea.Quit
			case key.Matches(msg, Keys.Again):
				m.screen, m.message = setupScreen, ""
			}
		}
	}
	return m, nil
}

// editing reports whether the person is writing a rule of their own.
func (m *Model) editing() bool { return m.screen == setupScreen && m.choice == len(Presets) }

func (m *Model) setupKey(msg tea.KeyMsg) tea.Cmd {
	options := len(Presets) + 2
	switch {
	case key.Matches(msg, Keys.Up):
		m.choice = (m.choice + options - 1) % options
	case key.Matches(msg, Keys.Down):
		m.choice = (m.choice + 1) % options
	case key.Matches(msg, Keys.Choose):
		return m.chooseRule()
	case m.editing():
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(msg)
		m.message = ""
		return cmd
	case key.Matches(msg, tui.Keys.Leave):
		return tea.Quit
	case key.Matches(msg, tui.Keys.Help):
		m.help = true
	}
	if m.editing() {
		return m.input.Focus()
	}
	m.input.Blur()
	return nil
}

// chooseRule takes the rule chosen and deals.
func (m *Model) chooseRule() tea.Cmd {
	var text string
	switch {
	case m.choice < len(Presets):
		text = Presets[m.choice].Rule
	case m.choice == len(Presets):
		text = m.input.Value()
	default:
		x, _ := pdd.RandomRule(m.rng, pdd.Permissive)
		text = x.String()
	}
	rule, err := pdd.Parse(text)
	if err != nil {
		m.message = "Your rule: " + err.Error()
		return nil
	}
	if pdd.TableOf(rule.Rule()).Count() == 0 {
		m.message = "Your rule allows no card on any card: you could never play."
		return nil
	}
	m.rule = rule
	m.change(func(p *Profile) { p.Settings.Rule = rule.String() })
	return m.deal()
}

// deal starts a game: the person's rule, a random secret rule for each
// computer player, a shuffled deck.
func (m *Model) deal() tea.Cmd {
	m.start(m.rng.Uint64())
	if err := m.game.Deal(); err != nil {
		m.message = err.Error()
		return nil
	}
	m.screen, m.selected, m.log, m.message, m.helped = gameScreen, 0, nil, "", false
	m.say(fmt.Sprintf("%s faces up. You start.", cardName(m.game.Deck().Top())))
	return m.afterTurn()
}

// start sets up the game of seed, not dealt yet: the person's seat, a
// random secret rule for each computer player, a shuffled deck.
func (m *Model) start(seed uint64) {
	m.seed, m.moves = seed, nil
	t, _ := learn.NewTable(seed, m.rule.Rule(), m.opts.Players, m.opts.Packs, "learner") // New checked the table
	m.game, m.you, m.secrets = t.Game, t.You, t.Secrets
}

// resume takes up the game left under way at this table, playing the
// person's moves again; it reports whether there was one that replays.
func (m *Model) resume() bool {
	u := m.opts.Profile.Unfinished
	if u == nil || m.opts.Seed.Given || u.Players != m.opts.Players || u.Packs != m.opts.Packs {
		return false
	}
	x, err := pdd.Parse(u.Rule)
	if err != nil {
		return false
	}
	m.rule = x
	m.start(u.Seed)
	if m.game.Deal() != nil {
		return false
	}
	m.screen, m.log = gameScreen, nil
	m.say(fmt.Sprintf("%s faces up. You start.", cardName(m.game.Deck().Top())))
	for _, mv := range u.Moves {
		for m.game.End() == pdd.Running && m.game.Next() != 0 {
			if !m.replayStep() {
				return false
			}
		}
		if m.game.End() != pdd.Running {
			return false
		}
		if mv != "draw" {
			c, err := pdd.ParseCard(mv)
			if err != nil || !slices.Contains(m.you.Cards(), c) || !m.you.Allows(m.game.Deck().Top(), c) {
				return false // the game no longer replays: begin afresh
			}
			m.you.Lay(c)
		}
		m.moves = append(m.moves, mv)
		if !m.replayStep() {
			return false
		}
	}
	// The computer players whose turns came after the last move play now.
	for m.game.End() == pdd.Running && m.game.Next() != 0 {
		if !m.replayStep() {
			return false
		}
	}
	if m.game.End() != pdd.Running {
		m.finish()
		return true
	}
	m.message = fmt.Sprintf("Your game goes on after %d turns.", m.game.Turns())
	return true
}

// replayStep plays the turn due while a game is replayed.
func (m *Model) replayStep() bool {
	t, err := m.game.Step()
	if err != nil {
		return false
	}
	m.say(m.describe(t))
	return true
}

// keep saves the game under way as the one to go on with next time, or
// forgets it once it is over. A replayed seed's games are never kept.
func (m *Model) keep() {
	if m.opts.Seed.Given {
		return
	}
	if m.game == nil || m.game.End() != pdd.Running {
		if m.opts.Profile.Unfinished != nil {
			m.change(func(p *Profile) { p.Unfinished = nil })
		}
		return
	}
	u := &Unfinished{Players: m.opts.Players, Packs: m.opts.Packs, Rule: m.rule.String(), Seed: m.seed, Moves: slices.Clone(m.moves)}
	m.change(func(p *Profile) { p.Unfinished = u })
}

func (m *Model) gameKey(msg tea.KeyMsg) tea.Cmd {
	if m.game.Next() != 0 || m.wait {
		if key.Matches(msg, tui.Keys.Help) {
			m.help = true
		}
		return nil // the computer players are playing
	}
	hand := m.you.Cards()
	switch {
	case key.Matches(msg, Keys.Left):
		m.selected = (m.selected + len(hand) - 1) % max(1, len(hand))
	case key.Matches(msg, Keys.Right):
		m.selected = (m.selected + 1) % max(1, len(hand))
	case key.Matches(msg, Keys.Choose):
		if len(hand) == 0 {
			return nil
		}
		c, top := hand[m.selected], m.game.Deck().Top()
		if !m.you.Allows(top, c) {
			m.message = fmt.Sprintf("Your own rule (%s) does not allow %s on %s.", m.rule, cardName(c), cardName(top))
			return nil
		}
		m.you.Lay(c)
		return m.step()
	case key.Matches(msg, Keys.Draw):
		return m.step()
	case key.Matches(msg, Keys.Hint):
		m.hint()
	case key.Matches(msg, tui.Keys.Help):
		m.help = true
	}
	return nil
}

// hint says what the advisor would lay, and why, and picks that card:
// the game is then played with help.
func (m *Model) hint() {
	m.helped = true
	top := m.game.Deck().Top()
	c, accepted, ok := m.you.Advice(top)
	if !ok {
		m.message = fmt.Sprintf("Hint: draw. Your rule allows none of your cards on %s.", cardName(top))
		return
	}
	m.selected = slices.Index(m.you.Cards(), c)
	m.message = fmt.Sprintf("Hint: lay %s. From what the others have accepted and refused, they allow it with a %.0f%% chance.", cardName(c), 100*accepted)
}

// step plays the turn due and tells of it.
func (m *Model) step() tea.Cmd {
	m.message = ""
	if m.game.Next() == 0 {
		mv := "draw"
		if c, ok := m.you.Laying(); ok {
			mv = c.Short()
		}
		m.moves = append(m.moves, mv)
	}
	t, err := m.game.Step()
	if err != nil {
		m.message = err.Error()
		m.screen = overScreen
		return nil
	}
	m.say(m.describe(t))
	if n := m.you.NumberOfCards(); m.selected >= n {
		m.selected = max(0, n-1)
	}
	return m.afterTurn()
}

// afterTurn ends the game or waits for the next player.
func (m *Model) afterTurn() tea.Cmd {
	m.keep()
	if m.game.End() != pdd.Running {
		m.finish()
		return nil
	}
	if m.game.Next() != 0 {
		m.wait = true
		return m.next()
	}
	m.wait = false
	if !m.canLay() {
		m.message = "Your rule allows none of your cards on " + cardName(m.game.Deck().Top()) + ": press d to draw."
	}
	return nil
}

func (m *Model) computerTurn() tea.Cmd {
	if m.screen != gameScreen || !m.wait {
		return nil
	}
	m.wait = false
	return m.step()
}

// canLay reports whether the person's rule allows any card of their hand.
func (m *Model) canLay() bool {
	top := m.game.Deck().Top()
	return slices.ContainsFunc(m.you.Cards(), func(c pdd.Card) bool { return m.you.Allows(top, c) })
}

// describe tells what happened in turn t, naming whose rules refused a
// card but never which rule.
func (m *Model) describe(t pdd.Turn) string {
	who := m.game.Players()[t.Player].Name()
	if !t.Laid {
		if t.Player == 0 {
			return "You draw a card."
		}
		return who + " draws a card."
	}
	s := fmt.Sprintf("%s lays %s on %s", who, cardName(t.Played), cardName(t.Top))
	if t.Player == 0 {
		s = fmt.Sprintf("You lay %s on %s", cardName(t.Played), cardName(t.Top))
	}
	if len(t.Refused) == 0 {
		return s + "."
	}
	var by []string
	for _, j := range t.Refused {
		if j == 0 {
			by = append(by, "your")
		} else {
			by = append(by, m.game.Players()[j].Name()+"'s")
		}
	}
	rules := "rule"
	if len(by) > 1 {
		rules = "rules"
	}
	drew := who + " draws"
	if t.Player == 0 {
		drew = "you draw"
	}
	return fmt.Sprintf("%s: refused by %s %s; %s a card.", s, joinAnd(by), rules, drew)
}

func joinAnd(xs []string) string {
	if len(xs) <= 1 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// say adds a line to the log, keeping the last few.
func (m *Model) say(s string) {
	m.log = append(m.log, s)
	if len(m.log) > 6 {
		m.log = m.log[len(m.log)-6:]
	}
}

// finish records the game's result.
func (m *Model) finish() {
	m.screen, m.wait, m.notice = overScreen, false, ""
	w := m.game.WinnerSeat()
	result := stats.Draw
	switch {
	case w == 0:
		result = stats.Win
	case w > 0:
		result = stats.Loss
	}
	key := StatsKey(m.opts.Players, m.opts.Packs)
	m.change(func(p *Profile) {
		p.Stats.Add(key, stats.Game{Result: result, Tries: m.game.Turns(), Assisted: m.helped})
	})
}

// change applies a change to the profile, saved if the model can save.
func (m *Model) change(change func(*Profile)) {
	if notice := tui.Change(&m.opts.Profile, m.opts.Update, change); notice != "" {
		m.notice = notice
	}
}
