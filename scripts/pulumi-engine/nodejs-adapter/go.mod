// Wrapper module for vmcloud's Node.js language host adapter (main.go): it forwards every
// call to the v3.68.0 host built by ../nodejs-host and adds the RunPlugin call current CLIs
// need for Node.js policy packs. It uses the SDK release that matches the CLI (../cli).
module vmcloud.local/pulumi-engine/nodejs-adapter

go 1.25.11

require (
	github.com/google/shlex v0.0.0-20191202100458-e7afc7fbc510
	github.com/pulumi/pulumi/sdk/v3 v3.259.0
	google.golang.org/grpc v1.82.1
	google.golang.org/protobuf v1.36.11
)

require (
	golang.org/x/net v0.57.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/text v0.40.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260414002931-afd174a4e478 // indirect
)
