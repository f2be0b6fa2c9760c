package play

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/tui"
	"gamelab/pdd"
)

// The game's colours: cards are white with red or black pips.
var (
	cardFace   = lipgloss.CompleteColor{TrueColor: "#f5f5f5", ANSI256: "255", ANSI: "15"}
	redPip     = lipgloss.CompleteColor{TrueColor: "#c62828", ANSI256: "160", ANSI: "1"}
	blackPip   = lipgloss.CompleteColor{TrueColor: "#212121", ANSI256: "234", ANSI: "0"}
	chosenEdge = tui.ColourAccent
)

var suitSymbols = [4]string{"♦", "♣", "♥", "♠"}

// cardName writes c as people read it: 7♥, Q♠, A♦.
func cardName(c pdd.Card) string {
	if !c.Valid() {
		return c.String()
	}
	rank := pdd.RankName(c.Value)
	if c.Value == 1 || c.Value > 10 {
		rank = strings.ToUpper(rank[:1])
	}
	return rank + suitSymbols[c.Suit]
}

// cardTile draws c as a card face; dim cards are those that may not be
// laid now.
func cardTile(c pdd.Card, dim bool) string {
	fg := lipgloss.TerminalColor(blackPip)
	if c.Suit.Red() {
		fg = redPip
	}
	style := lipgloss.NewStyle().Background(cardFace).Foreground(fg).Bold(true).Width(5).Align(lipgloss.Center)
	if dim {
		style = style.Faint(true).Bold(false)
	}
	return style.Render(cardName(c))
}

// View implements tea.Model.
func (m *Model) View() string {
	if m.help {
		return tui.Centre(m.width, m.height, helpText(min(m.width, 76)))
	}
	var layout func() string
	switch m.screen {
	case setupScreen:
		layout = m.setupView
	case gameScreen:
		layout = m.gameView
	default:
		layout = m.overView
	}
	return tui.Fit(m.width, m.height, m.notice, func() string { return block(m.wrap(layout())) })
}

// wrap folds the lines of s that are wider than the terminal (the seats
// of a full table, a long log line, a rule's explanation) at spaces.
func (m *Model) wrap(s string) string {
	if m.width <= 0 {
		return s
	}
	style := lipgloss.NewStyle().Width(min(m.width, 100))
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if lipgloss.Width(l) > m.width {
			lines[i] = style.Render(l)
		}
	}
	return strings.Join(lines, "\n")
}

// block pads the lines of s to one width, so that centring the screen
// keeps them aligned on the left.
func block(s string) string { return lipgloss.JoinVertical(lipgloss.Left, strings.Split(s, "\n")...) }

func (m *Model) footer(lines ...string) string {
	var parts []string
	if m.message != "" {
		parts = append(parts, tui.LeftNotice(m.message, min(max(m.width, 40), 76)))
	}
	if m.notice != "" {
		parts = append(parts, tui.LeftNotice(m.notice, min(max(m.width, 40), 76)))
	}
	return strings.Join(append(parts, lines...), "\n")
}

func (m *Model) setupView() string {
	var b strings.Builder
	b.WriteString(tui.Title.Render("People's Democratic Dictatorship") + "\n\n")
	b.WriteString("Invent your secret rule: which card may be laid on which.\n")
	b.WriteString(tui.Dim.Render(fmt.Sprintf("You play against %d computer players; each has a secret rule too.", m.opts.Players-1)) + "\n\n")
	line := func(i int, text string) {
		marker := "  "
		if i == m.choice {
			marker = tui.Title.Render("▸ ")
		}
		b.WriteString(marker + text + "\n")
	}
	for i, p := range Presets {
		text := p.Rule
		if p.About != "" {
			text += tui.Dim.Render("  " + p.About)
		}
		line(i, text)
	}
	line(len(Presets), "my own: "+m.input.View())
	line(len(Presets)+1, "a random rule (you see it as you play)")
	b.WriteString("\n" + tui.Dim.Render(strings.Join([]string{
		"Write a rule with: same suit, same value, same colour, higher value, lower value,",
		"values within K, played is (or top is) even, odd, red, black, a rank, a suit, or",
		"a rank of a suit; join them with and, or, not and parentheses.",
	}, "\n")) + "\n\n")
	b.WriteString(m.footer(tui.HelpLines(m.width, []key.Binding{Keys.Up, withHelp(Keys.Choose, "enter", "play this rule")}, []key.Binding{tui.Keys.Help, tui.Keys.Quit})))
	return b.String()
}

func withHelp(b key.Binding, k, h string) key.Binding {
	b.SetHelp(k, h)
	return b
}

func (m *Model) gameView() string {
	var b strings.Builder
	b.WriteString(tui.Title.Render("People's Democratic Dictatorship") + "   " + tui.Dim.Render("your rule: ") + m.rule.String() + "\n\n")
	var seats []string
	for i, p := range m.game.Players() {
		name := p.Name()
		if i == m.game.Next() && m.game.End() == pdd.Running {
			name = tui.Title.Render("▶ " + name)
		}
		seats = append(seats, fmt.Sprintf("%s %s", name, tui.Dim.Render(plural(p.NumberOfCards(), "card"))))
	}
	b.WriteString(strings.Join(seats, "    ") + "\n\n")
	deck := m.game.Deck()
	pile := ""
	if d, ok := deck.(interface{ DrawPile() int }); ok {
		pile = tui.Dim.Render(fmt.Sprintf("draw pile: %d   ", d.DrawPile()))
	}
	b.WriteString(pile + "on the pile: " + cardTile(deck.Top(), false) + "\n\n")
	for i, l := range m.log {
		if i < len(m.log)-1 {
			l = tui.Dim.Render(l)
		}
		b.WriteString(l + "\n")
	}
	for range 6 - len(m.log) {
		b.WriteString("\n")
	}
	b.WriteString("\nYour hand:\n")
	top := deck.Top()
	var tiles, marks []string
	for i, c := range m.you.Cards() {
		tiles = append(tiles, cardTile(c, !m.you.Allows(top, c)))
		mark := "     "
		if i == m.selected {
			mark = lipgloss.NewStyle().Foreground(chosenEdge).Render("  ▲  ")
		}
		marks = append(marks, mark)
	}
	for start := 0; start < len(tiles); start += 10 {
		end := min(start+10, len(tiles))
		b.WriteString(strings.Join(tiles[start:end], " ") + "\n" + strings.Join(marks[start:end], " ") + "\n")
	}
	b.WriteString("\n")
	status := ""
	if m.game.Next() != 0 {
		status = tui.Dim.Render(m.game.Players()[m.game.Next()].Name()+" is thinking…") + "\n"
	}
	b.WriteString(status + m.footer(tui.HelpLines(m.width, []key.Binding{Keys.Left, Keys.Choose, Keys.Draw}, []key.Binding{Keys.Hint, tui.Keys.Help, tui.Keys.Quit})))
	return b.String()
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func (m *Model) overView() string {
	var b strings.Builder
	b.WriteString(tui.Title.Render("People's Democratic Dictatorship") + "\n\n")
	if m.game != nil {
		switch w := m.game.WinnerSeat(); {
		case w == 0:
			b.WriteString(tui.Strong.Render("You won!") + fmt.Sprintf(" In %s.", plural(m.game.Turns(), "turn")) + "\n\n")
		case w > 0:
			b.WriteString(tui.Strong.Render(m.game.Players()[w].Name()+" won.") + fmt.Sprintf(" In %s.", plural(m.game.Turns(), "turn")) + "\n\n")
		case m.game.End() == pdd.OutOfCards:
			b.WriteString(tui.Strong.Render("Nobody won:") + " the cards ran out.\n\n")
		case m.game.End() == pdd.Capped:
			b.WriteString(tui.Strong.Render("Nobody won:") + fmt.Sprintf(" the game stopped after %d turns.", m.game.Turns()) + "\n\n")
		}
		b.WriteString("The rules were:\n")
		for i, p := range m.game.Players() {
			rule := m.rule.String()
			if i > 0 {
				rule = m.secrets[i].String()
			}
			b.WriteString(fmt.Sprintf("  %-7s %s  %s\n", p.Name()+":", rule, tui.Dim.Render(plural(p.NumberOfCards(), "card")+" left")))
		}
		r := m.opts.Profile.Stats.Get(StatsKey(m.opts.Players, m.opts.Packs))
		b.WriteString("\n" + tui.Dim.Render(fmt.Sprintf("Your record at %d players: played %d, won %d (%d%%), no winner %d; best streak %d.",
			m.opts.Players, r.Played, r.Won, r.WinPercent(), r.Drawn, r.BestStreak)) + "\n\n")
	}
	b.WriteString(m.footer(tui.HelpLines(m.width, []key.Binding{Keys.Again, tui.Keys.Leave})))
	return b.String()
}

// helpText explains the game, wrapped to width.
func helpText(width int) string {
	text := strings.Join([]string{
		tui.Title.Render("How to play"),
		"",
		"Every player has a secret rule saying which card may be laid on which. On your turn lay one card of your hand that your own rule allows on the top card (cards it does not allow are dimmed), or draw a card.",
		"",
		"If your card breaks another player's rule, they say so: the card stays on the pile and you draw a card. You learn whose rule it broke, never which rule.",
		"",
		"The first to lay their last card without having to draw wins. The game ends without a winner when the cards run out or after " + fmt.Sprint(pdd.DefaultMaxTurns) + " turns. At the end every rule is revealed.",
		"",
		"The computer players learn: they work out the rules from every card laid and refused, as you can.",
		"",
		"Keys: ←/→ pick a card, enter lays it, d draws; h asks a learner that has watched the game as you have which card it would lay, and how likely the others are to accept it (a game with hints is marked so in your record); ? this page; esc or q leaves: a game under way goes on next time.",
		"",
		tui.Dim.Render("Any key goes back."),
	}, "\n")
	return lipgloss.NewStyle().Width(max(width, 30)).Render(text)
}
