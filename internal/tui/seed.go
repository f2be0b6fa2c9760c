package tui

import "math/rand/v2"

// Seed is where a game's random draws come from: a seed the player gave
// (--seed), to play the same games again, or none, for fresh games. Games
// replayed from a given seed are told apart by the play packages: they
// are never saved in place of an unfinished game.
type Seed struct {
	Value uint64 // the seed of the next game, if Given
	Given bool
}

// SeedOf returns the seed of a --seed flag: given if flag is not nil.
func SeedOf(flag *uint64) Seed {
	if flag == nil {
		return Seed{}
	}
	return Seed{Value: *flag, Given: true}
}

// Rand returns the source of a session's draws: from the seed given, or a
// fresh one. Stream tells the games' sources apart, so that one seed
// gives different draws in different games.
func (s Seed) Rand(stream uint64) *rand.Rand {
	if s.Given {
		return rand.New(rand.NewPCG(s.Value, stream))
	}
	return rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
}

// Next returns the seed of the next game: the seed given, then the ones
// after it, game by game; a fresh one each game if none was given.
func (s *Seed) Next() uint64 {
	if !s.Given {
		return rand.Uint64()
	}
	seed := s.Value
	s.Value++
	return seed
}
