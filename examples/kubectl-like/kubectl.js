#!/usr/bin/env node
// A commander program that only *describes* a few kubectl commands. cli-mcp reflects it into typed
// tools, and each call runs the real kubectl binary:
//   npx cli-mcp wrap examples/kubectl-like/kubectl.js --exec kubectl
// Run directly, it prints the kubectl command it stands for.
import { Command, Option } from 'commander';

const hints = (command, annotations) => Object.assign(command, { [Symbol.for('cli-mcp.annotations')]: annotations });
const readOnly = { readOnlyHint: true, openWorldHint: true };
const show = (...words) => () => console.log(['kubectl', ...words, ...process.argv.slice(3)].join(' '));

const program = new Command('kubectl')
  .description('Inspect a Kubernetes cluster with kubectl (read-only commands).')
  .option('-n, --namespace <name>', 'the namespace to look in')
  .option('--context <name>', 'the kubeconfig context to use')
  .option('--request-timeout <duration>', 'give up on a server request after this long, e.g. 10s');

const output = () => new Option('-o, --output <format>', 'output format').choices(['json', 'yaml', 'wide', 'name']);

hints(
  program
    .command('get')
    .description('List resources of a kind, or one resource by name.')
    .argument('<kind>', 'resource kind, e.g. pods, deployments, services')
    .argument('[names...]', 'resource names')
    .addOption(output())
    .option('-l, --selector <query>', 'label selector, e.g. app=web')
    .option('-A, --all-namespaces', 'look in every namespace')
    .option('--show-labels', 'show labels as the last column')
    .addHelpText('after', '\nExamples:\n  kubectl get pods -n kube-system\n  kubectl get deployments -l app=web -o yaml')
    .action(show('get')),
  readOnly,
);

hints(
  program
    .command('describe')
    .description('Show details of a resource or a group of resources.')
    .argument('<kind>', 'resource kind')
    .argument('[name]', 'resource name (or a name prefix)')
    .option('-l, --selector <query>', 'label selector')
    .option('-A, --all-namespaces', 'look in every namespace')
    .action(show('describe')),
  readOnly,
);

hints(
  program
    .command('logs')
    .description('Print the logs of a container in a pod.')
    .argument('<pod>', 'pod name')
    .option('-c, --container <name>', 'container name')
    .option('--tail <lines>', 'lines of recent log to show', (value) => Number.parseInt(value, 10))
    .option('--since <duration>', 'only logs newer than this, e.g. 5m')
    .option('-p, --previous', 'logs of the previous, terminated container')
    .option('--timestamps', 'prefix each line with its timestamp')
    .action(show('logs')),
  readOnly,
);

hints(
  program
    .command('version')
    .description('Print the client and server versions.')
    .option('--client', 'the client version only (works without a cluster)')
    .addOption(output().choices(['json', 'yaml']))
    .action(show('version')),
  readOnly,
);

program.parse();
