package search

import (
	"context"
	"math/rand/v2"
	"testing"

	"gamelab/oware"
)

// randomGame plays random moves from the start and returns the game, not
// over, after plies moves (fewer if it would end).
func randomGame(rng *rand.Rand, plies int, rules oware.Rules) *oware.Game {
	g := oware.NewGame(oware.Start(), rules)
	for range plies {
		moves := g.Legal().Moves()
		m := moves[rng.IntN(len(moves))]
		g.Play(m)
		if g.Over() {
			g.Undo()
			break
		}
	}
	return g
}

// The source's four recommenders find the same value, and the same first
// best move, at equal depth.
func TestClassicAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 60 {
		g := randomGame(rng, rng.IntN(60), oware.Abapa)
		depth := 1 + i%5
		var first Result
		for a := Minimax; a <= AlphaBetaNegamax; a++ {
			r := Classic{Algorithm: a}.Search(context.Background(), g, Limits{Depth: depth}, nil)
			if a == Minimax {
				first = r
				continue
			}
			if r.Score != first.Score || r.Move != first.Move {
				t.Fatalf("%v depth %d: %v gives %v %v, minimax %v %v", g.Position(), depth, a, r.Move, r.Score, first.Move, first.Score)
			}
			if a >= AlphaBeta && r.Nodes > first.Nodes {
				t.Errorf("%v depth %d: %v visited %d nodes, more than minimax's %d", g.Position(), depth, a, r.Nodes, first.Nodes)
			}
		}
	}
}

// plainNegamax is the engine's evaluation searched by the book: no
// table, no ordering, no window tricks, no quiescence.
func plainNegamax(e *evaluator, rules oware.Rules, path []oware.Position, depth int) Score {
	p := path[len(path)-1]
	ply := len(path) - 1
	legal := p.Legal(rules)
	if ply > 0 {
		end := p.Ending(rules)
		for i := len(path) - 3; end == oware.NotOver && i >= 0; i -= 2 {
			if path[i] == p {
				end = oware.Repetition
			}
		}
		if end != oware.NotOver {
			return finalScore(p.Finish(end, rules), p.ToMove(), ply)
		}
	}
	if depth == 0 {
		return e.evaluate(p)
	}
	best := -WinScore - 1
	for ; legal != 0; legal = legal.Rest() {
		c := p
		next := path
		if c.Apply(legal.First(), rules) > 0 {
			next = make([]oware.Position, len(path)) // a capture: no repetition reaches back past it
		}
		best = max(best, -plainNegamax(e, rules, append(next, c), depth-1))
	}
	return best
}

// Principal variation search with aspiration windows finds the value of
// the plain search when the heuristic ingredients are off.
func TestEngineMatchesPlainNegamax(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	e := NewEngine(EngineOptions{Threads: 1, HashMiB: 1, Features: Features{NoTable: true, NoReductions: true, NoQuiescence: true}})
	compared := 0
	for i := range 400 {
		g := oware.NewGame(oware.Start(), oware.Abapa)
		for range rng.IntN(50) {
			moves := g.Legal().Moves()
			if _, err := g.Play(moves[rng.IntN(len(moves))]); err != nil || g.Over() {
				g.Undo()
				break
			}
		}
		if len(g.Moves()) > 0 && g.LastCapture() == 0 {
			continue // the plain search knows no history before its root
		}
		depth := 1 + i%6
		got := e.Search(context.Background(), g, Limits{Depth: depth}, nil)
		want := plainNegamax(e.eval, oware.Abapa, []oware.Position{g.Position()}, depth)
		if got.Score != want {
			t.Fatalf("%v depth %d: engine %v, plain negamax %v", g.Position(), depth, got.Score, want)
		}
		compared++
	}
	if compared < 50 {
		t.Errorf("only %d positions compared", compared)
	}
}

func TestEngineTakesAWin(t *testing.T) {
	// F captures 7 and reaches 27: a win in one.
	p, err := oware.ParsePosition("0-0-0-0-0-3-1-2-1-1-1-0-20-19-S")
	if err != nil {
		t.Fatal(err)
	}
	g := oware.NewGame(p, oware.Abapa)
	for _, name := range Names() {
		s, _ := New(name)
		r := s.Search(context.Background(), g, Limits{Depth: 4}, nil)
		if r.Move != 5 || !r.Score.Decided() {
			t.Errorf("%s plays %v (%v), want F, a win", name, r.Move, r.Score)
		}
	}
}

// Every player, searching by time or depth, returns a legal move in every
// position of a game it plays against itself.
func TestPlayersPlayLegalGames(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			s, err := New(name)
			if err != nil {
				t.Fatal(err)
			}
			g := oware.NewGame(oware.Start(), oware.Abapa)
			for ply := 0; !g.Over() && ply < 300; ply++ {
				r := s.Search(context.Background(), g, Limits{Depth: 3}, nil)
				if _, err := g.Play(r.Move); err != nil {
					t.Fatalf("after %s: %v", oware.FormatMoves(g.Moves()), err)
				}
			}
		})
	}
}

// Under every variant the engine's games end as the rules say, with
// every move legal.
func TestEngineUnderVariants(t *testing.T) {
	for _, rules := range []string{"grand-slam=forbidden", "grand-slam=capture-all", "grand-slam=leave-first", "cycle=third-repetition", "cycle=under-four", "cycle=ply-limit:30"} {
		r, err := oware.ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		e := NewEngine(EngineOptions{Threads: 1, HashMiB: 1})
		g := oware.NewGame(oware.Start(), r)
		for ply := 0; !g.Over() && ply < 400; ply++ {
			res := e.Search(context.Background(), g, Limits{Depth: 4}, nil)
			if _, err := g.Play(res.Move); err != nil {
				t.Fatalf("%s after %s: %v", rules, oware.FormatMoves(g.Moves()), err)
			}
		}
		if !g.Over() {
			t.Errorf("%s: no end after 400 plies", rules)
		}
	}
}

func TestScoreString(t *testing.T) {
	for s, want := range map[Score]string{150: "cp 150", -40: "cp -40", WinScore - 7: "win 7", -WinScore + 6: "loss 6"} {
		if got := s.String(); got != want {
			t.Errorf("Score(%d) = %q, want %q", s, got, want)
		}
	}
}

func BenchmarkEngine(b *testing.B) {
	g := oware.NewGame(oware.Start(), oware.Abapa)
	e := NewEngine(EngineOptions{Threads: 1})
	var nodes uint64
	for b.Loop() {
		b.StopTimer()
		e.NewGame()
		b.StartTimer()
		nodes += e.Search(context.Background(), g, Limits{Depth: 16}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func BenchmarkAlphaBeta(b *testing.B) {
	g := oware.NewGame(oware.Start(), oware.Abapa)
	var nodes uint64
	for b.Loop() {
		nodes += Classic{Algorithm: AlphaBetaNegamax}.Search(context.Background(), g, Limits{Depth: 8}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

func FuzzParseSpec(f *testing.F) {
	f.Add("pvs")
	f.Add("alphabeta@8")
	f.Add("pvs:no-table,empty=-150")
	f.Fuzz(func(t *testing.T, s string) {
		spec, err := ParseSpec(s)
		if err != nil {
			return
		}
		back, err := ParseSpec(spec.String())
		if err != nil || back.String() != spec.String() {
			t.Fatalf("%q read as %v, which reads back as %v, %v", s, spec, back, err)
		}
	})
}

// A spec's depth replaces the limits a player is given.
func TestSpecDepth(t *testing.T) {
	spec, err := ParseSpec("minimax@2")
	if err != nil {
		t.Fatal(err)
	}
	p := NewFromSpec(spec, EngineOptions{})
	r := p.Search(context.Background(), oware.NewGame(oware.Start(), oware.Abapa), Limits{Depth: 6}, nil)
	if r.Depth != 2 {
		t.Errorf("minimax@2 searched to depth %d", r.Depth)
	}
}
