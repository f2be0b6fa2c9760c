package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"gamelab/nerdle"
	"gamelab/web/db"
	"gamelab/web/db/dbtest"
)

// startServe runs `gamelab serve` on database url as a process of its
// own and returns it with the address it serves.
func startServe(t *testing.T, url string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "--cache-dir", t.TempDir(), "serve", "--addr", "127.0.0.1:0", "--db", url)
	cmd.Env = append(os.Environ(), "GAMELAB_TEST_MAIN=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	addr, ok := strings.CutPrefix(line, "gamelab serve: open http://")
	if err != nil || !ok {
		t.Fatalf("serve said %q, %v; stderr: %s", line, err, stderr.String())
	}
	addr, _, _ = strings.Cut(addr, " ")
	return cmd, addr
}

// acked is a guess the server acknowledged: the game, its place, what.
type acked struct {
	game  string
	seq   int
	guess string
}

// guessStream plays games of length 8 with wrong guesses until stop, and
// records every guess the server acknowledged.
func guessStream(addr string, guesses []string, stop <-chan struct{}, record func(acked)) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 10 * time.Second}
	post := func(path string, body any, out any) int {
		b, _ := json.Marshal(body)
		res, err := c.Post("http://"+addr+path, "application/json", bytes.NewReader(b))
		if err != nil {
			return 0
		}
		defer res.Body.Close()
		if res.StatusCode == 200 && out != nil {
			json.NewDecoder(res.Body).Decode(out)
		}
		return res.StatusCode
	}
	var g struct {
		ID     string
		Status string
		Rows   []struct{ Guess string }
	}
	for i := 0; ; i++ {
		select {
		case <-stop:
			return
		default:
		}
		if g.ID == "" || g.Status != "playing" {
			if post("/api/nerdle/games", map[string]any{"length": 8, "new": true}, &g) != 200 {
				return
			}
			continue
		}
		time.Sleep(60 * time.Millisecond) // under the server's rate for one player
		guess := guesses[i%len(guesses)]
		if post("/api/nerdle/games/"+g.ID+"/guesses", map[string]string{"guess": guess}, &g) != 200 {
			if g.Status == "playing" && len(g.Rows) > 0 {
				continue // refused (the secret itself, once in a while): not acknowledged
			}
			return
		}
		record(acked{g.ID, len(g.Rows) - 1, g.Rows[len(g.Rows)-1].Guess})
	}
}

// TestServeKeepsAcknowledgedGuesses kills `gamelab serve` in the middle
// of a stream of guesses from many players, with SIGKILL and with
// SIGTERM: every guess it acknowledged is in the database afterwards,
// and SIGTERM ends it cleanly (status 130, the requests under way
// answered).
func TestServeKeepsAcknowledgedGuesses(t *testing.T) {
	all, err := nerdle.Enumerate(8, nerdle.Standard)
	if err != nil {
		t.Fatal(err)
	}
	var guesses []string
	for i := 0; i < len(all); i += len(all) / 50 {
		guesses = append(guesses, all[i].String())
	}
	for _, kind := range dbtest.Kinds {
		for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGTERM} {
			t.Run(fmt.Sprintf("%s/%v", kind, sig), func(t *testing.T) {
				url := dbtest.URL(t, kind)
				cmd, addr := startServe(t, url)
				var mu sync.Mutex
				var got []acked
				stop := make(chan struct{})
				var wg sync.WaitGroup
				for range 16 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						guessStream(addr, guesses, stop, func(a acked) { mu.Lock(); got = append(got, a); mu.Unlock() })
					}()
				}
				time.Sleep(1500 * time.Millisecond)
				cmd.Process.Signal(sig)
				err := cmd.Wait()
				close(stop)
				wg.Wait()
				if sig == syscall.SIGTERM {
					if code := cmd.ProcessState.ExitCode(); code != 130 {
						t.Errorf("after SIGTERM: exit status %d (%v), want 130", code, err)
					}
				}
				mu.Lock()
				defer mu.Unlock()
				if len(got) < 20 {
					t.Fatalf("only %d guesses acknowledged before the %v", len(got), sig)
				}
				store, err := db.Open(context.Background(), url, t.TempDir())
				if err != nil {
					t.Fatal(err)
				}
				defer store.Close()
				for _, a := range got {
					g, err := store.Game(context.Background(), a.game)
					if err != nil || len(g.Moves) <= a.seq || g.Moves[a.seq].Move != a.guess {
						t.Fatalf("guess %d of game %s (%s), acknowledged, is not in the database: %v", a.seq, a.game, a.guess, err)
					}
				}
				t.Logf("%d acknowledged guesses, all in the database", len(got))
			})
		}
	}
}
