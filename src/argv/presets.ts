/**
 * Ready-made argv policies for CLIs people commonly wrap. Each denies the flags that would let the model
 * change where the CLI connects, whose credentials it uses, run other programs, write outside the
 * working tree, or (docker) gain host privileges; kubectl and git also govern commands (commands.ts).
 * Out of scope, by design:
 * - rules on values (`--network=host` vs `--network=mynet`): a flag is denied whatever its value;
 * - file reads through values (`--body-file`, `-F x=@file`, `--from-file`): `confinePaths` or a sandbox;
 * - dangerous subcommands of docker and gh (`docker cp`, `gh auth token`): leave them out with selectors.
 * Copy a preset and edit it when its trade-offs do not suit you.
 */
import type { ArgvPolicy } from './argv-policy.js';
import { GIT_COMMANDS, KUBECTL_COMMANDS } from './preset-commands.js';
import { gitConfigKeys, gitExtTransport } from './git-checks.js';

/** The deny lists, each entry with the reason it is there. */
export const ARGV_PRESETS: Readonly<Record<'kubectl' | 'git' | 'docker' | 'gh', ArgvPolicy>> = Object.freeze({
  /**
   * kubectl (cobra/pflag: exact names only). `--context` stays allowed: it picks one of the contexts the
   * user already configured, with no new endpoint or credential; narrow the kubeconfig to limit which.
   */
  kubectl: Object.freeze({
    abbreviations: false,
    denyFlags: Object.freeze([
      '--server', // another API server: kubectl would send the configured credentials there
      '-s', // short for --server
      '--kubeconfig', // another config, whose exec credential plugins run arbitrary commands
      '--kuberc', // another preferences file, which can rewrite commands' defaults and aliases
      '--token', // a bearer token the user did not configure
      '--username', // basic-auth identity
      '--password', // basic-auth identity
      '--as', // impersonation
      '--as-group', // impersonation
      '--as-uid', // impersonation
      '--client-certificate', // a client identity from any file
      '--client-key', // a client identity from any file
      '--certificate-authority', // trusts another CA: man-in-the-middle
      '--insecure-skip-tls-verify', // turns verification off: man-in-the-middle
      '--tls-server-name', // verifies the server against another name: man-in-the-middle
      '--cluster', // pairs a configured user with another cluster, a pairing the user never made
      '--user', // pairs a configured cluster with another identity, possibly more privileged
      '--profile-output', // writes the profile to any path, overwriting files
    ]),
    commands: KUBECTL_COMMANDS,
  }),
  /** git (parse-options accepts unique abbreviations of subcommand flags, so they are matched). */
  git: Object.freeze({
    honoursDoubleDash: false, // after `--` git reads paths (`git log -- main` is a file), so positionals go without it
    denyFlags: Object.freeze([
      '-c', // git -c / clone -c set any config: core.sshCommand, core.fsmonitor, alias.x=!cmd run commands
      '--config', // clone --config, same as above for the new repository
      '--config-env', // sets config from an environment variable, same as -c
      '-C', // runs in another directory, whose repository config and hooks may run commands
      '--git-dir', // another repository, same as -C
      '--work-tree', // another working tree: reads and writes outside the intended one
      '--exec-path', // where git finds its sub-programs: runs arbitrary binaries
      '--upload-pack', // fetch/clone/ls-remote run this command as the remote's upload-pack
      '-u', // clone/ls-remote short for --upload-pack (add -u and push -u have long forms)
      '--receive-pack', // push runs this command as the remote's receive-pack
      '--exec', // rebase --exec runs shell commands; push/ls-remote/archive --exec name a remote program
      '-x', // rebase -x and difftool -x run commands (costs cherry-pick -x and clean -x)
      '--extcmd', // difftool --extcmd runs a command
      '--open-files-in-pager', // grep -O<cmd> runs the given command as the pager
      '-O', // short for --open-files-in-pager (costs diff -O<orderfile>)
      '--template', // init/clone copy hooks from this directory, which later run
      '--separate-git-dir', // puts the repository at any path
      '--output', // diff/log/format-patch/archive write to any file, e.g. over ~/.bashrc
      '--output-directory', // format-patch writes into any directory
      '-o', // format-patch -o is --output-directory (clone -o, commit -o, push -o have long forms)
      '--no-index', // diff --no-index compares any two files on the machine: reads outside the repository
      // Not denied: --namespace only scopes refs within the same repository, and its abbreviation would
      // catch `submodule add --name`; --ext-diff runs only drivers the user's own config defines.
    ]),
    commands: GIT_COMMANDS,
    checks: Object.freeze([gitConfigKeys, gitExtTransport]),
    confinePaths: true, // paths resolve inside the working tree: `diff /outside/file /dev/null` is refused
  }),
  /** docker (cobra/pflag: exact names only). */
  docker: Object.freeze({
    abbreviations: false,
    denyFlags: Object.freeze([
      '--host', // another daemon: a remote one, or a rootful one
      '-H', // short for --host
      '--context', // picks the daemon endpoint, as --host does
      '-c', // short for --context (run -c has the long form --cpu-shares)
      '--config', // another client config: credential helpers and plugin directories run programs
      '--tlscacert', // trusts another CA for the daemon: man-in-the-middle
      '--tlscert', // another client identity
      '--tlskey', // another client identity
      '--tlsverify', // --tlsverify=false turns verification off
      '--privileged', // the container gets full access to the host
      '--cap-add', // kernel capabilities (SYS_ADMIN is nearly root on the host)
      '--security-opt', // seccomp/apparmor unconfined, no-new-privileges off
      '--device', // host devices (raw disks)
      '--device-cgroup-rule', // access to host devices by number
      '--volume', // mounts host paths: -v /:/host is the host's root filesystem
      '-v', // short for --volume (costs docker -v for --version)
      '--mount', // mounts host paths, same as --volume
      '--volumes-from', // mounts whatever another container mounted
      '--pid', // --pid=host sees and signals host processes
      '--ipc', // --ipc=host shares host shared memory
      '--network', // --network=host reaches every localhost-bound service (custom networks are lost too)
      '--net', // alias of --network
      '--uts', // --uts=host can change the host's hostname
      '--userns', // --userns=host turns user-namespace remapping off
      '--cgroupns', // --cgroupns=host exposes the host's cgroup tree
      '--allow', // buildx entitlements: network.host, security.insecure
      '--ssh', // build --ssh forwards the user's SSH agent, i.e. their keys
      '--secret', // build --secret src=… reads any host file into the build
    ]),
  }),
  /**
   * gh (cobra/pflag: exact names only). `--` is not enough: `gh repo clone`, `repo fork` and `gist clone`
   * forward positionals after it to `git clone` as flags (`--upload-pack`, `-c`), so none may start with `-`.
   * `-R/--repo` can also name a host (`HOST/OWNER/REPO`); that is a rule on a value, out of scope.
   */
  gh: Object.freeze({
    abbreviations: false,
    honoursDoubleDash: false,
    denyFlags: Object.freeze([
      '--hostname', // another host: with GH_ENTERPRISE_TOKEN allowed, gh would send that token to it
      '--output', // release download writes to any file, e.g. over ~/.bashrc
      '-O', // short for --output
      '--dir', // release/run download write into any directory
      '-D', // short for --dir
    ]),
  }),
});
