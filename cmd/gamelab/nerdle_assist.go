package main

import (
	"gamelab/internal/cmdline"
	"gamelab/nerdle/protocol"
)

type nerdleAssistCmd struct {
	solverFlags
}

func (c *nerdleAssistCmd) Run(e *env) error {
	u, s, err := c.solver(e)
	if err != nil {
		return err
	}
	in, width, done := e.Lines(func() cmdline.LineReader { return protocol.ScanLines(e.Stdin, e.Stdout) })
	defer done()
	return protocol.Assist(in, e.Stdout, width, u, s)
}
