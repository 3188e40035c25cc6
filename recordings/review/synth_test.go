package review

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

const corpusDir = "../testdata/corpus"

// The mutations of a synthetic change set, one per pair, in turn.
const (
	synthUnchanged = iota // the same path, the same bytes
	synthMetadata         // the same path, a timestamp or id moved
	synthAnswer           // the same path, a letter of the last text changed
	synthMoved            // the same bytes under a new path
	synthMovedMeta        // a new path, a timestamp or id moved
	synthAdded            // in head only
	synthDeleted          // in base only
	synthRequest          // the same path, a letter of the first message changed
	synthKinds
)

var (
	createdRe = regexp.MustCompile(`"(created|created_at)": ("?)[0-9]`)
	textRe    = regexp.MustCompile(`"(content|text|response)": "[A-Za-z]`)
	testIDRe  = regexp.MustCompile(`"test_id": "([^"\\]*)"`)
)

// synthetic makes a change set of n pairs from the corpus recordings
// under 32 KB: the k-th copy of a file lives in tests/integration/sK/ and
// its test_id (when it has one) gets "[copyK]", so copies are distinct
// recordings; the i-th pair undergoes mutation i % synthKinds. It
// returns the trees and how many pairs of each mutation it made.
func synthetic(tb testing.TB, n int) (base, head []File, kinds [synthKinds]int) {
	tb.Helper()
	names, err := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	if err != nil {
		tb.Fatal(err)
	}
	slices.Sort(names)
	var src [][]byte
	var srcNames []string
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		if len(data) < 32<<10 {
			src = append(src, data)
			srcNames = append(srcNames, filepath.Base(name))
		}
	}
	for i := range n {
		j, copyK := i%len(src), i/len(src)
		data := testIDRe.ReplaceAll(src[j], []byte(fmt.Sprintf(`"test_id": "${1}[copy%d]"`, copyK)))
		p := fmt.Sprintf("tests/integration/s%02d/recordings/%s", copyK, srcNames[j])
		moved := fmt.Sprintf("tests/integration/m%02d/recordings/%s", copyK, srcNames[j])
		k := (i + copyK) % synthKinds // so that each file meets each mutation
		kinds[k]++
		switch k {
		case synthUnchanged:
			base, head = append(base, File{p, data}), append(head, File{p, data})
		case synthMetadata:
			base, head = append(base, File{p, data}), append(head, File{p, bumpLast(data, createdRe)})
		case synthAnswer:
			base, head = append(base, File{p, data}), append(head, File{p, bumpLast(data, textRe)})
		case synthMoved:
			base, head = append(base, File{p, data}), append(head, File{moved, data})
		case synthMovedMeta:
			base, head = append(base, File{p, data}), append(head, File{moved, bumpLast(data, createdRe)})
		case synthAdded:
			head = append(head, File{p, data})
		case synthDeleted:
			base = append(base, File{p, data})
		case synthRequest:
			base, head = append(base, File{p, data}), append(head, File{p, bumpFirst(data, textRe)})
		}
	}
	return base, head, kinds
}

// bumpLast changes the last byte of the last match of re in data (a
// letter to its neighbour, a digit to the next), on a copy.
func bumpLast(data []byte, re *regexp.Regexp) []byte {
	m := re.FindAllIndex(data, -1)
	if m == nil {
		return data
	}
	return bumpAt(data, m[len(m)-1][1]-1)
}

// bumpFirst is bumpLast for the first match.
func bumpFirst(data []byte, re *regexp.Regexp) []byte {
	m := re.FindIndex(data)
	if m == nil {
		return data
	}
	return bumpAt(data, m[1]-1)
}

func bumpAt(data []byte, i int) []byte {
	out := bytes.Clone(data)
	switch c := out[i]; {
	case c == '9':
		out[i] = '0'
	case c == 'z' || c == 'Z':
		out[i] = c - 1
	default:
		out[i] = c + 1
	}
	return out
}

// TestSynthetic3000: on a synthetic change set of 3,000 pairs, every file
// is in exactly one pair, every moved file is found renamed, and the
// comment fits GitHub's limit with links under MaxLink.
func TestSynthetic3000(t *testing.T) {
	base, head, kinds := synthetic(t, 3000)
	res := review(t, base, head)
	checkOnce(t, base, head, res)
	count := map[Change]int{}
	for _, p := range res.Pairs {
		count[p.Change]++
	}
	if moved := kinds[synthMoved] + kinds[synthMovedMeta]; count[Renamed] < moved {
		t.Errorf("%d renamed, want at least the %d moved", count[Renamed], moved)
	}
	if count[Added] > kinds[synthAdded] || count[Deleted] > kinds[synthDeleted] {
		t.Errorf("%d added and %d deleted, want at most %d and %d", count[Added], count[Deleted], kinds[synthAdded], kinds[synthDeleted])
	}
	if count[Unchanged] < kinds[synthUnchanged] {
		t.Errorf("%d unchanged, want at least %d", count[Unchanged], kinds[synthUnchanged])
	}
	t.Logf("kinds %v; %v", kinds, res.Verdicts())
	checkMarkdown(t, res.Markdown(testLinks()))
}
