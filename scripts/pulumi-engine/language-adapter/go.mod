// Wrapper module for vmcloud's Node.js language host adapter (main.go): it forwards every
// call to the v3.68.0 host built by ../nodejs-host and adds the RunPlugin call current CLIs
// need for Node.js policy packs. It uses the SDK release that matches the CLI (../cli).
module vmcloud.local/pulumi-engine/nodejs-adapter

go 1.26.6

require (
	github.com/google/shlex v0.0.0-20191202100458-e7afc7fbc510
	github.com/pulumi/pulumi/sdk/v3 v3.274.1
	google.golang.org/grpc v1.83.2
	google.golang.org/protobuf v1.36.11
)

require (
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260803160001-6ac0973c030d // indirect
)
