package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Workers run the AI work of a game's endpoints (a search, a count, a
// strategy's guess) so that it never holds the server: at most a few
// at once, each within a time limit, and each stopped when its client
// goes away. A request finds a worker or waits for one within its limit.
type Workers struct {
	slots chan struct{}
	limit time.Duration
}

// NewWorkers returns n workers, each request's work bounded by limit
// (waiting for a worker included).
func NewWorkers(n int, limit time.Duration) *Workers {
	return &Workers{slots: make(chan struct{}, n), limit: limit}
}

// Limit is the time a request's work may take.
func (ws *Workers) Limit() time.Duration { return ws.limit }

// Errors of Workers.Do.
var (
	ErrBusy      = errors.New("every worker is busy")
	ErrTimeLimit = errors.New("past the time limit")
)

// Do runs work on a worker with a context that ends at the limit or when
// the request's does. Work that stops when its context ends frees its
// worker at once; work that cannot (a computation with no way to stop)
// keeps it until it returns, so that the number running stays bounded,
// while Do returns ErrTimeLimit at the limit all the same. Do returns
// ErrBusy when no worker was free within the limit, and a panic of work
// as an error.
func (ws *Workers) Do(ctx context.Context, work func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, ws.limit)
	select {
	case ws.slots <- struct{}{}:
	case <-ctx.Done():
		err := ctx.Err()
		cancel()
		if errors.Is(err, context.DeadlineExceeded) {
			return ErrBusy
		}
		return err
	}
	done := make(chan error, 1)
	go func() {
		defer func() { <-ws.slots }()
		defer cancel()
		defer func() {
			if p := recover(); p != nil {
				done <- fmt.Errorf("the work panicked: %v", p)
			}
		}()
		done <- work(ctx)
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		select {
		case err := <-done: // done at the same moment: its result stands
			return err
		default:
		}
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return ErrTimeLimit
		}
		return ctx.Err()
	}
}

// WorkError answers a request whose work failed with err: 503 with a
// Retry-After when the workers were busy, 422 past the time limit,
// nothing when the client left, and 500 otherwise.
func (s *Server) WorkError(w http.ResponseWriter, r *http.Request, ws *Workers, err error) {
	switch {
	case errors.Is(err, ErrBusy):
		w.Header().Set("Retry-After", "1")
		Error(w, http.StatusServiceUnavailable, "the server's computer players are all busy: try again in a second")
	case errors.Is(err, ErrTimeLimit), errors.Is(err, context.DeadlineExceeded):
		Error(w, http.StatusUnprocessableEntity, "the work takes more than "+ws.limit.String()+": ask for less")
	case errors.Is(err, context.Canceled):
	default:
		s.Internal(w, r, err)
	}
}
