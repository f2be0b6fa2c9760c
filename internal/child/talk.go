package child

import (
	"errors"
	"fmt"
	"time"
)

// Talk is a conversation with a program that answers each line it is
// sent with one line, as the protocols' players do: the protocol clients
// build on it. Its first failure (the program stopped, or gave no answer
// within Timeout, and was then killed) ends it; every later exchange
// returns that failure, which names the program and its last words.
type Talk struct {
	Who     string // the program, as errors name it: solver "./mine"
	P       *Process
	Timeout time.Duration // for each answer; 0 waits for ever
	err     error
}

// Ask sends line and returns the answer; waitingFor says, in the error
// if none comes, what was awaited.
func (t *Talk) Ask(line, waitingFor string) (string, error) {
	if t.err != nil {
		return "", t.err
	}
	if err := t.P.Send("%s", line); err != nil {
		return "", t.Fail(errors.New("stopped"))
	}
	return t.Receive(waitingFor)
}

// Receive returns the program's next line, one it writes unasked (the
// first guess of a session, say).
func (t *Talk) Receive(waitingFor string) (string, error) {
	if t.err != nil {
		return "", t.err
	}
	line, err := t.P.ReceiveWithin(t.Timeout)
	switch {
	case errors.Is(err, ErrSilent):
		t.P.End(0)
		return "", t.Fail(fmt.Errorf("gave no answer within %v, waiting for %s", t.Timeout, waitingFor))
	case err != nil:
		t.P.End(time.Second)
		return "", t.Fail(fmt.Errorf("stopped, waiting for %s", waitingFor))
	}
	return line, nil
}

// Fail records err as the conversation's end, if it is the first
// failure, and returns the first.
func (t *Talk) Fail(err error) error {
	if t.err == nil {
		t.err = t.P.WithLastWords(fmt.Errorf("%s %w", t.Who, err))
	}
	return t.err
}

// Err returns the first failure, if any.
func (t *Talk) Err() error { return t.err }

// Close ends the session (quit, if the program still answers) and waits
// for the program to end, killing it if it has not within a second.
func (t *Talk) Close() error {
	if t.err == nil {
		t.P.Send("quit")
	}
	t.P.End(time.Second)
	return nil
}
