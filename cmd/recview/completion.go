package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// completion prints the shell completion script of shell (bash, zsh or
// fish) to stdout: the commands after "recview", then each command's
// flags after "-" and file names otherwise. The scripts are written from
// the commands and their flag sets, so that they never lag behind.
// Exit 2 for another shell.
//
// Install: bash, `source <(recview completion bash)` (or the output in
// /etc/bash_completion.d/recview); zsh, `source <(recview completion
// zsh)` (bash's completion through zsh's bashcompinit); fish, `recview
// completion fish > ~/.config/fish/completions/recview.fish`.
func completion(args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: recview completion bash|zsh|fish")
		return exitError{2}
	}
	cmds := make([]string, 0, len(commandHelp)+3)
	for c := range commandHelp {
		cmds = append(cmds, c)
	}
	cmds = append(cmds, "help", "version")
	slices.Sort(cmds)
	var b strings.Builder
	switch args[0] {
	case "bash", "zsh":
		if args[0] == "zsh" {
			b.WriteString("autoload -U +X bashcompinit && bashcompinit\n")
		}
		b.WriteString("_recview() {\n\tlocal cur=${COMP_WORDS[COMP_CWORD]} flags=\n")
		fmt.Fprintf(&b, "\tif [ \"$COMP_CWORD\" -eq 1 ]; then\n\t\tCOMPREPLY=($(compgen -W %q -- \"$cur\"))\n\t\treturn\n\tfi\n", strings.Join(cmds, " "))
		b.WriteString("\tcase ${COMP_WORDS[1]} in\n")
		fmt.Fprintf(&b, "\thelp) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", strings.Join(cmds, " "))
		b.WriteString("\tcompletion) COMPREPLY=($(compgen -W \"bash zsh fish\" -- \"$cur\")); return ;;\n")
		for _, c := range cmds {
			if f := flagNames(c); len(f) > 0 {
				fmt.Fprintf(&b, "\t%s) flags=%q ;;\n", c, strings.Join(f, " "))
			}
		}
		b.WriteString("\tesac\n\tif [[ $cur == -* ]]; then\n\t\tCOMPREPLY=($(compgen -W \"$flags --help\" -- \"$cur\"))\n\telse\n\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n\tfi\n}\ncomplete -o filenames -F _recview recview\n")
	case "fish":
		b.WriteString("complete -c recview -f\n")
		for _, c := range cmds {
			what := ""
			if h, ok := commandHelp[c]; ok {
				what, _, _ = strings.Cut(h.what, ".")
			}
			fmt.Fprintf(&b, "complete -c recview -n __fish_use_subcommand -a %s -d %s\n", fishQuote(c), fishQuote(what))
		}
		for _, c := range cmds {
			for _, f := range flagNames(c) {
				fmt.Fprintf(&b, "complete -c recview -n %s -l %s\n", fishQuote("__fish_seen_subcommand_from "+c), strings.TrimPrefix(f, "--"))
			}
			if _, ok := commandHelp[c]; ok {
				fmt.Fprintf(&b, "complete -c recview -n %s -F\n", fishQuote("__fish_seen_subcommand_from "+c))
			}
		}
		fmt.Fprintf(&b, "complete -c recview -n %s -a %s\n", fishQuote("__fish_seen_subcommand_from help"), fishQuote(strings.Join(cmds, " ")))
		fmt.Fprintf(&b, "complete -c recview -n %s -a 'bash zsh fish'\n", fishQuote("__fish_seen_subcommand_from completion"))
	default:
		fmt.Fprintf(stderr, "recview: completion: %q: want bash, zsh or fish\n", args[0])
		return exitError{2}
	}
	_, err := io.WriteString(stdout, b.String())
	return err
}

// fishQuote quotes s for fish, in single quotes.
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}
