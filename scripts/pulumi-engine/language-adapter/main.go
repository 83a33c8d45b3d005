// Command pulumi-language-nodejs is vmcloud's adapter in front of the Node.js language host
// that scripts/pulumi-engine.sh builds from github.com/pulumi/pulumi/sdk/v3 v3.68.0, the last
// release of that host the Go module proxy serves (see docs/engine.md).
//
// That old host falls short of the current CLI and SDK in two ways:
//   - it predates LanguageRuntime.RunPlugin, which current CLIs use to start Node.js policy
//     packs: `pulumi preview --policy-pack <dir>` fails with
//     "could not read plugin [<dir>]: not supported";
//   - it runs programs behind its own proxy of the engine's resource monitor, which forwards
//     only the calls that existed in 2023, so newer SDK features fail: a program calling
//     pulumi.runtime.registerResourceTransform dies with an unhandled "unimplemented" error
//     (the same goes for resource hooks and parameterized packages). It also reads runtime
//     options (typescript, nodeargs, tsconfig) from flags the current CLI no longer passes.
//
// This adapter is what the CLI starts as its `pulumi-language-nodejs`:
//   - it starts the old host (pulumi-language-nodejs-legacy, next to this binary) with the same
//     arguments and forwards every gRPC call it does not handle itself to it, unchanged, byte
//     for byte (plugin discovery, dependency listing, `pulumi about`, installs...);
//   - it answers Run itself, the way current hosts do: it runs @pulumi/pulumi/cmd/run (resolved
//     from the program's directory) with the engine's real monitor address, so the SDK talks to
//     the engine directly, and takes the runtime options from the request's program info;
//   - it answers RunPlugin itself for policy packs (kind "analyzer"), the way CLIs did before
//     RunPlugin existed: it runs the pulumi-analyzer-policy launcher (next to this binary) in
//     the policy pack's directory with the engine address and the pack's entry point, and
//     streams the pack's stdout, stderr and exit code back to the CLI.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/google/shlex"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

const (
	legacyHostName = "pulumi-language-nodejs-legacy"
	policyLauncher = "pulumi-analyzer-policy"
	maxMessageSize = 400 * 1024 * 1024 // the CLI's own limit for plugin messages
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs (vmcloud adapter): %v\n", err)
		os.Exit(1)
	}
}

func run() error {
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("locating this executable: %w", err)
	}
	if resolved, err := filepath.EvalSymlinks(self); err == nil {
		self = resolved
	}
	binDir := filepath.Dir(self)

	// Start the old host with our arguments (flags, then the engine address). It shares our
	// process group, so the CLI's interrupt of the plugin's group reaches it too.
	legacy := exec.Command(filepath.Join(binDir, legacyHostName), os.Args[1:]...)
	legacy.Stderr = os.Stderr
	// An os.Pipe rather than StdoutPipe: Wait must not close the end we keep reading.
	legacyOut, legacyOutWriter, err := os.Pipe()
	if err != nil {
		return err
	}
	legacy.Stdout = legacyOutWriter
	if err := legacy.Start(); err != nil {
		return fmt.Errorf("starting %s: %w", legacyHostName, err)
	}
	_ = legacyOutWriter.Close() // the child holds its own copy
	legacyDone := make(chan error, 1)
	go func() { legacyDone <- legacy.Wait() }()

	// Its first stdout line is its port; everything after that is program output that the CLI
	// expects on our stdout.
	reader := bufio.NewReader(legacyOut)
	portLine, err := reader.ReadString('\n')
	if err != nil {
		_ = legacy.Process.Kill()
		return fmt.Errorf("reading the port of %s: %w (output %q)", legacyHostName, err, portLine)
	}
	legacyPort, err := strconv.Atoi(strings.TrimSpace(portLine))
	if err != nil {
		_ = legacy.Process.Kill()
		return fmt.Errorf("%s printed %q instead of a port", legacyHostName, portLine)
	}

	conn, err := grpc.NewClient(
		"127.0.0.1:"+strconv.Itoa(legacyPort),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(
			grpc.MaxCallRecvMsgSize(maxMessageSize),
			grpc.MaxCallSendMsgSize(maxMessageSize),
		),
	)
	if err != nil {
		_ = legacy.Process.Kill()
		return err
	}
	defer conn.Close()

	a := &adapter{
		binDir:  binDir,
		backend: conn,
		engine:  engineAddress(os.Args[1:]),
		tracing: tracingEndpoint(os.Args[1:]),
	}
	server := grpc.NewServer(
		grpc.ForceServerCodec(passthroughCodec{}),
		grpc.UnknownServiceHandler(a.forward),
		grpc.MaxRecvMsgSize(maxMessageSize),
		grpc.MaxSendMsgSize(maxMessageSize),
	)
	server.RegisterService(&runPluginService, a)

	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		_ = legacy.Process.Kill()
		return err
	}
	served := make(chan error, 1)
	go func() { served <- server.Serve(listener) }()

	// Tell the CLI where we are, then pass the old host's remaining output through.
	fmt.Printf("%d\n", listener.Addr().(*net.TCPAddr).Port)
	go func() { _, _ = io.Copy(os.Stdout, reader) }()

	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)

	select {
	case err := <-legacyDone:
		// The old host exits when the engine goes away; so do we.
		server.Stop()
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			os.Exit(exitErr.ExitCode())
		}
		return err
	case sig := <-signals:
		_ = legacy.Process.Signal(sig)
		stopWithin(server, 5*time.Second)
		select {
		case <-legacyDone:
		case <-time.After(5 * time.Second):
			_ = legacy.Process.Kill()
		}
		return nil
	case err := <-served:
		_ = legacy.Process.Kill()
		return err
	}
}

func stopWithin(server *grpc.Server, limit time.Duration) {
	done := make(chan struct{})
	go func() { server.GracefulStop(); close(done) }()
	select {
	case <-done:
	case <-time.After(limit):
		server.Stop()
	}
}

type adapter struct {
	binDir  string
	backend *grpc.ClientConn
	engine  string // the engine's gRPC address, the last argument the CLI gave us
	tracing string // the tracing endpoint the CLI gave us, if any
}

// runPluginService registers only LanguageRuntime.Run and RunPlugin; every other method of the
// service (and every other service) goes to the unknown-service handler, which forwards it.
var runPluginService = grpc.ServiceDesc{
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

// engineAddress picks the engine address out of the plugin arguments the CLI builds:
// optional logging/tracing flags (--logtostderr, -v=N, --tracing <endpoint>) then the address.
func engineAddress(args []string) string {
	var positional []string
	for i := 0; i < len(args); i++ {
		switch arg := args[i]; {
		case arg == "--tracing" || arg == "-tracing":
			i++ // skip its value
		case strings.HasPrefix(arg, "-"):
		default:
			positional = append(positional, arg)
		}
	}
	if len(positional) == 0 {
		return ""
	}
	return positional[len(positional)-1]
}

// tracingEndpoint returns the value of a --tracing flag among the CLI's arguments.
func tracingEndpoint(args []string) string {
	for i, arg := range args {
		switch {
		case (arg == "--tracing" || arg == "-tracing") && i+1 < len(args):
			return args[i+1]
		case strings.HasPrefix(arg, "--tracing="):
			return strings.TrimPrefix(arg, "--tracing=")
		case strings.HasPrefix(arg, "-tracing="):
			return strings.TrimPrefix(arg, "-tracing=")
		}
	}
	return ""
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

// forward relays one call of any kind (unary or streaming) to the old host unchanged.
func (a *adapter) forward(_ any, in grpc.ServerStream) error {
	method, ok := grpc.MethodFromServerStream(in)
	if !ok || !strings.HasPrefix(method, "/") {
		return status.Error(codes.Unimplemented, "unknown method")
	}
	ctx, cancel := context.WithCancel(in.Context())
	defer cancel()
	md, _ := metadata.FromIncomingContext(ctx)
	outMD := metadata.MD{}
	for k, v := range md {
		if !strings.HasPrefix(k, ":") {
			outMD[k] = v
		}
	}
	ctx = metadata.NewOutgoingContext(ctx, outMD)

	out, err := a.backend.NewStream(ctx,
		&grpc.StreamDesc{ClientStreams: true, ServerStreams: true}, method,
		grpc.ForceCodec(passthroughCodec{}))
	if err != nil {
		return err
	}

	// Caller -> old host.
	go func() {
		for {
			f := &frame{}
			if err := in.RecvMsg(f); err != nil {
				_ = out.CloseSend()
				return
			}
			if err := out.SendMsg(f); err != nil {
				return
			}
		}
	}()

	// Old host -> caller.
	headerSent := false
	for {
		f := &frame{}
		if err := out.RecvMsg(f); err != nil {
			in.SetTrailer(out.Trailer())
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		if !headerSent {
			if header, err := out.Header(); err == nil {
				_ = in.SendHeader(header)
			}
			headerSent = true
		}
		if err := in.SendMsg(f); err != nil {
			return err
		}
	}
}

// frame carries a message's encoded bytes through the proxy without decoding them.
type frame struct{ payload []byte }

// passthroughCodec passes frames through as raw bytes and encodes everything else (the
// RunPlugin messages this adapter handles itself) as protobuf.
type passthroughCodec struct{}

func (passthroughCodec) Marshal(v any) ([]byte, error) {
	if f, ok := v.(*frame); ok {
		return f.payload, nil
	}
	m, ok := v.(proto.Message)
	if !ok {
		return nil, fmt.Errorf("cannot encode %T", v)
	}
	return proto.Marshal(m)
}

func (passthroughCodec) Unmarshal(data []byte, v any) error {
	if f, ok := v.(*frame); ok {
		f.payload = append([]byte(nil), data...)
		return nil
	}
	m, ok := v.(proto.Message)
	if !ok {
		return fmt.Errorf("cannot decode into %T", v)
	}
	return proto.Unmarshal(data, m)
}

func (passthroughCodec) Name() string { return "proto" }
