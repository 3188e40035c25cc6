#!/usr/bin/env bash
# review-comment.sh: recview's review of a pull request's recordings, as a
# comment on the pull request (the shell step of action.yml).
#
#   review-comment.sh review OUT   run `recview review --markdown` on BASE_SHA
#                                  and HEAD_SHA of the repository in the working
#                                  folder (HEAD_SHA against its merge base with
#                                  BASE_SHA, as the pull request's Files changed);
#                                  write OUT/comment.md and OUT/pr-number
#   review-comment.sh post OUT     create, or update, the pull request's one
#                                  comment that starts with <!-- recview -->,
#                                  from OUT/comment.md
#   review-comment.sh all OUT      both
#
# A pull request from a fork gets a read-only token: run `review` in the
# pull_request workflow and upload OUT as an artifact, then `post` in a
# workflow_run workflow, which has a token that can write (docs/review.md).
#
# Environment:
#   RECVIEW          the recview binary (default: recview on PATH)
#   BASE_SHA         review: the base commit
#   HEAD_SHA         review: the head commit
#   REPO             OWNER/NAME: review links files of it, post comments on it
#   PR_NUMBER        the pull request: review links each row to the viewer's
#                    review of it (--pr); post reads OUT/pr-number when unset,
#                    except in a workflow_run (below)
#   GITHUB_EVENT_NAME, GITHUB_EVENT_PATH
#                    review, in a workflow_run with BASE_SHA and HEAD_SHA
#                    unset (after a bot pushed to a pull request's branch):
#                    the open pull request of the run's branch in REPO, at
#                    its base and head now;
#                    post, in a workflow_run: the pull request is the run's
#                    (its event's, or the open one whose head is the run's
#                    head commit); OUT's pr-number and head-sha must agree
#   RECVIEW_BASE     review: the viewer's URL the comment links to; empty,
#                    the rows link to the files on GitHub
#   FAIL_ON          review: stale, changed or high, passed to --fail-on; the comment
#                    is still written (and posted by `all`), then the script
#                    exits 1
#   COMMENT_AUTHOR   post: the login whose comment is updated (default:
#                    the token's, asked of the API; github-actions[bot] for
#                    the workflow's own token; set it for a GitHub App's)
#   GH               post: the GitHub CLI (default gh, with GH_TOKEN set);
#                    tests put a stub here
#
# Exit status: 0 when it ran (and posted, in post and all modes); 1 when
# FAIL_ON found what it names (the comment written and posted first); 2
# for bad input or a failed command (recview, or a GitHub API call), with
# a line saying which.

set -euo pipefail

readonly MARKER='<!-- recview -->'
readonly MAX_BODY=65536

die() { echo "review-comment.sh: $*" >&2; exit 2; }

[ $# -eq 2 ] || die "usage: review-comment.sh review|post|all OUT"
mode=$1 out=$2
case $mode in review|post|all) ;; *) die "unknown mode $mode: want review, post or all" ;; esac
[[ ${REPO:-} =~ ^[A-Za-z0-9-]+/[A-Za-z0-9._-]+$ ]] || die "REPO must be OWNER/NAME, not '${REPO:-}'"

status=0

# runField prints field (a jq path under .workflow_run) of the
# workflow_run event at GITHUB_EVENT_PATH, "" when it has none.
runField() {
	local event=${GITHUB_EVENT_PATH:-}
	[ -f "$event" ] || die "GITHUB_EVENT_NAME is workflow_run and GITHUB_EVENT_PATH names no event file"
	jq -r ".workflow_run.$1 // empty" "$event" || die "cannot read the workflow_run event"
}

# runBranch prints the workflow_run's head branch, checked to be a
# branch name.
runBranch() {
	local branch
	branch=$(runField head_branch) || exit 2
	[[ $branch =~ ^[A-Za-z0-9._/-]+$ ]] || die "the workflow_run event's head branch '$branch' is not a branch name"
	printf '%s\n' "$branch"
}

# afterBot fills PR_NUMBER, BASE_SHA and HEAD_SHA, when the workflow_run
# at GITHUB_EVENT_PATH is that of a workflow that pushed to a pull
# request's branch (a bot's re-recording: a push with the workflow's own
# token starts no pull_request workflow): the open pull request of that
# branch, which must be in REPO itself, at its base and its head now.
afterBot() {
	local gh=${GH:-gh} repo branch found
	repo=$(runField head_repository.full_name) || exit 2
	[ "$repo" = "$REPO" ] || die "the workflow run's branch is in '$repo', not $REPO: after a bot's push, only $REPO's own branches are reviewed"
	branch=$(runBranch) || exit 2
	found=$("$gh" api "repos/$REPO/pulls?state=open&head=${REPO%%/*}:$branch" --jq '.[0] | select(. != null) | "\(.number) \(.base.sha) \(.head.sha)"') ||
		die "cannot look up the pull request of $branch in $REPO (GitHub refused: see gh's message above)"
	read -r PR_NUMBER BASE_SHA HEAD_SHA <<<"$found"
	[[ ${PR_NUMBER:-} =~ ^[1-9][0-9]{0,9}$ ]] || die "no open pull request of $REPO has the branch $branch"
	echo "review-comment.sh: the workflow run pushed to $branch: pull request #$PR_NUMBER"
}

review() {
	if [ "${GITHUB_EVENT_NAME:-}" = workflow_run ] && [ -z "${BASE_SHA:-}" ] && [ -z "${HEAD_SHA:-}" ]; then
		afterBot
	fi
	[[ ${BASE_SHA:-} =~ ^[0-9a-f]{7,64}$ && ${HEAD_SHA:-} =~ ^[0-9a-f]{7,64}$ ]] || die "BASE_SHA and HEAD_SHA must be commit hashes"
	mkdir -p "$out"
	# recview compares HEAD_SHA with its merge base with BASE_SHA (the
	# checkout needs both histories: fetch-depth 0) and pins the links to
	# those two commits.
	# RECVIEW_BASE names the viewer the rows open; empty, they link to the
	# files on GitHub (never to a viewer on the runner's loopback).
	local args=(review --markdown --repo "$REPO" --link-base "${RECVIEW_BASE:-}")
	if [ -n "${PR_NUMBER:-}" ]; then
		# Rows link to the viewer's review of the pull request at each pair.
		[[ $PR_NUMBER =~ ^[0-9]{1,9}$ ]] || die "PR_NUMBER must be a number, not '$PR_NUMBER'"
		args+=(--pr "$PR_NUMBER")
	fi
	if [ -n "${FAIL_ON:-}" ]; then
		args+=(--fail-on "$FAIL_ON")
	fi
	"${RECVIEW:-recview}" "${args[@]}" "$BASE_SHA" "$HEAD_SHA" >"$out/comment.md" || status=$?
	case $status in
	0|1) ;;
	*) die "recview review failed (exit $status)" ;;
	esac
	if [ -n "${PR_NUMBER:-}" ]; then
		printf '%s\n' "$PR_NUMBER" >"$out/pr-number"
	fi
	printf '%s\n' "$HEAD_SHA" >"$out/head-sha"
	echo "review-comment.sh: wrote $out/comment.md ($(wc -c <"$out/comment.md") bytes)"
}

# runPR prints the pull request of the workflow_run event at
# GITHUB_EVENT_PATH: the run's own pull request, else the open one of the
# run's head repository and branch whose head is the run's head commit
# (GitHub lists no pull request in the run of a fork's). The artifact the
# run uploaded is the fork's to write: the number never comes from it.
runPR() {
	local gh=${GH:-gh} sha n owner branch
	sha=$(runField head_sha) || exit 2
	[[ $sha =~ ^[0-9a-f]{40}$ ]] || die "the workflow_run event has no head commit"
	n=$(runField 'pull_requests[0].number') || exit 2
	if [ -z "$n" ]; then
		owner=$(runField head_repository.owner.login) || exit 2
		[[ $owner =~ ^[A-Za-z0-9-]+$ ]] || die "the workflow_run event has no head repository owner"
		branch=$(runBranch) || exit 2
		n=$("$gh" api "repos/$REPO/pulls?state=open&head=$owner:$branch" --jq ".[] | select(.head.sha == \"$sha\") | .number" | sed -n 1p) ||
			die "cannot look up the pull request of $owner:$branch in $REPO (GitHub refused: see gh's message above)"
	fi
	[[ $n =~ ^[1-9][0-9]{0,9}$ ]] || die "no open pull request of $REPO has the workflow run's head commit $sha"
	printf '%s %s\n' "$n" "$sha"
}

post() {
	local body=$out/comment.md number=${PR_NUMBER:-}
	if [ "$mode" = post ] && [ "${GITHUB_EVENT_NAME:-}" = workflow_run ]; then
		# OUT comes from the pull request's run, which a fork controls:
		# the pull request is the event's, and what OUT says of it must
		# agree (pr-number, head-sha) or nothing is posted.
		local found sha
		found=$(runPR) || exit 2
		number=${found% *} sha=${found#* }
		if [ -f "$out/pr-number" ] && [ "$(head -n1 "$out/pr-number")" != "$number" ]; then
			die "the artifact names pull request '$(head -c 40 "$out/pr-number" | head -n1)', the workflow run is #$number's: not posted"
		fi
		if [ -f "$out/head-sha" ] && [ "$(head -n1 "$out/head-sha")" != "$sha" ]; then
			die "the artifact was made at another commit than the workflow run's $sha: not posted"
		fi
	elif [ -z "$number" ] && [ -f "$out/pr-number" ]; then
		number=$(head -n1 "$out/pr-number")
	fi
	[[ $number =~ ^[1-9][0-9]{0,9}$ ]] || die "not a pull request number: '$number'"
	[ -f "$body" ] || die "no $body"
	[ "$(head -n1 "$body")" = "$MARKER" ] || die "$body does not start with $MARKER"
	[ "$(wc -c <"$body")" -le "$MAX_BODY" ] || die "$body is longer than GitHub's $MAX_BODY characters"
	# The comment to update is ours: the marker's, by the login the
	# token belongs to. COMMENT_AUTHOR says it; else the API is asked
	# (a personal access token); else it is the workflow's own token's
	# bot (/user refuses that token). A GitHub App's token needs
	# COMMENT_AUTHOR (APPNAME[bot]).
	local gh=${GH:-gh} id author=${COMMENT_AUTHOR:-}
	if [ -z "$author" ]; then
		author=$("$gh" api user --jq .login 2>/dev/null) || author='github-actions[bot]'
	fi
	local login='^[][A-Za-z0-9._-]+$'
	[[ $author =~ $login ]] || die "bad COMMENT_AUTHOR '$author'"
	# A failed gh call exits 2 with what failed (gh's own message above
	# it): its own status, 1, is FAIL_ON's.
	id=$("$gh" api --paginate "repos/$REPO/issues/$number/comments" \
		--jq ".[] | select(.user.login == \"$author\" and (.body | startswith(\"$MARKER\"))) | .id" | sed -n 1p) ||
		die "cannot list the comments of #$number in $REPO (GitHub refused: see gh's message above)"
	if [ -n "$id" ]; then
		[[ $id =~ ^[0-9]+$ ]] || die "bad comment id '$id'"
		"$gh" api --method PATCH "repos/$REPO/issues/comments/$id" -F "body=@$body" >/dev/null ||
			die "cannot update comment $id on #$number in $REPO (GitHub refused: see gh's message above)"
		echo "review-comment.sh: updated comment $id on #$number"
	else
		"$gh" api --method POST "repos/$REPO/issues/$number/comments" -F "body=@$body" >/dev/null ||
			die "cannot comment on #$number in $REPO (GitHub refused: see gh's message above)"
		echo "review-comment.sh: commented on #$number"
	fi
}

case $mode in
review) review ;;
post) post ;;
all) review; post ;;
esac
exit "$status"
