module github.com/vmcloud/pulumi-vmcloud/packaging/release/gomodzip

go 1.26.0

require golang.org/x/mod v0.42.0
