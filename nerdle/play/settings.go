package play

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/tui"
	"gamelab/nerdle"
)

// setting is one switch of the settings screen.
type setting struct {
	name, about string
	on          func(s Settings, m *Model) bool
	flip        func(s *Settings, m *Model)
}

// settingsList is the settings screen, in order.
var settingsList = []setting{
	{
		"Commutative answers", "35+12=47 solves 12+35=47",
		func(s Settings, m *Model) bool { return s.Mode(m.game.Rules()).Commutative },
		func(s *Settings, m *Model) {
			on := !s.Mode(m.game.Rules()).Commutative
			s.Commutative = &on
		},
	},
	{
		"Colour-blind colours", "orange and blue for green and magenta",
		func(s Settings, _ *Model) bool { return s.ColourBlind },
		func(s *Settings, _ *Model) { s.ColourBlind = !s.ColourBlind },
	},
	{
		"Hard mode", "every hint revealed must be used",
		func(s Settings, _ *Model) bool { return s.Hard },
		func(s *Settings, _ *Model) { s.Hard = !s.Hard },
	},
}

// settingsKey handles a key on the settings screen: a switch flips at
// once, is saved, and applies to the game on the board.
func (m *Model) settingsKey(msg tea.KeyMsg) {
	switch {
	case key.Matches(msg, keys.Up):
		m.setting = (m.setting + len(settingsList) - 1) % len(settingsList)
	case key.Matches(msg, keys.Down):
		m.setting = (m.setting + 1) % len(settingsList)
	case key.Matches(msg, keys.Toggle):
		flip := settingsList[m.setting].flip
		next := m.settings()
		flip(&next, m)
		m.change(func(p *Profile) {
			// The other settings as saved, this one as the player sees it.
			mine := settingsList[m.setting].on(next, m)
			if settingsList[m.setting].on(p.Settings, m) != mine {
				flip(&p.Settings, m)
			}
		})
		m.game.SetMode(m.settings().Mode(m.game.Rules()))
	case key.Matches(msg, keys.Back):
		m.screen = playing
	}
}

// settingsView draws the settings screen.
func (m *Model) settingsView() string {
	var b strings.Builder
	b.WriteString(tui.Title.Render("SETTINGS") + "\n\n")
	s := m.settings()
	for i, st := range settingsList {
		box := "[ ]"
		if st.on(s, m) {
			box = "[x]"
		}
		marker := "  "
		line := fmt.Sprintf("%s %-22s", box, st.name)
		if i == m.setting {
			marker = tui.Title.Render("▸ ")
			line = tui.Strong.Render(line)
		}
		b.WriteString(marker + line + " " + tui.Dim.Render(st.about) + "\n")
	}
	b.WriteString("\n" + tui.Dim.Render("Kept for your next games; hard mode applies from the next guess."))
	return lipgloss.JoinVertical(lipgloss.Center, tui.Panel.Render(b.String()), "",
		tui.KeyHelp(keys.Up, keys.Toggle, keys.Back))
}

// Choice is what the person asked for on starting the game; a nil field
// falls back on the saved settings, then on the defaults.
type Choice struct {
	Length, Rows *int
	Rules        *string
	Seed         *uint64 // replay the games of this seed
	Today        string  // play the daily puzzle of this date ("2006-01-02")
}

// Prepare settles the settings of c against the saved profile, saving
// them as the new defaults through update, and returns the options of the
// session: the daily puzzle, a replay, or else the unfinished game of the
// same kind resumed. Where the profile could not be read or saved, the
// options' Notice says so and play goes on; the error is only for a
// profile that could not be had at all.
func Prepare(c Choice, update func(change func(*Profile)) (*Profile, error)) (Options, error) {
	var s Settings
	profile, err := update(func(p *Profile) {
		// The saved settings passed validation, so they are in range.
		s = p.Settings
		s.Length = pick(c.Length, s.Length, nerdle.DefaultLength)
		rows := c.Rows
		if c.Today != "" {
			rows = nil // the daily puzzle has the default rows: --rows is no new default
		}
		s.Rows = pick(rows, s.Rows, nerdle.DefaultRows)
		s.Rules = pick(c.Rules, s.Rules, nerdle.Standard.String())
		p.Settings = s
	})
	opts := Options{Length: s.Length, Rows: s.Rows, Profile: profile, Update: update}
	if err != nil {
		if profile == nil {
			return opts, err
		}
		opts.Notice = err.Error()
	}
	if opts.Rules, err = nerdle.ParseRules(s.Rules); err != nil {
		return opts, err
	}
	switch {
	case c.Today != "":
		opts.Daily = c.Today
	case c.Seed != nil:
		opts.Seed = tui.SeedOf(c.Seed)
	default:
		if u := profile.Unfinished[StatsKey(s.Length, s.Rows, opts.Rules)]; u != nil {
			opts.Resume, _ = u.Restore() // validated on loading
		}
	}
	return opts, nil
}

// pick returns the flag's value if it was given, else the saved value if
// there is one, else the default.
func pick[T comparable](flag *T, saved, def T) T {
	var zero T
	switch {
	case flag != nil:
		return *flag
	case saved != zero:
		return saved
	}
	return def
}
