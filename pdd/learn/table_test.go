package learn

import (
	"slices"
	"testing"

	"gamelab/pdd"
)

// TestTable: a seed deals the same table again, and the same moves of
// the person replay it; the advisor holds the person's hand throughout.
func TestTable(t *testing.T) {
	rule := pdd.MustParse("same suit or same value").Rule()
	play := func() (*Table, []pdd.Turn) {
		tb, err := NewTable(42, rule, 4, 1, "learner")
		if err != nil {
			t.Fatal(err)
		}
		if err := tb.Game.Deal(); err != nil {
			t.Fatal(err)
		}
		var turns []pdd.Turn
		for tb.Game.End() == pdd.Running && len(turns) < 200 {
			if tb.Game.Next() == 0 {
				top := tb.Game.Deck().Top()
				for _, c := range tb.You.Cards() {
					if tb.You.Allows(top, c) {
						tb.You.Lay(c)
						break
					}
				}
			}
			turn, err := tb.Game.Step()
			if err != nil {
				t.Fatal(err)
			}
			turns = append(turns, turn)
			if !slices.Equal(tb.You.Cards(), tb.You.advisor.Cards()) {
				t.Fatalf("turn %d: the advisor holds %v, the person %v", len(turns), tb.You.advisor.Cards(), tb.You.Cards())
			}
		}
		return tb, turns
	}
	a, turnsA := play()
	b, turnsB := play()
	if len(turnsA) != len(turnsB) || !slices.EqualFunc(turnsA, turnsB, func(x, y pdd.Turn) bool { return x.Played == y.Played && x.Drew == y.Drew }) {
		t.Errorf("the same seed and moves played two games")
	}
	for i := range a.Secrets {
		if (a.Secrets[i] == nil) != (b.Secrets[i] == nil) || a.Secrets[i] != nil && a.Secrets[i].String() != b.Secrets[i].String() {
			t.Errorf("seat %d: rules %v and %v", i, a.Secrets[i], b.Secrets[i])
		}
	}
	for _, bad := range [][2]int{{1, 1}, {7, 1}, {4, 3}} {
		if _, err := NewTable(1, rule, bad[0], bad[1], "learner"); err == nil {
			t.Errorf("%d players, %d packs: no error", bad[0], bad[1])
		}
	}
	if _, err := NewTable(1, rule, 4, 1, "oracle"); err == nil {
		t.Error("an unknown kind: no error")
	}
}
