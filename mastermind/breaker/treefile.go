package breaker

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gamelab/internal/cache"
)

// treeHeader starts a strategy file: the format, then the game and the
// total the tree plays.
const treeHeader = "gamelab mastermind strategy 1"

// WriteTree writes tree, a strategy for space within limit guesses (0:
// none) taking total guesses over every code, as text: a header line, then
// the tree in preorder, each node its guess and number of branches, each
// branch its answer index then its subtree.
func WriteTree(w io.Writer, space *Space, limit, total int, tree *Tree) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s pegs %d colours %d limit %d total %d\n", treeHeader, space.Pegs, space.Max, limit, total)
	var write func(t *Tree)
	write = func(t *Tree) {
		fmt.Fprintf(bw, "%d %d\n", t.Guess, len(t.Next))
		answers := make([]int, 0, len(t.Next))
		for a := range t.Next {
			answers = append(answers, a)
		}
		slices.Sort(answers)
		for _, a := range answers {
			fmt.Fprintf(bw, "%d\n", a)
			write(t.Next[a])
		}
	}
	write(tree)
	return bw.Flush()
}

// ReadTree reads a strategy written by WriteTree for space within limit
// guesses and plays it against every code: it returns the tree and its
// total, or an error if the file is not such a strategy or the tree fails
// to find a code (within the limit) or takes another total than it says.
func ReadTree(r io.Reader, space *Space, limit int) (*Tree, int, error) {
	sc := bufio.NewScanner(r)
	if !sc.Scan() {
		return nil, 0, errors.New("empty strategy file")
	}
	var pegs, colours, lim, total int
	if n, _ := fmt.Sscanf(strings.TrimPrefix(sc.Text(), treeHeader), " pegs %d colours %d limit %d total %d", &pegs, &colours, &lim, &total); n != 4 || !strings.HasPrefix(sc.Text(), treeHeader) {
		return nil, 0, fmt.Errorf("not a strategy file: %q", sc.Text())
	}
	if pegs != space.Pegs || colours != space.Max || lim != limit {
		return nil, 0, fmt.Errorf("a strategy for %d pegs, %d colours, limit %d, not %d, %d, %d", pegs, colours, lim, space.Pegs, space.Max, limit)
	}
	answers := (space.Pegs + 1) * (space.Pegs + 1)
	next := func(bound int) (int, error) {
		if !sc.Scan() {
			return 0, errors.New("the strategy is cut short")
		}
		v, err := strconv.Atoi(sc.Text())
		if err != nil || v < 0 || v >= bound {
			return 0, fmt.Errorf("bad value %q", sc.Text())
		}
		return v, nil
	}
	var read func(depth int) (*Tree, error)
	read = func(depth int) (*Tree, error) {
		if depth > len(space.Codes) {
			return nil, errors.New("the strategy is deeper than the codes")
		}
		if !sc.Scan() {
			return nil, errors.New("the strategy is cut short")
		}
		var guess, branches int
		if n, _ := fmt.Sscanf(sc.Text(), "%d %d", &guess, &branches); n != 2 || guess < 0 || guess >= len(space.Codes) || branches < 0 || branches > answers {
			return nil, fmt.Errorf("bad node %q", sc.Text())
		}
		t := &Tree{Guess: guess}
		if branches > 0 {
			t.Next = make(map[int]*Tree, branches)
		}
		for range branches {
			a, err := next(answers)
			if err != nil {
				return nil, err
			}
			child, err := read(depth + 1)
			if err != nil {
				return nil, err
			}
			t.Next[a] = child
		}
		return t, nil
	}
	tree, err := read(0)
	if err != nil {
		return nil, 0, err
	}
	if played, err := playTree(space, tree, limit); err != nil {
		return nil, 0, err
	} else if played != total {
		return nil, 0, fmt.Errorf("the strategy takes %d guesses in all, not the %d it says", played, total)
	}
	return tree, total, nil
}

// playTree plays tree against every code and returns the guesses in all.
func playTree(space *Space, tree *Tree, limit int) (int, error) {
	win := space.Pegs * (space.Pegs + 1)
	total := 0
	for secret := range space.Codes {
		t := tree
		for guesses := 1; ; guesses++ {
			if limit > 0 && guesses > limit || guesses > len(space.Codes) {
				return 0, fmt.Errorf("the strategy does not find %v in time", space.Codes[secret])
			}
			a := space.answer(t.Guess, secret)
			if a == win {
				total += guesses
				break
			}
			if t = t.Next[a]; t == nil {
				return 0, fmt.Errorf("the strategy does not find %v", space.Codes[secret])
			}
		}
	}
	return total, nil
}

// treeFile names the cached strategy tree of a kind for a game.
func treeFile(kind string, pegs, colours, limit int) string {
	return fmt.Sprintf("mastermind-%s-%dx%d-limit%d.tree", kind, pegs, colours, limit)
}

// builtTrees holds the strategy trees computed or loaded in this process.
var builtTrees struct {
	sync.Mutex
	m map[string]*treeEntry
}

type treeEntry struct {
	once  sync.Once
	tree  *Tree
	total int
}

// CachedOptimal returns the optimal strategy for space within limit
// guesses (0: none) and its total, computed by Optimal once and kept (see
// cachedTree). A nil tree means no strategy keeps within the limit.
func CachedOptimal(opts Options, space *Space, limit int) (*Tree, int) {
	return cachedTree(opts, "optimal", space, limit, func() (*Tree, int) { return Optimal(space, limit) })
}

// cachedTree returns the strategy tree of a kind for space within limit
// guesses and its total: from this process if it has it, else from its
// file in opts.Cache (played in full against every code; a damaged file is set
// aside), else made by build and saved there.
func cachedTree(opts Options, kind string, space *Space, limit int, build func() (*Tree, int)) (*Tree, int) {
	name := treeFile(kind, space.Pegs, space.Max, limit)
	builtTrees.Lock()
	if builtTrees.m == nil {
		builtTrees.m = map[string]*treeEntry{}
	}
	e := builtTrees.m[name]
	if e == nil {
		e = &treeEntry{}
		builtTrees.m[name] = e
	}
	builtTrees.Unlock()
	e.once.Do(func() {
		type read struct {
			tree  *Tree
			total int
		}
		// A damaged file is set aside and the tree built again.
		r, err := cache.Load(opts.Cache, name, func(f io.Reader) (read, error) {
			tree, total, err := ReadTree(f, space, limit)
			return read{tree, total}, err
		})
		if err == nil {
			e.tree, e.total = r.tree, r.total
			return
		}
		if opts.Building != nil {
			opts.Building(name)
		}
		e.tree, e.total = build()
		if e.tree != nil && opts.Cache != "" {
			// A cache: failing to keep it costs only time.
			cache.Save(opts.Cache, name, func(w io.Writer) error { return WriteTree(w, space, limit, e.total, e.tree) })
		}
	})
	return e.tree, e.total
}
