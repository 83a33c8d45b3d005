//go:build tools

// Package tools pins the Pulumi CLI as a build dependency of this wrapper module.
package tools

import _ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
