package recordings

import (
	"encoding/base64"
	"slices"
	"unicode/utf8"

	"github.com/valyala/fastjson"
)

// Amazon Bedrock agents: InvokeAgent, POST
// /agents/{agentId}/agentAliases/{agentAliasId}/sessions/{sessionId}/text
// on bedrock-agent-runtime. The request is {inputText, sessionState,
// enableTrace, endSession, …}; the response is always an AWS event
// stream, which recordings/cassette gives as the list of its events,
// {TYPE: PAYLOAD}: chunk {bytes: the answer's text in base64,
// attribution: {citations}}, trace {…, trace}, returnControl
// {invocationId, invocationInputs}, files {files}, or an exception
// ({message}). Source: docs.aws.amazon.com/bedrock/latest/APIReference
// (API_agent-runtime_InvokeAgent, API_agent-runtime_ResponseStream,
// API_agent-runtime_PayloadPart).
var bedrockAgentProvider = provider{
	family: FamilyBedrockAgent, title: "Amazon Bedrock agents",
	within:  []string{"/agentAliases/"},
	format:  bedrockAgentFormat{},
	answer:  AnswerPaths{Trees: []string{"completion"}},
	request: bedrockAgentRequest,
}

// agentTurn is the member of an agent's request read as the user's
// message.
var agentTurn = nameSet{"inputText"}

// bedrockAgentRequest reads InvokeAgent's request: its inputText the
// user's message; enableTrace, sessionState and the rest its params.
func bedrockAgentRequest(body *fastjson.Value) Conversation {
	c := readRequest(body, agentTurn)
	if t := body.Get("inputText"); t != nil {
		c.Messages = append(c.Messages, Message{Role: "user", Parts: contentParts(t)})
	}
	return c
}

// bedrockAgentFormat folds InvokeAgent's event streams
// (bedrockAgentAssembler) and reads their answers.
type bedrockAgentFormat struct{}

func (bedrockAgentFormat) newAssembler() assembler { return &bedrockAgentAssembler{} }

// readAnswer reads an assembled InvokeAgent stream: one assistant
// choice, the text of completion; the citations, traces, returned
// control and files as the Answer's Other.
func (bedrockAgentFormat) readAnswer(v *fastjson.Value) Answer {
	return Answer{Choices: []Choice{textChoice(0, "", sharedStr(v, "completion"))}, Other: otherMembers(nil, "", v, nameSet{"completion"})}
}

// bedrockAgentAssembler folds InvokeAgent's events as a boto3 caller
// reads response["completion"]: the chunks' bytes, base64 decoded,
// joined into the answer's text; each chunk's attribution.citations,
// each trace event and each files event's files kept in turn; the last
// returnControl and the last event of any other type (an exception) as
// recorded. A stream has no final event: it is complete once a chunk or
// a returnControl came.
type bedrockAgentAssembler struct {
	text                    textBuf
	citations, trace, files []*fastjson.Value
	other                   []Member // returnControl and other events, the last of each type
	answered                bool
}

func (s *bedrockAgentAssembler) clone() assembler {
	c := *s
	c.text = s.text.clone()
	c.citations, c.trace, c.files, c.other = slices.Clip(s.citations), slices.Clip(s.trace), slices.Clip(s.files), slices.Clip(s.other)
	return &c
}

func (s *bedrockAgentAssembler) complete() bool { return s.answered }

func (s *bedrockAgentAssembler) add(c *Chunk, ds []Delta) ([]Delta, error) {
	typ, body, err := awsEvent(c)
	if err != nil {
		return ds, err
	}
	switch typ {
	case "chunk":
		s.answered = true
		if b := body.Get("bytes"); b != nil {
			text, err := agentText(b)
			if err != nil {
				return ds, err
			}
			ds = withDelta(ds, Delta{Kind: KindContent, Field: "completion", Text: s.text.append(text), Append: true})
		}
		if cs := body.GetArray("attribution", "citations"); len(cs) > 0 {
			s.citations = append(s.citations, cs...)
			ds = withDelta(ds, Delta{Kind: KindMeta, Field: "citations"})
		}
	case "trace":
		s.trace = append(s.trace, body)
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: "trace"})
	case "files":
		s.files = append(s.files, body.GetArray("files")...)
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: "files"})
	default: // returnControl, an exception, events added later
		s.answered = s.answered || typ == "returnControl"
		s.other = setMember(s.other, typ, body)
		ds = withDelta(ds, Delta{Kind: KindMeta, Field: typ})
	}
	return ds, nil
}

// agentText decodes a chunk's bytes: base64 (a blob in the event's JSON
// payload) of UTF-8 text. An error names what it is instead.
func agentText(b *fastjson.Value) ([]byte, error) {
	if b.Type() != fastjson.TypeString {
		return nil, errorf("chunk.bytes is %s, not a string", b.Type())
	}
	text, err := base64.StdEncoding.DecodeString(string(b.GetStringBytes()))
	if err != nil {
		return nil, errorf("chunk.bytes is not base64: %v", err)
	}
	if !utf8.Valid(text) {
		return nil, errorf("chunk.bytes decodes to %d bytes that are not UTF-8 text", len(text))
	}
	return text, nil
}

func (s *bedrockAgentAssembler) result(a *arena) *fastjson.Value {
	o := a.NewObject()
	o.Set("completion", textValue(a, &s.text))
	for _, f := range []struct {
		key string
		vs  []*fastjson.Value
	}{{"citations", s.citations}, {"trace", s.trace}, {"files", s.files}} {
		if len(f.vs) > 0 {
			o.Set(f.key, arrayOf(a, f.vs))
		}
	}
	for _, m := range s.other {
		o.Set(m.Path, m.Value)
	}
	return o
}
