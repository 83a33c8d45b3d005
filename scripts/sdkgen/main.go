// Command sdkgen writes the Python and Go SDKs of a Pulumi package from its schema, with the
// code generators of github.com/pulumi/pulumi/pkg/v3 at the CLI's release
// (scripts/pulumi-engine/cli). `pulumi package gen-sdk` cannot do it here: it asks each
// language's host to generate, and the hosts this project can build predate that call.
// Built and cached by scripts/sdkgen.sh; see docs/engine.md.
//
//	sdkgen -schema schema.json [-python DIR] [-go DIR] [-overwrite] [-overlays DIR -tables FILE]
//	sdkgen -schema schema.json -program DIR [-python-program FILE] [-go-program FILE]
//
// The second form writes a program, not an SDK: see program.go.
//
// -overlays names a folder of hand-written files laid beside the generated code:
// python/*.py into the Python package (its __init__.py imports each), go/*.go into the Go
// module's internal package, whose package-level resource options (PkgResourceDefaultOpts) then
// start with the `programReview` option one of them defines. In each, the text @REVIEW_TABLES@
// is replaced with the contents of -tables (JSON). See docs/api-decisions/program-review.md.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// tool names this generator in the header of every generated file.
const tool = "vmcloud-sdkgen"

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "sdkgen: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	flags := flag.NewFlagSet("sdkgen", flag.ContinueOnError)
	schemaPath := flags.String("schema", "", "the package schema (JSON) to generate from")
	pythonDir := flags.String("python", "", "write the Python SDK into this folder")
	goDir := flags.String("go", "", "write the Go SDK into this folder")
	overwrite := flags.Bool("overwrite", false, "replace the output folders when they are not empty")
	programDir := flags.String("program", "", "a PCL program's folder, to write as programs (program.go)")
	pythonProgram := flags.String("python-program", "", "with -program: write its Python program here")
	goProgram := flags.String("go-program", "", "with -program: write its Go program here")
	overlayDir := flags.String("overlays", "", "a folder of hand-written python/*.py and go/*.go files to add")
	tablesPath := flags.String("tables", "", "JSON that replaces @REVIEW_TABLES@ in the overlays")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *programDir != "" {
		if *schemaPath == "" || (*pythonProgram == "" && *goProgram == "") {
			return errors.New("usage: sdkgen -schema schema.json -program DIR [-python-program FILE] [-go-program FILE]")
		}
		pkg, err := bind(*schemaPath)
		if err != nil {
			return err
		}
		return generatePrograms(pkg, *programDir, *pythonProgram, *goProgram)
	}
	if *schemaPath == "" || (*pythonDir == "" && *goDir == "") {
		return errors.New("usage: sdkgen -schema schema.json [-python DIR] [-go DIR] [-overwrite]")
	}

	pkg, err := bind(*schemaPath)
	if err != nil {
		return err
	}
	pyOverlays, goOverlays, err := overlays(*overlayDir, *tablesPath)
	if err != nil {
		return err
	}
	if *pythonDir != "" {
		files, err := python.GeneratePackage(tool, pkg, pyOverlays, noReferences{})
		if err != nil {
			return fmt.Errorf("generating the Python SDK: %w", err)
		}
		if err := write(*pythonDir, files, *overwrite); err != nil {
			return err
		}
	}
	if *goDir != "" {
		files, err := gogen.GeneratePackage(tool, pkg, nil)
		if err != nil {
			return fmt.Errorf("generating the Go SDK: %w", err)
		}
		if err := addGoOverlays(files, goOverlays); err != nil {
			return err
		}
		if err := write(*goDir, files, *overwrite); err != nil {
			return err
		}
	}
	return nil
}

// bind reads the schema and binds it, validated against Pulumi's metaschema: every problem is
// reported with the path of the property at fault, and any error stops the generation.
func bind(path string) (*schema.Package, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return nil, fmt.Errorf("%s is not a package schema: %w", path, err)
	}
	pkg, diags, err := schema.BindSpec(spec, noReferences{}, schema.ValidationOptions{})
	for _, d := range diags {
		severity := "warning"
		if d.Severity == hcl.DiagError {
			severity = "error"
		}
		message := d.Summary
		if d.Detail != "" {
			message += ": " + d.Detail
		}
		fmt.Fprintf(os.Stderr, "sdkgen: %s: %s: %s\n", path, severity, message)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("%s is not a valid package schema (%d errors above)", path, len(diags.Errs()))
	}
	return pkg, nil
}

// tablesToken is replaced in every overlay with the contents of -tables.
const tablesToken = "@REVIEW_TABLES@"

// overlays reads dir/python/*.py and dir/go/*.go (none when dir is empty), with tablesToken
// replaced by the contents of tablesPath.
func overlays(dir, tablesPath string) (py map[string][]byte, golang map[string][]byte, err error) {
	if dir == "" {
		return nil, nil, nil
	}
	tables, err := os.ReadFile(tablesPath)
	if err != nil {
		return nil, nil, fmt.Errorf("-overlays needs -tables: %w", err)
	}
	if !json.Valid(tables) {
		return nil, nil, fmt.Errorf("%s is not JSON", tablesPath)
	}
	read := func(sub, ext string) (map[string][]byte, error) {
		files := map[string][]byte{}
		entries, err := os.ReadDir(filepath.Join(dir, sub))
		if err != nil {
			return nil, err
		}
		for _, entry := range entries {
			if entry.IsDir() || filepath.Ext(entry.Name()) != ext {
				continue
			}
			text, err := os.ReadFile(filepath.Join(dir, sub, entry.Name()))
			if err != nil {
				return nil, err
			}
			files[entry.Name()] = []byte(strings.ReplaceAll(string(text), tablesToken, strings.TrimSpace(string(tables))))
		}
		return files, nil
	}
	if py, err = read("python", ".py"); err != nil {
		return nil, nil, err
	}
	if golang, err = read("go", ".go"); err != nil {
		return nil, nil, err
	}
	return py, golang, nil
}

// defaultOptions is the line of the generated PkgResourceDefaultOpts that the Go overlays extend.
const defaultOptions = "defaults := []pulumi.ResourceOption{}"

// addGoOverlays puts the Go overlays into the generated module's internal package and starts its
// package-level resource options with their `programReview` option.
func addGoOverlays(files map[string][]byte, overlays map[string][]byte) error {
	if len(overlays) == 0 {
		return nil
	}
	var utilities string
	for name := range files {
		if strings.HasSuffix(name, "/internal/pulumiUtilities.go") {
			utilities = name
		}
	}
	if utilities == "" || strings.Count(string(files[utilities]), defaultOptions) != 1 {
		return fmt.Errorf("the generated Go SDK has no single %q in internal/pulumiUtilities.go to extend", defaultOptions)
	}
	files[utilities] = []byte(strings.Replace(string(files[utilities]), defaultOptions,
		"defaults := []pulumi.ResourceOption{programReview}", 1))
	for name, text := range overlays {
		files[filepath.Join(filepath.Dir(utilities), name)] = text
	}
	return nil
}

// write puts the generated files (paths relative to the SDK's root) into dir.
func write(dir string, files map[string][]byte, overwrite bool) error {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		if !overwrite {
			return fmt.Errorf("%s is not empty: pass -overwrite to replace it with the generated SDK", dir)
		}
		// A regenerated SDK must not keep the files of resources that left the schema.
		if err := os.RemoveAll(dir); err != nil {
			return err
		}
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		target := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, files[name], 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "sdkgen: wrote %d files into %s\n", len(names), dir)
	return nil
}

// noReferences is the loader of a self-contained schema: a schema that refers to types of
// another package is refused with its name, since no plugin can be asked for that schema here.
type noReferences struct{}

func (noReferences) LoadPackage(pkg string, version *semver.Version) (*schema.Package, error) {
	return nil, refused(pkg)
}

func (noReferences) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, refused(d.Name)
}

func (noReferences) LoadPackageReference(pkg string, version *semver.Version) (schema.PackageReference, error) {
	return nil, refused(pkg)
}

func (noReferences) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, refused(d.Name)
}

func refused(pkg string) error {
	return fmt.Errorf("the schema refers to the package %q: sdkgen generates only from self-contained schemas", pkg)
}
