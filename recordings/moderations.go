package recordings

import "github.com/valyala/fastjson"

// OpenAI's moderations (POST /v1/moderations; Mistral's /v1/moderations
// and /v1/chat/moderations answer the same shape): a classification of
// each input, {id, model, results: [{flagged, categories: {name: bool},
// category_scores: {name: number}, category_applied_input_types}]}.
// Source: platform.openai.com/docs/api-reference/moderations,
// docs.mistral.ai/api/#tag/classifiers. The response is data, shown as
// recorded under a summary of its verdicts (ReadModeration).
var openaiModerationsProvider = provider{
	family: FamilyOpenAIModerations, title: "OpenAI moderations",
	suffixes: []string{"/moderations"},
}

// A ModerationResult is what one item of a moderation's results says:
// whether the input was flagged, and why.
type ModerationResult struct {
	// Flagged is the item's "flagged"; Mistral's items have none, and
	// Flagged is then whether any category is true.
	Flagged bool
	// Categories are the names of the categories marked true, in the
	// file's order.
	Categories []string
	// Highest is the category of the highest score, and HighestScore
	// that score as recorded (a JSON number's text); both empty when the
	// item has no scores.
	Highest, HighestScore string
}

// ReadModeration reads the results of a moderation response v, one per
// item of its "results" in order; nil for a response with none.
func ReadModeration(v *fastjson.Value) []ModerationResult {
	items := v.GetArray("results")
	if len(items) == 0 {
		return nil
	}
	out := make([]ModerationResult, len(items))
	for i, it := range items {
		r := &out[i]
		it.GetObject("categories").Visit(func(k []byte, c *fastjson.Value) {
			if c.Type() == fastjson.TypeTrue {
				r.Categories = append(r.Categories, string(k))
			}
		})
		if f := it.Get("flagged"); f != nil {
			r.Flagged = f.Type() == fastjson.TypeTrue
		} else {
			r.Flagged = len(r.Categories) > 0
		}
		best := -1.0
		it.GetObject("category_scores").Visit(func(k []byte, s *fastjson.Value) {
			if f, err := s.Float64(); err == nil && f > best {
				best, r.Highest, r.HighestScore = f, string(k), string(s.MarshalTo(nil))
			}
		})
	}
	return out
}
