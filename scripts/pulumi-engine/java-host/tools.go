//go:build tools

// Package tools pins the Java language host and the Java SDK generator as build dependencies of
// this wrapper module.
package tools

import (
	_ "github.com/pulumi/pulumi-java/pkg/cmd/pulumi-java-gen"
	_ "github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java"
)
