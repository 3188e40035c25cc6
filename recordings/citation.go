package recordings

import (
	"slices"
	"strconv"
	"strings"

	"github.com/valyala/fastjson"
)

// Citation is one source a text part cites, read from any provider's
// shape of it, so that a reader sees what the answer rests on:
//
//   - Anthropic's text block "citations" (char_location, page_location,
//     content_block_location, web_search_result_location,
//     search_result_location; docs.anthropic.com/en/docs/build-with-claude/citations
//     and /web-search-tool);
//   - OpenAI's "annotations": of a chat message ({type: url_citation,
//     url_citation: {url, title, start_index, end_index}}) and of a
//     Responses output_text part (url_citation, file_citation,
//     container_file_citation, file_path; platform.openai.com/docs/api-reference/responses);
//   - Cohere's chat message "citations" ({start, end, text, sources,
//     type, content_index}; docs.cohere.com/reference/chat);
//   - Gemini's candidate "groundingMetadata" (groundingSupports over
//     groundingChunks) and "citationMetadata" (citationSources;
//     ai.google.dev/api/generate-content).
type Citation struct {
	// Kind is the provider's type of the citation ("url_citation",
	// "web_search_result_location", Cohere's "TEXT_CONTENT"), or where
	// Gemini's came from ("grounding", "citation").
	Kind string
	// Span is the part's own words the citation backs (Cohere's text,
	// OpenAI's and Gemini's text between its indices), or "".
	Span string
	// Quote is the source's words the part cites (Anthropic's
	// cited_text), or "".
	Quote string
	// Source names what is cited: a title, a file name, a document id;
	// several joined by ", "; "" when the citation names none.
	Source string
	// URL is the source's address as recorded, or "". The viewer links it
	// only when it is http(s) or mailto.
	URL string
	// Where says where in the source, or in the part's text, the
	// citation points: "document 0, characters 12–40", "pages 3–4",
	// "characters 367–474" (indices as the provider counts them), or "".
	Where string
	// Raw is the citation as recorded.
	Raw *fastjson.Value
}

// String is the citation on one line, as `recview show` prints it:
// `“span”, citing “quote” — Source <URL> (where)`, what it lacks left
// out.
func (c *Citation) String() string {
	var b strings.Builder
	if c.Span != "" {
		b.WriteString("“" + c.Span + "”")
	}
	if c.Quote != "" {
		if b.Len() > 0 {
			b.WriteString(", citing ")
		}
		b.WriteString("“" + c.Quote + "”")
	}
	if c.Source != "" || c.URL != "" {
		if b.Len() > 0 {
			b.WriteString(" — ")
		}
		b.WriteString(c.Source)
		if c.URL != "" {
			if c.Source != "" {
				b.WriteString(" ")
			}
			b.WriteString("<" + c.URL + ">")
		}
	}
	if c.Where != "" {
		if b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString("(" + c.Where + ")")
	}
	if b.Len() == 0 {
		b.WriteString(c.Kind)
	}
	return b.String()
}

// anthropicCitations reads the citations of an Anthropic text block.
func anthropicCitations(list []*fastjson.Value) []Citation {
	cs := make([]Citation, 0, len(list))
	for _, v := range list {
		c := Citation{Kind: getStr(v, "type"), Quote: getStr(v, "cited_text"), Raw: v}
		c.Source = firstStr(v, "document_title", "title", "source")
		switch c.Kind {
		case "web_search_result_location":
			c.URL = getStr(v, "url")
		case "search_result_location":
			if s := getStr(v, "source"); strings.Contains(s, "://") {
				c.URL = s
			}
			if i := v.Get("search_result_index"); i != nil {
				c.Where = joinWhere("search result", i, nil, "")
			}
		}
		if doc := v.Get("document_index"); doc != nil {
			c.Where = joinWhere("document", doc, nil, "")
		}
		for _, r := range [...]struct{ what, from, to string }{
			{"characters", "start_char_index", "end_char_index"},
			{"pages", "start_page_number", "end_page_number"},
			{"blocks", "start_block_index", "end_block_index"},
		} {
			if from := v.Get(r.from); from != nil {
				c.Where = joinWhere(r.what, from, v.Get(r.to), c.Where)
				break
			}
		}
		cs = append(cs, c)
	}
	return cs
}

// openaiAnnotations reads the annotations of an OpenAI text: a chat
// message's (the url_citation's members nested under "url_citation"), a
// Responses output_text's (its members at the top), or an Assistants
// message's text (a file_citation's file_id nested, its indices at the
// top). Span is text
// between start_index and end_index, counted in characters (code points,
// as Python counts them), when they fall inside it.
func openaiAnnotations(list []*fastjson.Value, text string) []Citation {
	cs := make([]Citation, 0, len(list))
	for _, v := range list {
		c := Citation{Kind: getStr(v, "type"), Raw: v}
		m := v
		if inner := v.Get(c.Kind); inner != nil && inner.Type() == fastjson.TypeObject {
			m = inner
		}
		c.Source = firstStr(m, "title", "filename", "file_id")
		c.URL = getStr(m, "url")
		from, to := m.Get("start_index"), m.Get("end_index")
		if from == nil {
			// The Assistants API's: the indices beside the type's
			// object ({type, text, start_index, end_index,
			// file_citation: {file_id}}).
			from, to = v.Get("start_index"), v.Get("end_index")
		}
		switch {
		case from != nil:
			c.Where = joinWhere("characters", from, to, "")
			c.Span = runeSpan(text, from, to)
		case m.Get("index") != nil:
			c.Where = joinWhere("at character", m.Get("index"), nil, "")
		}
		cs = append(cs, c)
	}
	return cs
}

// cohereCitations reads a Cohere chat message's citations: each names
// the answer's words it backs (text, start, end) and its sources, a
// document ({id, document: {id, title, url, text, …}}) or a tool's output.
func cohereCitations(list []*fastjson.Value) []Citation {
	cs := make([]Citation, 0, len(list))
	for _, v := range list {
		c := Citation{Kind: getStr(v, "type"), Span: getStr(v, "text"), Raw: v}
		var names []string
		for _, s := range v.GetArray("sources") {
			name := firstStr(s.Get(getStr(s, "type")), "title", "id")
			if name == "" {
				name = getStr(s, "id")
			}
			names = append(names, name)
			if c.URL == "" {
				c.URL = getStr(s, getStr(s, "type"), "url")
			}
		}
		cs = append(cs, cohereCited(c, v, names))
	}
	return cs
}

// cohereCited completes a citation of either Cohere version from its
// JSON v ({start, end, …}; start and end count characters of the text)
// and the names of its sources: c.Source is the names joined by ", ",
// each once, in order, empty names left out.
func cohereCited(c Citation, v *fastjson.Value, names []string) Citation {
	var seen []string
	for _, n := range names {
		if n != "" && !slices.Contains(seen, n) {
			seen = append(seen, n)
		}
	}
	c.Source = strings.Join(seen, ", ")
	if from := v.Get("start"); from != nil {
		c.Where = joinWhere("characters", from, v.Get("end"), "")
	}
	return c
}

// geminiCitations reads a candidate's groundingMetadata (each of its
// groundingSupports, the answer's segment and the groundingChunks it
// rests on; the chunks alone when no support names them) and its
// citationMetadata's citationSources; both spellings of the members
// (the REST API's camelCase, the Python SDK's snake_case).
func geminiCitations(cand *fastjson.Value) []Citation {
	var cs []Citation
	gm := either(cand, "groundingMetadata", "grounding_metadata")
	chunks := firstArr(gm, "groundingChunks", "grounding_chunks")
	chunkOf := func(i int) (title, uri, text string) {
		if i < 0 || i >= len(chunks) {
			return "", "", ""
		}
		src := either(chunks[i], "web", "retrievedContext", "retrieved_context", "maps")
		return firstStr(src, "title", "documentName", "document_name", "fileSearchStore", "file_search_store"), getStr(src, "uri"), getStr(src, "text")
	}
	used := make([]bool, len(chunks))
	for _, s := range firstArr(gm, "groundingSupports", "grounding_supports") {
		seg := s.Get("segment")
		c := Citation{Kind: "grounding", Span: getStr(seg, "text"), Raw: s}
		var names []string
		ixs := firstArr(s, "groundingChunkIndices", "grounding_chunk_indices")
		for _, ix := range ixs {
			i, ok := intOf(ix)
			if !ok {
				continue
			}
			title, uri, text := chunkOf(i)
			if len(ixs) == 1 {
				c.Quote = text // a retrieved context's words
			}
			if i >= 0 && i < len(used) {
				used[i] = true
			}
			if title != "" && !slices.Contains(names, title) {
				names = append(names, title)
			}
			if c.URL == "" {
				c.URL = uri
			}
		}
		c.Source = strings.Join(names, ", ")
		if to := either(seg, "endIndex", "end_index"); to != nil {
			from := either(seg, "startIndex", "start_index")
			if from == nil {
				from = zeroIndex // proto3 JSON leaves a 0 out
			}
			c.Where = joinWhere("bytes", from, to, "")
		}
		cs = append(cs, c)
	}
	for i, ch := range chunks {
		if !used[i] {
			title, uri, text := chunkOf(i)
			cs = append(cs, Citation{Kind: "grounding", Quote: text, Source: title, URL: uri, Raw: ch})
		}
	}
	cm := either(cand, "citationMetadata", "citation_metadata")
	for _, s := range firstArr(cm, "citationSources", "citation_sources", "citations") {
		c := Citation{Kind: "citation", URL: getStr(s, "uri"), Source: firstStr(s, "title", "license"), Raw: s}
		if from := either(s, "startIndex", "start_index"); from != nil {
			c.Where = joinWhere("bytes", from, either(s, "endIndex", "end_index"), "")
		}
		cs = append(cs, c)
	}
	return cs
}

// zeroIndex is the index 0 a proto3 JSON message leaves out.
var zeroIndex = fastjson.MustParse("0")

// citeLast gives cs to the last text part of parts (a new, empty text
// part when there is none), for citations a provider gives a whole
// message or candidate, not a part.
func citeLast(parts []Part, cs []Citation) []Part {
	if len(cs) == 0 {
		return parts
	}
	for i := len(parts) - 1; i >= 0; i-- {
		if parts[i].Kind == PartText {
			parts[i].Citations = append(parts[i].Citations, cs...)
			return parts
		}
	}
	return append(parts, Part{Kind: PartText, Citations: cs})
}

// runeSpan is text's characters from..to (code points), "" unless both
// are integers with 0 <= from < to <= the text's length.
func runeSpan(text string, from, to *fastjson.Value) string {
	i, ok1 := intOf(from)
	j, ok2 := intOf(to)
	if !ok1 || !ok2 || i < 0 || j <= i {
		return ""
	}
	k, start := 0, -1
	for b := range text {
		if k == i {
			start = b
		}
		if k == j {
			if start < 0 {
				return ""
			}
			return text[start:b]
		}
		k++
	}
	if k == j && start >= 0 {
		return text[start:]
	}
	return ""
}

// joinWhere adds "what from–to" (or "what from" when to is nil or the
// same) to where, after a comma.
func joinWhere(what string, from, to *fastjson.Value, where string) string {
	s := what + " " + numText(from)
	if to != nil && numText(to) != numText(from) {
		s += "–" + numText(to)
	}
	if where != "" {
		return where + ", " + s
	}
	return s
}

// numText is a JSON number (or string) as written.
func numText(v *fastjson.Value) string {
	if v.Type() == fastjson.TypeString {
		return string(v.GetStringBytes())
	}
	if i, ok := intOf(v); ok {
		return strconv.Itoa(i)
	}
	return string(v.MarshalTo(nil))
}

// firstStr is the first non-empty string among v's keys.
func firstStr(v *fastjson.Value, keys ...string) string {
	for _, k := range keys {
		if s := getStr(v, k); s != "" {
			return s
		}
	}
	return ""
}

// firstArr is the first array among v's keys.
func firstArr(v *fastjson.Value, keys ...string) []*fastjson.Value {
	for _, k := range keys {
		if a := v.GetArray(k); a != nil {
			return a
		}
	}
	return nil
}
