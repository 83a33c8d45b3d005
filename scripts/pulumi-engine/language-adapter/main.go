// Command language-adapter is vmcloud's adapter in front of the old language hosts that
// scripts/pulumi-engine.sh builds from github.com/pulumi/pulumi/sdk/v3 (Node.js v3.68.0, Python
// v3.79.0, Go v3.66.0): the last releases of those hosts the Go module proxy serves (see
// docs/engine.md). It is installed under each host's name (`pulumi-language-nodejs`,
// `pulumi-language-python`, `pulumi-language-go`), with the old host beside it as
// `pulumi-language-<language>-legacy`, and takes its language from the name it is run by.
//
// It starts the old host with the same arguments and forwards every gRPC call it does not
// handle itself to it, unchanged, byte for byte (plugin discovery, dependency listing, `pulumi
// about`, installs, and Run for Python and Go). What it handles itself, by language:
//   - Node.js (nodejs.go): Run and RunPlugin for policy packs. The old host predates RunPlugin,
//     which current CLIs use to start Node.js policy packs (`pulumi preview --policy-pack <dir>`
//     fails with "could not read plugin [<dir>]: not supported"), and runs programs behind its
//     own proxy of the engine's resource monitor, which forwards only the calls of 2023
//     (pulumi.runtime.registerResourceTransform dies with "unimplemented"); it also reads
//     runtime options from flags the current CLI no longer passes.
//   - Python and Go (codegen.go): GenerateProgram, which both old hosts lack, so that `pulumi
//     import` (and `pulumi convert`) write the program code in their language, with the code
//     generators of the CLI's own release.
package main

import (
	"bufio"
	"context"
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
	"syscall"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

const maxMessageSize = 400 * 1024 * 1024 // the CLI's own limit for plugin messages

// handledCalls are the LanguageRuntime calls the adapter answers itself, by language; every
// other call goes to the old host.
var handledCalls = map[string]grpc.ServiceDesc{
	"nodejs": nodejsCalls,
	"python": codegenCalls,
	"go":     codegenCalls,
}

func main() {
	// The name the CLI ran us by (a hard link of this binary per language).
	name := filepath.Base(os.Args[0])
	if err := run(name); err != nil {
		fmt.Fprintf(os.Stderr, "%s (vmcloud adapter): %v\n", name, err)
		os.Exit(1)
	}
}

func run(name string) error {
	language := strings.TrimPrefix(name, "pulumi-language-")
	calls, ok := handledCalls[language]
	if !ok {
		return fmt.Errorf("run it as pulumi-language-<language>, one of nodejs, python, go (not %s)", name)
	}
	legacyHostName := name + "-legacy"
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
		language: language,
		binDir:   binDir,
		backend:  conn,
		engine:   engineAddress(os.Args[1:]),
		tracing:  tracingEndpoint(os.Args[1:]),
	}
	server := grpc.NewServer(
		grpc.ForceServerCodec(passthroughCodec{}),
		grpc.UnknownServiceHandler(a.forward),
		grpc.MaxRecvMsgSize(maxMessageSize),
		grpc.MaxSendMsgSize(maxMessageSize),
	)
	server.RegisterService(&calls, a)

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
	language string // nodejs, python or go: the host it stands in front of
	binDir   string
	backend  *grpc.ClientConn
	engine   string // the engine's gRPC address, the last argument the CLI gave us
	tracing  string // the tracing endpoint the CLI gave us, if any
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
