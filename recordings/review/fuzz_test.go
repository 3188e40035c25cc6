package review

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
)

// fuzzPool is the recordings FuzzPair draws from: the small ones of the
// change sets in testdata, both sides.
func fuzzPool(tb testing.TB) []File {
	var pool []File
	for _, name := range subsets {
		base, head := subset(tb, name)
		for _, f := range append(base, head...) {
			if len(f.Data) < 6000 {
				pool = append(pool, f)
			}
		}
	}
	slices.SortFunc(pool, func(a, b File) int { return bytes.Compare(a.Data, b.Data) })
	return slices.CompactFunc(pool, func(a, b File) bool { return bytes.Equal(a.Data, b.Data) })
}

// FuzzPair reviews random change sets made of testdata's recordings:
// each two bytes of the input take a recording and put it in base, head
// or both, under the same path or a new one, as it is or with its answer
// or its request edited, or add a copy of it, or a file that is not
// JSON. Whatever the input, Review must not fail, every file must be in
// exactly one pair (or skipped), and every pair must be consistent.
func FuzzPair(f *testing.F) {
	pool := fuzzPool(f)
	if len(pool) < 10 {
		f.Fatalf("%d recordings in the pool, want 10 or more", len(pool))
	}
	f.Add([]byte{0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7})
	f.Add([]byte{10, 3, 10, 5, 11, 3, 12, 4, 13, 6, 13, 5})
	f.Add([]byte{0xff, '{', '"', 'r'})
	f.Fuzz(func(t *testing.T, ops []byte) {
		var base, head []File
		inBase, inHead := map[string]bool{}, map[string]bool{}
		add := func(tree *[]File, in map[string]bool, p string, data []byte) {
			if !in[p] {
				in[p] = true
				*tree = append(*tree, File{Path: p, Data: data})
			}
		}
		if len(ops) > 0 && ops[0] == 0xff {
			// The rest is a file of its own, in a recordings folder.
			add(&head, inHead, "tests/recordings/fuzz.json", ops[1:])
			ops = nil
		}
		for i := 0; i+1 < len(ops) && i < 128; i += 2 {
			src := pool[int(ops[i])%len(pool)]
			moved := fmt.Sprintf("tests/moved%d/%s", ops[i+1]>>4, src.Path)
			switch ops[i+1] & 7 {
			case 0:
				add(&base, inBase, src.Path, src.Data)
			case 1:
				add(&head, inHead, src.Path, src.Data)
			case 2:
				add(&base, inBase, src.Path, src.Data)
				add(&head, inHead, src.Path, src.Data)
			case 3: // renamed
				add(&base, inBase, src.Path, src.Data)
				add(&head, inHead, moved, src.Data)
			case 4: // modified: another answer, or another request
				add(&base, inBase, src.Path, src.Data)
				add(&head, inHead, src.Path, edit(src.Data, ops[i+1]))
			case 5: // renamed and edited
				add(&base, inBase, src.Path, src.Data)
				add(&head, inHead, moved, edit(src.Data, ops[i+1]))
			case 6: // a copy in head
				add(&head, inHead, moved, src.Data)
			case 7: // broken, or not a recording
				add(&base, inBase, moved, src.Data[:len(src.Data)/2])
				add(&head, inHead, fmt.Sprintf("other%d.json", ops[i]), []byte(`{"a": 1}`))
			}
		}
		res, err := Review(base, head, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkOnce(t, base, head, res)
		for _, p := range res.Pairs {
			both := p.Base != "" && p.Head != ""
			switch {
			case p.Verdict == VerdictUnreadable:
			case both != (p.Request != "" && p.Result != ""):
				t.Errorf("%s: %s with request %q and result %q", p.Label(), p.Change, p.Request, p.Result)
			case p.Change == Added && (p.Base != "" || p.Head == ""), p.Change == Deleted && (p.Head != "" || p.Base == ""):
				t.Errorf("%s: %s", p.Label(), p.Change)
			case p.Change == Unchanged && p.Verdict != VerdictUnchanged:
				t.Errorf("%s: unchanged but %s", p.Label(), p.Verdict)
			}
		}
	})
}

// edit changes a recording: the first "content" value's first letter
// (the answer, or a message of the request) or, for odd how, the first
// "model" value's.
func edit(data []byte, how byte) []byte {
	key := []byte(`"content": "`)
	if how&8 != 0 {
		key = []byte(`"model": "`)
	}
	out := bytes.Clone(data)
	if i := bytes.Index(out, key); i >= 0 && i+len(key) < len(out) && out[i+len(key)] != '"' && out[i+len(key)] != '\\' {
		out[i+len(key)] ^= 1
	}
	return out
}
