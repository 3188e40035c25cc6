package cassette

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"slices"
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
// streamed). Lines may end in CRLF. The headers are read with
// net/http's ReadRequest and ReadResponse; a body is the rest of its
// record (a scrubbed body may no longer match its Content-Length),
// chunked transfer coding undone.
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
// on the wire.
func httpCall(reqWire, respWire []byte) (it Interaction, err error) {
	head, body := splitMessage(reqWire)
	req, err := http.ReadRequest(bufio.NewReader(bytes.NewReader(head)))
	if err != nil {
		return it, fmt.Errorf("request: %w", err)
	}
	it.Method, it.URI, it.RequestHeaders = req.Method, req.URL.String(), req.Header
	if !req.URL.IsAbs() && req.Host != "" {
		it.URI = "//" + req.Host + req.URL.RequestURI()
		it.addNotice("the request line names no scheme, only the host " + req.Host)
	}
	if it.RequestBody, err = unchunk(body, req.TransferEncoding); err != nil {
		return it, fmt.Errorf("request body: %w", err)
	}
	head, body = splitMessage(respWire)
	resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(head)), nil)
	if err != nil {
		return it, fmt.Errorf("response: %w", err)
	}
	it.Status, it.ResponseHeaders = resp.StatusCode, resp.Header
	if it.ResponseBody, err = unchunk(body, resp.TransferEncoding); err != nil {
		return it, fmt.Errorf("response body: %w", err)
	}
	if it.ResponseBody, err = decode(it.ResponseBody, Header(it.ResponseHeaders, "Content-Encoding")); err != nil {
		return it, fmt.Errorf("response body: %w", err)
	}
	return it, nil
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
// 7.1), at most MaxSize bytes out; body as it is under no coding. An
// empty body is nil.
func unchunk(body []byte, codings []string) ([]byte, error) {
	if !slices.Contains(codings, "chunked") {
		if len(body) == 0 {
			return nil, nil
		}
		return body, nil
	}
	out, err := io.ReadAll(io.LimitReader(httputil.NewChunkedReader(bytes.NewReader(body)), MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("chunked: %w", err)
	}
	if len(out) > MaxSize {
		return nil, fmt.Errorf("chunked: more than %d bytes", MaxSize)
	}
	return out, nil
}
