package web

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

func TestWorkers(t *testing.T) {
	ws := NewWorkers(2, 100*time.Millisecond)
	ctx := context.Background()
	if err := ws.Do(ctx, func(context.Context) error { return nil }); err != nil {
		t.Errorf("quick work: %v", err)
	}
	if err := ws.Do(ctx, func(context.Context) error { panic("boom") }); err == nil {
		t.Error("a panic was not an error")
	}
	// Work that stops with its context frees its worker at the limit.
	if err := ws.Do(ctx, func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }); !errors.Is(err, ErrTimeLimit) && !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("endless work: %v, want the time limit", err)
	}
	// Work that cannot stop keeps its worker: with both taken, a third
	// request waits its limit out and is told the workers are busy.
	release := make(chan struct{})
	var running atomic.Int32
	for range 2 {
		go ws.Do(ctx, func(context.Context) error { running.Add(1); <-release; return nil })
	}
	for running.Load() < 2 {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(150 * time.Millisecond) // both past their limits, still running
	if err := ws.Do(ctx, func(context.Context) error { return nil }); !errors.Is(err, ErrBusy) {
		t.Errorf("with every worker held: %v, want ErrBusy", err)
	}
	close(release)
	deadline := time.Now().Add(2 * time.Second)
	for ws.Do(ctx, func(context.Context) error { return nil }) != nil {
		if time.Now().After(deadline) {
			t.Fatal("the workers were not freed when their work returned")
		}
	}
	// A client that leaves stops the work.
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if err := ws.Do(gone, func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }); !errors.Is(err, context.Canceled) {
		t.Errorf("a client gone: %v, want canceled", err)
	}
}
