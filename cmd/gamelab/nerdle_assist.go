package main

import "gamelab/nerdle/protocol"

type nerdleAssistCmd struct {
	solverFlags
}

func (c *nerdleAssistCmd) Run(e *env) error {
	u, factory, err := c.universe(e.stderr)
	if err != nil {
		return err
	}
	s, err := factory(u)
	if err != nil {
		return err
	}
	return protocol.Assist(e.stdin, e.stdout, u, s)
}
