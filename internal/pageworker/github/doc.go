// Package github is what the viewer's review page knows of GitHub,
// without the browser: reading a pull request or compare URL, the REST
// API requests to make and in what order, decoding their answers, which
// changed files are recordings and where each side of them is on
// raw.githubusercontent.com, and the rate limit the answers announce.
// The page's code (app) does the fetching, with the browser's fetch;
// everything here is plain Go and tested natively.
//
// # What is asked
//
// A pull request costs 2 + ceil(files/100) API requests: the pull request
// (GET /repos/OWNER/REPO/pulls/N: its base and head commits, the head's
// repository for a fork, its number of changed files), its merge base
// (GET .../compare/BASE...HEAD?per_page=1: its base side is read there,
// as "Files changed" compares), then its files, a
// page of 100 at a time (GET .../pulls/N/files?per_page=100&page=K, K from
// 1; GitHub lists at most MaxPullFiles). A comparison costs one (GET
// /repos/OWNER/REPO/compare/BASE...HEAD, which lists at most
// MaxCompareFiles). The API answers any origin (CORS) without signing
// in, 60 requests an hour per address: the page never retries, and says
// when the limit resets (RateLimit, Error).
//
// Source: GitHub's REST API documentation, "Pulls" (get a pull request,
// list pull request files), "Commits" (compare two commits) and "Rate
// limits for the REST API" (the x-ratelimit-* headers; 403 or 429 with
// x-ratelimit-remaining 0 when they are spent).
//
// # What is fetched
//
// Of the changed files, those in a folder named "recordings" and ending
// in ".json" (IsRecording) are fetched from raw.githubusercontent.com,
// pinned to the commit of their side (Plan): an added file on the head
// side, a removed one on the base side, a modified one on both, a renamed
// one under its old path on the base side and its new path on the head
// side.
package github
