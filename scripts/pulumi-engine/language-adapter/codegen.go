// What the adapter answers itself for Python and Go: GenerateProgram, which the old hosts lack
// (see main.go). `pulumi import` asks the project's language host to write the code of what it
// imported; `pulumi convert` too. The code generators are those of the CLI's own release.
package main

import (
	"context"
	"errors"
	"strings"

	"github.com/hashicorp/hcl/v2"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// programGenerators write a bound PCL program in each language the adapter generates for.
var programGenerators = map[string]func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error){
	"python": python.GenerateProgram,
	"go":     gogen.GenerateProgram,
}

// codegenCalls registers only LanguageRuntime.GenerateProgram; every other call is forwarded.
var codegenCalls = grpc.ServiceDesc{
	ServiceName: "pulumirpc.LanguageRuntime",
	HandlerType: (*any)(nil),
	Methods: []grpc.MethodDesc{{
		MethodName: "GenerateProgram",
		Handler: func(srv any, ctx context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
			req := new(pulumirpc.GenerateProgramRequest)
			if err := dec(req); err != nil {
				return nil, err
			}
			return srv.(*adapter).generateProgram(ctx, req)
		},
	}},
}

// generateProgram binds the PCL program with the package schemas the engine's loader serves and
// writes it in the adapter's language, as current language hosts do.
func (a *adapter) generateProgram(
	_ context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	generate, ok := programGenerators[a.language]
	if !ok {
		return nil, status.Errorf(codes.Unimplemented, "no program generator for %s", a.language)
	}
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, err
	}
	defer loader.Close()

	parser := syntax.NewParser()
	for path, contents := range req.GetSource() {
		if err := parser.ParseFile(strings.NewReader(contents), path); err != nil {
			return nil, err
		}
		if parser.Diagnostics.HasErrors() {
			return nil, parser.Diagnostics
		}
	}
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.GetStrict() {
		// What `pulumi import` asks for: references to parents and providers may stay unbound.
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	rpcDiags := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: rpcDiags}, nil
	}
	if program == nil {
		return nil, errors.New("the program bound to nothing")
	}
	files, diags, err := generate(program)
	if err != nil {
		return nil, err
	}
	rpcDiags = append(rpcDiags, plugin.HclDiagnosticsToRPCDiagnostics(diags)...)
	return &pulumirpc.GenerateProgramResponse{Source: files, Diagnostics: rpcDiags}, nil
}
