// Package play is Oware in the terminal: a person against the computer
// (either side first), two people at one keyboard, or two engines to
// watch; the recommended move and its evaluation on request, undo, the
// last move and its captures shown, the result and why the game ended,
// and the game record saved in the protocol's notation.
package play

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/stats"
	"gamelab/internal/tui"
	"gamelab/oware"
	"gamelab/oware/search"
)

// Who plays a side.
type Who uint8

// The players of a side.
const (
	Human Who = iota
	Computer
)

// Options configure the game.
type Options struct {
	Players [2]Who        // South, North
	Engine  search.Spec   // the computer's player
	Limits  search.Limits // the computer's depth or time per move
	Rules   oware.Rules
	Game    *oware.Game   // a game to go on with (a loaded record), or nil for a new one
	Delay   time.Duration // between the moves of two computers, to watch them
	// NewSearcher makes the computer's player; nil: search.NewFromSpec.
	NewSearcher func(search.Spec) search.Searcher
	// SaveRecord stores a game record and returns where, for "s".
	SaveRecord func(record string) (string, error)
	// Profile holds the record as loaded; Update, if set, saves a change.
	Profile *Profile
	Update  func(change func(*Profile)) (*Profile, error)
	Notice  string
}

// Model is the game's bubbletea model.
type Model struct {
	opts          Options
	game          *oware.Game
	searcher      search.Searcher
	width, height int
	cursor        int // the house under the cursor, 0..5 of the side to move
	message       string
	notice        string
	help          bool
	paused        bool

	thinking bool // a search runs for the computer's move or a hint
	cancel   context.CancelFunc
	token    int // the search's number: results of older ones are dropped
	hint     *search.Result

	last      oware.Move  // the last move, or NoMove
	lastTaken []int       // houses it captured
	recorded  bool        // the result is in the profile
	anew      tui.Leaving // n in a game under way: it asks first
	helped    bool        // a hint or an undo in this game: marked in the record
}

// anewQuestion is asked when a person starts a new game over one under
// way.
const anewQuestion = "Start again? This game is not kept (ctrl+s saves it): n again to start a new one."

// Keys of the game.
var Keys = struct {
	Left, Right, Sow, Hint, Undo, Save, New, Pause, Rules key.Binding
}{
	Left:  key.NewBinding(key.WithKeys("left"), key.WithHelp("←/→", "choose")),
	Right: key.NewBinding(key.WithKeys("right")),
	Sow:   key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("enter or A–F/a–f", "sow")),
	Hint:  key.NewBinding(key.WithKeys("h"), key.WithHelp("h", "hint")),
	Undo:  key.NewBinding(key.WithKeys("u", "backspace", "ctrl+z"), key.WithHelp("u", "undo")),
	Save:  key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save record")),
	New:   key.NewBinding(key.WithKeys("n", "ctrl+n"), key.WithHelp("n", "new game")),
	Pause: key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pause")),
	Rules: key.NewBinding(key.WithKeys("?", "f1"), key.WithHelp("?", "rules and keys")),
}

// The computer's time per move unless told, and the pause between the
// moves of two computers: enough to follow them.
const (
	DefaultMoveTime = time.Second
	DefaultDelay    = 700 * time.Millisecond
)

// New returns the model, the game under way or new.
func New(opts Options) *Model {
	if opts.NewSearcher == nil {
		opts.NewSearcher = func(s search.Spec) search.Searcher { return search.NewFromSpec(s, search.EngineOptions{}) }
	}
	if opts.Engine.Name == "" {
		opts.Engine = search.Spec{Name: search.DefaultEngine}
	}
	if opts.Limits == (search.Limits{}) {
		opts.Limits = search.Limits{MoveTime: DefaultMoveTime}
	}
	if opts.Profile == nil {
		opts.Profile = &Profile{}
	}
	m := &Model{opts: opts, game: opts.Game, notice: opts.Notice, last: oware.NoMove, anew: tui.Leaving{Question: anewQuestion}}
	if m.game == nil && m.person() {
		m.game = m.unfinished()
	}
	if m.game == nil {
		m.game = oware.NewGame(oware.Start(), opts.Rules)
	}
	m.searcher = opts.NewSearcher(opts.Engine)
	if moves := m.game.Moves(); len(moves) > 0 {
		m.last = moves[len(moves)-1]
	}
	m.placeCursor()
	return m
}

// moveMsg is a search's answer.
type moveMsg struct {
	token  int
	result search.Result
	hint   bool
}

// tickMsg lets a watched computer move after the delay.
type tickMsg struct{ token int }

// Init implements tea.Model: the computer moves first if it is South.
func (m *Model) Init() tea.Cmd { return m.next() }

// computerToMove reports whether the computer plays the side to move.
func (m *Model) computerToMove() bool {
	return !m.game.Over() && m.opts.Players[m.game.Position().ToMove()] == Computer
}

// next starts the computer's search if it is to move.
func (m *Model) next() tea.Cmd {
	if !m.computerToMove() || m.paused {
		return nil
	}
	if m.opts.Players == [2]Who{Computer, Computer} && m.opts.Delay > 0 {
		m.token++
		token := m.token
		return tea.Tick(m.opts.Delay, func(time.Time) tea.Msg { return tickMsg{token} })
	}
	return m.think(false)
}

// think searches the current position off the UI goroutine.
func (m *Model) think(hint bool) tea.Cmd {
	m.stop()
	m.token++
	m.thinking = true
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel = cancel
	token, g, s, limits := m.token, m.copyGame(), m.searcher, m.opts.Limits
	return func() tea.Msg {
		defer cancel()
		return moveMsg{token: token, result: s.Search(ctx, g, limits, nil), hint: hint}
	}
}

// copyGame returns a copy of the game for a search to own.
func (m *Model) copyGame() *oware.Game {
	g := oware.NewGame(m.game.Start(), m.game.Rules())
	for _, mv := range m.game.Moves() {
		g.Play(mv)
	}
	return g
}

// stop abandons a running search.
func (m *Model) stop() {
	if m.cancel != nil {
		m.cancel()
		m.cancel = nil
	}
	m.thinking = false
	m.token++
}

// Update implements tea.Model.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case moveMsg:
		if msg.token != m.token {
			return m, nil
		}
		m.thinking, m.cancel = false, nil
		if msg.hint {
			m.hint = &msg.result
			m.message = fmt.Sprintf("Recommended: %v (%s, depth %d)", msg.result.Move, describe(msg.result.Score), msg.result.Depth)
			return m, nil
		}
		return m, m.play(msg.result.Move)
	case tickMsg:
		if msg.token == m.token && m.computerToMove() && !m.paused {
			return m, m.think(false)
		}
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// key handles a key press.
func (m *Model) key(msg tea.KeyMsg) tea.Cmd {
	if m.help {
		m.help = false
		return nil
	}
	// A person's game under way is kept on leaving (keep), but lost by
	// starting again: the first n asks.
	if m.person() && !m.game.Over() && len(m.game.Moves()) > 0 {
		if again, handled := m.anew.Key(msg, Keys.New, &m.message); handled && !again {
			return nil
		}
	}
	switch {
	case key.Matches(msg, tui.Keys.Leave):
		m.stop()
		return tea.Quit
	case key.Matches(msg, Keys.Rules):
		m.help = true
	case key.Matches(msg, Keys.New):
		m.stop()
		m.game = oware.NewGame(oware.Start(), m.opts.Rules)
		m.last, m.lastTaken, m.hint, m.message, m.recorded, m.helped = oware.NoMove, nil, nil, "New game.", false, false
		m.keep() // the game given up is not kept
		if n, ok := m.searcher.(interface{ NewGame() }); ok {
			n.NewGame()
		}
		m.placeCursor()
		return m.next()
	case key.Matches(msg, Keys.Save):
		m.save()
	case key.Matches(msg, Keys.Undo):
		return m.undo()
	case key.Matches(msg, Keys.Pause):
		if m.opts.Players == [2]Who{Computer, Computer} {
			m.paused = !m.paused
			if m.paused {
				m.stop()
				m.message = "Paused: p to go on."
				return nil
			}
			m.message = ""
			return m.next()
		}
	case m.game.Over() || m.computerToMove():
		if m.thinking {
			m.message = "The computer is thinking…"
		}
	case key.Matches(msg, Keys.Hint):
		m.message = "Thinking about your move…"
		m.helped = true
		return m.think(true)
	case key.Matches(msg, Keys.Left):
		m.moveCursor(-1)
	case key.Matches(msg, Keys.Right):
		m.moveCursor(1)
	case key.Matches(msg, Keys.Sow):
		return m.human(m.cursorMove())
	default:
		// A house letter in either case names the side to move's house
		// (c is C for South): the other side's never moves.
		toMove := m.game.Position().ToMove()
		if mv, err := oware.ParseMove(swapCase(msg.String())); err == nil && mv.Side() == toMove {
			return m.human(mv)
		}
		if mv, err := oware.ParseMove(msg.String()); err == nil {
			return m.human(mv)
		}
	}
	return nil
}

func swapCase(s string) string {
	if len(s) != 1 {
		return s
	}
	c := s[0]
	switch {
	case 'a' <= c && c <= 'z':
		return string(c - 'a' + 'A')
	case 'A' <= c && c <= 'Z':
		return string(c - 'A' + 'a')
	}
	return s
}

// cursorMove returns the move of the house under the cursor.
func (m *Model) cursorMove() oware.Move {
	return oware.Move(int(m.game.Position().ToMove())*oware.RowLength + m.cursor)
}

// moveCursor moves to the next non-empty house in the direction the
// houses are drawn (North's row runs right to left on screen).
func (m *Model) moveCursor(dir int) {
	p := m.game.Position()
	if p.ToMove() == oware.North {
		dir = -dir
	}
	base := int(p.ToMove()) * oware.RowLength
	for step := 1; step < oware.RowLength; step++ {
		c := ((m.cursor+dir*step)%oware.RowLength + oware.RowLength) % oware.RowLength
		if p.House(base+c) > 0 {
			m.cursor = c
			return
		}
	}
}

// placeCursor puts the cursor on a legal house of the side to move.
func (m *Model) placeCursor() {
	legal := m.game.Legal()
	if legal == 0 {
		return
	}
	if !legal.Contains(m.cursorMove()) {
		m.cursor = int(legal.First()) % oware.RowLength
	}
}

// human plays the person's move, with the reason if it is refused.
func (m *Model) human(mv oware.Move) tea.Cmd {
	if !m.game.Legal().Contains(mv) {
		_, err := m.copyGame().Play(mv)
		m.message = "Not that one: " + err.Error()
		return nil
	}
	return m.play(mv)
}

// play plays a legal move for whoever is to move.
func (m *Model) play(mv oware.Move) tea.Cmd {
	before := m.game.Position()
	captured, err := m.game.Play(mv)
	if err != nil {
		m.message = err.Error()
		return nil
	}
	m.hint = nil
	m.last = mv
	m.lastTaken = oware.Taken(before, m.game.Position(), mv, captured)
	who := before.ToMove()
	m.message = fmt.Sprintf("%v sowed %v.", who, mv)
	if captured > 0 {
		m.message = fmt.Sprintf("%v sowed %v and captured %d.", who, mv, captured)
	}
	m.keep()
	if m.game.Over() {
		m.record()
		return nil
	}
	m.placeCursor()
	return m.next()
}

// undo takes back moves to the person's last turn.
func (m *Model) undo() tea.Cmd {
	m.stop()
	if !m.game.Undo() {
		m.message = "Nothing to undo."
		return nil
	}
	m.helped = true
	for m.computerToMove() && m.opts.Players != [2]Who{Computer, Computer} && m.game.Undo() {
	}
	m.keep()
	if m.computerToMove() && m.opts.Players != [2]Who{Computer, Computer} {
		// The computer opened the game: it moves again.
		m.last, m.lastTaken, m.hint, m.message = oware.NoMove, nil, nil, "Undone."
		return m.next()
	}
	m.last, m.lastTaken, m.hint, m.message = oware.NoMove, nil, nil, "Undone."
	if moves := m.game.Moves(); len(moves) > 0 {
		m.last = moves[len(moves)-1]
	}
	m.placeCursor()
	return nil
}

// save stores the game record.
func (m *Model) save() {
	if m.opts.SaveRecord == nil {
		m.message = "Records cannot be saved here."
		return
	}
	path, err := m.opts.SaveRecord(m.game.Record())
	if err != nil {
		m.message = "Not saved: " + err.Error()
		return
	}
	m.message = "Saved to " + path + " (gamelab oware play --load " + path + ")."
}

// person reports whether a person plays in this session.
func (m *Model) person() bool { return m.opts.Players != [2]Who{Computer, Computer} }

// unfinished returns the game the person left under way, if it was
// played under the session's rules, to go on with; nil if there is none.
func (m *Model) unfinished() *oware.Game {
	if m.opts.Profile.Unfinished == "" {
		return nil
	}
	g, err := oware.ParseRecord(strings.NewReader(m.opts.Profile.Unfinished))
	if err != nil || g.Over() || g.Rules() != m.opts.Rules {
		return nil
	}
	m.message = fmt.Sprintf("Your game of %d moves goes on.", len(g.Moves()))
	return g
}

// keep saves the game under way, a person's, as the one to go on with
// next time, or forgets it once it is over.
func (m *Model) keep() {
	if !m.person() {
		return
	}
	record := m.game.Record()
	if m.game.Over() || len(m.game.Moves()) == 0 {
		record = ""
	}
	if record == m.opts.Profile.Unfinished {
		return
	}
	m.change(func(p *Profile) { p.Unfinished = record })
}

// change applies a change to the profile through Options.Update.
func (m *Model) change(change func(p *Profile)) {
	if n := tui.Change(&m.opts.Profile, m.opts.Update, change); n != "" {
		m.notice = n
	}
}

// record adds a finished game against the computer to the profile.
func (m *Model) record() {
	if m.recorded {
		return
	}
	m.recorded = true
	human := -1
	for s, who := range m.opts.Players {
		if who == Human {
			if human >= 0 {
				return // two people: no record of one
			}
			human = s
		}
	}
	if human < 0 {
		return
	}
	r := m.game.Result()
	result := stats.Loss
	switch {
	case r.Draw:
		result = stats.Draw
	case r.Winner == oware.Side(human):
		result = stats.Win
	}
	key := StatsKey(m.opts.Engine, m.opts.Limits)
	m.change(func(p *Profile) { p.Stats.Add(key, stats.Game{Result: result, Assisted: m.helped}) })
}

// describe says what a score means for the side to move.
func describe(s search.Score) string {
	switch {
	case s.Decided() && s > 0:
		return fmt.Sprintf("a win in %d plies", search.WinScore-s)
	case s.Decided():
		return fmt.Sprintf("a loss in %d plies", search.WinScore+s)
	}
	return fmt.Sprintf("%+.1f seeds", float64(s)/100)
}
