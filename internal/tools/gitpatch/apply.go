package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A filePatch is one file's part of a patch.
type filePatch struct {
	old, new string // the paths before and after, "" for none (a new or deleted file)
	hunks    []hunk
}

// A hunk is one @@ block: where it starts in the old file (1-based; 0
// for an empty file), the lines it expects there and the lines it puts
// in their place, each with its newline (none after a line followed by
// "\ No newline at end of file").
type hunk struct {
	start    int
	old, new []string
}

var hunkHeader = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)

// parse reads a patch in git's format.
func parse(data []byte) ([]filePatch, error) {
	lines := strings.SplitAfter(string(data), "\n")
	var files []filePatch
	var f *filePatch
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSuffix(lines[i], "\n")
		switch {
		case strings.HasPrefix(l, "diff --git "):
			files = append(files, filePatch{})
			f = &files[len(files)-1]
			a, b, ok := strings.Cut(strings.TrimPrefix(l, "diff --git "), " b/")
			if !ok || !strings.HasPrefix(a, "a/") {
				return nil, fmt.Errorf("line %d: cannot read %q", i+1, l)
			}
			f.old, f.new = strings.TrimPrefix(a, "a/"), b
		case f == nil:
			// the patch's message, before its first file
		case strings.HasPrefix(l, "new file mode "):
			f.old = ""
		case strings.HasPrefix(l, "deleted file mode "):
			f.new = ""
		case strings.HasPrefix(l, "rename from "):
			f.old = strings.TrimPrefix(l, "rename from ")
		case strings.HasPrefix(l, "rename to "):
			f.new = strings.TrimPrefix(l, "rename to ")
		case strings.HasPrefix(l, "old mode "), strings.HasPrefix(l, "new mode "), strings.HasPrefix(l, "GIT binary patch"), strings.HasPrefix(l, "Binary files "):
			return nil, fmt.Errorf("line %d: %q is not supported", i+1, l)
		case strings.HasPrefix(l, "@@ "):
			m := hunkHeader.FindStringSubmatch(l)
			if m == nil {
				return nil, fmt.Errorf("line %d: cannot read %q", i+1, l)
			}
			start, _ := strconv.Atoi(m[1])
			nOld, nNew := count(m[2]), count(m[4])
			h := hunk{start: start}
			for nOld > 0 || nNew > 0 {
				i++
				if i >= len(lines) {
					return nil, fmt.Errorf("the hunk at %q ends early", l)
				}
				body := lines[i]
				if !strings.HasSuffix(body, "\n") {
					body += "\n"
				}
				text := body[min(1, len(body)-1):]
				switch body[0] {
				case ' ', '\n': // a context line ("" when an editor trimmed its space)
					h.old, h.new = append(h.old, text), append(h.new, text)
					nOld--
					nNew--
				case '-':
					h.old = append(h.old, text)
					nOld--
				case '+':
					h.new = append(h.new, text)
					nNew--
				case '\\': // "\ No newline at end of file" after the line before
					trimLast(&h, lines[i-1][0])
					continue
				default:
					return nil, fmt.Errorf("line %d: %q in a hunk", i+1, strings.TrimSuffix(body, "\n"))
				}
				if nOld < 0 || nNew < 0 {
					return nil, fmt.Errorf("the hunk at %q has more lines than it says", l)
				}
			}
			// "\ No newline at end of file" after the hunk's last lines.
			for i+1 < len(lines) && strings.HasPrefix(lines[i+1], `\`) {
				i++
				trimLast(&h, lines[i-1][0])
			}
			f.hunks = append(f.hunks, h)
		}
	}
	if len(files) == 0 {
		return nil, errors.New("no diff --git in the patch")
	}
	return files, nil
}

// count is a hunk header's line count: 1 when it is left out.
func count(s string) int {
	if s == "" {
		return 1
	}
	n, _ := strconv.Atoi(s)
	return n
}

// trimLast drops the newline of the hunk's last old line, new line or
// both, as the line before a "\ No newline" marker says.
func trimLast(h *hunk, kind byte) {
	trim := func(ls []string) {
		if n := len(ls); n > 0 {
			ls[n-1] = strings.TrimSuffix(ls[n-1], "\n")
		}
	}
	switch kind {
	case '-':
		trim(h.old)
	case '+':
		trim(h.new)
	default:
		trim(h.old)
		trim(h.new)
	}
}

// Apply applies a patch in git's format to the files under dir. It
// checks every hunk of every file before it writes anything.
func Apply(dir string, patch []byte) error {
	files, err := parse(patch)
	if err != nil {
		return err
	}
	type result struct {
		f    filePatch
		text string
	}
	var results []result
	for _, f := range files {
		var old string
		if f.old != "" {
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.old)))
			if err != nil {
				return err
			}
			old = string(data)
		} else if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f.new))); err == nil {
			return fmt.Errorf("%s: already exists", f.new)
		}
		text, err := applyHunks(old, f.hunks)
		if err != nil {
			return fmt.Errorf("%s: %v", f.old+map[bool]string{true: f.new}[f.old == ""], err)
		}
		if f.new == "" && text != "" {
			return fmt.Errorf("%s: deleted, but not all of it", f.old)
		}
		results = append(results, result{f, text})
	}
	for _, r := range results {
		if r.f.old != "" && r.f.old != r.f.new {
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(r.f.old))); err != nil {
				return err
			}
		}
		if r.f.new == "" {
			continue
		}
		dst := filepath.Join(dir, filepath.FromSlash(r.f.new))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, []byte(r.text), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// applyHunks applies hunks, in order, to text. A hunk's lines are looked
// for at its line (moved by what the hunks before it added or removed),
// then nearest to it.
func applyHunks(text string, hunks []hunk) (string, error) {
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	shift := 0
	from := 0 // hunks apply in order: none before the end of the last
	for k, h := range hunks {
		want := max(h.start-1, 0) + shift
		if len(h.old) == 0 && h.start > 0 {
			want = h.start + shift // an insertion after line start
		}
		at := -1
		for d := 0; at < 0 && (want-d >= from || want+d <= len(lines)); d++ {
			for _, p := range []int{want - d, want + d} {
				if p >= from && p+len(h.old) <= len(lines) && slices.Equal(lines[p:p+len(h.old)], h.old) {
					at = p
					break
				}
			}
		}
		if at < 0 {
			return "", fmt.Errorf("hunk %d (at line %d) does not match", k+1, h.start)
		}
		lines = slices.Concat(lines[:at], h.new, lines[at+len(h.old):])
		from = at + len(h.new)
		shift += len(h.new) - len(h.old)
	}
	return strings.Join(lines, ""), nil
}
