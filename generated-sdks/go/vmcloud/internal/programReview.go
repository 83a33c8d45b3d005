// Whole-program review at preview for Go programs (hand-written, beside the generated SDK).
//
// The provider's check of one resource sees only that resource's inputs, and during a preview
// the id of a resource the program has not made yet is unknown: `Subnet: net.ID()` reaches the
// provider as an unknown value. The TypeScript classes therefore send, with each resource, the
// facts the provider's rules need of every other vmcloud resource of the program that one of its
// inputs refers to by id (`__program`: sdk/program-facts.ts and
// provider/resources/program/program-input.ts of the npm package). This file does the same for
// Go programs: every vmcloud resource is registered with one transformation (the package's
// default resource options), which sees its inputs before they are sent, remembers what it
// declared (the reference facts: a disk's zone, a subnet's range, never a secret), and adds
// `__program` to the inputs of a resource that refers by `<resource>.ID()` to one declared
// before it. The provider takes that input off in its check: it is never recorded, compared or
// sent to the service. See docs/api-decisions/program-review.md of the npm package.

package internal

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"sync"

	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

// reviewTables is what a reference to each kind carries, and which kinds take the input:
// written by scripts/generate-sdks.sh from provider/rules/references.ts and
// provider/type-tokens.ts.
const reviewTables = `{"facts":{"Disk":["name","availabilityZone"],"Vm":["name","availabilityZone"],"FreeTierVm":["name","availabilityZone"],"Subnet":["name","availabilityZone","address","prefixLength","defaultGateway"],"SecurityGroup":["name","availabilityZone"],"ExternalIp":["name","availabilityZone"],"PlacementGroup":["name","policy"],"NatGateway":["name","availabilityZone","vpcId"],"NetworkInterface":["name","availabilityZone","subnet","ipAddress"]},"resources":["Disk","DiskAttachment","ExternalIp","FreeTierVm","Image","NatGateway","NetworkInterface","PlacementGroup","SecurityGroup","SecurityGroupRule","Subnet","Vm","VmBackup"]}`

const typePrefix = "vmcloud:index:"

// maxDepth is how deep into the inputs references are looked for
// (a VM's interfaces[0].securityGroups[0] is 3).
const maxDepth = 4

var identifier = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

var idOutputType = reflect.TypeOf(pulumi.IDOutput{})

// declaredResource is a vmcloud resource of the program as references to it describe it.
type declaredResource struct {
	resource pulumi.CustomResource
	typeName string
	name     string
	facts    pulumi.Map
}

var review struct {
	sync.Mutex
	tables struct {
		Facts     map[string][]string `json:"facts"`
		Resources []string            `json:"resources"`
	}
	resources map[string]bool
	declared  []*declaredResource
}

func init() {
	if err := json.Unmarshal([]byte(reviewTables), &review.tables); err != nil {
		panic(fmt.Sprintf("vmcloud: the program review's tables: %v", err))
	}
	review.resources = map[string]bool{}
	for _, name := range review.tables.Resources {
		review.resources[name] = true
	}
}

// programReview is the option every vmcloud resource is registered with (PkgResourceDefaultOpts).
var programReview = pulumi.Transformations([]pulumi.ResourceTransformation{reviewProgram})

// inputFields are the inputs of an `…Args` struct that are given, by their schema names (the
// `pulumi` tags of the struct, or of its element type's fields of the same names: a resource's
// `…Args` carries none itself).
func inputFields(value reflect.Value) map[string]pulumi.Input {
	var tagged reflect.Type
	if value.IsValid() && value.CanInterface() {
		if input, ok := value.Interface().(pulumi.Input); ok && input != nil {
			element := input.ElementType()
			for element.Kind() == reflect.Pointer {
				element = element.Elem()
			}
			if element.Kind() == reflect.Struct {
				tagged = element
			}
		}
	}
	for value.Kind() == reflect.Pointer || value.Kind() == reflect.Interface {
		if value.IsNil() {
			return nil
		}
		value = value.Elem()
	}
	if value.Kind() != reflect.Struct {
		return nil
	}
	fields := map[string]pulumi.Input{}
	for i := 0; i < value.NumField(); i++ {
		declared := value.Type().Field(i)
		tag := declared.Tag.Get("pulumi")
		if tag == "" && tagged != nil {
			if element, ok := tagged.FieldByName(declared.Name); ok {
				tag = element.Tag.Get("pulumi")
			}
		}
		tag = strings.Split(tag, ",")[0]
		if tag == "" || !value.Field(i).CanInterface() {
			continue
		}
		field := value.Field(i)
		if (field.Kind() == reflect.Interface || field.Kind() == reflect.Pointer ||
			field.Kind() == reflect.Slice || field.Kind() == reflect.Map) && field.IsNil() {
			continue
		}
		if input, ok := field.Interface().(pulumi.Input); ok {
			fields[tag] = input
		}
	}
	return fields
}

// propertyPath writes `keys` as the provider does: `interfaces[0].subnet`.
func propertyPath(keys []interface{}) string {
	var out strings.Builder
	for i, key := range keys {
		switch k := key.(type) {
		case int:
			fmt.Fprintf(&out, "[%d]", k)
		case string:
			switch {
			case !identifier.MatchString(k):
				fmt.Fprintf(&out, "[%q]", k)
			case i == 0:
				out.WriteString(k)
			default:
				out.WriteString("." + k)
			}
		}
	}
	return out.String()
}

// find is the declared resource whose `ID()` output `value` is (the output itself).
func find(value reflect.Value) *declaredResource {
	if value.Type() != idOutputType {
		return nil
	}
	given := value.Interface().(pulumi.IDOutput)
	for _, d := range review.declared {
		if id := d.resource.ID(); id.OutputState != nil && id == given {
			return d
		}
	}
	return nil
}

// references finds every input under `value` given as a declared resource's id, by path.
func references(value reflect.Value, keys []interface{}, found pulumi.Map, depth int) {
	for value.Kind() == reflect.Interface {
		if value.IsNil() {
			return
		}
		value = value.Elem()
	}
	if !value.IsValid() {
		return
	}
	if d := find(value); d != nil {
		found[propertyPath(keys)] = pulumi.Map{
			"typeName": pulumi.String(d.typeName),
			"name":     pulumi.String(d.name),
			"facts":    d.facts,
		}
		return
	}
	if depth >= maxDepth {
		return
	}
	switch value.Kind() {
	case reflect.Slice, reflect.Array:
		for i := 0; i < value.Len(); i++ {
			references(value.Index(i), append(append([]interface{}{}, keys...), i), found, depth+1)
		}
	case reflect.Pointer, reflect.Struct:
		for key, item := range inputFields(value) {
			references(reflect.ValueOf(item), append(append([]interface{}{}, keys...), key), found, depth+1)
		}
	}
}

// reviewProgram remembers what each vmcloud resource declares, and adds the program input to
// one that refers to a resource declared before it.
func reviewProgram(args *pulumi.ResourceTransformationArgs) *pulumi.ResourceTransformationResult {
	typeName, ok := strings.CutPrefix(args.Type, typePrefix)
	if !ok || !review.resources[typeName] {
		return nil
	}
	fields := inputFields(reflect.ValueOf(args.Props))
	if fields == nil {
		return nil
	}
	review.Lock()
	defer review.Unlock()
	facts := pulumi.Map{}
	for _, key := range review.tables.Facts[typeName] {
		if value, ok := fields[key]; ok {
			facts[key] = value
		}
	}
	if resource, ok := args.Resource.(pulumi.CustomResource); ok {
		review.declared = append(review.declared, &declaredResource{resource, typeName, args.Name, facts})
	}
	refs := pulumi.Map{}
	for key, value := range fields {
		references(reflect.ValueOf(value), []interface{}{key}, refs, 1)
	}
	if len(refs) == 0 {
		return nil
	}
	props := pulumi.Map{}
	for key, value := range fields {
		props[key] = value
	}
	props["__program"] = pulumi.Map{"name": pulumi.String(args.Name), "refs": refs}
	return &pulumi.ResourceTransformationResult{Props: props, Opts: args.Opts}
}
