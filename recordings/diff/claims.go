package diff

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// claimChange says how answer b states something other than answer a,
// "" when it does not seem to. It reads what a reviewer reads first, the
// first sentence of each, and finds:
//
//   - a refusal that appeared or went ("I can't help with this", "I
//     can't fulfill this request");
//   - a yes that became a no (or true and false);
//   - a short answer (three words at most on both sides) that became
//     another: "blue" → "purple", "safe" → "unsafe";
//   - a name or number of either first sentence that the other answer
//     never mentions, leaving out those the question (ask, the requests'
//     text) holds: "The smallest country is the Vatican City" → "The
//     largest planet is Jupiter". Names are capitalized words inside a
//     sentence (acronyms aside); a word matches another that shares its
//     first four letters ("Japan", "Japanese"), so that a rewording or a
//     typo does not count. When the two first sentences share a name or
//     number the question does not hold, the answer's core stands and
//     what moved is detail ("Washington" in both). A name that b adds,
//     with none of a's gone, is
//     an elaboration; one of a's that b leaves out, with none in its
//     place, counts only when the two answers share less than half
//     their words (minClaimSimilarity): "The capital of the United
//     States [of America] is Washington" is a rewording. Names and
//     numbers are compared in answers of at most maxClaimWords words
//     only.
//
// A rewording that keeps these is not a claim change, however many words
// moved: the severity of that is the number of words (see FewWords).
func claimChange(a, b, ask string) string {
	ra, rb := refusal(a), refusal(b)
	switch {
	case rb && !ra:
		return "refusal appeared"
	case ra && !rb:
		return "refusal gone"
	}
	sa, sb := firstSentence(a), firstSentence(b)
	wa, wb := lowerWords(sa), lowerWords(sb)
	if len(wa) == 0 || len(wb) == 0 {
		return ""
	}
	if ya, yb := polarity(wa[0]), polarity(wb[0]); ya != "" && yb != "" && ya != yb {
		return strconv.Quote(wa[0]) + " → " + strconv.Quote(wb[0])
	}
	if len(wa) <= 3 && len(wb) <= 3 && strings.Join(wa, " ") != strings.Join(wb, " ") {
		return strconv.Quote(strings.Join(wa, " ")) + " → " + strconv.Quote(strings.Join(wb, " "))
	}
	if max(len(strings.Fields(a)), len(strings.Fields(b))) > maxClaimWords {
		return "" // prose: a rewording names other things
	}
	fa, fb := missing(facts(sa), "", ask), missing(facts(sb), "", ask)
	for _, f := range fa {
		if isNumber(f) && slices.Contains(fb, f) || !isNumber(f) && mentions(lowerWords(strings.Join(fb, " ")), strings.ToLower(f)) {
			return "" // the answer's core stands; what moved is detail
		}
	}
	gone := missing(fa, b, "")
	added := missing(fb, a, "")
	switch {
	case len(gone) > 0 && len(added) > 0:
		return listItems(gone, 2) + " → " + listItems(added, 2)
	case len(gone) == 0 || Similarity(a, b) >= minClaimSimilarity:
		// A name added to what a said is an elaboration; one left out of
		// the same answer ("the United States [of America]") a
		// rewording.
		return ""
	}
	return "no longer says " + listItems(gone, 2)
}

// maxClaimWords is the longest answer, in words, whose names and numbers
// claimChange compares: a longer one is prose, and a rewording of prose
// names other things (the knowledge cutoff, "California" for "CA")
// without stating anything else.
const maxClaimWords = 60

// minClaimSimilarity is the Similarity from which a name or number
// that one answer has and the other has not is a rewording of the same
// answer rather than another claim; another name in its place is always
// another claim.
const minClaimSimilarity = 0.5

// refusal reports an answer that starts by refusing the request.
func refusal(s string) bool {
	head := strings.ToLower(strings.ReplaceAll(firstSentence(s), "’", "'"))
	for _, r := range []string{"i can't help with", "i cannot help with", "i can't fulfill", "i cannot fulfill",
		"i can't assist with", "i cannot assist with", "i can't provide", "i cannot provide", "i won't", "i will not"} {
		if strings.HasPrefix(head, r) {
			return true
		}
	}
	return false
}

// polarity is "yes" or "no" for a word that answers a yes-no question,
// "" for others.
func polarity(w string) string {
	switch w {
	case "yes", "true", "correct":
		return "yes"
	case "no", "false", "incorrect":
		return "no"
	}
	return ""
}

// maxSentence bounds the first sentence read, in bytes.
const maxSentence = 400

// firstSentence is s up to its first sentence end: ".", "!" or "?"
// followed by white space or the end ("D.C." and "U.S." aside), or a
// line break.
func firstSentence(s string) string {
	s = strings.TrimSpace(s)
	for i := 0; i < len(s) && i < maxSentence; i++ {
		switch s[i] {
		case '\n':
			return s[:i]
		case '.', '!', '?':
			if i+1 < len(s) && !unicode.IsSpace(rune(s[i+1])) {
				continue
			}
			if s[i] == '.' && i >= 1 && isUpper(s[i-1]) && (i == 1 || !isLetter(s[i-2])) {
				continue // an initial: "D.C. (short for …)"
			}
			return s[:i+1]
		}
	}
	if len(s) > maxSentence {
		n := maxSentence
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		return s[:n]
	}
	return s
}

func isUpper(c byte) bool  { return c >= 'A' && c <= 'Z' }
func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// lowerWords is the runs of letters and digits of s, lowercased.
func lowerWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// facts lists the names and numbers of a sentence, in order, each once:
// runs of capitalized words ("Vatican City") of two letters or more each
// that do not start the
// sentence or follow a colon ("Italy", "Rome"; not "I" nor "U" of "U.S.",
// nor acronyms like "EU"), and numbers of two
// digits or more, or with a sign or a fraction ("1963", "-100",
// "142,984" written "142984", "0.44"), list markers ("1. ") aside.
func facts(s string) []string {
	var out []string
	start := true  // at the start of a sentence
	lastName := -2 // where the last name ended
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsLetter(r):
			j := i
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if !unicode.IsLetter(r2) && !unicode.IsDigit(r2) && r2 != '-' {
					break
				}
				j += n2
			}
			w := strings.TrimRight(s[i:j], "-")
			// A name does not begin inside a word: "0A-0" is one word to
			// lowerWords, whose words mentions reads.
			glued := i > 0 && s[i-1] >= '0' && s[i-1] <= '9'
			name := !start && !glued && unicode.IsUpper(r) && !isAcronym(w) && utf8.RuneCountInString(w) > 1
			switch {
			case name && lastName == i-1 && len(out) > 0 && s[i-1] == ' ':
				out[len(out)-1] += " " + w // "Vatican City", "United States"
			case name:
				out = appendNew(out, w)
			}
			if name {
				lastName = i + len(w)
			}
			start = false
			i = j
		case unicode.IsDigit(r) || (r == '-' || r == '+') && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			j := i + 1
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || (s[j] == ',' || s[j] == '.') && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9') {
				j++
			}
			num := strings.ReplaceAll(s[i:j], ",", "")
			marker := j < len(s) && (s[j] == '.' || s[j] == ')') && (j+1 == len(s) || s[j+1] == ' ')
			digits := strings.TrimLeft(num, "+-")
			if !(marker && len(num) <= 2) && (len(digits) >= 2 || num != digits) {
				out = appendNew(out, num)
			}
			start = false
			i = j
		default:
			switch r {
			case '.', '!', '?', ':', '\n':
				start = true
			}
			i += n
		}
	}
	return out
}

// isAcronym reports a word of capitals only (and digits): "EU", "JPY".
func isAcronym(w string) bool {
	letters := 0
	for _, r := range w {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 2
}

// missing lists the facts that neither text nor ask mentions.
func missing(fs []string, text, ask string) []string {
	var out []string
	var words []string // of text and ask, read once needed
	for _, f := range fs {
		if isNumber(f) {
			if !strings.Contains(strings.ReplaceAll(text, ",", ""), f) && !strings.Contains(strings.ReplaceAll(ask, ",", ""), f) {
				out = append(out, f)
			}
			continue
		}
		if words == nil {
			words = append(lowerWords(text), lowerWords(ask)...)
		}
		if !mentions(words, strings.ToLower(f)) {
			out = append(out, f)
		}
	}
	return out
}

func isNumber(f string) bool {
	r, _ := utf8.DecodeRuneInString(f)
	return r == '-' || r == '+' || unicode.IsDigit(r)
}

// mentions reports whether a word of words is w (the first word of a
// name of several, "vatican" of "vatican city"), or shares its first
// four letters with it, or whether words hold w's own words in a row
// ("f", "16" for "f-16").
func mentions(words []string, w string) bool {
	w, _, _ = strings.Cut(w, " ")
	parts := lowerWords(w) // "f-16" reads as the words "f", "16"
	for i, x := range words {
		if x == w || commonPrefix(x, w) >= 4 || len(parts) > 1 && i+len(parts) <= len(words) && slices.Equal(words[i:i+len(parts)], parts) {
			return true
		}
	}
	return false
}

func commonPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}
