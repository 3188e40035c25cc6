package cassette

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
)

// httprrHeader is the first line of an httprr trace.
const httprrHeader = "httprr trace v1"

// isHTTPRR reports data that begins with httprr's header line.
func isHTTPRR(data []byte) bool {
	line, _, ok := bytes.Cut(data, []byte("\n"))
	return ok && string(bytes.TrimSuffix(line, []byte("\r"))) == httprrHeader
}

// parseHTTPRR reads an httprr trace (rsc.io/httprr, golang.org/x/oscar's
// internal/httprr, vendored by langchaingo as internal/httprr/rr.go and
// by google/adk-go): the line "httprr trace v1", then per call a line
// "N1 N2" and N1 bytes of the request as http.Request.WriteProxy writes
// it (its request line in proxy form, an absolute URL) and N2 bytes of
// the response as http.Response.Write does (its body chunked when it was
// streamed). Lines may end in CRLF. The heads are read as net/http reads
// them (httpCall); a body is the rest of its record (a scrubbed body may
// no longer match its Content-Length), chunked transfer coding undone.
func parseHTTPRR(name string, data []byte) (*Cassette, error) {
	_, rest, _ := bytes.Cut(data, []byte("\n"))
	c := &Cassette{Name: name, Recorder: HTTPRR}
	for k := 0; len(rest) > 0; k++ {
		if k == maxInteractions {
			return nil, fmt.Errorf("cassette: %s: more than %d interactions", name, maxInteractions)
		}
		line, after, ok := bytes.Cut(rest, []byte("\n"))
		f1, f2, _ := strings.Cut(strings.TrimSuffix(string(line), "\r"), " ")
		n1, err1 := strconv.Atoi(f1)
		n2, err2 := strconv.Atoi(f2)
		if !ok || err1 != nil || err2 != nil || n1 < 0 || n2 < 0 || n1 > len(after) || n2 > len(after)-n1 {
			return nil, fmt.Errorf("cassette: %s: interaction %d: the lengths %.40q run past the trace's %d bytes left", name, k, line, len(after))
		}
		it, err := httpCall(after[:n1], after[n1:n1+n2])
		if err != nil {
			return nil, fmt.Errorf("cassette: %s: interaction %d: %w", name, k, err)
		}
		c.Interactions = append(c.Interactions, it)
		rest = after[n1+n2:]
	}
	return c, nil
}

// httpCall reads a request and its response, each as HTTP/1.1 writes it
// on the wire: the request line (method, target, version) or the status
// line (version, code, reason), then the header fields, read with
// net/textproto as net/http reads them (names canonicalized).
func httpCall(reqWire, respWire []byte) (it Interaction, err error) {
	head, body := splitMessage(reqWire)
	line, h, err := readHead(head)
	if err != nil {
		return it, fmt.Errorf("request: %w", err)
	}
	method, target, ok := strings.Cut(line, " ")
	target, _, _ = strings.Cut(target, " ")
	u, uerr := url.ParseRequestURI(target)
	if !ok || method == "" || uerr != nil {
		return it, fmt.Errorf("request: malformed request line %.60q", line)
	}
	it.Method, it.URI, it.RequestHeaders = method, u.String(), h
	if host := Header(h, "Host"); !u.IsAbs() && host != "" {
		it.URI = "//" + host + u.RequestURI()
		it.addNotice("the request line names no scheme, only the host " + host)
	}
	if it.RequestBody, err = unchunk(body, h); err != nil {
		return it, fmt.Errorf("request body: %w", err)
	}
	head, body = splitMessage(respWire)
	line, h, err = readHead(head)
	if err != nil {
		return it, fmt.Errorf("response: %w", err)
	}
	_, status, _ := strings.Cut(line, " ")
	code, _, _ := strings.Cut(status, " ")
	if it.Status, err = strconv.Atoi(code); err != nil || len(code) != 3 {
		return it, fmt.Errorf("response: malformed status line %.60q", line)
	}
	it.ResponseHeaders = h
	if it.ResponseBody, err = unchunk(body, h); err != nil {
		return it, fmt.Errorf("response body: %w", err)
	}
	if it.ResponseBody, err = decode(it.ResponseBody, Header(it.ResponseHeaders, "Content-Encoding")); err != nil {
		return it, fmt.Errorf("response body: %w", err)
	}
	return it, nil
}

// readHead reads an HTTP message's head: its first line and its header
// fields, by canonical name (nil when there is none).
func readHead(head []byte) (string, map[string][]string, error) {
	tp := textproto.NewReader(bufio.NewReader(bytes.NewReader(head)))
	line, err := tp.ReadLine()
	if err != nil {
		return "", nil, err
	}
	h, err := tp.ReadMIMEHeader()
	if err != nil && err != io.EOF {
		return "", nil, err
	}
	if len(h) == 0 {
		return line, nil, nil
	}
	return line, h, nil
}

// splitMessage splits an HTTP message at the empty line (CRLF or LF)
// that ends its head: the head, that line included, and the body.
func splitMessage(b []byte) (head, body []byte) {
	for i := 0; i < len(b); {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			break
		}
		line := b[i : i+j]
		i += j + 1
		if len(line) == 0 || string(line) == "\r" {
			return b[:i], b[i:]
		}
	}
	return b, nil
}

// unchunk undoes a chunked transfer coding of body (RFC 9112, section
// 7.1: chunks of a hexadecimal size line, extensions after ";" left out,
// the size's bytes and a line end; a last chunk of size 0, trailer fields
// left out) when the Transfer-Encoding header h holds names it, at most
// MaxSize bytes out; body as it is under no coding. An empty body is nil.
func unchunk(body []byte, h map[string][]string) ([]byte, error) {
	chunked := false
	for _, v := range h["Transfer-Encoding"] {
		chunked = chunked || strings.Contains(strings.ToLower(v), "chunked")
	}
	if !chunked {
		if len(body) == 0 {
			return nil, nil
		}
		return body, nil
	}
	var out []byte
	for {
		line, rest, ok := bytes.Cut(body, []byte("\n"))
		size, _, _ := bytes.Cut(bytes.TrimSpace(line), []byte(";"))
		n, err := strconv.ParseUint(string(bytes.TrimSpace(size)), 16, 63)
		switch {
		case !ok || err != nil:
			return nil, fmt.Errorf("chunked: bad chunk size line %.40q", line)
		case n == 0:
			return out, nil
		case n > uint64(len(rest)):
			return nil, fmt.Errorf("chunked: a chunk of %d bytes where %d are left", n, len(rest))
		case uint64(len(out))+n > MaxSize:
			return nil, fmt.Errorf("chunked: more than %d bytes", MaxSize)
		}
		out = append(out, rest[:n]...)
		body = bytes.TrimPrefix(bytes.TrimPrefix(rest[n:], []byte("\r")), []byte("\n"))
	}
}
