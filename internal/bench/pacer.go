package bench

import "sync"

// Pacer lets a viewer set the pace of a run: the run's Observer calls Wait
// before each step it shows, and the viewer grants one step at a time with
// Permit (on a clock tick, or a key that steps). Close releases the run for
// good, when the viewer has gone. A Pacer is safe for concurrent use.
type Pacer struct {
	gate chan struct{} // at most one permit waiting
	quit chan struct{}
	once sync.Once
}

// NewPacer returns a pacer with no permit granted.
func NewPacer() *Pacer {
	return &Pacer{gate: make(chan struct{}, 1), quit: make(chan struct{})}
}

// Wait blocks until a step is permitted, and reports true, or until the
// pacer is closed, and reports false.
func (p *Pacer) Wait() bool {
	select {
	case <-p.gate:
		return true
	case <-p.quit:
		return false
	}
}

// Permit grants one step, unless one is granted already.
func (p *Pacer) Permit() {
	select {
	case p.gate <- struct{}{}:
	default:
	}
}

// Close releases the run: every Wait from now on returns false at once.
func (p *Pacer) Close() { p.once.Do(func() { close(p.quit) }) }
