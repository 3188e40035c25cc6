package cassette

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
)

// Event is one message of an AWS event stream (the
// application/vnd.amazon.eventstream body of Bedrock's converse-stream
// and invoke-with-response-stream): its string headers (":event-type",
// ":message-type", ":content-type", ":exception-type") and its payload.
type Event struct {
	Headers map[string]string
	Payload []byte
}

// ErrEventStream is the error of bytes that are not an AWS event stream.
var ErrEventStream = errors.New("cassette: not an AWS event stream")

// maxEvents bounds the messages DecodeEventStream reads.
const maxEvents = 1 << 20

// DecodeEventStream reads the messages of an AWS event stream. Each is
// a prelude (its total length and its headers' length, 4 bytes each, big
// endian, and the prelude's CRC-32), its headers (a name of 1 byte of
// length, a type byte, a value), its payload and the message's CRC-32
// (IEEE). Source: the event stream encoding of AWS's SDKs
// (aws-sdk-go-v2's aws/protocol/eventstream, and the S3 SelectObjectContent
// appendix, "Event stream encoding"). Header values of other types than
// strings are read and left out.
//
// Errors wrap ErrEventStream and say which message, at which byte, and
// why: a length that runs past the bytes or is too short, a CRC that does
// not match, a header that runs past its block, an unknown header type.
func DecodeEventStream(b []byte) ([]Event, error) {
	var out []Event
	for at := 0; at < len(b); {
		bad := func(format string, args ...any) error {
			return fmt.Errorf("%w: message %d at byte %d: %s", ErrEventStream, len(out)+1, at, fmt.Sprintf(format, args...))
		}
		if len(out) == maxEvents {
			return nil, bad("more than %d messages", maxEvents)
		}
		rest := b[at:]
		if len(rest) < 16 {
			return nil, bad("%d bytes left, less than a message's 16", len(rest))
		}
		total, hlen := binary.BigEndian.Uint32(rest), binary.BigEndian.Uint32(rest[4:])
		if crc32.ChecksumIEEE(rest[:8]) != binary.BigEndian.Uint32(rest[8:]) {
			return nil, bad("the prelude's CRC does not match")
		}
		if total < 16 || uint64(total) > uint64(len(rest)) || uint64(hlen) > uint64(total)-16 {
			return nil, bad("a length of %d bytes with %d of headers, %d bytes left", total, hlen, len(rest))
		}
		msg := rest[:total]
		if crc32.ChecksumIEEE(msg[:total-4]) != binary.BigEndian.Uint32(msg[total-4:]) {
			return nil, bad("the message's CRC does not match")
		}
		headers, err := eventHeaders(msg[12 : 12+hlen])
		if err != nil {
			return nil, bad("%v", err)
		}
		out = append(out, Event{Headers: headers, Payload: msg[12+hlen : total-4]})
		at += int(total)
	}
	return out, nil
}

// eventHeaders reads a message's header block: its string headers.
func eventHeaders(h []byte) (map[string]string, error) {
	out := map[string]string{}
	for i := 0; i < len(h); {
		n := int(h[i])
		if i+1+n+1 > len(h) {
			return nil, errors.New("a header runs past its block")
		}
		name := string(h[i+1 : i+1+n])
		typ := h[i+1+n]
		i += 2 + n
		size := 0
		switch typ {
		case 0, 1: // true, false
		case 2:
			size = 1
		case 3:
			size = 2
		case 4:
			size = 4
		case 5, 8: // int64, timestamp
			size = 8
		case 9: // UUID
			size = 16
		case 6, 7: // bytes, string: 2 bytes of length
			if i+2 > len(h) {
				return nil, errors.New("a header runs past its block")
			}
			size = 2 + int(binary.BigEndian.Uint16(h[i:]))
		default:
			return nil, fmt.Errorf("header %q of unknown type %d", name, typ)
		}
		if i+size > len(h) {
			return nil, errors.New("a header runs past its block")
		}
		if typ == 7 {
			out[name] = string(h[i+2 : i+size])
		}
		i += size
	}
	return out, nil
}

// isEventStream reports bytes that begin with an event stream message
// whose prelude's CRC matches.
func isEventStream(b []byte) bool {
	return len(b) >= 16 && crc32.ChecksumIEEE(b[:8]) == binary.BigEndian.Uint32(b[8:])
}

// eventsJSON is an event stream as the JSON list of its events, each
// the object {TYPE: PAYLOAD} that AWS's SDKs give (boto3's
// {"contentBlockDelta": {…}}): TYPE the :event-type header (an
// exception's :exception-type, an error's :error-code), PAYLOAD its JSON
// (a string when it is none). The model's own events that
// invoke-with-response-stream sends as {"chunk": {"bytes": BASE64}} are
// those events themselves when BASE64 is JSON (an Anthropic model's
// message_start, content_block_delta …), so that the core reads them as
// that model's stream. Nil when b is no event stream.
func eventsJSON(b []byte) []byte {
	events, err := DecodeEventStream(b)
	if err != nil {
		return nil
	}
	list := make([]any, 0, len(events))
	for _, e := range events {
		typ := e.Headers[":event-type"]
		if typ == "" {
			typ = e.Headers[":exception-type"]
		}
		if typ == "" {
			typ = e.Headers[":error-code"]
		}
		payload := jsonOrString(e.Payload)
		var chunk struct {
			Bytes []byte `json:"bytes"` // base64, which encoding/json decodes
		}
		if typ == "chunk" && json.Unmarshal(payload, &chunk) == nil && json.Valid(chunk.Bytes) {
			list = append(list, json.RawMessage(chunk.Bytes))
			continue
		}
		list = append(list, map[string]json.RawMessage{typ: payload})
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.Encode(list) // every value JSON: it encodes
	return bytes.TrimSpace(out.Bytes())
}
