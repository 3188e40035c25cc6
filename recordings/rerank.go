package recordings

// The rerank family: POST .../rerank, a raw HTTP call whose response is a
// list of scores, shown as recorded.
var rerankProvider = provider{
	family: FamilyRerank, title: "Rerank",
	suffixes: []string{"/rerank"},
}
