package play

import (
	"testing"

	"gamelab/nerdle"
)

// TestPrepare: flags win over saved settings, which win over the
// defaults, and are saved as the next defaults; an unfinished game of the
// same kind is resumed unless the session is a replay or the daily.
func TestPrepare(t *testing.T) {
	saved := &Profile{}
	update := func(change func(*Profile)) (*Profile, error) {
		change(saved)
		return saved, nil
	}
	six, seed := 6, uint64(7)
	opts, err := Prepare(Choice{Length: &six}, update)
	if err != nil || opts.Length != 6 || opts.Rows != nerdle.DefaultRows || opts.Rules != nerdle.Standard {
		t.Fatalf("flags and defaults: %+v, %v", opts, err)
	}
	if opts, _ = Prepare(Choice{}, update); opts.Length != 6 {
		t.Errorf("the length given last time was not kept: %d", opts.Length)
	}
	g, err := nerdle.NewGame(nerdle.MustParseEquation("12+3=15"), nerdle.DefaultRows, nerdle.Standard)
	if err != nil {
		t.Fatal(err)
	}
	saved.Unfinished = map[string]*Unfinished{StatsKey(6, nerdle.DefaultRows, nerdle.Standard): snapshot(g)}
	for _, tt := range []struct {
		name   string
		choice Choice
		resume bool
	}{
		{"as last time", Choice{}, true},
		{"replay", Choice{Seed: &seed}, false},
		{"daily", Choice{Today: "2026-12-07"}, false},
		{"another length", Choice{Length: new(8)}, false},
	} {
		opts, err := Prepare(tt.choice, update)
		if err != nil || (opts.Resume != nil) != tt.resume {
			t.Errorf("%s: resumed %v, want %v (%v)", tt.name, opts.Resume != nil, tt.resume, err)
		}
	}
}

// TestDailyKeepsDefaults: the daily puzzle is played with the default
// rows, and neither its --rows nor a --seed becomes the next default.
func TestDailyKeepsDefaults(t *testing.T) {
	saved := &Profile{Settings: Settings{Length: 8, Rows: 5, Rules: nerdle.Standard.String()}}
	update := func(change func(*Profile)) (*Profile, error) {
		change(saved)
		return saved, nil
	}
	nine, seed := 9, uint64(3)
	opts, err := Prepare(Choice{Today: "2026-12-07", Rows: &nine, Seed: &seed}, update)
	if err != nil || opts.Daily == "" || opts.Seed.Given {
		t.Fatalf("daily: %+v, %v", opts, err)
	}
	if saved.Settings.Rows != 5 {
		t.Errorf("the daily's --rows 9 became the default: %d", saved.Settings.Rows)
	}
	if opts, _ := Prepare(Choice{}, update); opts.Rows != 5 || opts.Seed.Given {
		t.Errorf("next session: rows %d, seed %v", opts.Rows, opts.Seed)
	}
}
