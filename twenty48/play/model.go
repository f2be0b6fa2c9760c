// Package play is 2048 in the terminal: a bubbletea model that turns keys
// into moves on a twenty48.Game and draws the board with square tiles, the
// score, the best score and the moves, and a replay viewer.
//
// Input, game logic and drawing stay apart: Update calls the engine; the
// view functions only read.
package play

import (
	"fmt"
	"io"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/stats"
	"gamelab/internal/tui"
	"gamelab/twenty48"
	"gamelab/twenty48/player"
)

// Options configure a session of games.
type Options struct {
	Size int           // cells a side
	Mode twenty48.Mode // classic, shuffle or evil
	Undo int           // moves that may be undone in a row

	// Seed, if given, is the first game's seed (the next games take
	// the following seeds); if not, each game draws one at random.
	Seed tui.Seed

	// Profile holds the settings and records as they were loaded. Update,
	// if set, applies a change to the saved profile and returns the profile
	// saved; the model shows that one from then on. Without Update the
	// model changes Profile itself. Both may be nil.
	Profile *Profile
	Update  func(change func(*Profile)) (*Profile, error)

	// NewPlayer, if set, makes the player of hints and autoplay, with a
	// note to show (a trained network missing, say) or an error that
	// leaves the game without one. It may take a while (loading a
	// network): it is called off the UI's goroutine, on first use.
	// Without it the fast heuristic player plays.
	NewPlayer func() (player.Strategy, string, error)

	// SaveReplay, if set, keeps a game's record and says where.
	SaveReplay func(twenty48.Record) (string, error)

	// Notice, if set, is shown until the first game ends: trouble loading
	// the profile, say.
	Notice string
}

// frameTime is the time between two frames of a slide; a slide has
// slideFrames frames, about a tenth of a second in all.
const (
	frameTime   = 30 * time.Millisecond
	slideFrames = 3
)

// Model is the bubbletea model of the game.
type Model struct {
	opts    Options
	game    *twenty48.Game
	counted bool // the game is in the record already

	message string // what the last key did: refused, saved, won, …
	notice  string

	// The slide under way: the tiles' journeys, the frame shown, and the
	// board to show after it.
	slides []twenty48.Slide
	frame  int
	from   twenty48.Grid

	strategy player.Strategy // for hints and autoplay, made on first use
	thinking bool            // a move is being searched
	autoplay bool
	// hintAsked is set by the hint key until the hint is shown or a move
	// made: a search autoplay began, ending after autoplay stopped, is
	// not a hint to show, and a hint asked for before an undo is searched
	// again for the board the undo leaves.
	hintAsked bool
	// helped is set once the game had help: a hint, autoplay or an undo.
	// It is counted, and marked, but sets no best score.
	helped bool
	// winPause holds the board after the first 2048, until the player
	// keeps going (enter) or starts again.
	winPause bool
	kept     time.Time
	anew     tui.Leaving // n over a game under way asks first // when the game under way was last saved to resume

	help bool // the rules and keys are shown

	width, height int
}

// keys are the bindings, for matching and for the help line. The moves
// are the arrows only, so that letters stay free for commands.
var keys = struct {
	Up, Down, Left, Right, Undo, Shuffle, New, Save, Animate, Hint, Auto, Help, Keep, Quit key.Binding
}{
	Help:    tui.Keys.Help,
	Keep:    key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("enter", "keep going")),
	Hint:    key.NewBinding(key.WithKeys("h"), key.WithHelp("h", "hint")),
	Auto:    key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "autoplay")),
	Up:      key.NewBinding(key.WithKeys("up"), key.WithHelp("arrows", "move")),
	Down:    key.NewBinding(key.WithKeys("down")),
	Left:    key.NewBinding(key.WithKeys("left")),
	Right:   key.NewBinding(key.WithKeys("right")),
	Undo:    key.NewBinding(key.WithKeys("u", "backspace"), key.WithHelp("u", "undo")),
	Shuffle: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "shuffle")),
	New:     key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new game")),
	Save:    key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "save replay")),
	Animate: key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "animation")),
	Quit:    tui.Keys.Leave,
}

// New returns the model for opts, with its first game started.
func New(opts Options) (*Model, error) {
	if opts.Size == 0 {
		opts.Size = twenty48.DefaultSize
	}
	if opts.Profile == nil {
		opts.Profile = &Profile{}
	}
	m := &Model{opts: opts, notice: opts.Notice, anew: tui.Leaving{Question: "Start again? This game is counted as it stands: n again for a new one."}}
	if m.resume() {
		return m, nil
	}
	if err := m.newGame(); err != nil {
		return nil, err
	}
	return m, nil
}

// resume takes up the game left under way of this size and mode, unless
// the session replays a seed; it reports whether there was one.
func (m *Model) resume() bool {
	r := m.opts.Profile.Unfinished[StatsKey(m.opts.Size, m.opts.Mode)]
	if r == nil || m.opts.Seed.Given {
		return false
	}
	games, err := twenty48.Replay(*r) // validated on loading
	if err != nil {
		return false
	}
	m.game = games[len(games)-1]
	m.message = fmt.Sprintf("Your game of %d moves goes on.", len(r.Moves))
	return true
}

// keep saves the game under way as the one to resume, at most once a
// second while it is played (force: now, on leaving), or forgets it once
// it is counted. A replayed seed's games are never kept.
func (m *Model) keep(force bool) {
	if m.opts.Seed.Given || (!force && time.Since(m.kept) < time.Second) {
		return
	}
	m.kept = time.Now()
	k := StatsKey(m.opts.Size, m.opts.Mode)
	if m.counted || len(m.game.Moves()) == 0 {
		if m.opts.Profile.Unfinished[k] != nil {
			m.change(func(p *Profile) { delete(p.Unfinished, k) })
		}
		return
	}
	r := m.game.Record()
	m.change(func(p *Profile) {
		if p.Unfinished == nil {
			p.Unfinished = map[string]*twenty48.Record{}
		}
		p.Unfinished[k] = &r
	})
}

// newGame starts the next game.
func (m *Model) newGame() error {
	g, err := twenty48.New(m.opts.Size, m.opts.Seed.Next(), m.opts.Mode, m.opts.Undo)
	if err != nil {
		return err
	}
	if m.game != nil {
		m.notice = ""
	}
	m.game, m.counted, m.message, m.slides, m.helped, m.winPause = g, false, "", nil, false, false
	return nil
}

// Game returns the game on the board.
func (m *Model) Game() *twenty48.Game { return m.game }

// Init implements tea.Model.
func (m *Model) Init() tea.Cmd { return nil }

type frameMsg struct{}

func frame() tea.Cmd { return tea.Tick(frameTime, func(time.Time) tea.Msg { return frameMsg{} }) }

// Update implements tea.Model.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case frameMsg:
		if m.slides == nil {
			return m, nil
		}
		m.frame++
		if m.frame >= slideFrames {
			m.slides = nil
			return m, nil
		}
		return m, frame()
	case suggestionMsg:
		return m, m.suggested(msg)
	case tea.KeyMsg:
		return m.handleKey(msg)
	}
	return m, nil
}

// suggestionMsg delivers the player's move for the board it was asked for.
type suggestionMsg struct {
	board    twenty48.Board
	move     twenty48.Direction
	ok       bool
	strategy player.Strategy // kept for the next suggestions
	note     string          // from making the strategy, to show
	err      error           // no strategy could be made, or it failed
}

// suggest starts the player's search for the board on screen.
func (m *Model) suggest() tea.Cmd {
	if m.thinking {
		return nil
	}
	grid := m.game.Grid()
	b, ok := twenty48.BoardOf(grid)
	if !ok {
		m.autoplay = false
		m.message = "The player plays 4×4 boards without evil tiles."
		return nil
	}
	m.thinking = true
	s, newPlayer := m.strategy, m.opts.NewPlayer
	return func() tea.Msg {
		var note string
		switch {
		case s != nil:
		case newPlayer != nil:
			var err error
			if s, note, err = newPlayer(); err != nil {
				return suggestionMsg{board: b, err: err}
			}
		default:
			s = player.NewExpectimax(player.Fast, nil)
		}
		d, ok := player.Choose(s, grid)
		if err := player.Failure(s); !ok && err != nil {
			// The next hint starts the player afresh.
			if c, ok := s.(io.Closer); ok {
				c.Close()
			}
			return suggestionMsg{board: b, note: note, err: err}
		}
		return suggestionMsg{board: b, move: d, ok: ok, strategy: s, note: note}
	}
}

// suggested shows the player's move, or plays it under autoplay, if the
// board has not changed meanwhile.
func (m *Model) suggested(msg suggestionMsg) tea.Cmd {
	m.thinking, m.strategy = false, msg.strategy
	if msg.note != "" {
		m.notice = msg.note
	}
	if msg.err != nil {
		m.autoplay = false
		m.message = msg.err.Error() + "."
		return nil
	}
	if b, _ := twenty48.BoardOf(m.game.Grid()); b != msg.board || !msg.ok {
		// The board changed while the search ran (an undo, a new game;
		// a move of the player's own drops the hint asked for): search
		// the board on screen.
		if (m.autoplay || m.hintAsked) && !m.game.Over() {
			return m.suggest()
		}
		return nil
	}
	if !m.autoplay {
		if m.hintAsked {
			m.hintAsked = false
			m.message = "Hint: " + arrows[msg.move] + "."
		}
		return nil
	}
	cmd := m.play(twenty48.Move(msg.move))
	if m.game.Over() {
		m.autoplay = false
		return cmd
	}
	return tea.Batch(cmd, m.suggest())
}

// arrows names the moves as the keys show them.
var arrows = [4]string{"↑ up", "↓ down", "← left", "→ right"}

func (m *Model) handleKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	m.slides = nil // a key ends the slide under way
	if m.help {
		m.help = false // any key returns to the game
		return m, nil
	}
	if !key.Matches(msg, keys.New) {
		m.anew.Key(msg, keys.New, &m.message) // another key withdraws the question
	}
	if m.winPause {
		switch {
		case key.Matches(msg, keys.Keep):
			m.winPause = false
			m.message = "Play on for a higher score."
			return m, nil
		case key.Matches(msg, keys.New), key.Matches(msg, keys.Quit), key.Matches(msg, keys.Help), key.Matches(msg, keys.Save):
		default:
			return m, nil // the board waits for a choice
		}
	}
	switch {
	case key.Matches(msg, keys.Help):
		m.help = true
		return m, nil
	case key.Matches(msg, keys.Quit):
		if m.game.Over() {
			m.count()
		}
		m.keep(true) // a game under way is kept, to go on with next time
		return m, tea.Quit
	case key.Matches(msg, keys.New):
		if !m.game.Over() && len(m.game.Moves()) > 0 && !m.opts.Seed.Given {
			// The game under way is given up, counted as it stands: the
			// first n asks.
			if again, _ := m.anew.Key(msg, keys.New, &m.message); !again {
				return m, nil
			}
		}
		m.count()
		m.keep(true)
		if err := m.newGame(); err != nil {
			m.message = err.Error()
		}
		return m, nil
	case key.Matches(msg, keys.Undo):
		switch {
		case m.opts.Undo == 0:
			m.message = "Undo is off: start with --undo N to allow N moves back."
		case !m.game.Undo():
			m.message = fmt.Sprintf("Nothing more to undo (up to %d moves in a row).", m.opts.Undo)
		default:
			m.helped = true
			m.message = fmt.Sprintf("Undone: %d more possible.", m.game.CanUndo())
		}
		return m, nil
	case key.Matches(msg, keys.Save):
		m.saveReplay()
		return m, nil
	case key.Matches(msg, keys.Animate):
		off := !m.opts.Profile.Settings.NoAnimation
		m.change(func(p *Profile) { p.Settings.NoAnimation = off })
		m.message = "Animation on."
		if off {
			m.message = "Animation off."
		}
		return m, nil
	case key.Matches(msg, keys.Shuffle) && m.opts.Mode == twenty48.ShuffleMode:
		return m, m.play(twenty48.ShuffleMove)
	case key.Matches(msg, keys.Hint):
		m.hintAsked, m.helped = true, true
		m.message = "Thinking…"
		return m, m.suggest()
	case key.Matches(msg, keys.Auto):
		m.autoplay = !m.autoplay
		m.helped = m.helped || m.autoplay
		if !m.autoplay {
			m.message = "Autoplay off."
			return m, nil
		}
		m.message = "Autoplay: a stops it."
		return m, m.suggest()
	}
	for d, b := range []key.Binding{keys.Up, keys.Down, keys.Left, keys.Right} {
		if key.Matches(msg, b) {
			return m, m.play(twenty48.Move(d))
		}
	}
	return m, nil
}

// play makes a move, starting its slide, and counts the game once over.
func (m *Model) play(mv twenty48.Move) tea.Cmd {
	if m.game.Over() {
		m.message = "The game is over: n starts a new one."
		return nil
	}
	m.hintAsked = false // a hint asked for is for the board before
	wasWon := m.game.Won()
	before := m.game.Grid()
	var slides []twenty48.Slide
	err := m.game.Play(mv, func(s twenty48.Slide) { slides = append(slides, s) })
	switch {
	case err == twenty48.ErrNoMove:
		m.message = ""
		return nil
	case err != nil:
		m.message = err.Error() + "."
		return nil
	}
	m.message = ""
	if m.game.Won() && !wasWon && before.MaxExp() < 11 {
		// The original's pause: the board stays until the player chooses
		// to keep going.
		m.winPause, m.autoplay = true, false
	}
	if m.game.Over() {
		m.message = "Game over: no move left. n starts a new game."
		if m.game.CanUndo() > 0 {
			// Counted when left: an undo may yet take the game further.
			m.message = "Game over: no move left. u undoes, n starts a new game."
		} else {
			m.count()
		}
	}
	m.keep(m.counted)
	if m.opts.Profile.Settings.NoAnimation || mv == twenty48.ShuffleMove {
		return nil
	}
	m.slides, m.frame, m.from = slides, 0, before
	return frame()
}

// count adds the game on the board to the record once, if it has a move.
func (m *Model) count() {
	g := m.game
	if m.counted || len(g.Moves()) == 0 {
		return
	}
	m.counted = true
	result := stats.Game{Result: stats.Loss, Score: g.Score(), Scored: true, Assisted: m.helped}
	if g.Won() {
		result.Result = stats.Win
	}
	k := StatsKey(m.opts.Size, m.opts.Mode)
	m.change(func(p *Profile) { p.Stats.Add(k, result) })
}

// change applies a change to the profile through Options.Update, which
// applies it to the freshest saved profile, so that another gamelab
// playing at the same time loses nothing.
func (m *Model) change(change func(p *Profile)) {
	if notice := tui.Change(&m.opts.Profile, m.opts.Update, change); notice != "" {
		m.notice = notice
	}
}

// saveReplay keeps the game's record through Options.SaveReplay.
func (m *Model) saveReplay() {
	if m.opts.SaveReplay == nil {
		m.message = "Replays cannot be saved here."
		return
	}
	if !m.game.Over() && !m.opts.Seed.Given {
		// A replay holds the seed, which draws the tiles to come.
		m.message = "A replay is saved once the game is over: it holds the seed that draws the tiles."
		return
	}
	path, err := m.opts.SaveReplay(m.game.Record())
	if err != nil {
		m.message = "Could not save the replay: " + err.Error()
		return
	}
	m.message = "Replay saved: gamelab 2048 replay " + path
}

// best returns the best score to show: the record's, or this game's if it
// is higher.
func (m *Model) best() int64 {
	r := m.opts.Profile.Stats.Get(StatsKey(m.opts.Size, m.opts.Mode))
	if m.helped {
		return r.BestScore // a game with help sets no best score
	}
	return max(r.BestScore, m.game.Score())
}
