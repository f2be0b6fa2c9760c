package oware

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// The spec's move-generation table.
func TestPerftStart(t *testing.T) {
	want := []uint64{1, 6, 36, 190, 1014, 5219, 27332, 139157, 711414}
	for depth, leaves := range want {
		if got := Perft(Start(), depth, Abapa); got != leaves {
			t.Errorf("Perft(start, %d) = %d, want %d", depth, got, leaves)
		}
	}
}

// slowPosition is the rules written out plainly, house by house, as the
// oracle for Position's word arithmetic.
type slowPosition struct {
	houses [HouseCount]int
	stores [2]int
	side   Side
}

func slowOf(p Position) slowPosition {
	return slowPosition{houses: p.Houses(), stores: [2]int{p.Store(South), p.Store(North)}, side: p.ToMove()}
}

func (s slowPosition) rowSeeds(side Side) int {
	n := 0
	for h := int(side) * RowLength; h < int(side+1)*RowLength; h++ {
		n += s.houses[h]
	}
	return n
}

// apply sows from m one seed at a time, skipping the origin, then
// captures backwards from the last house.
func (s slowPosition) apply(m Move, r Rules) (slowPosition, int) {
	origin := int(m)
	seeds := s.houses[origin]
	s.houses[origin] = 0
	h := origin
	for seeds > 0 {
		h = (h + 1) % HouseCount
		if h == origin {
			continue
		}
		s.houses[h]++
		seeds--
	}
	opponent := s.side.Opponent()
	captured := 0
	var taken []int
	for c := h; Move(c).Side() == opponent && c >= 0 && (s.houses[c] == 2 || s.houses[c] == 3); c-- {
		captured += s.houses[c]
		taken = append(taken, c)
		if c == int(opponent)*RowLength {
			break
		}
	}
	if captured > 0 && captured == s.rowSeeds(opponent) {
		switch r.GrandSlam {
		case GrandSlamNoCapture, GrandSlamForbidden:
			taken = nil
		case GrandSlamLeaveFirst:
			taken = without(taken, int(opponent)*RowLength)
		case GrandSlamLeaveLast:
			taken = without(taken, int(opponent)*RowLength+RowLength-1)
		}
	}
	captured = 0
	for _, c := range taken {
		captured += s.houses[c]
		s.houses[c] = 0
	}
	s.stores[s.side] += captured
	s.side = opponent
	return s, captured
}

func without(houses []int, h int) []int {
	var out []int
	for _, x := range houses {
		if x != h {
			out = append(out, x)
		}
	}
	return out
}

// legal lists the moves the rules allow, in house order.
func (s slowPosition) legal(r Rules) []Move {
	var moves []Move
	opponentEmpty := s.rowSeeds(s.side.Opponent()) == 0
	for h := int(s.side) * RowLength; h < int(s.side+1)*RowLength; h++ {
		if s.houses[h] == 0 {
			continue
		}
		if opponentEmpty {
			after, _ := s.apply(Move(h), Abapa)
			if after.rowSeeds(s.side.Opponent()) == 0 {
				continue
			}
		}
		moves = append(moves, Move(h))
	}
	if r.GrandSlam == GrandSlamForbidden {
		var allowed []Move
		for _, m := range moves {
			after, _ := s.apply(m, Rules{GrandSlam: GrandSlamCaptureAll})
			if after.rowSeeds(s.side.Opponent()) != 0 || after.stores == s.stores {
				allowed = append(allowed, m)
			}
		}
		if len(allowed) > 0 {
			moves = allowed
		}
	}
	return moves
}

// randomPosition scatters 48 seeds over the houses and stores, more of
// them on the board early on.
func randomPosition(rng *rand.Rand) Position {
	var houses [HouseCount]int
	var stores [2]int
	onBoard := 1 + rng.IntN(TotalSeeds)
	for range onBoard {
		houses[rng.IntN(HouseCount)]++
	}
	for range TotalSeeds - onBoard {
		stores[rng.IntN(2)]++
	}
	if rng.IntN(8) == 0 { // an empty row, to exercise feeding
		side := rng.IntN(2)
		for h := side * RowLength; h < (side+1)*RowLength; h++ {
			stores[side] += houses[h]
			houses[h] = 0
		}
	}
	p, err := NewPosition(houses, stores, Side(rng.IntN(2)))
	if err != nil {
		panic(err)
	}
	return p
}

var allGrandSlams = []GrandSlam{GrandSlamNoCapture, GrandSlamForbidden, GrandSlamCaptureAll, GrandSlamLeaveFirst, GrandSlamLeaveLast}

// Apply and Legal agree with the plain rules on random positions and on
// the positions of random games, under every grand slam rule.
func TestApplyMatchesPlainRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		r := Rules{GrandSlam: allGrandSlams[i%len(allGrandSlams)]}
		p := randomPosition(rng)
		for ply := 0; ply < 200; ply++ {
			slow := slowOf(p)
			legal := p.Legal(r).Moves()
			if want := slow.legal(r); !equalMoves(legal, want) {
				t.Fatalf("%v under %v: Legal = %v, want %v", p, r, legal, want)
			}
			if len(legal) == 0 || p.Decided() {
				break
			}
			m := legal[rng.IntN(len(legal))]
			wantAfter, wantCaptured := slow.apply(m, r)
			before := p
			captured := p.Apply(m, r)
			if captured != wantCaptured || slowOf(p) != wantAfter {
				t.Fatalf("%v, %v under %v: Apply gives %v capturing %d, want %+v capturing %d", before, m, r, p, captured, wantAfter, wantCaptured)
			}
		}
	}
}

func equalMoves(a, b []Move) bool {
	return strings.Join(movesText(a), ",") == strings.Join(movesText(b), ",")
}

func movesText(ms []Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

func mustParse(t testing.TB, s string) Position {
	t.Helper()
	p, err := ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// One position per rule of the spec, with the move and what must follow.
func TestRules(t *testing.T) {
	tests := []struct {
		name     string
		position string
		rules    Rules
		move     string
		after    string
		captured int
	}{
		{"sowing runs A to F then a to f", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", Abapa, "F", "4-4-4-4-4-0-5-5-5-5-4-4-0-0-N", 0},
		{"North wraps from f to A", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-N", Abapa, "f", "5-5-5-5-4-4-4-4-4-4-4-0-0-0-S", 0},
		{"12 seeds skip the origin", "12-0-0-0-0-0-4-4-4-4-4-4-8-4-S", Abapa, "A", "0-2-1-1-1-1-5-5-5-5-5-5-8-4-N", 0},
		{"capture of 2 and 3 backwards", "0-0-0-0-0-3-1-2-1-1-1-0-20-19-S", Abapa, "F", "0-0-0-0-0-0-0-0-0-1-1-0-27-19-N", 7},
		{"the chain stops at a house that does not qualify", "0-0-0-0-0-3-1-4-2-1-1-0-20-16-S", Abapa, "F", "0-0-0-0-0-0-2-5-0-1-1-0-23-16-N", 3},
		{"no capture on one's own row", "0-0-0-0-1-1-3-3-3-3-3-3-12-16-S", Abapa, "E", "0-0-0-0-0-2-3-3-3-3-3-3-12-16-N", 0},
		{"grand slam captures nothing", "0-0-0-0-0-2-1-1-0-0-0-0-44-0-S", Abapa, "F", "0-0-0-0-0-0-2-2-0-0-0-0-44-0-N", 0},
		{"grand slam captures all", "0-0-0-0-0-2-1-1-0-0-0-0-24-20-S", Rules{GrandSlam: GrandSlamCaptureAll}, "F", "0-0-0-0-0-0-0-0-0-0-0-0-28-20-N", 4},
		{"grand slam leaves the first house", "0-0-0-0-0-2-1-1-0-0-0-0-24-20-S", Rules{GrandSlam: GrandSlamLeaveFirst}, "F", "0-0-0-0-0-0-2-0-0-0-0-0-26-20-N", 2},
		{"grand slam leaves the last house", "0-0-0-0-0-6-1-1-1-1-1-1-18-18-S", Rules{GrandSlam: GrandSlamLeaveLast}, "F", "0-0-0-0-0-0-0-0-0-0-0-2-28-18-N", 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.position)
			m, err := ParseMove(tt.move)
			if err != nil {
				t.Fatal(err)
			}
			if !p.Legal(tt.rules).Contains(m) {
				t.Fatalf("%v is not legal in %v", m, p)
			}
			captured := p.Apply(m, tt.rules)
			if p.String() != tt.after || captured != tt.captured {
				t.Errorf("%s %s: got %v capturing %d, want %s capturing %d", tt.position, tt.move, p, captured, tt.after, tt.captured)
			}
		})
	}
}

func TestFeedingAndForbiddenGrandSlam(t *testing.T) {
	// North is empty: only E (2 seeds) and F (1) reach it; A does not.
	p := mustParse(t, "1-0-0-0-2-1-0-0-0-0-0-0-20-24-S")
	if got := p.Legal(Abapa).Moves(); !equalMoves(got, []Move{4, 5}) {
		t.Errorf("feeding moves = %v, want E F", got)
	}
	// No move reaches North: the game ends, South takes its own seeds.
	g := NewGame(mustParse(t, "1-1-0-0-0-0-0-0-0-0-0-0-22-24-S"), Abapa)
	if r := g.Result(); r.End != NoMoves || !r.Draw || g.Position().Store(South) != 24 {
		t.Errorf("cannot feed: %v, %v; want a draw 24-24 by NoMoves", r, g.Position())
	}
	// F would take both of North's houses: forbidden, so only A remains.
	q := mustParse(t, "1-0-0-0-0-2-1-1-0-0-0-0-24-19-S")
	if got := q.Legal(Rules{GrandSlam: GrandSlamForbidden}).Moves(); !equalMoves(got, []Move{0}) {
		t.Errorf("forbidden grand slam: legal %v, want A", got)
	}
}

func TestGameEnds(t *testing.T) {
	t.Run("25 seeds win at once", func(t *testing.T) {
		g := NewGame(mustParse(t, "0-0-0-0-0-3-1-2-1-1-1-0-22-17-S"), Abapa)
		mustPlay(t, g, "F")
		if r := g.Result(); r.End != Majority || r.Winner != South {
			t.Errorf("result %v, want South by majority", r)
		}
	})
	t.Run("under four", func(t *testing.T) {
		g := NewGame(mustParse(t, "1-1-0-0-0-0-1-1-0-0-0-0-22-22-S"), Rules{Cycle: CycleUnderFour})
		if r := g.Result(); r.End != UnderFour || !r.Draw {
			t.Errorf("result %v, want a draw under four", r)
		}
	})
	t.Run("ply limit", func(t *testing.T) {
		g := NewGame(Start(), Rules{Cycle: CyclePlyLimit, PlyLimit: 3})
		for _, m := range []string{"A", "a", "B"} {
			mustPlay(t, g, m)
		}
		if r, p := g.Result(), g.Position(); r.End != PlyLimit || r.Winner != North || p.String() != "0-0-0-0-0-0-0-0-0-0-0-0-23-25-N" {
			t.Errorf("result %v in %v, want North by the ply limit, 23-25", r, p)
		}
	})
}

func mustPlay(t *testing.T, g *Game, move string) {
	t.Helper()
	m, err := ParseMove(move)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Play(m); err != nil {
		t.Fatal(err)
	}
}

func TestRepetitionEndsAndUndo(t *testing.T) {
	// One seed each, chasing round the board without ever landing on the
	// other: after twelve plies the start comes back.
	g := NewGame(mustParse(t, "1-0-0-0-0-0-1-0-0-0-0-0-23-23-S"), Abapa)
	for !g.Over() {
		mustPlay(t, g, g.Legal().First().String())
		if len(g.Moves()) > 60 {
			t.Fatalf("no end after %s", FormatMoves(g.Moves()))
		}
	}
	end := g.Result()
	if end.End != Repetition {
		t.Fatalf("result %v after %s, want a repetition", end, FormatMoves(g.Moves()))
	}
	if !g.Undo() || g.Over() {
		t.Fatal("Undo did not reopen the game")
	}
}

func TestPlayRefusesWithReasons(t *testing.T) {
	tests := []struct{ position, move, reason string }{
		{"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "a", "North's"},
		{"0-4-4-4-4-4-4-4-4-4-4-8-0-0-S", "A", "empty"},
		{"1-0-0-0-2-1-0-0-0-0-0-0-20-24-S", "A", "does not reach"},
	}
	for _, tt := range tests {
		g := NewGame(mustParse(t, tt.position), Abapa)
		m, _ := ParseMove(tt.move)
		_, err := g.Play(m)
		if !errors.Is(err, ErrIllegalMove) || !strings.Contains(err.Error(), tt.reason) {
			t.Errorf("%s %s: error %v, want ErrIllegalMove saying %q", tt.position, tt.move, err, tt.reason)
		}
	}
}

func TestSetupAndHouseBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for range 1000 {
		p := randomPosition(rng)
		q := Setup(p.HouseBytes(), [2]uint8{uint8(p.Store(South)), uint8(p.Store(North))}, p.ToMove())
		if q != p {
			t.Fatalf("Setup(HouseBytes(%v)) = %v", p, q)
		}
	}
}

func TestNotationErrors(t *testing.T) {
	bad := map[string]string{
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0":   "fields",
		"4-4-4-4-4-4-4-4-4-4-4-4-0-1-S": "49 seeds",
		"4-4-4-4-4-x-4-4-4-4-4-4-0-0-S": "house F",
		"4-4-4-4-4-4-4-4-4-4-4-4-0-0-W": "not S or N",
		"":                              "fields",
	}
	for s, want := range bad {
		if _, err := ParsePosition(s); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParsePosition(%q) error %v, want one saying %q", s, err, want)
		}
	}
	for _, s := range []string{"G", "g", "", "AB", "1"} {
		if _, err := ParseMove(s); err == nil {
			t.Errorf("ParseMove(%q) accepted", s)
		}
	}
}

func TestRulesRoundTrip(t *testing.T) {
	for _, s := range []string{"abapa", "grand-slam=forbidden", "cycle=third-repetition", "grand-slam=leave-last,cycle=ply-limit:60", "cycle=under-four"} {
		r, err := ParseRules(s)
		if err != nil {
			t.Fatal(err)
		}
		if r.String() != s {
			t.Errorf("ParseRules(%q).String() = %q", s, r)
		}
	}
	for _, s := range []string{"awari", "cycle=forever", "grand-slam=maybe", "cycle=repetition:3", "cycle=ply-limit:0"} {
		if _, err := ParseRules(s); err == nil {
			t.Errorf("ParseRules(%q) accepted", s)
		}
	}
}

func TestRecordRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	g := NewGame(Start(), Rules{GrandSlam: GrandSlamCaptureAll})
	for !g.Over() {
		moves := g.Legal().Moves()
		mustPlay(t, g, moves[rng.IntN(len(moves))].String())
	}
	back, err := ParseRecord(strings.NewReader(g.Record()))
	if err != nil {
		t.Fatal(err)
	}
	if back.Position() != g.Position() || back.Result() != g.Result() || back.Record() != g.Record() {
		t.Errorf("record %q read back as %q", g.Record(), back.Record())
	}
	for _, cut := range []string{"", "\n", "# nothing\n", "rules abapa\n", "rules abapa\nposition startpos\n"} {
		if _, err := ParseRecord(strings.NewReader(cut)); err == nil || !strings.Contains(err.Error(), "not a whole game record") {
			t.Errorf("%q: %v, want an error", cut, err)
		}
	}
	if _, err := ParseRecord(strings.NewReader("position startpos\nmoves Aa a\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("bad moves: error %v, want one naming line 2", err)
	}
}

func FuzzParsePosition(f *testing.F) {
	f.Add("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S")
	f.Add("0-0-0-0-0-3-1-2-1-1-1-0-35-0-N")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			return
		}
		back, err := ParsePosition(p.String())
		if err != nil || back != p {
			t.Fatalf("%q read as %v, which reads back as %v, %v", s, p, back, err)
		}
	})
}

func FuzzParseRecord(f *testing.F) {
	f.Add("rules abapa\nposition startpos\nmoves FaEb\n")
	f.Add("position 0-0-0-0-0-3-1-2-1-1-1-0-35-0-S\nmoves F")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseRecord(strings.NewReader(s))
		if err != nil {
			return
		}
		back, err := ParseRecord(strings.NewReader(g.Record()))
		if err != nil || back.Record() != g.Record() {
			t.Fatalf("record %q does not read back: %v", g.Record(), err)
		}
	})
}

func BenchmarkPerft(b *testing.B) {
	var leaves uint64
	for b.Loop() {
		leaves += Perft(Start(), 9, Abapa)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds()/1e6, "Mleaves/s")
}

func BenchmarkApply(b *testing.B) {
	p := mustParse(b, "5-3-0-7-1-4-2-6-0-3-2-5-6-4-S")
	for b.Loop() {
		q := p
		q.Apply(3, Abapa)
	}
}

func FuzzParseRules(f *testing.F) {
	f.Add("abapa")
	f.Add("grand-slam=leave-last,cycle=ply-limit:60")
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRules(s)
		if err != nil {
			return
		}
		back, err := ParseRules(r.String())
		if err != nil || back.String() != r.String() {
			t.Fatalf("%q read as %v, which reads back as %v, %v", s, r, back, err)
		}
	})
}

func FuzzParseMoves(f *testing.F) {
	f.Add("FaEb")
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseMoves(s)
		if err == nil && FormatMoves(moves) != s {
			t.Fatalf("%q read as %v, written %q", s, moves, FormatMoves(moves))
		}
	})
}

// TestWritePerft: a line per depth with the count of Perft, and with
// divide a line per first move whose counts add up to the deepest.
func TestWritePerft(t *testing.T) {
	var out strings.Builder
	if err := WritePerft(&out, Start(), 3, Abapa, true); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 6+3 {
		t.Fatalf("%d lines, want 6 moves and 3 depths:\n%s", len(lines), out.String())
	}
	sum := 0
	for _, l := range lines[:6] {
		var move string
		var n int
		if _, err := fmt.Sscan(l, &move, &n); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		sum += n
	}
	if sum != 190 {
		t.Errorf("the moves' counts add up to %d, want 190", sum)
	}
	if !strings.HasPrefix(lines[8], "perft  3             190") {
		t.Errorf("last line %q", lines[8])
	}
}
