/**
 * The command rules of the kubectl and git presets, each with its reason. `exclude` where the command
 * hands the model a new endpoint, credential or local program (no approval prompt explains that well);
 * `destructive` where it is legitimate but hard to undo or acts with the user's full power.
 */
import type { CommandRule } from './command-policy.js';

const rule = (command: string, action: CommandRule['action'], reason: string): CommandRule => Object.freeze({ command, action, reason });

export const KUBECTL_COMMANDS: readonly CommandRule[] = Object.freeze([
  rule('config set', 'exclude', 'it writes any kubeconfig field: a cluster\'s server (the token then goes there), insecure-skip-tls-verify, an exec credential plugin'),
  rule('config set-cluster', 'exclude', 'it points a cluster at another server or CA, or turns TLS verification off: the configured credentials would be sent there'),
  rule('config set-credentials', 'exclude', 'it writes credentials, including exec plugins (--exec-command) that kubectl runs as local programs on the next call'),
  rule('config unset', 'exclude', 'removing a field changes which credential or CA kubectl uses (unset a token and an exec plugin runs instead)'),
  // Pairing existing clusters and users is what the denied --cluster/--user flags do, made permanent.
  rule('config set-context', 'exclude', 'it pairs a configured user with another cluster (or the reverse), a pairing the user never made, for every later call'),
  rule('config use-context', 'destructive', 'it changes the current context for the user\'s own later kubectl commands too'),
  rule('config use', 'destructive', 'it changes the current context for the user\'s own later kubectl commands too'),
  rule('config rename-context', 'destructive', 'it renames a context the user\'s scripts and habits refer to'),
  rule('config delete-cluster', 'destructive', 'it deletes kubeconfig entries that cannot be restored'),
  rule('config delete-context', 'destructive', 'it deletes kubeconfig entries that cannot be restored'),
  rule('config delete-user', 'destructive', 'it deletes credentials that cannot be restored'),
  rule('proxy', 'exclude', 'it opens a local port through which any local process uses the user\'s credentials'),
  rule('edit', 'exclude', 'it runs the local editor (KUBE_EDITOR, EDITOR), a program of the environment\'s choosing'),
  rule('plugin', 'exclude', 'it lists and points at local plugin programs, which kubectl runs as subcommands'),
  rule('port-forward', 'destructive', 'it opens a local port into the cluster, reachable by any local process until the call times out'),
  rule('cp', 'destructive', 'it writes local files from a container (confine paths to keep it in the working directory)'),
  // exec, attach and debug act inside running workloads (their secrets, their service account), not here.
  // Not run: it creates a pod, no more than `create`/`apply`, which stay "write".
  rule('exec', 'destructive', 'it runs a command inside a container with the user\'s cluster permissions'),
  rule('attach', 'destructive', 'it connects to a running container\'s input'),
  rule('debug', 'destructive', 'it starts debugging containers; on a node, one with the host\'s filesystem'),
]);

export const GIT_COMMANDS: readonly CommandRule[] = Object.freeze([
  rule('bisect run', 'exclude', 'it runs the given command at each step'),
  rule('submodule foreach', 'exclude', 'it runs the given shell command in each submodule'),
  rule('filter-branch', 'exclude', 'its filters (--tree-filter, --msg-filter, …) are shell commands'),
  rule('filter-repo', 'exclude', 'its callbacks are Python code'),
  rule('hook', 'exclude', 'it runs hooks by name'),
  rule('credential', 'exclude', 'it prints or stores the user\'s saved passwords'),
  rule('credential-store', 'exclude', 'it prints or stores the user\'s saved passwords'),
  rule('credential-cache', 'exclude', 'it prints or stores the user\'s saved passwords'),
  rule('send-email', 'exclude', 'it sends mail through a local program or server'),
  rule('daemon', 'exclude', 'it serves repositories over the network'),
  rule('instaweb', 'exclude', 'it starts a web server and a browser'),
  rule('web--browse', 'exclude', 'it starts a browser'),
  rule('difftool', 'exclude', 'it runs external diff programs'),
  rule('mergetool', 'exclude', 'it runs external merge programs'),
  rule('config edit', 'exclude', 'it starts an editor, a program of the user\'s choosing'),
  rule('push', 'destructive', 'it publishes commits to a remote: others see them at once'),
  rule('restore', 'destructive', 'it overwrites uncommitted changes'),
  rule('checkout', 'destructive', 'with paths it overwrites uncommitted changes'),
  // Not switch: it keeps uncommitted changes unless --force/--discard-changes, and rules here cannot read flags.
]);
