// Package fakegithub is a fake of the parts of GitHub the review page
// asks, for tests: the REST API (a pull request, its files a page at a
// time, a comparison) and raw.githubusercontent.com, for one repository
// whose base and head commits hold the two trees of a change set. It
// answers as GitHub's documentation shows: JSON of the same shape, the
// x-ratelimit-* headers on every API answer (exposed to cross-origin
// pages, as GitHub exposes them), a 403 with x-ratelimit-remaining 0 once
// the limit is spent, and Access-Control-Allow-Origin: * everywhere.
//
// Server is an http.Handler that routes by host: api.github.com and
// raw.githubusercontent.com. Tests serve it on loopback, or answer a
// browser's requests for those hosts with it (e2e: the Chrome DevTools
// Fetch domain), so that the page asks the real addresses.
package fakegithub

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Server fakes one repository with one pull request between two commits.
type Server struct {
	Owner, Repo string
	Number      int
	Title       string
	// BaseSHA and HeadSHA are the two commits; Base and Head their files
	// by path.
	BaseSHA, HeadSHA string
	Base, Head       map[string][]byte
	// BaseTip, when not nil, is the base branch's tip's files at TipSHA,
	// moved on since the branch point: the pull request's base.sha is
	// TipSHA, and BaseSHA stays the merge base that the comparison of
	// TipSHA...HeadSHA names (and Base its files).
	BaseTip map[string][]byte
	TipSHA  string
	// Limit is the API requests allowed per window, Remaining those left,
	// Reset when the window ends.
	Limit, Remaining int
	Reset            time.Time
	// Latency is how long each answer waits before it is sent.
	Latency time.Duration

	mu       sync.Mutex
	requests []string
}

// New is a Server for owner/repo pull request number between the trees
// base and head (path to content), with 60 API requests left of 60.
func New(owner, repo string, number int, base, head map[string][]byte) *Server {
	return &Server{Owner: owner, Repo: repo, Number: number, Title: "Re-record the recordings",
		BaseSHA: strings.Repeat("b", 40), HeadSHA: strings.Repeat("c", 40), Base: base, Head: head,
		Limit: 60, Remaining: 60, Reset: time.Now().Add(time.Hour).Truncate(time.Second)}
}

// baseTip is the pull request's base.sha: TipSHA when the base branch
// moved on (BaseTip), else BaseSHA.
func (s *Server) baseTip() string {
	if s.BaseTip != nil {
		return s.TipSHA
	}
	return s.BaseSHA
}

// Requests lists the API requests answered so far, as "GET PATH?QUERY".
func (s *Server) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// File is one changed file as the API lists it.
type File struct {
	Filename string `json:"filename"`
	Status   string `json:"status"`
	SHA      string `json:"sha"`
}

// Files lists the changed files, by path: "added" (head only),
// "removed" (base only), "modified" (both, other bytes).
func (s *Server) Files() []File {
	var out []File
	for p, b := range s.Base {
		h, ok := s.Head[p]
		switch {
		case !ok:
			out = append(out, File{Filename: p, Status: "removed"})
		case string(h) != string(b):
			out = append(out, File{Filename: p, Status: "modified"})
		}
	}
	for p := range s.Head {
		if _, ok := s.Base[p]; !ok {
			out = append(out, File{Filename: p, Status: "added"})
		}
	}
	slices.SortFunc(out, func(a, b File) int { return strings.Compare(a.Filename, b.Filename) })
	for i := range out {
		out[i].SHA = fmt.Sprintf("%040x", i+1)
	}
	return out
}

// exposed is what GitHub's API lists in Access-Control-Expose-Headers.
const exposed = "ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset"

// ServeHTTP answers a request for api.github.com or
// raw.githubusercontent.com (by r.Host or the URL's host).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.Latency > 0 {
		time.Sleep(s.Latency)
	}
	w.Header().Set("Access-Control-Allow-Origin", "*")
	host := r.Host
	if r.URL.Host != "" {
		host = r.URL.Host
	}
	switch host {
	case "api.github.com":
		s.api(w, r)
	case "raw.githubusercontent.com":
		s.raw(w, r)
	default:
		http.Error(w, "fakegithub: no such host "+host, http.StatusBadGateway)
	}
}

func (s *Server) api(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.requests = append(s.requests, r.Method+" "+r.URL.RequestURI())
	spent := s.Remaining == 0
	if !spent {
		s.Remaining--
	}
	h := w.Header()
	h.Set("Access-Control-Expose-Headers", exposed)
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("X-RateLimit-Limit", strconv.Itoa(s.Limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(s.Remaining))
	h.Set("X-RateLimit-Used", strconv.Itoa(s.Limit-s.Remaining))
	h.Set("X-RateLimit-Reset", strconv.FormatInt(s.Reset.Unix(), 10))
	h.Set("X-RateLimit-Resource", "core")
	s.mu.Unlock()
	if spent {
		w.WriteHeader(http.StatusForbidden)
		writeJSON(w, map[string]string{"message": "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
			"documentation_url": "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"})
		return
	}
	repo := "/repos/" + s.Owner + "/" + s.Repo
	pull := repo + "/pulls/" + strconv.Itoa(s.Number)
	p := r.URL.EscapedPath()
	switch {
	case p == pull:
		writeJSON(w, map[string]any{
			"url": "https://api.github.com" + pull, "number": s.Number, "state": "open", "title": s.Title,
			"changed_files": len(s.Files()),
			"base":          map[string]any{"label": s.Owner + ":main", "ref": "main", "sha": s.baseTip(), "repo": map[string]any{"full_name": s.Owner + "/" + s.Repo}},
			"head":          map[string]any{"label": s.Owner + ":feature", "ref": "feature", "sha": s.HeadSHA, "repo": map[string]any{"full_name": s.Owner + "/" + s.Repo}},
		})
	case p == pull+"/files":
		per, _ := strconv.Atoi(r.URL.Query().Get("per_page"))
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		if per <= 0 {
			per = 30
		}
		per = min(per, 100)
		page = max(page, 1)
		files := s.Files()
		files = files[:min(len(files), 3000)] // GitHub lists 3,000 files of a pull request at most
		from := min((page-1)*per, len(files))
		writeJSON(w, files[from:min(from+per, len(files))])
	case strings.HasPrefix(p, repo+"/compare/"):
		basehead, _ := url.PathUnescape(strings.TrimPrefix(p, repo+"/compare/"))
		if basehead != s.BaseSHA+"..."+s.HeadSHA && basehead != s.baseTip()+"..."+s.HeadSHA && basehead != "main...feature" {
			w.WriteHeader(http.StatusNotFound)
			writeJSON(w, map[string]string{"message": "Not Found"})
			return
		}
		files := s.Files()
		writeJSON(w, map[string]any{
			"status": "ahead", "total_commits": 1, "merge_base_commit": map[string]any{"sha": s.BaseSHA},
			"base_commit": map[string]any{"sha": s.BaseSHA}, "commits": []any{map[string]any{"sha": s.HeadSHA}},
			"files": files[:min(len(files), 300)],
		})
	default:
		w.WriteHeader(http.StatusNotFound)
		writeJSON(w, map[string]string{"message": "Not Found", "documentation_url": "https://docs.github.com/rest"})
	}
}

func (s *Server) raw(w http.ResponseWriter, r *http.Request) {
	p, err := url.PathUnescape(r.URL.EscapedPath())
	prefix := "/" + s.Owner + "/" + s.Repo + "/"
	if err != nil || !strings.HasPrefix(p, prefix) {
		http.Error(w, "404: Not Found", http.StatusNotFound)
		return
	}
	sha, path, _ := strings.Cut(strings.TrimPrefix(p, prefix), "/")
	tree := map[string]map[string][]byte{s.BaseSHA: s.Base, s.HeadSHA: s.Head}[sha]
	if s.BaseTip != nil && sha == s.TipSHA {
		tree = s.BaseTip
	}
	data, ok := tree[path]
	if !ok {
		http.Error(w, "404: Not Found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.Write(data)
}

func writeJSON(w http.ResponseWriter, v any) {
	data, _ := json.Marshal(v)
	w.Write(data)
}
