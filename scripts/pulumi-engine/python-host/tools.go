//go:build tools

// Package tools pins the Python language host as a build dependency of this wrapper module.
package tools

import _ "github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python"
