// Package play is the Nerdle game in the terminal: a bubbletea model that
// turns keys into moves on a nerdle.Game and draws the board, the keyboard
// of what is known, the player's statistics, the rules and the settings.
//
// Input, game logic and drawing stay apart: Update only edits the row being
// typed and calls the engine; the view functions only read.
package play

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/cache"
	"gamelab/internal/stats"
	"gamelab/internal/tui"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
)

// Options configure a session of games.
type Options struct {
	Length int          // symbols per row
	Rows   int          // guesses per game
	Rules  nerdle.Rules // which equations count
	Rand   *rand.Rand   // draws the secrets; by default, Seed's

	// Seed, if given, draws the games' secrets (replays): they are never
	// saved as the unfinished game, so they cannot overwrite one.
	Seed tui.Seed

	// Daily, if set, is today's date ("2006-01-02"): the first game is the
	// daily puzzle of Length and Rules, with the default number of rows,
	// played once a day and counted apart.
	Daily string
	// Now is the clock of the countdown to the next daily puzzle; nil is
	// time.Now.
	Now func() time.Time

	// Cache is the root of the solver's caches, for hints; "" keeps none.
	Cache cache.Dir

	// Profile holds the settings, statistics and unfinished games as they
	// were loaded. Update, if set, applies a change to the saved profile
	// and returns the profile saved (which includes the changes of other
	// processes); the model shows that one from then on. Without Update
	// the model changes Profile itself. Both may be nil.
	Profile *Profile
	Update  func(change func(*Profile)) (*Profile, error)

	// Clipboard, if set, copies the shared result (by OSC 52, say).
	Clipboard func(text string) error

	// Notice, if set, is shown until the first game ends: trouble loading
	// the profile, say.
	Notice string

	// Resume, if set, is the game to continue instead of drawing a secret.
	Resume *nerdle.Game
	// Equations, if set, is the list to draw secrets from (the output of
	// nerdle.Enumerate for Length and Rules); otherwise the model computes
	// it in the background.
	Equations []nerdle.Equation
}

// screen is what the model shows over the game.
type screen uint8

const (
	playing  screen = iota
	helping         // the rules and keys
	settings        // the settings, one toggled at a time
)

// Model is the bubbletea model of the game.
type Model struct {
	opts      Options
	equations []nerdle.Equation
	game      *nerdle.Game
	daily     string // the day of the daily puzzle on the board, or ""
	games     int    // games started, for the share title of a seeded run
	screen    screen
	setting   int // the setting under the cursor

	input  [nerdle.MaxLength]byte // the row being typed; 0 is an empty box
	cursor int                    // 0 to Length: Length is past the last box

	message string // why the last row was refused; cleared by typing
	remark  string // a word on the last guess
	notice  string // trouble saving, shown until the next game
	shared  string // the result grid, once shared

	solver   solve.Solver // made on the first hint; used by one hint at a time
	hint     string       // the last hint, for the rows it was asked for
	hintRows int
	hinted   bool // a hint was asked for in this game
	thinking bool

	anew tui.Leaving // n over a game under way asks first

	width, height int
}

// keys are the bindings, for matching and for the help line.
var keys = struct {
	Left, Right, Home, End, Delete, Enter, Hint, Help, Settings, Quit, New key.Binding
	Again, Share, QuitEnd, Up, Down, Toggle, Back                          key.Binding
}{
	Left:     key.NewBinding(key.WithKeys("left"), key.WithHelp("←/→", "move")),
	Right:    key.NewBinding(key.WithKeys("right")),
	Home:     key.NewBinding(key.WithKeys("home", "ctrl+a"), key.WithHelp("home/end", "first/last box")),
	End:      key.NewBinding(key.WithKeys("end", "ctrl+e")),
	Delete:   key.NewBinding(key.WithKeys("backspace", "delete"), key.WithHelp("⌫", "delete")),
	Enter:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "guess")),
	Hint:     key.NewBinding(key.WithKeys("h"), key.WithHelp("h", "hint")),
	Help:     tui.Keys.Help,
	Settings: key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "settings")),
	Quit:     tui.Keys.Quit,
	Again:    key.NewBinding(key.WithKeys("enter", "n"), key.WithHelp("enter", "play again")),
	New:      key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new game")),
	Share:    key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "share")),
	QuitEnd:  tui.Keys.Leave,
	Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/↓", "choose")),
	Down:     key.NewBinding(key.WithKeys("down", "j")),
	Toggle:   key.NewBinding(key.WithKeys(" ", "enter"), key.WithHelp("space", "switch")),
	Back:     key.NewBinding(key.WithKeys("esc", "?", "o", "q"), key.WithHelp("esc", "back")),
}

// New returns the model for opts. If opts.Resume is nil, the first game
// starts once the equations are ready.
func New(opts Options) *Model {
	if opts.Rows == 0 {
		opts.Rows = nerdle.DefaultRows
	}
	if opts.Rand == nil {
		opts.Rand = opts.Seed.Rand(0x6e65726466c65) // the same secrets for a seed on any machine
	}
	if opts.Profile == nil {
		opts.Profile = &Profile{}
	}
	m := &Model{opts: opts, equations: opts.Equations, game: opts.Resume, notice: opts.Notice,
		anew: tui.Leaving{Question: "Give this game up? It counts as lost: n again for a new one."}}
	if m.game != nil {
		m.game.SetMode(m.settings().Mode(m.game.Rules()))
		m.games = 1
	} else if m.equations != nil {
		m.newGame()
	}
	return m
}

// settings returns the player's settings.
func (m *Model) settings() Settings { return m.opts.Profile.Settings }

// palette returns the colours the settings choose.
func (m *Model) palette() palette {
	if m.settings().ColourBlind {
		return colourBlind
	}
	return usual
}

// equationsMsg delivers the enumeration computed in the background.
type equationsMsg struct {
	list []nerdle.Equation
	err  error
}

// Init implements tea.Model: it starts the enumeration if it is needed.
func (m *Model) Init() tea.Cmd {
	if m.equations != nil {
		return nil
	}
	n, r := m.opts.Length, m.opts.Rules
	return func() tea.Msg {
		list, err := nerdle.Enumerate(n, r)
		return equationsMsg{list, err}
	}
}

// Game returns the game in progress, or nil while the equations load.
func (m *Model) Game() *nerdle.Game { return m.game }

// Shared returns the result grid last shared, or "": the command prints it
// after the game, for terminals that do not pass the copy on.
func (m *Model) Shared() string { return m.shared }

// newGame starts the next game: the daily puzzle if it is due, else a
// secret drawn at random.
func (m *Model) newGame() {
	if m.game != nil {
		m.notice = "" // shown for one game is enough
	}
	m.daily = ""
	if m.opts.Daily != "" {
		m.startDaily()
		m.opts.Daily = "" // once: the next game is free play
	} else {
		g, err := nerdle.NewGame(nerdle.RandomSecret(m.opts.Rand, m.equations), m.opts.Rows, m.opts.Rules)
		if err != nil {
			panic(err) // an enumerated equation is valid by construction
		}
		m.game = g
	}
	m.games++
	m.game.SetMode(m.settings().Mode(m.game.Rules()))
	m.clearRow()
	m.message, m.remark, m.hint, m.shared, m.hinted = "", "", "", "", false
}

// startDaily puts today's puzzle on the board, with the guesses already
// made today, if any: it is played once a day.
func (m *Model) startDaily() {
	day := m.opts.Daily
	g, err := nerdle.NewGame(nerdle.DailySecret(day, m.equations, m.opts.Rules), nerdle.DefaultRows, m.opts.Rules)
	if err != nil {
		panic(err) // an enumerated equation is valid by construction
	}
	m.daily, m.game = day, g
	if d := m.opts.Profile.Daily[DailyKey(m.opts.Length, m.opts.Rules)]; d != nil && d.Day == day {
		for _, s := range d.Guesses {
			if _, err := g.Guess(s); err != nil {
				break // saved under other settings: replay what still holds
			}
		}
		m.hinted = d.Hinted
		if g.Status() != nerdle.Playing {
			m.remark = "You have played today's puzzle; the next one comes tomorrow."
		}
	}
}

func (m *Model) clearRow() {
	m.input = [nerdle.MaxLength]byte{}
	m.cursor = 0
}

// Update implements tea.Model.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case equationsMsg:
		if msg.err != nil {
			m.notice = msg.err.Error()
			return m, tea.Quit
		}
		m.equations = msg.list
		if m.game == nil {
			m.newGame()
		}
	case hintMsg:
		m.thinking = false
		m.solver = msg.solver
		m.hintRows = msg.rows
		if msg.err != nil {
			m.hint = "No hint: " + msg.err.Error() + "."
		} else {
			m.hint = fmt.Sprintf("Hint: try %v (%s possible).", msg.guess, plural(msg.remaining, "equation"))
		}
	case tea.KeyMsg:
		return m.handleKey(msg)
	}
	return m, nil
}

// hintMsg delivers a hint computed in the background.
type hintMsg struct {
	rows      int // the rows played when it was asked for
	guess     nerdle.Equation
	remaining int
	solver    solve.Solver
	err       error
}

// askHint starts computing the solver's next guess for the rows played so
// far. The solver is made on first use: at length 11 that takes seconds.
func (m *Model) askHint() tea.Cmd {
	if m.thinking || m.equations == nil {
		return nil
	}
	m.thinking, m.hinted = true, true
	if m.daily != "" {
		m.saveDaily()
	}
	u := &solve.Universe{Length: m.game.Length(), Rules: m.game.Rules(), All: m.equations, Cache: m.opts.Cache}
	h := solve.History{Length: u.Length, Rules: u.Rules, Rows: slices.Clone(m.game.Rows())}
	s := m.solver
	return func() tea.Msg {
		if s == nil {
			f, err := solve.Lookup(solve.DefaultSolver)
			if err == nil {
				s, err = f(u)
			}
			if err != nil {
				return hintMsg{rows: len(h.Rows), err: err}
			}
		}
		g, err := s.Guess(h)
		return hintMsg{rows: len(h.Rows), guess: g, remaining: len(u.Candidates(h)), solver: s, err: err}
	}
}

// plural says "1 equation" or "1,464,019 equations".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	digits := fmt.Sprint(n)
	var b []byte
	for i := range len(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, digits[i])
	}
	return string(b) + " " + noun + "s"
}

func (m *Model) handleKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	if m.game == nil {
		if key.Matches(msg, keys.QuitEnd) {
			return m, tea.Quit
		}
		return m, nil
	}
	switch m.screen {
	case helping:
		m.screen = playing // any key goes back to the game
		return m, nil
	case settings:
		m.settingsKey(msg)
		return m, nil
	}
	switch {
	case key.Matches(msg, keys.Help):
		m.screen = helping
		return m, nil
	case key.Matches(msg, keys.Settings):
		m.screen = settings
		return m, nil
	}
	if m.game.Status() != nerdle.Playing {
		switch {
		case key.Matches(msg, keys.Again):
			if m.equations == nil {
				return m, m.Init() // resumed without the list: load it first
			}
			m.newGame()
		case key.Matches(msg, keys.Share):
			m.share()
		case key.Matches(msg, keys.QuitEnd):
			return m, tea.Quit
		}
		return m, nil
	}
	if len(m.game.Rows()) > 0 {
		// n gives the game up (kept otherwise): the first n asks, any
		// other key withdraws the question.
		if again, handled := m.anew.Key(msg, keys.New, &m.message); handled {
			if again {
				return m, m.giveUp()
			}
			return m, nil
		}
	}
	switch {
	case key.Matches(msg, keys.Quit):
		return m, tea.Quit
	case key.Matches(msg, keys.Enter):
		m.submit()
		return m, nil
	case key.Matches(msg, keys.Hint):
		return m, m.askHint()
	}
	m.message = ""
	switch {
	case key.Matches(msg, keys.Left):
		m.MoveLeft()
	case key.Matches(msg, keys.Right):
		m.MoveRight()
	case key.Matches(msg, keys.Home):
		m.cursor = 0
	case key.Matches(msg, keys.End):
		m.cursor = m.firstEmpty()
	case key.Matches(msg, keys.Delete):
		m.Backspace()
	case msg.Type == tea.KeyRunes:
		// A paste arrives as several runes in one message (keys typed
		// quickly are split by tui.Program).
		for _, r := range msg.Runes {
			if s, err := nerdle.ParseSymbol(r); err == nil {
				m.Type(s)
			}
		}
	}
	return m, nil
}

// Type writes s under the cursor and moves the cursor right. Past the last
// box there is nothing to write on: the row is full, and typing does
// nothing until a symbol is deleted or the cursor moves back.
func (m *Model) Type(s nerdle.Symbol) {
	if m.cursor >= m.game.Length() {
		return
	}
	m.input[m.cursor] = s.Byte()
	m.cursor++
}

// MoveLeft moves the cursor one box left, stopping at the left end.
func (m *Model) MoveLeft() { m.cursor = max(0, m.cursor-1) }

// MoveRight moves the cursor one box right, stopping past the last box.
func (m *Model) MoveRight() { m.cursor = min(m.game.Length(), m.cursor+1) }

// firstEmpty returns the first empty box, or the place past the last one.
func (m *Model) firstEmpty() int {
	n := m.game.Length()
	for i := range n {
		if m.input[i] == 0 {
			return i
		}
	}
	return n
}

// Backspace deletes the symbol under the cursor if there is one; otherwise,
// unless at the left end, it moves one box left and deletes the symbol
// there, if any.
func (m *Model) Backspace() {
	if m.cursor < m.game.Length() && m.input[m.cursor] != 0 {
		m.input[m.cursor] = 0
		return
	}
	if m.cursor > 0 {
		m.cursor--
		m.input[m.cursor] = 0
	}
}

// Row returns the row being typed, with a space for each empty box.
func (m *Model) Row() string {
	b := make([]byte, m.game.Length())
	for i := range b {
		b[i] = m.input[i]
		if b[i] == 0 {
			b[i] = ' '
		}
	}
	return string(b)
}

// Cursor returns the position of the cursor in the row: Length when it is
// past the last box.
func (m *Model) Cursor() int { return m.cursor }

// Message returns why the last row was refused, or "".
func (m *Model) Message() string { return m.message }

// submit plays the typed row if it is a valid equation; otherwise it leaves
// the row as it is and says why.
func (m *Model) submit() {
	n := m.game.Length()
	row := make([]byte, 0, n)
	for _, c := range m.input[:n] {
		if c != 0 {
			row = append(row, c)
		}
	}
	if len(row) < n {
		m.message = fmt.Sprintf("Fill every box: %d of %d symbols typed.", len(row), n)
		return
	}
	played := string(row)
	if _, err := m.game.Guess(played); err != nil {
		var hard *nerdle.HardModeError
		if errors.As(err, &hard) {
			m.message = "Hard mode: " + hard.Reason + "."
		} else {
			m.message = "Not a valid equation: " + err.Error() + "."
		}
		return
	}
	m.clearRow()
	m.remark = Remark(m.game)
	if rows := m.game.Rows(); played != rows[len(rows)-1].Guess.String() {
		m.remark = fmt.Sprintf("%s is %v reordered: solved!", played, m.game.Secret())
	}
	if m.daily != "" {
		m.saveDaily()
	} else {
		m.recordProgress()
	}
}

// result is the finished game as the statistics count it.
func (m *Model) result() stats.Game {
	g := m.game
	if g.Status() == nerdle.Won {
		return stats.Game{Result: stats.Win, Tries: len(g.Rows()), Assisted: m.hinted, Day: m.daily}
	}
	return stats.Game{Result: stats.Loss, Day: m.daily}
}

// saveDaily keeps today's puzzle as it stands, and counts it once it ends.
func (m *Model) saveDaily() {
	g := m.game
	k := DailyKey(g.Length(), g.Rules())
	d := &DailyGame{Day: m.daily, Hinted: m.hinted}
	for _, r := range g.Rows() {
		d.Guesses = append(d.Guesses, r.Guess.String())
	}
	over := g.Status() != nerdle.Playing
	result := m.result()
	m.change(func(p *Profile) {
		if old := p.Daily[k]; over && old != nil && old.Day == d.Day && len(old.Guesses) >= len(d.Guesses) {
			return // counted already, by this process or another
		}
		if p.Daily == nil {
			p.Daily = map[string]*DailyGame{}
		}
		p.Daily[k] = d
		if over {
			p.Stats.Add(k, result)
		}
	})
}

// giveUp ends the game under way as lost, forgets it as the unfinished
// game, and starts the next (once the equations are loaded, for a game
// resumed without them).
func (m *Model) giveUp() tea.Cmd {
	g := m.game
	k := StatsKey(g.Length(), g.MaxRows(), g.Rules())
	if m.daily != "" {
		k = DailyKey(g.Length(), g.Rules())
	}
	secret, seeded := g.Secret().String(), m.opts.Seed.Given
	m.change(func(p *Profile) {
		if u := p.Unfinished[StatsKey(g.Length(), g.MaxRows(), g.Rules())]; u != nil && u.Secret == secret && !seeded {
			delete(p.Unfinished, StatsKey(g.Length(), g.MaxRows(), g.Rules()))
		}
		p.Stats.Add(k, stats.Game{Result: stats.Loss, Day: m.daily})
	})
	if m.equations == nil {
		m.game = nil
		return m.Init()
	}
	m.newGame()
	m.message = "Given up: the answer was " + secret + "."
	return nil
}

// recordProgress updates the profile after an accepted guess: the unfinished
// game while it lasts, the statistics once it ends.
func (m *Model) recordProgress() {
	g := m.game
	k := StatsKey(g.Length(), g.MaxRows(), g.Rules())
	switch {
	case g.Status() != nerdle.Playing:
		result := m.result()
		secret := g.Secret().String()
		seeded := m.opts.Seed.Given
		m.change(func(p *Profile) {
			// Only this game's own save: another one may be waiting there.
			if u := p.Unfinished[k]; u != nil && u.Secret == secret && !seeded {
				delete(p.Unfinished, k)
			}
			p.Stats.Add(k, result)
		})
	case m.opts.Seed.Given:
		// A replayed game never takes the place of a saved one.
	default:
		snap := snapshot(g)
		m.change(func(p *Profile) {
			if p.Unfinished == nil {
				p.Unfinished = map[string]*Unfinished{}
			}
			p.Unfinished[k] = snap
		})
	}
}

// change applies a change to the profile through Options.Update, which
// applies it to the freshest saved profile, so that another gamelab
// playing at the same time loses nothing.
func (m *Model) change(change func(p *Profile)) {
	if notice := tui.Change(&m.opts.Profile, m.opts.Update, change); notice != "" {
		m.notice = notice
	}
}

// share copies the result grid and keeps it on screen, for terminals that
// do not pass the copy on.
func (m *Model) share() {
	label := "free play"
	switch {
	case m.daily != "":
		label = "daily " + m.daily
	case m.opts.Seed.Given:
		label = fmt.Sprintf("seed %d #%d", m.opts.Seed.Value, m.games)
	}
	m.shared = ShareText(m.game, label, m.hinted, m.palette())
	m.remark = "Shared: the grid is below. Copied, if your terminal allows it (OSC 52)."
	if m.opts.Clipboard == nil {
		m.remark = "Shared: copy the grid below."
	} else if err := m.opts.Clipboard(m.shared); err != nil {
		m.remark = "Could not copy (" + err.Error() + "): copy the grid below."
	}
}
