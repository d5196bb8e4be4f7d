import { describe, expect, it } from 'vitest';
import { checkCommands, ruleForCommand, validateCommandRules } from '../../src/argv/command-policy.js';
import { gitConfigKeys, gitExtTransport } from '../../src/argv/git-checks.js';
import { ARGV_PRESETS } from '../../src/argv/presets.js';

const git = ARGV_PRESETS.git;
const kubectl = ARGV_PRESETS.kubectl;
const check = (path: string, argv: string[], policy = git) => checkCommands(argv, { path: path.split(' ') }, policy.commands, policy.checks);

describe('command rules', () => {
  it.each([
    ['kubectl config set', 'exclude'],
    ['kubectl config set-credentials', 'exclude'],
    ['kubectl config set-cluster', 'exclude'],
    ['kubectl config unset', 'exclude'],
    ['kubectl config set-context', 'exclude'],
    ['kubectl proxy', 'exclude'],
    ['kubectl config use-context', 'destructive'],
    ['kubectl exec', 'destructive'],
    ['kubectl get', undefined],
    ['kubectl config view', undefined],
  ])('when the kubectl preset meets `%s` then its rule is %s', (path, action) => {
    expect(ruleForCommand({ path: path.split(' ') }, kubectl.commands)?.action).toBe(action);
  });

  it.each([
    ['git bisect', ['bisect', 'run', 'touch', 'marker']],
    ['git', ['bisect', 'run', 'touch', 'marker']],
    ['git submodule', ['submodule', '--quiet', 'foreach', 'id']],
    ['git filter-branch', ['filter-branch', '--tree-filter=id']],
  ])('when %s reaches an excluded command through positionals (%j) then it is refused', (path, argv) => {
    expect(check(path, argv)).toMatch(/is not allowed/);
  });

  it('when a tool reaches a destructive command through positionals then it is refused, since approval could not ask', () => {
    expect(check('git', ['push', 'origin'])).toContain('needs the user\'s approval');
  });

  it.each([
    ['git bisect', ['bisect', 'start', 'HEAD', 'HEAD~1']],
    ['git log', ['log', '--oneline', 'run']],
    ['git push', ['push', 'origin']],
  ])('when %s runs %j then the command rules allow it', (path, argv) => {
    expect(check(path, argv)).toBeUndefined();
  });

  it('when a rule has no words or an unknown action then validation names it', () => {
    expect(() => validateCommandRules([{ command: ' ', action: 'exclude', reason: 'x' }])).toThrow(/command rule/);
    expect(() => validateCommandRules([{ command: 'x', action: 'maybe' as 'exclude', reason: 'x' }])).toThrow(/command rule/);
  });
});

describe('git config keys', () => {
  it.each([
    [['config', 'core.pager', 'touch marker']],
    [['config', 'core.sshCommand', 'x']],
    [['config', 'set', 'core.fsmonitor', 'x']],
    [['config', '--add', 'alias.x', '!id']],
    [['config', 'diff.pdf.textconv', 'x']],
    [['config', 'credential.helper', 'store']],
    [['config', 'remote.origin.uploadpack', 'x']],
    [['config', 'includeIf.onbranch:main.path', '/tmp/x']],
    [['config', '--rename-section', 'foo', 'alias']],
    [['config', '--global', 'user.name', 'x']],
    [['config', '--edit']],
    [['config', '-e']],
  ])('when git config gets %j then it is refused', (argv) => {
    expect(gitConfigKeys(argv)).toMatch(/not allowed/);
  });

  it.each([[['config', 'user.name', 'x']], [['config', 'user.email', 'me@example.com']], [['config', '--get', 'remote.origin.url']], [['log', 'core.pager']]])(
    'when git gets %j then the config check allows it',
    (argv) => {
      expect(gitConfigKeys(argv)).toBeUndefined();
    },
  );

  it('when any word holds an ext:: URL then it is refused', () => {
    expect(gitExtTransport(['remote', 'add', 'x', 'ext::sh -c id'])).toContain('ext::');
    expect(gitExtTransport(['clone', '--origin=x', 'https://example.com/r.git'])).toBeUndefined();
  });
});
