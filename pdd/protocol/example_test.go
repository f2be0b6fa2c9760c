package protocol_test

import (
	"os"
	"strings"

	"gamelab/pdd"
	"gamelab/pdd/protocol"
)

// The course's simple player seated through the protocol: it lays a card
// its rule allows, drawing when it has none, and judges the cards the
// others lay.
func ExampleServe() {
	rule := pdd.MustParse("same suit or same value or played is jack")
	seat := pdd.NewSimplePlayerWithRule(protocol.Me, rule.Rule())
	session := strings.Join([]string{
		"new 7H 8S JC",
		"play 7S",                  // lays 7H: never seen on 7S, and first
		"invalid me 7S 7H by anna", // anna's rule refused it
		"take 2D",                  // the card drawn for it
		"allows 7H 9H",             // anna lays 9H on 7H: does our rule object?
		"valid anna 7H 9H",
		"play 9H",
		"hand",
	}, "\n")
	if err := protocol.Serve(strings.NewReader(session), os.Stdout, protocol.Config{Player: seat, Rule: rule}); err != nil {
		panic(err)
	}
	// Output:
	// ok
	// lay 7H
	// ok
	// ok
	// yes
	// ok
	// lay JC
	// 8S 2D
}
