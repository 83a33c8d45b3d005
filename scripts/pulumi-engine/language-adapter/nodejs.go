// What the adapter answers itself for Node.js: Run, with the engine's own resource monitor, and
// RunPlugin for policy packs (see main.go).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"github.com/google/shlex"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

const policyLauncher = "pulumi-analyzer-policy"

// nodejsCalls registers only LanguageRuntime.Run and RunPlugin; every other method of the
// service (and every other service) goes to the unknown-service handler, which forwards it.
var nodejsCalls = grpc.ServiceDesc{
	ServiceName: "pulumirpc.LanguageRuntime",
	HandlerType: (*any)(nil),
	Methods: []grpc.MethodDesc{{
		MethodName: "Run",
		Handler: func(srv any, ctx context.Context, dec func(any) error, _ grpc.UnaryServerInterceptor) (any, error) {
			req := new(pulumirpc.RunRequest)
			if err := dec(req); err != nil {
				return nil, err
			}
			return srv.(*adapter).run(ctx, req)
		},
	}},
	Streams: []grpc.StreamDesc{{
		StreamName:    "RunPlugin",
		ServerStreams: true,
		Handler: func(srv any, stream grpc.ServerStream) error {
			req := new(pulumirpc.RunPluginRequest)
			if err := stream.RecvMsg(req); err != nil {
				return err
			}
			return srv.(*adapter).runPlugin(req, stream)
		},
	}},
}

// nodeExitedAfterReportingError is the exit code @pulumi/pulumi/cmd/run uses when it has
// already shown the user an error: the CLI then adds nothing ("bail").
const nodeExitedAfterReportingError = 32

// run runs a Node.js program as current language hosts do, with the engine's own monitor.
func (a *adapter) run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return nil, status.Errorf(codes.FailedPrecondition, "could not find node on the $PATH: %v", err)
	}
	dir := req.GetInfo().GetProgramDirectory()
	if dir == "" {
		dir = req.GetPwd()
	}
	runPath := os.Getenv("PULUMI_LANGUAGE_NODEJS_RUN_PATH")
	if runPath == "" {
		runPath = "@pulumi/pulumi/cmd/run"
	}
	resolve := exec.CommandContext(ctx, nodeBin, "-e",
		"process.stdout.write(require.resolve(process.argv[1]))", runPath)
	resolve.Dir = dir
	resolved, err := resolve.Output()
	if err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf(
			"could not resolve %s from %s: it looks like the Pulumi SDK has not been installed; "+
				"have you run npm install?", runPath, dir)}, nil
	}

	options := req.GetInfo().GetOptions().AsMap()
	typescript := true
	if v, ok := options["typescript"].(bool); ok {
		typescript = v
	}
	var args []string
	if nodeargs, ok := options["nodeargs"].(string); ok && nodeargs != "" {
		if args, err = shlex.Split(nodeargs); err != nil {
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("invalid nodeargs %q: %v", nodeargs, err)}, nil
		}
	}
	args = append(args, string(resolved))
	flag := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	flag("monitor", req.GetMonitorAddress())
	flag("engine", a.engine)
	flag("organization", req.GetOrganization())
	flag("project", req.GetProject())
	flag("stack", req.GetStack())
	flag("pwd", req.GetPwd())
	flag("root-directory", req.GetInfo().GetRootDirectory())
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if req.GetParallel() != 0 {
		flag("parallel", strconv.Itoa(int(req.GetParallel())))
	}
	flag("tracing", a.tracing)
	program := req.GetProgram() //nolint:staticcheck // the CLI still sets it to the entry point
	if program == "" {
		program = req.GetInfo().GetEntryPoint()
	}
	if program == "" {
		program = "."
	}
	args = append(args, program)
	args = append(args, req.GetArgs()...)

	config, err := json.Marshal(req.GetConfig())
	if err != nil {
		return nil, err
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	secretKeysJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(),
		"PULUMI_CONFIG="+string(config),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeysJSON),
		"PULUMI_NODEJS_TYPESCRIPT="+strconv.FormatBool(typescript),
	)
	if tsconfig, ok := options["tsconfig"].(string); ok && tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+tsconfig)
	}

	cmd := exec.Command(nodeBin, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			return &pulumirpc.RunResponse{Error: fmt.Sprintf(
				"Problem executing program (could not run language executor): %v", err)}, nil
		}
		if exitErr.ExitCode() == nodeExitedAfterReportingError {
			return &pulumirpc.RunResponse{Bail: true}, nil
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf(
			"Program exited with non-zero exit code: %d", exitErr.ExitCode())}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}

// runPlugin starts a Node.js policy pack through the pulumi-analyzer-policy launcher.
func (a *adapter) runPlugin(req *pulumirpc.RunPluginRequest, stream grpc.ServerStream) error {
	if req.GetKind() != "analyzer" {
		return status.Errorf(codes.Unimplemented,
			"the Node.js language host built by vmcloud's scripts/pulumi-engine.sh runs only policy packs "+
				"as plugins, not %q plugins (see docs/engine.md)", req.GetKind())
	}

	dir := req.GetInfo().GetProgramDirectory()
	if dir == "" {
		dir = req.GetPwd()
	}
	entry := req.GetInfo().GetEntryPoint()
	if entry == "" {
		entry = req.GetProgram() //nolint:staticcheck // the deprecated field is the older CLIs' way
	}
	if entry == "" {
		entry = "."
	}
	program := entry
	if !filepath.IsAbs(program) {
		program = filepath.Join(dir, entry)
	}

	engine := engineAddress(req.GetArgs())
	if engine == "" {
		return status.Errorf(codes.InvalidArgument, "RunPlugin: no engine address in arguments %q", req.GetArgs())
	}

	ctx := stream.Context()
	cmd := exec.CommandContext(ctx, filepath.Join(a.binDir, policyLauncher), engine, program)
	cmd.Dir = dir
	cmd.Env = req.GetEnv()
	if len(cmd.Env) == 0 {
		cmd.Env = os.Environ()
	}
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 5 * time.Second

	out := &streamOutput{stream: stream}
	cmd.Stdout = out.writer(false)
	cmd.Stderr = out.writer(true)

	code := int32(0)
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			return status.Errorf(codes.Internal, "running %s: %v", policyLauncher, err)
		}
		code = int32(exitErr.ExitCode())
	}
	if ctx.Err() != nil {
		return status.FromContextError(ctx.Err()).Err()
	}
	return out.send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: code}})
}

// streamOutput sends a process's stdout and stderr chunks as RunPluginResponse messages;
// a gRPC stream must not be written from two goroutines at once.
type streamOutput struct {
	mu     sync.Mutex
	stream grpc.ServerStream
}

func (o *streamOutput) send(msg *pulumirpc.RunPluginResponse) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.stream.SendMsg(msg)
}

type streamWriterFunc func([]byte) (int, error)

func (f streamWriterFunc) Write(b []byte) (int, error) { return f(b) }

func (o *streamOutput) writer(stderr bool) io.Writer {
	return streamWriterFunc(func(b []byte) (int, error) {
		chunk := append([]byte(nil), b...)
		msg := &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: chunk}}
		if stderr {
			msg = &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: chunk}}
		}
		if err := o.send(msg); err != nil {
			return 0, err
		}
		return len(b), nil
	})
}
