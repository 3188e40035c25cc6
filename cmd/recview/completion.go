package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// completion prints the shell completion script of shell (bash, zsh or
// fish) that cobra writes for root: the commands after "recview", a
// command's flags after "-", the values of the flags that take a few
// (--panel, --fail-on), file names otherwise. The scripts ask the
// program itself (`recview __complete ARGS…`), so that they never lag
// behind its commands and flags. Exit 2 for another shell.
//
// Install: bash, `source <(recview completion bash)` (or the output in
// /etc/bash_completion.d/recview; it needs the bash-completion
// package); zsh, `source <(recview completion zsh)` after compinit;
// fish, `recview completion fish > ~/.config/fish/completions/recview.fish`.
func completion(root *cobra.Command, args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: recview completion bash|zsh|fish")
		return exitError{2}
	}
	switch args[0] {
	case "bash":
		return root.GenBashCompletionV2(stdout, true)
	case "zsh":
		return root.GenZshCompletion(stdout)
	case "fish":
		return root.GenFishCompletion(stdout, true)
	}
	fmt.Fprintf(stderr, "recview: completion: %q: want bash, zsh or fish\n", args[0])
	return exitError{2}
}
