package cassette

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// maxAliases bounds the aliases a YAML body written as JSON may follow:
// each writes again the value it names, so a few lines of them can
// stand for gigabytes ("billion laughs"). The cassettes recorders write
// hold none.
const maxAliases = 1000

// The errors of bodyJSON: YAML's aliases can name a value many times
// over, or a value that holds the alias itself; the nesting, aliases
// followed, is bounded as Parse bounds the text's (maxNesting).
var (
	errJSONTooLarge   = fmt.Errorf("the JSON of a YAML body would pass %d bytes (its aliases repeat it)", MaxSize)
	errJSONTooDeep    = fmt.Errorf("a YAML body nested more than %d deep (an alias names a value that holds it)", maxNesting)
	errTooManyAliases = fmt.Errorf("a YAML body follows more than %d aliases (a \"billion laughs\")", maxAliases)
)

// bodyJSON is the compact JSON of the YAML value n, mappings in their
// written order (a parsed_body reads as the body that was sent): strings
// quoted, numbers, booleans and null as they are (a float as written when
// it is a JSON number), other scalars (timestamps, !!binary) as strings;
// an alias as the value it names. Errors: errJSONTooLarge past MaxSize
// bytes, errJSONTooDeep, errTooManyAliases.
func bodyJSON(n *yaml.Node) ([]byte, error) {
	var w jsonWriter
	err := w.write(n, 0)
	return w.b, err
}

// jsonWriter writes YAML values as JSON (bodyJSON).
type jsonWriter struct {
	b       []byte
	aliases int // the aliases followed
}

func (w *jsonWriter) write(n *yaml.Node, depth int) error {
	switch {
	case len(w.b) > MaxSize:
		return errJSONTooLarge
	case depth > maxNesting:
		return errJSONTooDeep
	case n == nil:
		w.b = append(w.b, "null"...)
		return nil
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			w.b = append(w.b, "null"...)
			return nil
		}
		return w.write(n.Content[0], depth+1)
	case yaml.AliasNode:
		if w.aliases++; w.aliases > maxAliases {
			return errTooManyAliases
		}
		return w.write(n.Alias, depth+1)
	case yaml.MappingNode:
		w.b = append(w.b, '{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.b = appendString(w.b, keyOf(n.Content[i]))
			w.b = append(w.b, ':')
			if err := w.write(n.Content[i+1], depth+1); err != nil {
				return err
			}
		}
		w.b = append(w.b, '}')
		return nil
	case yaml.SequenceNode:
		w.b = append(w.b, '[')
		for i, x := range n.Content {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			if err := w.write(x, depth+1); err != nil {
				return err
			}
		}
		w.b = append(w.b, ']')
		return nil
	}
	w.b = appendScalar(w.b, n)
	return nil
}

// appendScalar appends a YAML scalar as JSON (see bodyJSON).
func appendScalar(b []byte, n *yaml.Node) []byte {
	switch n.Tag {
	case "!!null":
		return append(b, "null"...)
	case "!!bool":
		if v, err := strconv.ParseBool(n.Value); err == nil {
			return strconv.AppendBool(b, v)
		}
	case "!!int":
		if v, err := strconv.ParseInt(n.Value, 0, 64); err == nil {
			return strconv.AppendInt(b, v, 10)
		}
	case "!!float":
		if jsonNumber.MatchString(n.Value) {
			return append(b, n.Value...) // as written: 1.0 stays a float
		}
		if v, err := strconv.ParseFloat(n.Value, 64); err == nil && !isSpecial(n.Value) {
			start := len(b)
			b = strconv.AppendFloat(b, v, 'g', -1, 64)
			if !bytes.ContainsAny(b[start:], ".eN") {
				b = append(b, ".0"...) // 1. reads 1.0, as Python writes it
			}
			return b
		}
	}
	return appendString(b, n.Value)
}

// jsonNumber is JSON's number grammar (RFC 8259, section 6).
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

// appendString appends s as a JSON string, its text as it is (no
// \u003c for <; invalid UTF-8 as U+FFFD).
func appendString(b []byte, s string) []byte {
	var q bytes.Buffer
	enc := json.NewEncoder(&q)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return append(b, bytes.TrimSuffix(q.Bytes(), []byte("\n"))...)
}

// isSpecial reports YAML's .inf and .nan, which JSON cannot write.
func isSpecial(s string) bool {
	switch s {
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
		return true
	}
	return false
}
