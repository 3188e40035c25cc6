package review

import (
	"bytes"
	"cmp"
	"hash/maphash"
	"slices"

	"github.com/recview/recview/recordings"
)

// maxNearWork bounds the requests compared leaf by leaf in one bucket
// (deleted times added); past it, only recordings of the same test are.
const maxNearWork = 1 << 14

// The tiers of twins, best first.
const (
	tierIdentical       = iota // the same bytes
	tierSameTest               // the same identity and test_id
	tierTestMoved              // the same identity, a test_id on one side only
	tierTestRenamed            // the same identity, another test_id
	tierNearSameTest           // a near identity, the same test_id
	tierNearTestMoved          // a near identity, a test_id on one side only
	tierNearTestRenamed        // a near identity, another test_id
)

// edge is a possible twin: base dels[b], head adds[h].
type edge struct {
	tier, dist int
	// models is 0 when both are model lists of the same models (the
	// recorder's digest) or the files are identical, 1 otherwise.
	models   int
	sizeDiff int
	b, h     int
}

// matched is a pair found by match: base, head or both.
type matched struct{ base, head *entry }

// match pairs deleted recordings with added ones: identical content
// first, then the same request as hashed (identity) with the same test_id
// or with a test_id on one side only (test_id entered or left the hash),
// then another test_id; then near twins (see near) likewise, another
// test_id only when the requests are the same but for ids; within a
// tier, the closest request, then the closest size, then the paths; model
// lists of the same models (the recorder's digest) before all of that.
// Each file is in exactly one matched; the order is that of dels, then of
// the unmatched adds.
//
// p parses the files again where their requests must be compared leaf by
// leaf.
func match(dels, adds []*entry, p *recordings.Parser) []matched {
	pb := make([]int, len(dels)) // the add paired with each del, or -1
	ph := make([]int, len(adds))
	for i := range pb {
		pb[i] = -1
	}
	for i := range ph {
		ph[i] = -1
	}
	assign := func(edges []edge) {
		slices.SortFunc(edges, func(x, y edge) int {
			// Two model lists of the same models come before the test_ids'
			// say: a list is recorded for whichever test asked first.
			return cmp.Or(cmp.Compare(x.models, y.models), cmp.Compare(x.tier, y.tier), cmp.Compare(x.dist, y.dist), cmp.Compare(x.sizeDiff, y.sizeDiff),
				cmp.Compare(dels[x.b].path, dels[y.b].path), cmp.Compare(adds[x.h].path, adds[y.h].path))
		})
		for _, e := range edges {
			if pb[e.b] < 0 && ph[e.h] < 0 {
				pb[e.b], ph[e.h] = e.h, e.b
			}
		}
	}
	sizeDiff := func(b, h int) int {
		d := len(dels[b].data) - len(adds[h].data)
		return max(d, -d)
	}
	models := func(b, h int) int {
		if d := dels[b].check.Digest; d != "" && d == adds[h].check.Digest {
			return 0
		}
		return 1
	}

	// Identical content, the same identity, and model lists of the same
	// endpoint and models (their request is empty: what they hold is the
	// models; #5388 moved one from …/v1/v1/models to …/openai/v1/v1/models).
	// Files are grouped by a maphash of their bytes, then compared byte
	// for byte: exact, and far cheaper than a cryptographic digest in
	// WebAssembly.
	seed := maphash.MakeSeed()
	byDigest := map[uint64][]int{}
	byIdent := map[string][]int{}
	byModels := map[string][]int{}
	for h, a := range adds {
		sum := maphash.Bytes(seed, a.data)
		byDigest[sum] = append(byDigest[sum], h)
		byIdent[a.ident] = append(byIdent[a.ident], h)
		if a.check.ModelList && a.check.Digest != "" {
			byModels[a.endpoint+" "+a.check.Digest] = append(byModels[a.endpoint+" "+a.check.Digest], h)
		}
	}
	var edges []edge
	for b, d := range dels {
		for _, h := range byDigest[maphash.Bytes(seed, d.data)] {
			if bytes.Equal(d.data, adds[h].data) {
				edges = append(edges, edge{tier: tierIdentical, b: b, h: h})
			}
		}
		for _, h := range byIdent[d.ident] {
			if t, ok := testTier(d, adds[h], tierSameTest); ok {
				edges = append(edges, edge{tier: t, models: models(b, h), sizeDiff: sizeDiff(b, h), b: b, h: h})
			}
		}
		if d.check.ModelList && d.check.Digest != "" {
			for _, h := range byModels[d.endpoint+" "+d.check.Digest] {
				if t, ok := testTier(d, adds[h], tierSameTest); ok && adds[h].ident != d.ident {
					edges = append(edges, edge{tier: t, sizeDiff: sizeDiff(b, h), b: b, h: h})
				}
			}
		}
	}
	assign(edges)

	// Near twins among the rest, bucket by bucket.
	buckets := map[string][2][]int{}
	var keys []string
	for b, d := range dels {
		if pb[b] < 0 {
			k := buckets[d.bucket]
			if k[0] == nil && k[1] == nil {
				keys = append(keys, d.bucket)
			}
			k[0] = append(k[0], b)
			buckets[d.bucket] = k
		}
	}
	for h, a := range adds {
		if ph[h] < 0 {
			if k, ok := buckets[a.bucket]; ok {
				k[1] = append(k[1], h)
				buckets[a.bucket] = k
			}
		}
	}
	edges = edges[:0]
	for _, key := range keys {
		k := buckets[key]
		sameTestOnly := len(k[0])*len(k[1]) > maxNearWork
		for _, b := range k[0] {
			for _, h := range k[1] {
				d, a := dels[b], adds[h]
				if sameTestOnly && (d.testID == "" || d.testID != a.testID) {
					continue
				}
				t, ok := testTier(d, a, tierNearSameTest)
				if !ok {
					continue
				}
				n, ok := near(d.leafMap(p), a.leafMap(p))
				if !ok || t == tierNearTestRenamed && n > 0 {
					// Another test's request is a twin only when it is the
					// same but for ids.
					continue
				}
				edges = append(edges, edge{tier: t, dist: n, models: models(b, h), sizeDiff: sizeDiff(b, h), b: b, h: h})
			}
		}
	}
	assign(edges)

	out := make([]matched, 0, len(dels)+len(adds))
	for b, d := range dels {
		m := matched{base: d}
		if pb[b] >= 0 {
			m.head = adds[pb[b]]
		}
		out = append(out, m)
	}
	for h, a := range adds {
		if ph[h] < 0 {
			out = append(out, matched{head: a})
		}
	}
	return out
}

// testTier says in which tier two recordings of the same or near
// identity are twins by their test_ids: same (the same test_id, both set
// or both unset), same+1 (set on one side only: the test_id entered or
// left the hash) or same+2 (another test_id: the test was renamed or its
// parameters' ids changed, as git's renames of 99 % in ogx's #5229 show).
func testTier(d, a *entry, same int) (int, bool) {
	switch {
	case d.testID == a.testID:
		return same, true
	case d.testID == "" || a.testID == "":
		return same + 1, true
	}
	return same + 2, true
}
