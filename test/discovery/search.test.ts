import { describe, expect, it } from 'vitest';
import { firstSentence, searchCommands, type SearchEntry } from '../../src/discovery/search.js';
import { abbreviates } from '../../src/discovery/search-words.js';

const GLOBAL_FLAGS = ['namespace', 'context', 'kubeconfig'];

function entry(words: string, description: string, optionNames: readonly string[] = []): SearchEntry {
  const path = ['kubectl', ...words.split(' ')];
  return { name: path.join('_'), path, description, optionNames: [...GLOBAL_FLAGS, ...optionNames] };
}

/** A kubectl-like list, in the order kubectl declares its commands. */
const kubectl: readonly SearchEntry[] = [
  entry('create', 'Create a resource from a file or from stdin.', ['filename', 'dry-run']),
  entry('create deployment', 'Create a deployment with the specified name.', ['image', 'replicas']),
  entry('create secret generic', 'Create a secret from a local file, directory, or literal value.', ['from-literal']),
  entry('get', 'Display one or many resources.', ['output', 'selector', 'all-namespaces', 'watch']),
  entry('describe', 'Show details of a specific resource or group of resources.', ['selector']),
  entry('logs', 'Print the logs for a container in a pod.', ['follow', 'container', 'tail']),
  entry('rollout history', 'View previous rollout revisions and configurations.', ['revision']),
  entry('rollout restart', 'Restart a resource.', ['selector']),
  entry('rollout status', 'Show the status of the rollout.', ['watch', 'timeout']),
  entry('config view', 'Display merged kubeconfig settings or a specified kubeconfig file.', ['minify', 'raw']),
  entry('config use-context', 'Set the current-context in a kubeconfig file.'),
  entry('config get-contexts', 'Display one or many contexts from the kubeconfig file.'),
  entry('delete', 'Delete resources by file names, stdin, resources and names, or by resources and label selector.', ['grace-period']),
  entry('apply', 'Apply a configuration to a resource by file name or stdin.', ['prune']),
  entry('exec', 'Execute a command in a container.', ['stdin', 'tty']),
  entry('port-forward', 'Forward one or more local ports to a pod.', ['address']),
  entry('scale', 'Set a new size for a deployment, replica set, or replication controller.', ['replicas']),
  entry('top pod', 'Display resource (CPU/memory) usage of pods.', ['containers']),
];

const names = (query: string, entries: readonly SearchEntry[] = kubectl) => searchCommands(entries, query).map((hit) => hit.entry.name);

describe('searchCommands', () => {
  it.each([
    ['rollout status', 'kubectl_rollout_status'],
    ['rollout_status', 'kubectl_rollout_status'],
    ['kubectl rollout status', 'kubectl_rollout_status'],
    ['kubectl_rollout_status', 'kubectl_rollout_status'],
    ['  ROLLOUT   Status ', 'kubectl_rollout_status'],
    ['status', 'kubectl_rollout_status'],
    ['port forward', 'kubectl_port-forward'],
    ['port-forward', 'kubectl_port-forward'],
    ['use context', 'kubectl_config_use-context'],
    ['config use-context', 'kubectl_config_use-context'],
    ['depl', 'kubectl_create_deployment'],
    ['logs', 'kubectl_logs'],
    ['show me the logs of a pod', 'kubectl_logs'],
    ['create', 'kubectl_create'],
    ['create secret', 'kubectl_create_secret_generic'],
    ['secret', 'kubectl_create_secret_generic'],
    ['exec', 'kubectl_exec'],
    ['execute a command', 'kubectl_exec'],
    ['cpu usage', 'kubectl_top_pod'],
    ['revisions', 'kubectl_rollout_history'],
    ['follow', 'kubectl_logs'],
    ['grace period', 'kubectl_delete'],
  ])('when the query is %j then %s comes first', (query, expected) => {
    expect(names(query)[0]).toBe(expected);
  });

  it('when the query names a command exactly then it ranks before the longer commands under it', () => {
    expect(names('create').slice(0, 3)).toEqual(['kubectl_create', 'kubectl_create_deployment', 'kubectl_create_secret_generic']);
  });

  it('when several commands match equally then they keep declaration order', () => {
    expect(names('rollout')).toEqual(['kubectl_rollout_history', 'kubectl_rollout_restart', 'kubectl_rollout_status']);
    expect(names('config').slice(0, 3)).toEqual(['kubectl_config_view', 'kubectl_config_use-context', 'kubectl_config_get-contexts']);
  });

  it('when a word is a path word of one command and in the description of another then the path word ranks first', () => {
    expect(names('deployment')).toEqual(['kubectl_create_deployment', 'kubectl_scale']);
  });

  it.each([
    ['a path word', 'a path prefix', { path: ['watch'] }, { path: ['watcher'] }],
    ['a path prefix', 'a description word', { path: ['watcher'] }, { description: 'Keep a watch on it.' }],
    ['a description word', 'a description prefix', { description: 'Keep a watch on it.' }, { description: 'Print the watchers.' }],
    ['a description prefix', 'a flag-name word', { description: 'Print the watchers.' }, { optionNames: ['watch-only'] }],
    ['a flag-name word', 'a flag-name prefix', { optionNames: ['watch-only'] }, { optionNames: ['watchers'] }],
  ])('when the query matches %s in one command and %s in another then the first ranks higher', (_, __, better: Partial<SearchEntry>, worse: Partial<SearchEntry>) => {
    const make = (name: string, extra: Partial<SearchEntry>): SearchEntry => ({ name, path: ['cli', name, ...(extra.path ?? [])], description: '', optionNames: [], ...extra });
    const entries = [make('worse', worse), make('better', better)];
    expect(names('watch', entries)).toEqual(['better', 'worse']);
  });

  it('when the query is empty or blank then every entry is returned in declaration order with score 0', () => {
    for (const query of ['', '   ', '--']) {
      const hits = searchCommands(kubectl, query);
      expect(hits.map((hit) => hit.entry)).toEqual(kubectl);
      expect(hits.every((hit) => hit.score === 0)).toBe(true);
    }
  });

  it('when no command matches any query word then the result is empty', () => {
    expect(searchCommands(kubectl, 'zebra')).toEqual([]);
  });

  it('when the query is only the root word then every command under it matches in declaration order', () => {
    expect(names('kubectl')).toEqual(kubectl.map((e) => e.name));
  });

  it('when the query holds common words then they do not widen the matches beyond the meaningful ones', () => {
    expect(names('show me the logs of a pod')).toEqual(names('logs pod'));
  });

  it('when the query is common words alone then they are taken at their word', () => {
    expect(names('show')).toEqual(['kubectl_describe', 'kubectl_rollout_status']);
  });

  it('when a query word has two letters then it prefix-matches path words only, and from three letters flag names too', () => {
    expect(names('fo')).toEqual(['kubectl_port-forward']);
    expect(names('fol')).toEqual(['kubectl_logs']);
    expect(names('po')).toEqual(['kubectl_port-forward', 'kubectl_top_pod']);
  });

  it('when the CLI is a single root command then its own name finds it', () => {
    const jq: SearchEntry = { name: 'jq', path: ['jq'], description: 'Command-line JSON processor.', optionNames: ['raw-output'] };
    expect(searchCommands([jq], 'jq')).toHaveLength(1);
  });

  it('when tool names carry a prefix in place of the root then the tool name still finds its command first', () => {
    const entries = kubectl.map((e) => ({ ...e, name: e.name.replace(/^kubectl/, 'k') }));
    expect(names('k_rollout_status', entries)[0]).toBe('k_rollout_status');
  });

  it('when an entry list is large then the search still finds the one command asked for', () => {
    const words = ['get', 'set', 'create', 'delete', 'list', 'update', 'rollout', 'status', 'config', 'user'];
    const entries: SearchEntry[] = Array.from({ length: 5_000 }, (_, i) => {
      const path = ['tool', words[i % 10] ?? '', words[Math.floor(i / 10) % 10] ?? '', `item${i}`];
      return { name: path.join('_'), path, description: `Manage the ${words[(i * 7) % 10]} resources of a cluster, e.g. pods.`, optionNames: ['namespace', `flag-${i}`] };
    });
    expect(names('rollout status item4976', entries)[0]).toBe('tool_rollout_status_item4976');
    expect(names('flag-123', entries)[0]).toBe('tool_delete_create_item123');
  });
});

/** Entries of a program `p`: [path below the root, description, details]. */
function cli(...commands: Array<[string, string, string?]>): SearchEntry[] {
  return commands.map(([words, description, details]) => {
    const path = ['p', ...words.split(' ')];
    return { name: path.join('_'), path, description, details, optionNames: [] };
  });
}

describe('searchCommands on words the program does not use', () => {
  const openssl = cli(
    ['pkcs12', 'PKCS#12 file command', 'Creates and parses PKCS#12 files; can encrypt the private key with a password.'],
    ['passwd', 'compute password hashes'],
    ['enc', 'symmetric cipher routines', 'Data is encrypted or decrypted using block and stream ciphers.'],
    ['mac', 'perform Message Authentication Code operations', 'Outputs a keyed digest of a file.'],
    ['dgst', 'perform message operations', 'Outputs the message value of a file in hexadecimal.'],
  );

  it.each([
    ['encrypt', 'p_enc'],
    ['digest a file', 'p_dgst'],
  ])('when a command\'s name abbreviates the asked word (openssl enc ← encrypt, dgst ← digest) then %j finds it first', (query, expected) => {
    expect(names(query, openssl)[0]).toBe(expected);
  });

  it.each([
    ['enc', 'encrypt'], ['repo', 'repository'], ['info', 'information'], ['dgst', 'digest'], ['msg', 'messages'],
  ])('when %s is cut or stripped to consonants from %s then it abbreviates it', (name, word) => {
    expect(abbreviates(name, word)).toBe(true);
  });

  it.each([
    ['log', 'logged', 'an inflection at a doubled letter'], ['tag', 'tags', 'a plural'], ['list', 'lists', 'the word itself'],
    ['rm', 'remote', 'a two-letter skeleton'], ['ls', 'labels', 'a two-letter skeleton'], ['cp', 'cipher', 'a two-letter skeleton'],
    ['tls', 'tools', 'a skeleton leaving two consonants out'], ['cat', 'cats', 'a cut of one letter'], ['s3', 'sync', 'a name with a digit'],
  ])('when %s only looks like %s (%s) then it is not taken as its abbreviation', (name, word) => {
    expect(abbreviates(name, word)).toBe(false);
  });

  it.each([
    ['upgrade the dependencies', cli(['build', 'Compile the dependencies and the package'], ['update', 'Update dependencies as recorded in the lock file']), 'p_update'],
    ['hash of files', cli(['prime', 'compute prime numbers of files'], ['dgst', 'perform digest operations on files']), 'p_dgst'],
    ['print the contents of a file', cli(['tree', 'List the contents of the remote in a tree'], ['cat', 'Sends any files to standard output']), 'p_cat'],
    ['list the pods', cli(['delete', 'Delete pods'], ['get', 'Any resources, such as pods']), 'p_get'],
    ['list the files', cli(['dirs', 'List the directories in the path'], ['contents', 'List the objects in the path']), 'p_contents'],
  ])('when the asked word is one command lines say another way (upgrade → update, hash → digest, print → cat, list → get, file → object) then %j finds it', (query, entries, expected) => {
    expect(names(query, entries)[0]).toBe(expected);
  });

  const gh = cli(['pr view', 'Display the title, body, and other information about a pull request'], ['pr diff', 'View changes in a pull request'], ['pr create', 'Create a pull request on GitHub']);
  it('when a person opens a new pull request or issue then that is creating it, and opening the one that exists is not', () => {
    expect(names('open a pull request', gh)[0]).toBe('p_pr_create');
    expect(names('open the pull request', gh)[0]).not.toBe('p_pr_create');
  });

  const docker = cli(['images', 'List images'], ['image history', 'Show the history of an image'], ['rename', 'Rename a container'], ['tag', 'Create a tag TARGET_IMAGE that refers to SOURCE_IMAGE']);
  it('when a thing is given another name then that is an alias or tag, and a new name renames it', () => {
    expect(names('give an image another name', docker)[0]).toBe('p_tag');
    expect(names('give the container a new name', docker)[0]).toBe('p_rename');
  });

  const git = cli(
    ['annotate', 'Annotate file lines with commit information'],
    ['show-branch', 'Show branches and their commits'],
    ['show', 'Show various types of objects', 'For commits it shows the log message and textual diff.'],
    ['context show', 'Print the name of the current context'],
  );
  it('when a common word is the command\'s own name (git show) then it ranks above a longer name holding it (show-branch)', () => {
    const ranked = names('show details of a commit', git);
    expect(ranked.indexOf('p_show')).toBeLessThan(ranked.indexOf('p_show-branch'));
  });

  it('when the command\'s own name is the only word it shares with the question then it gains nothing from it', () => {
    expect(names('show the history of an image', [...git, ...docker])[0]).toBe('p_image_history');
  });
});

describe('firstSentence', () => {
  it.each([
    ['a period and a space', 'Display one or many resources. Prints a table.', 'Display one or many resources.'],
    ['a blank line', 'Create a resource from a file or from stdin\n\nJSON and YAML formats are accepted.', 'Create a resource from a file or from stdin'],
    ['a period and a newline', 'Create a resource.\nJSON and YAML formats are accepted.', 'Create a resource.'],
    ['a newline', 'first line\nsecond line', 'first line'],
    ['a question mark', 'Is it done? Then stop.', 'Is it done?'],
    ['"e.g."', 'Use a unit (e.g. 1s, 2m) for the timeout. Zero waits forever.', 'Use a unit (e.g. 1s, 2m) for the timeout.'],
    ['"i.e."', 'The type, i.e. the kind of the resource. More.', 'The type, i.e. the kind of the resource.'],
    ['"etc." before a lowercase word', 'Supports json, yaml, etc. and more. Done.', 'Supports json, yaml, etc. and more.'],
    ['"etc." before a capital', 'Supports json, yaml, etc. Other formats fail.', 'Supports json, yaml, etc.'],
    ['a URL', 'See https://kubernetes.io/docs/reference/kubectl/ for details. More.', 'See https://kubernetes.io/docs/reference/kubectl/ for details.'],
    ['a version number', 'Needs version 1.5 or later. Really.', 'Needs version 1.5 or later.'],
    ['a list number', '1. pod (required): The pod to read. Any pod.', '1. pod (required): The pod to read.'],
    ['no period', 'name of the pod', 'name of the pod'],
    ['leading blank lines and runs of spaces', '\n\n  Raw URI  to request.  Uses the transport.', 'Raw URI to request.'],
    ['nothing', '', ''],
  ])('when the text holds %s then the first sentence ends where it should', (_, text, expected) => {
    expect(firstSentence(text)).toBe(expected);
  });

  it('when the sentence is longer than the limit then it is cut at a word boundary and ends with an ellipsis', () => {
    const text = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const cut = firstSentence(text);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('…')).toBe(true);
    expect(`${text} `.startsWith(`${cut.slice(0, -1)} `)).toBe(true);
  });

  it('when a limit is given then the result fits in it', () => {
    expect(firstSentence('Create a resource from a file', 12)).toBe('Create a…');
  });

  it('when the sentence is one long word then it is cut mid-word at the limit', () => {
    expect(firstSentence('x'.repeat(200))).toBe(`${'x'.repeat(159)}…`);
  });

  it('when a cut falls after a comma then the comma does not precede the ellipsis', () => {
    expect(firstSentence('Alpha beta, gamma delta', 13)).toBe('Alpha beta…');
  });
});
