package cmdline

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/alecthomas/kong"
)

// Parsed has the command line read every flag of type T with parse, the
// game's own parser, so that a command's fields hold the game's values
// (rules, positions, modes), checked once, and a value parse refuses is
// a usage error naming the flag.
func Parsed[T any](parse func(string) (T, error)) kong.Option {
	return kong.TypeMapper(reflect.TypeFor[T](), kong.MapperFunc(func(ctx *kong.DecodeContext, target reflect.Value) error {
		var text string
		if err := ctx.Scan.PopValueInto("value", &text); err != nil {
			return err
		}
		v, err := parse(text)
		if err != nil && !strings.Contains(err.Error(), strconv.Quote(text)) {
			return fmt.Errorf("%q: %w", text, err) // the message shows what was refused
		}
		if err != nil {
			return err
		}
		target.Set(reflect.ValueOf(v))
		return nil
	}))
}
