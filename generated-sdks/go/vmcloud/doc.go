// Virtual machines, disks, subnets, security groups, external IPs and placement groups of the VM cloud, with its one-shot operations
package vmcloud
