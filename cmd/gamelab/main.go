// Command gamelab plays, studies and solves classic puzzle and strategy
// games in the terminal. Run it without arguments for a menu of the games,
// or see `gamelab --help`.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"gamelab/internal/cmdline"
	_ "gamelab/internal/quietterm" // before bubbletea: see its documentation
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(cmdline.ExitCode(err, os.Stderr))
}
