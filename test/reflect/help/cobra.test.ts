import { describe, expect, it } from 'vitest';
import { parseCobra, globalOptionsCommand } from '../../../src/reflect/help/cobra.js';
import { helpText, optionLines, positionalLines } from './summary.js';

describe('parsing kubectl help (cobra, kubectl layout)', () => {
  const root = parseCobra(helpText('cobra/kubectl.txt'), { path: ['kubectl'] });
  const get = parseCobra(helpText('cobra/kubectl-get.txt'), { path: ['kubectl', 'get'] });

  it('when subcommands are grouped under headings like "Basic Commands (Beginner):" then all of them are listed, in order', () => {
    const names = root.subcommands.map((entry) => entry.name);
    expect(names.slice(0, 6)).toEqual(['create', 'expose', 'run', 'set', 'explain', 'get']);
    expect(names).toHaveLength(42); // 4 + 4 + 3 + 7 + 10 + 6 + 3 + 5 under eight headings
    expect(names).toEqual(expect.arrayContaining(['cluster-info', 'port-forward', 'api-resources', 'config', 'version']));
    expect(root.subcommands.find((entry) => entry.name === 'get')?.description).toBe('Display one or many resources');
  });

  it('when the root shows no options and points to "kubectl options" then the crawler is told where the global flags are', () => {
    expect(root.options).toEqual([]);
    expect(globalOptionsCommand(helpText('cobra/kubectl.txt'))).toEqual(['options']);
    expect(globalOptionsCommand(helpText('cobra/docker.txt'))).toBeUndefined();
  });

  it('when options are written `--flag=default:` then the default gives the type and booleans can be turned off', () => {
    expect(optionLines(get.options)).toEqual([
      'all-namespaces: --all-namespaces boolean =false off:--all-namespaces=false',
      'allow-missing-template-keys: --allow-missing-template-keys boolean =true off:--allow-missing-template-keys=false',
      'chunk-size: --chunk-size integer =500',
      'field-selector: --field-selector string',
      'filename: --filename string repeatable',
      'ignore-not-found: --ignore-not-found boolean =false off:--ignore-not-found=false',
      'kustomize: --kustomize string',
      'label-columns: --label-columns string repeatable',
      'no-headers: --no-headers boolean =false off:--no-headers=false',
      'output: --output string',
      'output-watch-events: --output-watch-events boolean =false off:--output-watch-events=false',
      'raw: --raw string',
      'recursive: --recursive boolean =false off:--recursive=false',
      'selector: --selector string',
      'server-print: --server-print boolean =true off:--server-print=false',
      'show-kind: --show-kind boolean =false off:--show-kind=false',
      'show-labels: --show-labels boolean =false off:--show-labels=false',
      'show-managed-fields: --show-managed-fields boolean =false off:--show-managed-fields=false',
      'sort-by: --sort-by string',
      'subresource: --subresource string',
      'template: --template string',
      'watch: --watch boolean =false off:--watch=false',
      'watch-only: --watch-only boolean =false off:--watch-only=false',
    ]);
    expect(get.options.find((option) => option.name === 'selector')?.description).toMatch(/^Selector \(label query\) to filter on/);
  });

  it('when the usage line is too tangled to name its arguments then the command takes any arguments', () => {
    expect(positionalLines(get.positionals)).toBe('[args...]');
  });

  it('when a command has examples and a long description then both are kept, pointers to other help dropped', () => {
    expect(get.description).toMatch(/^Display one or many resources\.\n\nPrints a table of the most important information/);
    expect(get.description).not.toContain('kubectl api-resources');
    expect(get.examples?.split('\n').slice(0, 2)).toEqual(['# List all pods in ps output format', 'kubectl get pods']);
  });

  it("when kubectl lists values as \"One of 'yaml' or 'json'\" then they become the option's choices", () => {
    const version = parseCobra(helpText('cobra/kubectl-version.txt'), { path: ['kubectl', 'version'] });
    expect(optionLines(version.options)).toEqual(['client: --client boolean =false off:--client=false', 'output: --output string {yaml|json}']);
  });

  it('when a group names its subcommand SUBCOMMAND in the usage then it has no positionals of its own', () => {
    const config = parseCobra(helpText('cobra/kubectl-config.txt'), { path: ['kubectl', 'config'] });
    expect(config.positionals).toEqual([]);
    expect(config.subcommands.map((entry) => entry.name)).toContain('use-context');
  });

  it('when "kubectl options" prints the flags every command takes then they are global, with kubectl defaults', () => {
    const options = parseCobra(helpText('cobra/kubectl-options.txt'), { path: ['kubectl', 'options'] });
    expect(options.options).toEqual([]);
    const lines = optionLines(options.globalOptions);
    expect(lines).toHaveLength(27);
    expect(lines).toEqual(expect.arrayContaining([
      'namespace: --namespace string',
      'as-group: --as-group string repeatable',
      'cache-dir: --cache-dir string ="/root/.kube/cache"',
      'request-timeout: --request-timeout string ="0"',
      'v: --v integer =0',
      'profile: --profile string {none|cpu|heap|goroutine|threadcreate|block|mutex}',
    ]));
  });
});

describe('parsing docker help (cobra, pflag layout)', () => {
  it('when options print pflag types and "(default …)" then types, defaults and quoted choices are read', () => {
    const ps = parseCobra(helpText('cobra/docker-ps.txt'), { path: ['docker', 'ps'] });
    expect(ps.description).toBe('List containers');
    expect(optionLines(ps.options)).toEqual([
      'all: --all boolean off:--all=false',
      'filter: --filter string',
      'format: --format string',
      'last: --last integer =-1',
      'latest: --latest boolean off:--latest=false',
      'no-trunc: --no-trunc boolean off:--no-trunc=false',
      'quiet: --quiet boolean off:--quiet=false',
      'size: --size boolean off:--size=false',
    ]);
  });

  it('when the root lists "Global Options:" then those are global, and every "… Commands:" heading is read', () => {
    const docker = parseCobra(helpText('cobra/docker.txt'), { path: ['docker'] });
    expect(docker.options).toEqual([]);
    expect(optionLines(docker.globalOptions)).toEqual(expect.arrayContaining([
      'config: --config string ="/root/.docker"',
      'host: --host string repeatable',
      'log-level: --log-level string {debug|info|warn|error|fatal} ="info"',
      'tlsverify: --tlsverify boolean off:--tlsverify=false',
    ]));
    expect(docker.subcommands.map((entry) => entry.name)).toEqual(expect.arrayContaining(['run', 'container', 'swarm', 'wait']));
    expect(docker.subcommands).toHaveLength(57); // 12 common + 11 management + 6 swarm + 28 others
    expect(docker.description).toBe('A self-sufficient runtime for containers');
  });

  it('when a child lists "Global Flags:" then they are reported apart from its own flags', () => {
    const text = ['Display things', '', 'Usage:', '  app get [flags]', '', 'Flags:', '  -h, --help          help for get', '      --limit int     At most (default 10)', '', 'Global Flags:', '      --config string   config file'].join('\n');
    const page = parseCobra(text, { path: ['app', 'get'] });
    expect(optionLines(page.options)).toEqual(['limit: --limit integer =10']);
    expect(optionLines(page.globalOptions)).toEqual(['config: --config string']);
  });
});
