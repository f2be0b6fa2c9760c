package stats

import (
	"reflect"
	"testing"
)

func TestRecord(t *testing.T) {
	var r Record
	for _, g := range []Game{
		{Result: Win, Tries: 3}, {Result: Win, Tries: 4}, {Result: Loss}, {Result: Win, Tries: 3},
		{Result: Win, Tries: 1}, {Result: Win, Tries: 5},
	} {
		r.Add(g)
	}
	want := Record{Played: 6, Won: 5, CurrentStreak: 3, BestStreak: 3, Tries: []int{1, 0, 2, 1, 1}}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("got %+v, want %+v", r, want)
	}
	if p := r.WinPercent(); p != 83 {
		t.Errorf("WinPercent = %d, want 83", p)
	}
	if r.Lost() != 1 || r.Validate() != nil {
		t.Errorf("Lost = %d, Validate = %v", r.Lost(), r.Validate())
	}
	var empty Record
	if empty.WinPercent() != 0 || empty.MeanScore() != 0 || empty.Validate() != nil {
		t.Error("the empty record is not empty")
	}
}

func TestDrawsAndScores(t *testing.T) {
	var r Record
	for _, g := range []Game{
		{Result: Win, Score: 10, Scored: true}, {Result: Draw, Score: -5, Scored: true},
		{Result: Win, Score: 30, Scored: true}, {Result: Loss, Score: 0, Scored: true}, {Result: Draw},
	} {
		r.Add(g)
	}
	if r.Won != 2 || r.Drawn != 2 || r.Lost() != 1 || r.BestStreak != 1 || r.CurrentStreak != 0 {
		t.Errorf("results: %+v", r)
	}
	if r.BestScore != 30 || r.Scored != 4 || r.MeanScore() != 8.75 {
		t.Errorf("scores: best %d, mean %v of %d", r.BestScore, r.MeanScore(), r.Scored)
	}
	var neg Record
	neg.Add(Game{Result: Loss, Score: -7, Scored: true})
	if neg.BestScore != -7 {
		t.Errorf("a first score of -7 is best %d", neg.BestScore)
	}
}

func TestValidate(t *testing.T) {
	for _, r := range []Record{
		{Played: -1},
		{Played: 2, Won: 2, Drawn: 1},
		{Played: 3, Won: 1, BestStreak: 2},
		{Played: 3, Won: 2, CurrentStreak: 2, BestStreak: 1},
		{Played: 3, Won: 1, Tries: []int{1, 1}},
		{Played: 3, Won: 3, Tries: []int{-1}},
		{Played: 1, Scored: 2},
	} {
		if r.Validate() == nil {
			t.Errorf("%+v passes", r)
		}
	}
}

func TestDailyStreak(t *testing.T) {
	var r Record
	for _, g := range []Game{
		{Result: Win, Day: "2026-11-28"}, {Result: Win, Day: "2026-11-29", Assisted: true}, {Result: Win, Day: "2026-11-30"},
		{Result: Win, Day: "2026-12-02"}, // a day missed
		{Result: Win, Day: "2026-12-03"},
	} {
		r.Add(g)
	}
	// The day won with help counts, but neither lengthens the streak nor
	// ends it.
	if r.BestStreak != 2 || r.CurrentStreak != 2 || r.LastDay != "2026-12-03" || r.Assisted != 1 || r.Won != 5 {
		t.Errorf("after five days: %+v", r)
	}
	if r.StreakOn("2026-12-04") != 2 || r.StreakOn("2026-12-03") != 2 || r.StreakOn("2026-12-05") != 0 {
		t.Errorf("StreakOn: %d %d %d", r.StreakOn("2026-12-04"), r.StreakOn("2026-12-03"), r.StreakOn("2026-12-05"))
	}
	r.Add(Game{Result: Loss, Day: "2026-12-04"})
	if r.CurrentStreak != 0 || r.Validate() != nil {
		t.Errorf("after a loss: %+v (%v)", r, r.Validate())
	}
	if (&Record{Played: 1, Won: 1, LastDay: "yesterday"}).Validate() == nil {
		t.Error("a last day that is no date passes")
	}
	if (&Record{Played: 1, Won: 1, Assisted: 2}).Validate() == nil {
		t.Error("more assisted wins than wins passes")
	}
}

// TestAssistedScores: a game played with help counts in the mean but sets
// no best score, and the best score never goes down.
func TestAssistedScores(t *testing.T) {
	var r Record
	for _, g := range []Game{
		{Result: Loss, Score: 3000, Scored: true},
		{Result: Loss, Score: 90000, Scored: true, Assisted: true},
		{Result: Loss, Score: 1000, Scored: true},
	} {
		r.Add(g)
	}
	if r.BestScore != 3000 || r.Scored != 3 || r.TotalScore != 94000 {
		t.Errorf("%+v", r)
	}
}
