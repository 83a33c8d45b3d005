package main

// The program mode of sdkgen: a Pulumi program in PCL (what `pulumi convert --from yaml
// --language pcl` writes) bound against the package's schema and written as a Python and a Go
// program by the same Pulumi release's program generators that `pulumi convert --language
// python|go` runs. The CLI cannot do that last step here: it asks the language hosts
// (GenerateProject), and the hosts this project can build predate that call. Used by
// scripts/docs-examples.mjs for the docs' examples.
//
//	sdkgen -schema schema.json -program DIR [-python-program FILE] [-go-program FILE]

import (
	"context"
	"fmt"
	"os"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// generatePrograms binds the PCL program in dir against pkg and writes its Python program
// (`__main__.py`) to pythonOut and its Go program (`main.go`) to goOut, each when given.
func generatePrograms(pkg *schema.Package, dir, pythonOut, goOut string) error {
	program, diags, err := pcl.BindDirectory(dir, onePackage{pkg})
	if err := reported(dir, diags, err); err != nil {
		return err
	}
	type target struct {
		out, file string
		generate  func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error)
	}
	for _, t := range []target{
		{pythonOut, "__main__.py", python.GenerateProgram},
		{goOut, "main.go", gogen.GenerateProgram},
	} {
		if t.out == "" {
			continue
		}
		files, diags, err := t.generate(program)
		if err := reported(t.file, diags, err); err != nil {
			return err
		}
		text, ok := files[t.file]
		if !ok {
			return fmt.Errorf("the program generator wrote no %s", t.file)
		}
		if err := os.WriteFile(t.out, text, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// reported prints each diagnostic and fails on an error or an error diagnostic.
func reported(what string, diags hcl.Diagnostics, err error) error {
	for _, d := range diags {
		fmt.Fprintf(os.Stderr, "sdkgen: %s: %s\n", what, d.Error())
	}
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if diags.HasErrors() {
		return fmt.Errorf("%s: %d errors above", what, len(diags.Errs()))
	}
	return nil
}

// onePackage loads the package the schema describes, and refuses any other.
type onePackage struct{ pkg *schema.Package }

func (l onePackage) get(name string) (*schema.Package, error) {
	if name != l.pkg.Name {
		return nil, refused(name)
	}
	return l.pkg, nil
}

func (l onePackage) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	return l.get(name)
}

func (l onePackage) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.get(d.Name)
}

func (l onePackage) LoadPackageReference(name string, _ *semver.Version) (schema.PackageReference, error) {
	pkg, err := l.get(name)
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}

func (l onePackage) LoadPackageReferenceV2(
	_ context.Context, d *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}
