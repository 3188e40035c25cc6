package main

import (
	"fmt"
	"io"
	"net/url"
	"os"
	"regexp"
	"strings"

	"github.com/recview/recview/recordings/permalink"
	"github.com/recview/recview/recordings/review"
	"github.com/spf13/pflag"
)

// reviewCmd reviews a change set: `recview review [flags] BASE HEAD`,
// BASE and HEAD two folders or two git revisions of the repository in
// the working directory (HEAD against its merge base with BASE, unless
// --no-merge-base). Exit 0 when the review ran, 1 when --fail-on
// finds what it names, 2 for bad usage or unreadable input (a decisions
// file included: --decisions). A decision that matches no pair is said
// on stderr, and is no error.
func reviewCmd(fl *pflag.FlagSet) runFunc {
	asJSON := fl.Bool("json", false, "print one JSON object per pair per line")
	asMarkdown := fl.Bool("markdown", false, "print a pull-request comment in Markdown")
	linkBase := fl.String("link-base", "", "the viewer's `URL` the comment links to (default: $RECVIEW_BASE, else "+defaultBase+`); "" for none: the rows then link to the files on GitHub (with --repo)`)
	repo := fl.String("repo", "", "GitHub repository `OWNER/NAME` whose raw files the comment's links fetch")
	baseSHA := fl.String("base-sha", "", "the base commit `SHA` the links pin (default: BASE when it is a revision)")
	headSHA := fl.String("head-sha", "", "the head commit `SHA` the links pin (default: HEAD when it is a revision)")
	prefix := fl.String("prefix", "", "the `DIR` of BASE and HEAD in the repository, for links to files of two folders")
	pr := fl.Int("pr", 0, "link each row to the viewer's review of pull request `N` of --repo (#v=2&pr=OWNER/NAME/N&file=PATH), not to its two files")
	noMergeBase := fl.Bool("no-merge-base", false, "with two git revisions, compare BASE itself with HEAD (git diff BASE HEAD) rather than HEAD with its merge base with BASE (BASE...HEAD, what a pull request's \"Files changed\" shows)")
	decisionsFile := fl.String("decisions", "", "a reviewer's decisions `FILE` (the review page's Save decisions), matched to the pairs by their content: the comment leads with them, each pair's line starts with its decision, --json adds decision and note")
	failOn := fl.String("fail-on", "", "exit 1 on `WHAT`: stale, a head file's name replay will not find; changed, a pair changed (a changed result or request, an unreadable file); high, a pair of high severity")
	return func(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
		usage := func() {
			fmt.Fprintln(stderr, "usage: recview review [--json | --markdown] [flags] BASE HEAD   (two folders, or two git revisions)")
			printFlags(stderr, fl)
		}
		pos := args
		*linkBase = viewerBase(fl, "link-base")
		var err error
		if len(pos) != 2 || *asJSON && *asMarkdown {
			usage()
			return exitError{2}
		}
		switch *failOn {
		case "", "stale", "changed", "high":
		default:
			fmt.Fprintf(stderr, "recview: review: --fail-on %q: want stale, changed or high\n", *failOn)
			return exitError{2}
		}
		if *repo != "" && !repoName.MatchString(*repo) {
			fmt.Fprintf(stderr, "recview: review: --repo %q: want OWNER/NAME\n", *repo)
			return exitError{2}
		}
		var prReview permalink.Review
		if *pr != 0 {
			owner, name, _ := strings.Cut(*repo, "/")
			prReview = permalink.Review{Kind: permalink.ReviewPR, Owner: owner, Repo: name, Number: *pr}
			if *repo == "" || *pr < 0 || *pr > 999_999_999 || !permalink.IsOwner(owner) || !permalink.IsRepo(name) {
				fmt.Fprintf(stderr, "recview: review: --pr %d: want a pull request number and --repo OWNER/NAME\n", *pr)
				return exitError{2}
			}
		}

		var decisions review.Decisions
		if *decisionsFile != "" {
			f, err := readDecisions(*decisionsFile)
			if err != nil {
				complain(stderr, "review", err)
				return exitError{2}
			}
			decisions = f.Decisions()
		}

		var trees [2][]review.File
		footer := ""
		if err := oneKind(pos); err != nil {
			complain(stderr, "review", err)
			return exitError{2}
		}
		if isDir(pos[0]) && isDir(pos[1]) {
			for i, p := range pos {
				if trees[i], err = readTree(p); err != nil {
					complain(stderr, "review", err)
					return exitError{2}
				}
			}
		} else {
			var shas [2]string
			var named string
			trees, shas, named, err = gitTrees(pos[0], pos[1], !*noMergeBase)
			if err != nil {
				complain(stderr, "review", err)
				return exitError{2}
			}
			if *baseSHA == "" {
				*baseSHA = shas[0]
			}
			if *headSHA == "" {
				*headSHA = shas[1]
			}
			footer = fmt.Sprintf("Compared %s (%.12s) with %s (%.12s).", pos[0], shas[0], pos[1], shas[1])
			if shas[0] != named {
				footer = fmt.Sprintf("Compared %s (%.12s) with its merge base with %s (%.12s; %s is at %.12s), as the pull request's Files changed does.", pos[1], shas[1], pos[0], shas[0], pos[0], named)
			}
		}
		res, err := review.Review(trees[0], trees[1], nil)
		if err != nil {
			complain(stderr, "review", err)
			return exitError{2}
		}
		if decisions != nil {
			// A decision is about the content of a pair: its digest, from
			// the SHA-256 of its files.
			res.SetDigests(review.FileSums(trees[0]), review.FileSums(trees[1]))
			if n := res.Tally(decisions).Stale; n > 0 {
				verb := "match"
				if n == 1 {
					verb = "matches"
				}
				fmt.Fprintf(stderr, "recview: review: %s: %d of its %s %s no pair of this change set (stale: made on files that changed since, or on another change set)\n", *decisionsFile, n, plural(len(decisions), "decision", ""), verb)
			}
		}
		switch {
		case *asJSON:
			err = res.WriteJSONDecisions(stdout, decisions)
		case *asMarkdown:
			opt := review.MarkdownOptions{Viewer: *linkBase, Footer: footer, Review: prReview, Prefix: strings.Trim(*prefix, "/"), Decisions: decisions}
			if *repo != "" && *baseSHA != "" && *headSHA != "" {
				opt.URL = rawURLs(*repo, *baseSHA, *headSHA, *prefix)
				if *linkBase == "" {
					// No viewer: the rows link to the files on GitHub.
					opt.FileView = blobURLs(*repo, *baseSHA, *headSHA, *prefix)
					opt.Footer = strings.TrimSpace(opt.Footer + " Rows link to the files on GitHub: give a recview viewer's address (the action's viewer input, or --link-base) to open each pair in it.")
				}
			}
			_, err = io.WriteString(stdout, res.Markdown(opt))
		case decisions != nil:
			err = res.FormatDecisions(stdout, decisions)
		default:
			err = res.Format(stdout)
		}
		if err != nil {
			return err
		}
		if failed(res, *failOn) {
			return exitError{1}
		}
		return nil
	}
}

// readDecisions reads a decisions file (review.ReadDecisions), at most
// review.MaxDecisionsFile bytes of it: the error names the file.
func readDecisions(name string) (*review.DecisionsFile, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, review.MaxDecisionsFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return review.ReadDecisions(name, data)
}

// repoName is a GitHub OWNER/NAME.
var repoName = regexp.MustCompile(`^[A-Za-z0-9-]+/[A-Za-z0-9._-]+$`)

// failed reports whether --fail-on finds what it names: "stale", a head
// file whose name replay will not find (stale or mismatch); "changed", a
// pair whose result or request changed, or that is unreadable; "high", a
// pair of high severity.
func failed(res *review.Result, on string) bool {
	for _, p := range res.Pairs {
		switch on {
		case "stale":
			if p.Name == review.NameMismatch || p.Name == review.NameStale {
				return true
			}
		case "changed":
			switch p.Verdict {
			case review.VerdictChanged, review.VerdictRequest, review.VerdictUnreadable:
				return true
			}
		case "high":
			if p.Severity == review.SeverityHigh {
				return true
			}
		}
	}
	return false
}

// rawURLs returns the raw.githubusercontent.com URL of a file of the
// change set, pinned to its side's commit.
func rawURLs(repo, baseSHA, headSHA, prefix string) func(review.Side, string) string {
	return fileURLs("https://raw.githubusercontent.com/"+repo+"/", baseSHA, headSHA, prefix)
}

// blobURLs returns GitHub's page of a file of the change set
// (github.com/OWNER/NAME/blob/SHA/PATH), pinned to its side's commit.
func blobURLs(repo, baseSHA, headSHA, prefix string) func(review.Side, string) string {
	return fileURLs("https://github.com/"+repo+"/blob/", baseSHA, headSHA, prefix)
}

// fileURLs is at+SHA+"/"+PATH for a file of the change set, its path
// segments escaped, pinned to its side's commit.
func fileURLs(at, baseSHA, headSHA, prefix string) func(review.Side, string) string {
	prefix = strings.Trim(prefix, "/")
	return func(side review.Side, p string) string {
		sha := headSHA
		if side == review.Base {
			sha = baseSHA
		}
		if prefix != "" {
			p = prefix + "/" + p
		}
		segs := strings.Split(p, "/")
		for i, s := range segs {
			segs[i] = url.PathEscape(s)
		}
		return at + url.PathEscape(sha) + "/" + strings.Join(segs, "/")
	}
}

// viewerBase is the viewer's address that links point at, given by the
// string flag name of fl (parsed): the flag when given (even ""), else
// $RECVIEW_BASE when set and not empty, else defaultBase.
func viewerBase(fl *pflag.FlagSet, name string) string {
	if fl.Changed(name) {
		v, _ := fl.GetString(name)
		return v
	}
	if v := os.Getenv("RECVIEW_BASE"); v != "" {
		return v
	}
	return defaultBase
}
