// The quickstart as a Java program: one VM with a boot disk, in a subnet of its own, behind a
// security group that lets SSH in from one network only.
package quickstart;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.vmcloud.vmcloud.SecurityGroup;
import com.vmcloud.vmcloud.SecurityGroupArgs;
import com.vmcloud.vmcloud.Subnet;
import com.vmcloud.vmcloud.SubnetArgs;
import com.vmcloud.vmcloud.Vm;
import com.vmcloud.vmcloud.VmArgs;
import com.vmcloud.vmcloud.inputs.SecurityGroupRuleSpecArgs;
import com.vmcloud.vmcloud.inputs.VmBootDiskArgs;
import com.vmcloud.vmcloud.inputs.VmInterfaceArgs;

public final class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    private static void stack(Context ctx) {
        // Defaults live in Pulumi.yaml; `pulumi config set sshCidr 198.51.100.0/24` changes one.
        var config = ctx.config();
        var sshCidr = config.require("sshCidr");
        var zone = config.require("zone");

        var subnet = new Subnet("subnet", SubnetArgs.builder()
            .name("quickstart-java")
            .address("10.14.0.0/24")
            .availabilityZone(zone)
            .build());

        var ssh = new SecurityGroup("ssh", SecurityGroupArgs.builder()
            .name("quickstart-java-ssh")
            .description("SSH from one network; anything out")
            .availabilityZone(zone)
            .rules(
                SecurityGroupRuleSpecArgs.builder()
                    .direction("ingress")
                    .protocol("tcp")
                    .portRange("22:22")
                    .remoteIpPrefix(sshCidr)
                    .description("SSH")
                    .build(),
                SecurityGroupRuleSpecArgs.builder()
                    .direction("egress")
                    .protocol("any")
                    .remoteIpPrefix("0.0.0.0/0")
                    .build())
            .build());

        var vm = new Vm("vm", VmArgs.builder()
            .name("quickstart-java")
            .flavor(config.require("flavor"))
            .image(config.require("image"))
            .availabilityZone(zone)
            .bootDisk(VmBootDiskArgs.builder().size(20).diskType("SSD").build())
            .interfaces(VmInterfaceArgs.builder()
                .subnet(subnet.id())
                .securityGroups(Output.all(ssh.id()))
                .build())
            .build());

        ctx.export("vmId", vm.id());
        ctx.export("vmState", vm.state());
        ctx.export("privateIp", vm.privateIp());
    }
}
