package main

import (
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/recview/recview/internal/pageworker"
	"github.com/recview/recview/internal/pageworker/github"
	"github.com/recview/recview/recordings/permalink"
	"github.com/recview/recview/recordings/review"
)

// rawAtOnce is how many recordings are fetched from
// raw.githubusercontent.com at once.
const rawAtOnce = 16

// answer is a fetched answer: its status, its headers (by name, "" when
// absent) and its body.
type answer struct {
	status int
	header func(name string) string
	body   []byte
	// raw is the body as the browser holds it (the worker's ArrayBuffer),
	// when the fetcher kept it: the page is handed it without another
	// copy. nil otherwise.
	raw any
}

// fetcher GETs a URL, following no redirect: a redirect is an error
// naming the URL. With recording set it is a recording's download and
// refuses (with an error naming the URL and why) an answer that is not
// 200, that is an HTML page, or whose body passes the viewer's largest
// file; else it returns any other answer, its body read up to the API's
// largest answer. take, when not nil, is asked for each piece of the
// body (its size in bytes) before it is kept: when it says no, the
// download stops and the error is errOverBudget.
type fetcher func(url string, recording bool, take func(n int) bool) (*answer, error)

// loader reads a GitHub review's recordings, telling the page how far it
// is (post).
type loader struct {
	get  fetcher
	post func(pageworker.Status)
	now  func() time.Time
	st   pageworker.Status
	// budget is the most bytes of recordings a review downloads
	// (github.MaxDownload when 0).
	budget int64
	// raws are the answers' raw bodies (answer.raw) of the files github
	// returned, by side ("base", "head") and path.
	raws map[[2]string]any
}

// api GETs an API address: its body, or an error naming it: the fetch
// failed (see fetcher), or the answer is not 200 (github.CheckStatus: a
// spent rate limit says when it resets). The rate limit of every answer
// goes to the page.
func (l *loader) api(url string) ([]byte, error) {
	a, err := l.get(url, false, nil)
	if err != nil {
		return nil, err // it names url
	}
	rl := github.ParseRateLimit(a.header)
	if rl.Known {
		l.st.Rate = rl.String()
		l.post(l.st)
	}
	return a.body, github.CheckStatus(url, a.status, rl, a.body, l.now())
}

// phase tells the page what is being done, and how far.
func (l *loader) phase(p string, done, total int) {
	l.st.Phase, l.st.Done, l.st.Total = p, done, total
	l.post(l.st)
}

// github reads the recordings a pull request or comparison changes: the
// API for its commits and changed files (2 + ceil(files/100) requests for
// a pull request: itself, its merge base, its files; 1 for a comparison;
// never retried), then both sides of each recording from
// raw.githubusercontent.com pinned to the commits (a pull request's base
// side at its merge base),
// rawAtOnce at a time. Files that cannot be fetched are left out and
// noted (Status.Notes). The error says why nothing can be reviewed.
func (l *loader) github(ref permalink.Review) (base, head []review.File, err error) {
	var files []github.ChangedFile
	var commits [2]github.Commit
	switch ref.Kind {
	case permalink.ReviewPR:
		l.phase("Asking GitHub for the pull request", 0, 0)
		data, err := l.api(github.PullURL(ref))
		if err != nil {
			return nil, nil, err
		}
		pull, err := github.DecodePull(data)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", github.PullURL(ref), err)
		}
		// The base side at the merge base, as "Files changed" compares:
		// base.sha is the base branch's tip, which may have changed the
		// same recordings since the branch point.
		u := github.MergeBaseURL(ref, pull.BaseSHA, pull.HeadSHA)
		if data, err = l.api(u); err != nil {
			return nil, nil, err
		}
		mergeBase, err := github.DecodeMergeBase(data)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", u, err)
		}
		commits = [2]github.Commit{{Repo: pull.BaseRepo, SHA: mergeBase}, {Repo: pull.HeadRepo, SHA: pull.HeadSHA}}
		l.st.Title = pull.Title
		pages := github.Pages(pull.ChangedFiles)
		for k := 1; k <= pages; k++ {
			l.phase("Listing the changed files", k-1, pages)
			data, err := l.api(github.FilesURL(ref, k))
			if err != nil {
				return nil, nil, err
			}
			page, err := github.DecodeFiles(data)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %w", github.FilesURL(ref, k), err)
			}
			files = append(files, page...)
			if len(page) < github.PerPage {
				break
			}
		}
		if pull.ChangedFiles > github.MaxPullFiles {
			l.st.Notes = append(l.st.Notes, fmt.Sprintf("GitHub lists %d of the pull request's %d files: the others are not reviewed.", github.MaxPullFiles, pull.ChangedFiles))
		}
	case permalink.ReviewCompare:
		l.phase("Asking GitHub for the comparison", 0, 0)
		data, err := l.api(github.CompareURL(ref))
		if err != nil {
			return nil, nil, err
		}
		c, err := github.DecodeCompare(data)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", github.CompareURL(ref), err)
		}
		if c.HeadSHA == "" {
			return nil, nil, fmt.Errorf("%s: the head adds no commit to the base: nothing to review", github.PageURL(ref))
		}
		repo := ref.Owner + "/" + ref.Repo
		commits = [2]github.Commit{{Repo: repo, SHA: c.BaseSHA}, {Repo: repo, SHA: c.HeadSHA}}
		files = c.Files
		if len(files) >= github.MaxCompareFiles {
			l.st.Notes = append(l.st.Notes, fmt.Sprintf("GitHub lists the first %d files of a comparison: open its pull request to review them all.", github.MaxCompareFiles))
		}
	default:
		return nil, nil, fmt.Errorf("%s is not a GitHub review", ref)
	}
	l.st.HeadSHA = commits[1].SHA
	plan, skipped := github.Plan(files, commits[0], commits[1])
	if len(plan) == 0 {
		return nil, nil, fmt.Errorf("%s changes %d files and none is a recording (a .json file in a recordings folder) or a cassette", github.PageURL(ref), skipped)
	}
	got := l.fetchAll(plan)
	// A changed file is reviewed only when each of its sides came: one
	// side alone would read as an added or deleted file.
	lost := map[int]bool{}
	unfetched := 0
	for i, d := range plan {
		switch {
		case got[i].err == nil:
			continue
		case errors.Is(got[i].err, errOverBudget):
			unfetched++
		default:
			l.st.Notes = append(l.st.Notes, got[i].err.Error())
		}
		lost[d.Change] = true
	}
	if unfetched > 0 {
		l.st.Notes = append(l.st.Notes, fmt.Sprintf("%s not fetched: the review stopped downloading at %s, the most it fetches of a pull request (recview review on a clone reads them all).", plural(unfetched, "recording"), sizeOf(l.maxDownload())))
	}
	l.raws = map[[2]string]any{}
	for i, d := range plan {
		switch {
		case lost[d.Change]:
			continue
		case d.Side == github.Base:
			base = append(base, review.File{Path: d.Path, Data: got[i].data})
		default:
			head = append(head, review.File{Path: d.Path, Data: got[i].data})
		}
		if got[i].raw != nil {
			l.raws[[2]string{string(d.Side), d.Path}] = got[i].raw
		}
	}
	l.post(l.st) // the notes
	if len(base)+len(head) == 0 {
		return nil, nil, fmt.Errorf("%s: none of its %s could be fetched (the notes say why)", github.PageURL(ref), plural(len(plan), "recording"))
	}
	return base, head, nil
}

// errOverBudget is the outcome of a download not made: the review had
// downloaded its budget already.
var errOverBudget = errors.New("not fetched: past the review's download budget")

// sizeOf says n bytes in MB, or KB below one MB.
func sizeOf(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d MB", n>>20)
}

// maxDownload is the loader's budget in bytes.
func (l *loader) maxDownload() int64 {
	if l.budget > 0 {
		return l.budget
	}
	return github.MaxDownload
}

// fetched is one download's outcome.
type fetched struct {
	data []byte
	raw  any // answer.raw
	err  error
}

// fetchAll downloads the plan's files rawAtOnce at a time, telling the
// page how many are done at most every 100 ms, and returns their
// outcomes in the plan's order. Once the bytes downloaded pass the
// loader's budget it starts no more: those are errOverBudget.
func (l *loader) fetchAll(plan []github.Download) []fetched {
	l.phase("Fetching the recordings", 0, len(plan))
	out := make([]fetched, len(plan))
	done := make(chan int)
	// total counts the bytes the downloads kept, as they come: a download
	// that would pass the budget stops there (take), and one starts only
	// once a slot is free and the budget is not spent.
	var total atomic.Int64
	take := func(n int) bool { return total.Add(int64(n)) <= l.maxDownload() }
	slots := make(chan struct{}, rawAtOnce)
	go func() {
		for i := range plan {
			slots <- struct{}{}
			if total.Load() >= l.maxDownload() {
				<-slots
				out[i].err = errOverBudget
				done <- i
				continue
			}
			go func() {
				a, err := l.get(plan[i].URL, true, take)
				if err == nil {
					out[i].data, out[i].raw = a.body, a.raw
				}
				out[i].err = err
				<-slots
				done <- i
			}()
		}
	}()
	last := l.now()
	for n := 1; n <= len(plan); n++ {
		<-done
		if n == len(plan) || l.now().Sub(last) > 100*time.Millisecond {
			last = l.now()
			l.phase("Fetching the recordings", n, len(plan))
		}
	}
	return out
}
