// Package netlify reads a Netlify site's custom response headers, from the
// [[headers]] tables of netlify.toml and from a _headers file in the
// published folder, and applies them the way Netlify does, so that
// `make serve` and the browser tests send exactly what the deployed site
// sends. Source: https://docs.netlify.com/manage/routing/headers/.
package netlify

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// Rule is one header rule: a path pattern and the headers sent for the
// paths it matches. In the pattern, "*" matches any run of characters,
// slashes included, and ":name" matches one path segment.
type Rule struct {
	For    string            `toml:"for"`
	Values map[string]string `toml:"values"`
}

// Rules are the header rules of a site, in file order.
type Rules []Rule

// ReadConfig reads the [[headers]] tables of a netlify.toml file. Errors
// name the file, and the line for TOML syntax errors.
func ReadConfig(path string) (Rules, error) {
	var cfg struct {
		Headers Rules `toml:"headers"`
	}
	if _, err := toml.DecodeFile(path, &cfg); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return cfg.Headers, nil
}

// ReadHeadersFile reads a _headers file: a path on a line of its own, then
// its "Name: value" lines, indented; "#" starts a comment. A missing file
// gives no rules and no error.
func ReadHeadersFile(path string) (Rules, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var rules Rules
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		text := strings.TrimSpace(line)
		switch {
		case text == "" || strings.HasPrefix(text, "#"):
		case line[0] != ' ' && line[0] != '\t':
			rules = append(rules, Rule{For: text, Values: map[string]string{}})
		default:
			name, value, ok := strings.Cut(text, ":")
			if !ok || len(rules) == 0 {
				return nil, fmt.Errorf("%s:%d: want a path, or an indented \"Name: value\" after one", path, n)
			}
			rules[len(rules)-1].Values[strings.TrimSpace(name)] = strings.TrimSpace(value)
		}
	}
	return rules, sc.Err()
}

// Match reports whether pattern matches the URL path p.
func Match(pattern, p string) bool {
	var re strings.Builder
	re.WriteString("^")
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; {
		case c == '*':
			re.WriteString(".*")
		case c == ':' && (i == 0 || pattern[i-1] == '/'):
			for i+1 < len(pattern) && pattern[i+1] != '/' {
				i++
			}
			re.WriteString("[^/]+")
		default:
			re.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	re.WriteString("$")
	ok, _ := regexp.MatchString(re.String(), p)
	return ok
}

// Apply sets on h the headers of every rule that matches the URL path p.
// As on Netlify, when several matching rules set the same header, their
// values are joined with ", ".
func (rs Rules) Apply(h http.Header, p string) {
	set := map[string][]string{}
	for _, r := range rs {
		if !Match(r.For, p) {
			continue
		}
		names := make([]string, 0, len(r.Values))
		for name := range r.Values {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			key := http.CanonicalHeaderKey(name)
			set[key] = append(set[key], r.Values[name])
		}
	}
	for key, values := range set {
		h.Set(key, strings.Join(values, ", "))
	}
}

// Handler serves next with the rules' headers added to every response.
func (rs Rules) Handler(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rs.Apply(w.Header(), r.URL.Path)
		next.ServeHTTP(w, r)
	})
}
