package match

import (
	"context"

	"gamelab/oware"
	"gamelab/oware/search"
)

// Ponderer is an engine that thinks in its opponent's time: after its
// move in g, on the reply it expects, until its next Search (which goes
// on from there if that reply was played) or StopPondering.
type Ponderer interface {
	Ponder(g *oware.Game, limits search.Limits)
	StopPondering()
}

// pondering makes one of our searchers a Ponderer. It ponders by
// searching the position after the reply its last search's principal
// variation predicted, without limits, until the next Search stops it;
// that search then begins with its table holding what pondering found,
// which on a hit is most of the work.
type pondering struct {
	search.Searcher
	predicted oware.Move
	cancel    context.CancelFunc // of the search pondering, if one does
	done      chan struct{}
}

// Search implements search.Searcher.
func (p *pondering) Search(ctx context.Context, g *oware.Game, limits search.Limits, report func(search.Info)) search.Result {
	p.StopPondering()
	r := p.Searcher.Search(ctx, g, limits, report)
	p.predicted = oware.NoMove
	if len(r.PV) >= 2 && r.PV[0] == r.Move {
		p.predicted = r.PV[1]
	}
	return r
}

// Ponder implements Ponderer.
func (p *pondering) Ponder(g *oware.Game, _ search.Limits) {
	p.StopPondering()
	if p.predicted == oware.NoMove || !g.Legal().Contains(p.predicted) {
		return
	}
	after := oware.NewGame(g.Start(), g.Rules())
	for _, m := range append(g.Moves(), p.predicted) {
		after.Play(m)
	}
	if after.Over() {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel, p.done = cancel, make(chan struct{})
	go func() {
		defer close(p.done)
		p.Searcher.Search(ctx, after, search.Limits{}, nil)
	}()
}

// StopPondering implements Ponderer.
func (p *pondering) StopPondering() {
	if p.cancel != nil {
		p.cancel()
		<-p.done
		p.cancel, p.done = nil, nil
	}
}

// NewGame passes a new game on to the searcher, once it has stopped
// pondering.
func (p *pondering) NewGame() {
	p.StopPondering()
	if n, ok := p.Searcher.(interface{ NewGame() }); ok {
		n.NewGame()
	}
}
