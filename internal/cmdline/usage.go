package cmdline

import (
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/alecthomas/kong"
)

// phrases rewrite the parser's messages in the words of the command line:
// no Go types, no <EOL>. Compiled when a command line fails to parse, not
// at every start.
var phrases = sync.OnceValue(func() []phrase {
	return []phrase{
		{regexp.MustCompile(`expected \w+ value but got "EOL" \(<EOL>\)`), "needs a value"},
		{regexp.MustCompile(`expected \w+ value but got "(-[^"]*)" \(short flag\); perhaps try (--[a-z0-9-]+)="-[^"]*"\?`), `"$1" reads as a flag; write $2=$1`},
		{regexp.MustCompile(`expected (a valid 64 bit |)int( value|) but got ("[^"]*").*`), "$3 is not a whole number"},
		{regexp.MustCompile(`expected (a valid 64 bit |)uint( value|) but got ("[^"]*").*`), "$3 is not a whole number of 0 or more"},
		{regexp.MustCompile(`expected (a valid 64 bit |)float( value|) but got ("[^"]*").*`), "$3 is not a number"},
		{regexp.MustCompile(`^expected "(<[^>]+>)( \.\.\.)?"$`), "missing $1"},
		{regexp.MustCompile(`"EOL"|<EOL>`), "the end of the line"},
		{regexp.MustCompile(`--[a-z-]+: (--[a-z-]+) `), "$1 "},     // a flag's own check names it already
		{regexp.MustCompile(`^(--[a-z-]+): ("[^"]*": )`), "$1 $2"}, // a value refused: --rules "web": why
		// A file named that is not there or not a file: the path says which.
		{regexp.MustCompile(`^<[^>]+>( \.\.\.)?: stat `), ""},
		{regexp.MustCompile(`^<[^>]+>( \.\.\.)?: ("[^"]*" exists but is a directory)`), "$2"},
		{regexp.MustCompile(`^(--[a-z-]+): stat `), "$1 "},
		{regexp.MustCompile(`"([^"]*)" exists but is a directory`), "$1 is a folder, not a file"},
	}
})

// phrase is a rewrite of a parser message: what re matches becomes with.
type phrase struct {
	re   *regexp.Regexp
	with string
}

// Plain rewrites a message of kong's in the words of the command line.
func Plain(msg string) string {
	for _, p := range phrases() {
		msg = p.re.ReplaceAllString(msg, p.with)
	}
	return msg
}

// Expand writes vars into the command tree's help, defaults and enums
// once it is built, where kong would: handed to kong, every flag gets its
// own copy of them all and has each interpolated in turn, which made
// every command's start slow (docs/notes/cli.md). A ${name} that vars
// lacks is left for kong, which reports it.
func Expand(vars kong.Vars) kong.Option {
	var pairs []string
	for name, value := range vars {
		pairs = append(pairs, "${"+name+"}", value)
	}
	r := strings.NewReplacer(pairs...)
	return kong.PostBuild(func(k *kong.Kong) error {
		return kong.Visit(k.Model, func(n kong.Visitable, next kong.Next) error {
			switch n := n.(type) {
			case *kong.Node:
				n.Help, n.Detail = r.Replace(n.Help), r.Replace(n.Detail)
			case *kong.Value:
				n.Help, n.Default, n.Enum = r.Replace(n.Help), r.Replace(n.Default), r.Replace(n.Enum)
				if n.Flag != nil {
					n.Flag.PlaceHolder = r.Replace(n.Flag.PlaceHolder)
				}
			}
			return next(nil)
		})
	})
}

// HelpForBranch turns a command line that names a group of commands and
// nothing else (`gamelab nerdle`, `gamelab oware egdb`) into a request
// for its help, so that every group answers alike.
func HelpForBranch(parser *kong.Kong, args []string) []string {
	node := parser.Model.Node
	for _, arg := range args {
		if strings.HasPrefix(arg, "-") {
			return args // flags: the parser says what they lack
		}
		var next *kong.Node
		for _, child := range node.Children {
			if child.Type == kong.CommandNode && (child.Name == arg || slices.Contains(child.Aliases, arg)) {
				next = child
			}
		}
		if next == nil {
			return args
		}
		node = next
	}
	if node == parser.Model.Node || len(node.Children) == 0 || node.DefaultCmd != nil {
		return args
	}
	return append(slices.Clone(args), "--help")
}

// OneLine folds a message onto a single line.
func OneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// Version returns gamelab's version as the build recorded it: the module
// version (or "devel"), and the commit and its date where the build was
// made from a checkout.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "gamelab (unknown version)"
	}
	version := info.Main.Version
	if version == "" || version == "(devel)" {
		version = "devel"
	}
	var revision, when, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value[:min(12, len(s.Value))]
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = ", modified"
			}
		}
	}
	if revision == "" {
		return "gamelab " + version + " (" + info.GoVersion + ")"
	}
	return "gamelab " + version + " (" + revision + " " + when + dirty + ", " + info.GoVersion + ")"
}
