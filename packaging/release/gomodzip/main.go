// Command gomodzip writes one version of a Go module as a Go module proxy serves it, into a
// folder that `GOPROXY=file://<folder>` reads: <module>/@v/<version>.zip (made by
// golang.org/x/mod/zip, which checks the module's files as the go command does), .mod, .info
// and list. packaging/release/go-proxy.mjs runs it for the generated Go SDK.
//
//	gomodzip -module <path> -version <vX.Y.Z> -dir <module folder> -out <proxy folder>
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/mod/module"
	modzip "golang.org/x/mod/zip"
)

func main() {
	path := flag.String("module", "", "the module path")
	version := flag.String("version", "", "the version, vX.Y.Z")
	dir := flag.String("dir", "", "the folder holding the module's go.mod")
	out := flag.String("out", "", "the proxy folder to write into")
	flag.Parse()
	if err := write(*path, *version, *dir, *out); err != nil {
		fmt.Fprintf(os.Stderr, "gomodzip: %v\n", err)
		os.Exit(1)
	}
}

func write(path, version, dir, out string) error {
	mod := module.Version{Path: path, Version: version}
	if err := module.Check(path, version); err != nil {
		return err
	}
	escaped, err := module.EscapePath(path)
	if err != nil {
		return err
	}
	at := filepath.Join(out, filepath.FromSlash(escaped), "@v")
	if err := os.MkdirAll(at, 0o755); err != nil {
		return err
	}
	zipFile, err := os.Create(filepath.Join(at, version+".zip"))
	if err != nil {
		return err
	}
	if err := modzip.CreateFromDir(zipFile, mod, dir); err != nil {
		zipFile.Close()
		return err
	}
	if err := zipFile.Close(); err != nil {
		return err
	}
	goMod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(at, version+".mod"), goMod, 0o644); err != nil {
		return err
	}
	info, err := json.Marshal(struct {
		Version string
		Time    string
	}{version, time.Now().UTC().Format(time.RFC3339)})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(at, version+".info"), info, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(at, "list"), []byte(version+"\n"), 0o644)
}
