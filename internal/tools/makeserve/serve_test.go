//go:build unix

package makeserve

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// root is the module's root folder.
var root = filepath.Join("..", "..", "..")

// basics are the commands, besides go, that make serve's recipes may run:
// make and the shell, and the coreutils the Makefile uses.
var basics = []string{"make", "bash", "sh", "rm", "mkdir", "cp", "chmod"}

// goWant is go.mod's go line: the Go version the Makefile asks for.
func goWant(t *testing.T) string {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "go "); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatal("go.mod has no go line")
	return ""
}

// pathOf makes a folder of links to the commands named, found in this
// PATH (goBin: the go command, "" for none), and returns it: the PATH of a
// machine that has nothing else.
func pathOf(t *testing.T, goBin string) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range basics {
		p, err := exec.LookPath(name)
		if err != nil {
			t.Fatalf("no %s here (make test's machine has it): %v", name, err)
		}
		if err := os.Symlink(p, filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	if goBin != "" {
		if err := os.Symlink(goBin, filepath.Join(dir, "go")); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// env is this process's environment with PATH set to path.
func env(path string) []string {
	var e []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PATH=") && !strings.HasPrefix(kv, "MAKEFLAGS=") && !strings.HasPrefix(kv, "MFLAGS=") {
			e = append(e, kv)
		}
	}
	return append(e, "PATH="+path)
}

// copyModule copies what the site is built from into a new folder: the
// module without its VCS folder, build outputs and test data.
func copyModule(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	skip := map[string]bool{".git": true, "build": true, "dist": true, "bin": true, "testdata": true, "node_modules": true, "screenshots": true}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() {
			if skip[d.Name()] && rel != "." {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestServeNoAptGet: make serve (and make dist) would run no apt-get and
// not make deps, the tests' tools.
func TestServeNoAptGet(t *testing.T) {
	for _, target := range []string{"serve", "dist"} {
		cmd := exec.Command("make", "-n", target)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("make -n %s: %v\n%s", target, err, out)
		}
		if bytes.Contains(out, []byte("apt-get")) || bytes.Contains(out, []byte("make deps")) {
			t.Errorf("make -n %s runs apt-get (make deps):\n%s", target, out)
		}
		if !bytes.Contains(out, []byte("go build")) {
			t.Errorf("make -n %s builds nothing:\n%s", target, out)
		}
	}
}

// TestServeGoAlone runs make serve in a copy of the module with a PATH of
// Go, make, bash and the coreutils the recipes use, and nothing else (no
// git, apt-get, gcc, brotli): the site is built and served, its page and
// app.wasm answered with the headers of netlify.toml.
func TestServeGoAlone(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go here: %v", err)
	}
	dir := copyModule(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, port, _ := net.SplitHostPort(addr)

	ctx, cancel := context.WithTimeout(context.Background(), 9*time.Minute)
	defer cancel()
	cmd := exec.Command("make", "serve", "PORT="+port)
	cmd.Dir = dir
	cmd.Env = env(pathOf(t, goBin))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait(); pw.Close() }()
	defer func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) // make, go run and the server
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
	}()

	var log strings.Builder
	serving := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if strings.HasPrefix(sc.Text(), "recview: serving dist at http://"+addr) {
				serving <- true
			}
		}
		close(serving)
	}()
	select {
	case ok := <-serving:
		if !ok {
			t.Fatalf("make serve stopped before serving:\n%s", log.String())
		}
	case <-ctx.Done():
		t.Fatalf("make serve did not serve in time:\n%s", log.String())
	}

	get := func(path string) *http.Response {
		t.Helper()
		for range 50 { // the server listens a moment after it says so
			resp, err := http.Get("http://" + addr + path)
			if err == nil {
				resp.Body.Close()
				return resp
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("GET %s: no answer", path)
		return nil
	}
	if resp := get("/"); resp.StatusCode != 200 || resp.Header.Get("Content-Security-Policy") == "" {
		t.Errorf("GET /: %s, CSP %q; want 200 with netlify.toml's headers", resp.Status, resp.Header.Get("Content-Security-Policy"))
	}
	wasms, _ := filepath.Glob(filepath.Join(dir, "dist", "v", "*", "web", "app.wasm"))
	if len(wasms) != 1 {
		t.Fatalf("dist holds %d app.wasm, want 1", len(wasms))
	}
	rel, _ := filepath.Rel(filepath.Join(dir, "dist"), wasms[0])
	if resp := get("/" + filepath.ToSlash(rel)); resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("GET %s: %s, %q; want 200, application/wasm", rel, resp.Status, resp.Header.Get("Content-Type"))
	}
}

// TestServeNamesGo: without Go, or with one older than go.mod's, make
// serve stops at once with an error that names the version needed.
func TestServeNamesGo(t *testing.T) {
	want := "make: Go " + goWant(t) + " or later is needed (go.mod's go line)"
	old := filepath.Join(t.TempDir(), "go")
	fake := "#!/bin/sh\ncase \"$1\" in env) echo go1.20.14;; version) echo go version go1.20.14 linux/amd64;; *) exit 3;; esac\n"
	if err := os.WriteFile(old, []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, goBin := range map[string]string{"no Go": "", "Go 1.20": old} {
		t.Run(name, func(t *testing.T) {
			cmd := exec.Command("make", "serve")
			cmd.Dir = root
			cmd.Env = env(pathOf(t, goBin))
			out, err := cmd.CombinedOutput()
			if err == nil || !strings.Contains(string(out), want) {
				t.Errorf("make serve: %v\n%s\nwant it to fail with %q", err, out, want)
			}
			if strings.Contains(string(out), "go build") {
				t.Errorf("make serve went on to build:\n%s", out)
			}
		})
	}
}
