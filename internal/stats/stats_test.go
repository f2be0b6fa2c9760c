package stats

import (
	"reflect"
	"testing"
)

func TestRecord(t *testing.T) {
	var r Record
	games := []struct {
		won   bool
		tries int
	}{{true, 3}, {true, 4}, {false, 6}, {true, 3}, {true, 1}, {true, 5}}
	for _, g := range games {
		r.Add(g.won, g.tries)
	}
	want := Record{Played: 6, Won: 5, CurrentStreak: 3, BestStreak: 3, Tries: []int{1, 0, 2, 1, 1}}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("got %+v, want %+v", r, want)
	}
	if p := r.WinPercent(); p != 83 {
		t.Errorf("WinPercent = %d, want 83", p)
	}
	var empty Record
	if empty.WinPercent() != 0 {
		t.Error("empty record has wins")
	}
}
