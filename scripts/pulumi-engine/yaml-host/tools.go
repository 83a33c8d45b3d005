//go:build tools

// Package tools pins the YAML language host as a build dependency of this wrapper module.
package tools

import _ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
