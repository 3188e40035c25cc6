package permalink

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/recview/recview/internal/tools/corpustest"
)

// rebuildDict rewrites dict_v1.txt. It must never be used once
// links are out: they decode only with the frozen bytes (see linkDictV1).
var rebuildDict = flag.Bool("rebuild-dict", false, "rewrite the frozen permalink dictionary (breaks every v1 link)")

// dictV1SHA256 pins the v1 dictionary forever.
const dictV1SHA256 = "92fb58b2d1d5f5cf87e4375c7ffb8372f2b5244ce8ae53d1d059f762709736a1"

const (
	dictSize    = 32 << 10 // DEFLATE's window: a longer dictionary is never reached
	dictSegment = 512      // bytes per picked segment
	dictDmer    = 8        // bytes per scored substring
	dictSample  = 4 << 10  // bytes of each file used: the start, where the boilerplate is
)

// compactCorpus returns every corpus file, compacted, in MANIFEST.tsv order.
func compactCorpus(t testing.TB) (names []string, files [][]byte) {
	t.Helper()
	for _, row := range corpustest.Manifest(t) {
		data, err := os.ReadFile(filepath.Join(corpustest.Dir(), row.File))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := json.Compact(&b, data); err != nil {
			t.Fatalf("%s: %v", row.File, err)
		}
		names = append(names, row.File)
		files = append(files, b.Bytes())
	}
	return names, files
}

// buildDict picks a DEFLATE dictionary of at most size bytes from samples,
// after the COVER algorithm of zstd's dictionary trainer (Liao, Petri,
// Moffat, Wirth, "Effective construction of relative Lempel-Ziv
// dictionaries", 2016): every 8-byte substring (d-mer) scores the number
// of samples it occurs in; the samples' first dictSample bytes are laid end
// to end and cut into size/dictSegment epochs; from each epoch the
// dictSegment-byte segment whose distinct d-mers score highest is picked,
// and its d-mers then score zero so later picks bring new material.
// Segments are written in ascending order of score, so the most common
// material sits last, nearest the data, where DEFLATE's distances are
// cheapest. The result depends only on the samples and their order.
func buildDict(samples [][]byte, size int) []byte {
	dmer := func(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }
	var all []byte
	freq := map[uint64]int{}
	for _, s := range samples {
		s = s[:min(len(s), dictSample)]
		seen := map[uint64]bool{}
		for i := 0; i+dictDmer <= len(s); i++ {
			if h := dmer(s[i:]); !seen[h] {
				seen[h] = true
				freq[h]++
			}
		}
		all = append(all, s...)
	}
	n := len(all)
	all = append(all, make([]byte, dictDmer)...) // so every d-mer read is in bounds
	nseg := size / dictSegment
	epoch := n / nseg
	type segment struct {
		b     []byte
		score int
	}
	var segs []segment
	for e := 0; e < nseg && epoch >= dictSegment; e++ {
		lo, hi := e*epoch, (e+1)*epoch
		win := map[uint64]int{} // d-mer counts of the window
		score := 0              // sum of freq over the window's distinct d-mers
		add := func(i int) {
			h := dmer(all[i:])
			if win[h] == 0 {
				score += freq[h]
			}
			win[h]++
		}
		drop := func(i int) {
			h := dmer(all[i:])
			if win[h]--; win[h] == 0 {
				score -= freq[h]
			}
		}
		for i := lo; i <= lo+dictSegment-dictDmer; i++ {
			add(i)
		}
		best, at := score, lo
		for st := lo + 1; st+dictSegment <= hi; st++ {
			drop(st - 1)
			add(st + dictSegment - dictDmer)
			if score > best {
				best, at = score, st
			}
		}
		if best == 0 {
			continue
		}
		for i := at; i <= at+dictSegment-dictDmer; i++ {
			freq[dmer(all[i:])] = 0
		}
		segs = append(segs, segment{all[at : at+dictSegment], best})
	}
	sort.SliceStable(segs, func(i, j int) bool { return segs[i].score < segs[j].score })
	var dict []byte
	for _, s := range segs {
		dict = append(dict, s.b...)
	}
	return dict[max(0, len(dict)-size):]
}

// TestPermalinkDict checks that the frozen v1 dictionary is the one
// buildDict makes from the corpus, fits DEFLATE's 32 KiB window and has
// not changed since v1 links went out. go test -run PermalinkDict
// -rebuild-dict writes it; that was done once, for v1.
func TestPermalinkDict(t *testing.T) {
	_, files := compactCorpus(t)
	dict := buildDict(files, dictSize)
	const path = "dict_v1.txt"
	if *rebuildDict {
		if err := os.WriteFile(path, dict, 0o644); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(dict)
		t.Logf("wrote %s: %d bytes, sha256 %s", path, len(dict), hex.EncodeToString(sum[:]))
		return
	}
	if len(linkDictV1) == 0 || len(linkDictV1) > 32<<10 {
		t.Errorf("dictionary is %d bytes, want 1 to %d", len(linkDictV1), 32<<10)
	}
	sum := sha256.Sum256(linkDictV1)
	if got := hex.EncodeToString(sum[:]); got != dictV1SHA256 {
		t.Errorf("%s has sha256 %s, want %s: the v1 dictionary is frozen, every v1 link depends on it", path, got, dictV1SHA256)
	}
	if !bytes.Equal(dict, linkDictV1) {
		t.Errorf("buildDict no longer reproduces %s (%d bytes vs %d): keep the generator as it was for v1", path, len(dict), len(linkDictV1))
	}
}
