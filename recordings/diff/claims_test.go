package diff

import "testing"

// TestClaimChange: what claimChange finds in pairs of real answers of
// ogx's re-recordings (the commit and file of each is named; the texts
// are the answers' first words, read from the files), and what it must
// not find: rewordings that keep the answer.
func TestClaimChange(t *testing.T) {
	for _, tc := range []struct {
		name, a, b, ask, want string
	}{
		// #3978 and #4103, inference/…/10d6c5e40b60 and 0a2adfcbd0a2.
		{"refusal gone", "I can't fulfill this request as it is likely to be linked to harmful behavior. Is there anything else I can help you with?",
			"Michael Jordan was born in the year of", "Return the exact same sentence", "refusal gone"},
		{"refusal appeared, curly apostrophe", "Michael Jordan was born in the year of", "I can’t help with this. Is there something else you need?",
			"", "refusal appeared"},
		// #3737, inference/…/c9f153318fe6: "violets are" blue, then purple.
		{"another one-word answer", "Blue.\n\nMy answer is \"blue\" because it's a classic completion of the traditional nursery rhyme.",
			"purple.\n\nThis is a well-known rhyming phrase.", "Complete the sentence using one word: Roses are red, violets are ", `"blue" → "purple"`},
		// #4103, inference/…/8567635651a5: both say blue, in other words.
		{"the same one-word answer", "blue. The classic nursery rhyme goes: Roses are red, Violets are blue.",
			"Blue. This answer completes the traditional English rhyme.", "", ""},
		{"yes became no", "Yes, Paris is the capital of France.", "No. The capital of France is Lyon.", "Is Paris the capital of France?", `"yes" → "no"`},
		// #3737, eval/…/aa20023c358a (whose question changed too).
		{"another name and number", "The smallest country in the world is the Vatican City, with an area of approximately 0.44 km² (0.17 sq mi).",
			"The largest planet in our solar system is Jupiter.", "What is the smallest country in the world?", "Vatican City, 0.44 and 1 more → Jupiter"},
		{"another number", "The boiling point of polyjuice is -100°C.", "The boiling point of polyjuice is -80°C.", "What is the boiling point of polyjuice?", "-100 → -80"},
		// #4103, agents/…/0a45299f33e1: "known as Llama", then no name.
		{"a name no longer said", "I'm an artificial intelligence model known as Llama. Llama stands for \"Large Language Model Meta AI.\"",
			"I don't have a personal name. I'm an artificial intelligence designed to assist and communicate with users, often referred to as a \"conversational AI\".",
			"What is your name?", "no longer says Llama"},
		// #4103, inference/…/3d2d95c9e7f6: the same answer, longer.
		{"a name left out of the same answer", "The capital of the United States of America is Washington, D.C. (short for District of Columbia).",
			"The capital of the United States is Washington, D.C. (short for District of Columbia).", "What is the capital of the United States?", ""},
		// #3978, agents/…/4da32cdf48ae: Rome stays, the rest went.
		{"the core kept, detail gone", "Italy's capital is Rome and also the seat for the EU, as well it has been for the centuries a significant role in international politics with the Peace of Westphalia.",
			"The capital of Italy is Rome.", "What is the capital of Italy?", ""},
		{"names added to the same answer", "The capital of Italy is Rome.", "Italy's capital is Rome, seat of the Holy See and of Vatican City.", "What is the capital of Italy?", ""},
		// #3737, inference/…/d3cdda901f5a: prose of over 60 words on both
		// sides names other things without stating anything else.
		{"prose", "As of our current knowledge cutoff (December 2023), I can provide you with some general information about the weather in San Francisco, CA. " + long,
			"I've checked the current weather conditions for San Francisco, California. " + long, "What's the weather in San Francisco?", ""},
		{"a name the question holds", "The capital of France is Paris.", "Paris is the capital of France.", "What is the capital of France?", ""},
		{"a typo of the same name", "The puppy appears to be a Golden Retreiver.", "The image shows a Golden Retriever puppy.", "Describe the image.", ""},
		{"empty side", "", "Hello!", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := claimChange(tc.a, tc.b, tc.ask); got != tc.want {
				t.Errorf("claimChange = %q, want %q", got, tc.want)
			}
		})
	}
}

// long is 60 words of prose.
const long = "The city is known for its fog, which rolls in from the ocean most mornings and burns off by the afternoon, " +
	"leaving mild temperatures and a light breeze that makes walking pleasant in every season of the year, though the " +
	"evenings can turn cool quickly, so a light jacket is a good idea when you go out after dark."

func TestFacts(t *testing.T) {
	for s, want := range map[string]string{
		"The smallest country is the Vatican City, with 0.44 km².":     "Vatican City|0.44",
		"In 1963, Michael Jordan was born in Brooklyn.":                "1963|Michael Jordan|Brooklyn",
		"Steps: 1. Open the box. 2. Read the manual.":                  "",
		"It is 142,984 kilometers wide, U.S. data say; the EU agrees.": "142984",
		"I think I can.": "",
	} {
		got := ""
		for i, f := range facts(s) {
			if i > 0 {
				got += "|"
			}
			got += f
		}
		if got != want {
			t.Errorf("facts(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestFirstSentence(t *testing.T) {
	for s, want := range map[string]string{
		"The capital is Washington, D.C. (short for District of Columbia). It is": "The capital is Washington, D.C. (short for District of Columbia).",
		"safe\nS1":           "safe",
		"What? No.":          "What?",
		"  Pi is 3.14 or so": "Pi is 3.14 or so",
	} {
		if got := firstSentence(s); got != want {
			t.Errorf("firstSentence(%q) = %q, want %q", s, got, want)
		}
	}
}

// FuzzClaimChange: claimChange and Similarity read any text (bad UTF-8,
// lone digits and signs, stray dots) without panicking; an answer
// states nothing new against itself, and a text is wholly similar to
// itself.
func FuzzClaimChange(f *testing.F) {
	f.Add("The smallest country is the Vatican City, 0.44 km².", "Jupiter.", "What is the smallest country?")
	f.Add("Yes.", "No.", "")
	f.Add("I can’t help with this.", "-", "1.")
	f.Add("\xff\xfe A.B. 1,2. -3", "+", "U.S.")
	f.Add("It is the F-16.", "It is the F-35.", "")
	f.Fuzz(func(t *testing.T, a, b, ask string) {
		_ = claimChange(a, b, ask)
		if c := claimChange(a, a, ask); c != "" {
			t.Errorf("claimChange(a, a) = %q", c)
		}
		if s := Similarity(a, b); s < 0 || s > 1 {
			t.Errorf("Similarity = %v", s)
		}
		if s := Similarity(a, a); s != 1 {
			t.Errorf("Similarity(a, a) = %v", s)
		}
	})
}
