package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"
)

// JSONError rewrites an error of encoding/json in the words of someone
// reading the file or the request's body: where it is wrong and what was
// wanted, without Go's type names. Other errors come back as they are.
func JSONError(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &syntax):
		return fmt.Errorf("not valid JSON at byte %d: %s", syntax.Offset, strings.TrimPrefix(syntax.Error(), "json: "))
	case errors.As(err, &typ):
		// The path names embedded structs by their Go type; the files'
		// own field names are lower case.
		var parts []string
		for _, p := range strings.Split(typ.Field, ".") {
			if p != "" && !unicode.IsUpper(rune(p[0])) {
				parts = append(parts, p)
			}
		}
		field := strings.Join(parts, ".")
		if field == "" {
			field = "the document"
		}
		return fmt.Errorf("%s: want %s, not a JSON %s", field, kindOf(typ.Type.Kind().String()), typ.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("the JSON ends too early")
	}
	msg, ok := strings.CutPrefix(err.Error(), "json: ")
	if !ok {
		return err
	}
	return errors.New(msg)
}

// kindOf names a Go kind as JSON does.
func kindOf(kind string) string {
	switch {
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"), strings.HasPrefix(kind, "float"):
		return "a number"
	case kind == "string":
		return "a string"
	case kind == "bool":
		return "true or false"
	case kind == "slice", kind == "array":
		return "a list"
	case kind == "map", kind == "struct", kind == "ptr":
		return "an object"
	}
	return "another kind of value"
}
