package recordings_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/recview/recview/recordings"
	"github.com/valyala/fastjson"
)

// TestModeration: moderations known by their path and their results
// read. The expected values are read in the files: openai-dotnet's
// "I am killing all my houseplants!" is flagged for violence (score
// 0.20017406978166777, its highest); ruby-openai's "Have a great day!"
// is not flagged, its highest score sexual's 0.000030256842364906333.
func TestModeration(t *testing.T) {
	for _, tc := range []struct {
		file string
		want []recordings.ModerationResult
	}{
		{"testdata/recorders/azure-test-proxy/openai__openai-dotnet__tests__SessionRecords__ModerationsTests__ClassifyTextWithSingleString.json",
			[]recordings.ModerationResult{{Flagged: true, Categories: []string{"violence"}, Highest: "violence", HighestScore: "0.20017406978166777"}}},
		{"testdata/recorders/ruby-vcr/alexrudall__ruby-openai__spec__fixtures__cassettes__moderations_have_a_great_day_.yml",
			[]recordings.ModerationResult{{Highest: "sexual", HighestScore: "0.000030256842364906333"}}},
	} {
		r := interactionOf(t, tc.file, 0)
		if r.Family != recordings.FamilyOpenAIModerations || r.Notice != "" {
			t.Errorf("%s: family %s, notice %q", tc.file, r.Family, r.Notice)
		}
		v, err := recordings.Assemble(r)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(tc.want, recordings.ReadModeration(v)); d != "" {
			t.Errorf("%s (-want +got):\n%s", tc.file, d)
		}
	}
	// Mistral's results have no "flagged": a category marked true is
	// the verdict (docs.mistral.ai/api/#tag/classifiers).
	mistral := fastjson.MustParse(`{"id":"m","model":"mistral-moderation-latest","results":[
		{"categories":{"sexual":false,"violence_and_threats":true},"category_scores":{"sexual":0.01,"violence_and_threats":0.91}},
		{"categories":{"sexual":false,"violence_and_threats":false},"category_scores":{"sexual":0.02,"violence_and_threats":0.03}}]}`)
	want := []recordings.ModerationResult{
		{Flagged: true, Categories: []string{"violence_and_threats"}, Highest: "violence_and_threats", HighestScore: "0.91"},
		{Highest: "violence_and_threats", HighestScore: "0.03"},
	}
	if d := cmp.Diff(want, recordings.ReadModeration(mistral)); d != "" {
		t.Errorf("Mistral's results (-want +got):\n%s", d)
	}
	if got := recordings.ReadModeration(fastjson.MustParse(`{"error":{"message":"x"}}`)); got != nil {
		t.Errorf("no results: %+v", got)
	}
}
