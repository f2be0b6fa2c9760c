package main

import "gamelab/nerdle/protocol"

type nerdleAssistCmd struct {
	solverFlags
}

func (c *nerdleAssistCmd) Run(e *env) error {
	u, s, err := c.solver(e)
	if err != nil {
		return err
	}
	return protocol.Assist(e.stdin, e.stdout, u, s)
}
