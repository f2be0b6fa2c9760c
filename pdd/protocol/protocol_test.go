package protocol

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"gamelab/pdd"
	"gamelab/pdd/learn"
)

// seat returns a computer player of the named kind with rule x, as
// gamelab pdd engine makes it.
func seat(t testing.TB, kind string, x pdd.Expr, band pdd.Band) Seat {
	t.Helper()
	s, err := NewSeat(kind, x.Rule(), band, 1)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// serve runs a session of a simple player with rule x on input and
// returns its lines.
func serve(t *testing.T, x pdd.Expr, input string) []string {
	t.Helper()
	var out strings.Builder
	if err := Serve(strings.NewReader(input), &out, Config{Player: seat(t, "simple", x, pdd.Band{}), Rule: x}); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

// TestNewSeat seats every kind of player and refuses an unknown one.
func TestNewSeat(t *testing.T) {
	for _, kind := range learn.Names() {
		if _, err := NewSeat(kind, pdd.Cond{Kind: pdd.Anything}.Rule(), pdd.Band{}, 1); err != nil {
			t.Errorf("%s: %v", kind, err)
		}
	}
	if _, err := NewSeat("genius", pdd.Cond{Kind: pdd.Anything}.Rule(), pdd.Band{}, 1); err == nil {
		t.Error("an unknown kind took a seat")
	}
}

// TestCommandsNeedAGame: the commands of a game under way are refused
// before the first new, and nothing changes.
func TestCommandsNeedAGame(t *testing.T) {
	x, _ := pdd.Parse("anything")
	got := serve(t, x, "play AS\ntake 2H\nvalid bob AS 2S\nhand\nnew 3H\nplay 4H\n")
	want := []string{"error: play before any game", "error: take before any game", "error: valid before any game", "none", "ok", "lay 3H"}
	if len(got) != len(want) {
		t.Fatalf("replies %q", got)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("reply %d: %q, want %q…", i+1, got[i], want[i])
		}
	}
}

// TestSession is a session with the simple player, whose choices the
// spec fixes: of the cards its rule allows, a pair known allowed, then
// one never seen, then one known refused; each in the order the cards
// came.
func TestSession(t *testing.T) {
	steps := []struct{ send, want string }{
		{"rule", "same suit or same value or played is jack"},
		{"new 7H 8S JC", "ok"},
		{"hand", "7H 8S JC"},
		{"play 7S", "lay 7H"}, // never seen, and first
		{"invalid me 7S 7H by anna", "ok"},
		{"take 2d", "ok"}, // the card drawn for it
		{"hand", "8S JC 2D"},
		{"valid anna 7S 8S", "ok"},
		{"play 7S", "lay 8S"}, // known allowed
		{"play 3H", "lay JC"}, // jacks always
		{"play 3H", "draw"},   // nothing 2D may lay on 3H
		{"allows 3H 2D", "no"},
		{"allows 3H 3C", "yes"},
		{"allows 3H JS", "yes"},
		// Errors change nothing.
		{"", ""}, // blank lines get no reply
		{"lay 2D", `error: unknown command "lay": new, take, play, valid, invalid, allows, rule, hand or quit`},
		{"play", "error: want play TOP: the top card of the discard pile"},
		{"play 7X", `error: card "7X": no such suit (a rank A, 2-10, J, Q, K and a suit D, C, H, S, as in 10H or QS)`},
		{"take 2D 3D", "error: want take C: the card drawn"},
		{"new", "error: want new C1 C2 …: the cards dealt"},
		{"valid anna 7S", "error: want valid P TOP C"},
		{"valid anna 7S 8S by bert", "error: want valid P TOP C"},
		{"invalid anna 7S 8S bert", "error: want invalid P TOP C [by Q R …]"},
		{"invalid anna 7S 8S by", "error: want invalid P TOP C [by Q R …]"},
		{"invalid anna 7S 8S by anna", "error: anna cannot object to their own card"},
		{"invalid anna 7S 8S by bert bert", "error: bert objects twice"},
		{"invalid anna 7S 8S by bert by", `error: "by" is no name: it comes before the players who objected`},
		{"hand please", "error: hand takes nothing: it answers with the cards held"},
		{"rule same", "error: at the end of the rule: expected suit, value or colour after same"},
		{"hand", "2D"},
		{"rule lower value", "ok"},
		{"rule", "lower value"},
		{"allows 3H 2D", "yes"},
		{"play 3H", "lay 2D"},
		{"hand", "none"},
		{"quit", ""},
		{"hand", ""}, // after quit: nothing
	}
	var in strings.Builder
	var want []string
	for _, s := range steps {
		in.WriteString(s.send + "\n")
		if s.want != "" {
			want = append(want, s.want)
		}
	}
	got := serve(t, pdd.MustParse("same suit or same value or played is jack"), in.String())
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("reply %d: %q, want %q", i+1, g, w)
		}
	}
}

// remote is a seat at a pdd.Game played through the protocol: each call
// of the game is a line to Serve, and the reply is read back.
type remote struct {
	t   testing.TB
	out io.Writer
	in  *bufio.Scanner
}

func (r *remote) ask(format string, args ...any) string {
	r.t.Helper()
	fmt.Fprintf(r.out, format+"\n", args...)
	if !r.in.Scan() {
		r.t.Fatalf("no reply to %q", fmt.Sprintf(format, args...))
	}
	return r.in.Text()
}

func (r *remote) expect(want string, format string, args ...any) {
	r.t.Helper()
	if got := r.ask(format, args...); got != want {
		r.t.Fatalf("%q: %q, want %q", fmt.Sprintf(format, args...), got, want)
	}
}

func (r *remote) name(p pdd.Player) string {
	if p == pdd.Player(r) {
		return Me
	}
	return p.Name()
}

func (r *remote) Name() string { return "remote" }

func (r *remote) SetRule(x pdd.Expr) { r.expect("ok", "rule %s", x) }

func (r *remote) StartNewGame(hand []pdd.Card) { r.expect("ok", "new %s", format(hand)) }

func (r *remote) Take(c pdd.Card) { r.expect("ok", "take %s", c.Short()) }

func (r *remote) NumberOfCards() int {
	if h := r.ask("hand"); h != "none" {
		return len(strings.Fields(h))
	}
	return 0
}

func (r *remote) Invent() pdd.Rule {
	return func(top, c pdd.Card) bool { return r.ask("allows %s %s", top.Short(), c.Short()) == "yes" }
}

func (r *remote) Play(top pdd.Card) (pdd.Card, bool) {
	reply := r.ask("play %s", top.Short())
	if reply == "draw" {
		return pdd.Card{}, false
	}
	c, err := pdd.ParseCard(strings.TrimPrefix(reply, "lay "))
	if err != nil {
		r.t.Fatalf("play %v: %q", top, reply)
	}
	return c, true
}

func (r *remote) ValidMove(p pdd.Player, top, c pdd.Card) {
	r.expect("ok", "valid %s %s %s", r.name(p), top.Short(), c.Short())
}

// InvalidMove sends nothing: the game tells the objectors next
// (Objected), and the protocol takes both in one line.
func (r *remote) InvalidMove(pdd.Player, pdd.Card, pdd.Card) {}

func (r *remote) Objected(p pdd.Player, top, c pdd.Card, by []pdd.Player) {
	names := make([]string, len(by))
	for i, q := range by {
		names[i] = r.name(q)
	}
	r.expect("ok", "invalid %s %s %s by %s", r.name(p), top.Short(), c.Short(), strings.Join(names, " "))
}

// TestGamesThroughProtocol plays the same seeded games twice, the
// learner at the table itself and through the protocol (its rule judged
// through allows, its hand counted through hand), against three simple
// players: every turn must be the same.
func TestGamesThroughProtocol(t *testing.T) {
	band := pdd.Permissive
	start := pdd.MustParse("anything")
	learner := seat(t, "learner", start, band)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Serve(inR, outW, Config{Player: seat(t, "learner", start, band), Rule: start})
		outW.Close()
	}()
	r := &remote{t: t, out: inW, in: bufio.NewScanner(outR)}
	games := 40
	if testing.Short() {
		games = 10
	}
	var won [2]int
	for g := range games {
		var turns [2][]pdd.Turn
		for side, first := range []pdd.Player{learner, r} {
			rng := rand.New(rand.NewPCG(uint64(g), 7))
			players := []pdd.Player{first}
			for i := range 3 {
				players = append(players, pdd.NewSimplePlayer(fmt.Sprintf("s%d", i+1)))
			}
			for _, p := range players {
				x, _ := pdd.RandomRule(rng, band)
				switch p := p.(type) {
				case *remote:
					p.SetRule(x)
				case Seat:
					p.SetRule(x.Rule())
				}
			}
			// Seat the learner anywhere at the table.
			k := g % len(players)
			players[0], players[k] = players[k], players[0]
			game := pdd.NewGame(players, pdd.SingleDeck(rng))
			if err := game.Deal(); err != nil {
				t.Fatal(err)
			}
			for game.End() == pdd.Running {
				turn, err := game.Step()
				if err != nil {
					t.Fatalf("game %d, side %d: %v", g, side, err)
				}
				turns[side] = append(turns[side], turn)
			}
			if w, ok := game.Winner(); ok && w == first {
				won[side]++
			}
		}
		if !reflect.DeepEqual(turns[0], turns[1]) {
			t.Fatalf("game %d: %d turns at the table, %d through the protocol, or other turns", g, len(turns[0]), len(turns[1]))
		}
	}
	fmt.Fprintln(inW, "quit")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if won[0] != won[1] || won[0] == 0 {
		t.Errorf("the learner won %d games at the table, %d through the protocol", won[0], won[1])
	}
}

// FuzzServe checks that any input gets one reply a line that is not blank
// (until quit), and never a panic.
func FuzzServe(f *testing.F) {
	for _, s := range []string{
		"new 7H 8S JC\nplay 7S\ninvalid me 7S 7H by anna\ntake 2D\nhand\n",
		"valid x AS 2S\ninvalid y 2S 3S by x me\nplay 3S\nrule higher value\nallows 3S 4S\n",
		"play KD\nrule (same suit\nhand\nquit\nhand\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		x := pdd.MustParse("same suit or same value or played is jack")
		var out strings.Builder
		if err := Serve(strings.NewReader(input), &out, Config{Player: seat(t, "learner", x, pdd.Permissive), Rule: x}); err != nil {
			return // a line too long for the scanner
		}
		commands := 0
		for line := range strings.Lines(input) {
			words := strings.Fields(line)
			if len(words) == 0 {
				continue
			}
			if words[0] == "quit" {
				break
			}
			commands++
		}
		if got := strings.Count(out.String(), "\n"); got != commands {
			t.Fatalf("%d replies to %d commands:\n%s", got, commands, out.String())
		}
	})
}
