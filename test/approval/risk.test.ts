import { describe, expect, it } from 'vitest';
import { riskOf } from '../../src/approval/risk.js';
import { runnable } from '../helpers/commands.js';

const at = (...path: string[]) => runnable({ path });

describe('riskOf', () => {
  it.each([
    [['kubectl', 'get'], 'read-only'],
    [['kubectl', 'describe'], 'read-only'],
    [['todo', 'list'], 'read-only'],
    [['git', 'show'], 'read-only'],
    [['todo', 'remove'], 'destructive'],
    [['kubectl', 'delete'], 'destructive'],
    [['docker', 'rm'], 'destructive'],
    [['db', 'table', 'drop'], 'destructive'],
    [['todo', 'add'], 'write'],
    [['kubectl', 'apply'], 'write'],
    [['get'], 'write'],
  ] as const)('when the command is %j then its risk by name is %s', (path, risk) => {
    expect(riskOf(at(...path))).toBe(risk);
  });

  it('when the last known verb is destructive then it wins over an earlier read-only one', () => {
    expect(riskOf(at('tool', 'list', 'purge'))).toBe('destructive');
    expect(riskOf(at('tool', 'delete', 'status'))).toBe('read-only');
  });

  it('when the last known verb writes then it wins over an earlier read-only one', () => {
    expect(riskOf(at('tool', 'list', 'add'))).toBe('write');
  });

  it('when annotations say so then they win over the name', () => {
    expect(riskOf(runnable({ path: ['todo', 'list'], annotations: { destructiveHint: true } }))).toBe('destructive');
    expect(riskOf(runnable({ path: ['todo', 'remove'], annotations: { readOnlyHint: true } }))).toBe('read-only');
  });

  it('when overrides name the command (with or without the program) or a function decides then they win over everything', () => {
    const remove = runnable({ path: ['todo', 'remove'], annotations: { destructiveHint: true } });
    expect(riskOf(remove, { 'todo remove': 'write' })).toBe('write');
    expect(riskOf(remove, { remove: 'read-only' })).toBe('read-only');
    expect(riskOf(remove, () => 'write')).toBe('write');
    expect(riskOf(remove, () => undefined)).toBe('destructive');
  });
});

describe('riskOf on real command names', () => {
  it.each([
    'npm unpublish',
    'npm uninstall',
    'npm cache clean',
    'npm dist-tag rm',
    'docker system prune',
    'docker rmi',
    'docker container kill',
    'kubectl delete',
    'kubectl config unset',
    'kubectl config delete-context',
    'terraform destroy',
    'terraform force-unlock',
    'terraform workspace delete',
    'git clean',
    'git reset',
    'git stash drop',
    'git stash clear',
    'gh repo delete',
    'gh release delete-asset',
    'gh cache delete',
    'helm uninstall',
    'aws ec2 deregister-image',
    'aws logs delete-log-group',
    'aws s3api delete-bucket-policy',
    'redis-cli flushall',
    'vsce delete-publisher',
    'tool force-push',
    'tool rmdir',
    'tool cleanup',
    'tool clearCache',
    'tool cache:clear',
    'tool overwrite',
  ])('when the command is "%s" then it is destructive', (path) => {
    expect(riskOf(at(...path.split(' ')))).toBe('destructive');
  });

  it.each([
    'kubectl get',
    'kubectl cluster-info',
    'kubectl config view',
    'kubectl rollout status',
    'git ls-files',
    'git cat-file',
    'git show-ref',
    'gh release list',
    'aws ec2 describe-instances',
    'aws s3api get-bucket-policy',
    'tool get-deleted',
    'tool list-deleted-items',
    'tool getDeletedItems',
    'docker image inspect',
    // A read verb glued to a word (rclone, pm2), a question word, and nouns that, as a whole command, list.
    'rclone lsjson',
    'rclone lsf',
    'pm2 jlist',
    'kubectl auth can-i',
    'kubectl events',
    'kubectl api-resources',
    'docker images',
    'docker ps',
    'npm outdated',
  ])('when the command is "%s" then it is read-only', (path) => {
    expect(riskOf(at(...path.split(' ')))).toBe('read-only');
  });

  it.each([
    'npm publish',
    'npm install',
    'npm dist-tag add',
    'kubectl apply',
    'kubectl uncordon',
    'kubectl set image',
    'docker container unpause',
    'gh repo unarchive',
    'git commit',
    'git push',
    'tool set-status',
    'tool undelete',
    'tool deploy',
    'doctl compute droplet create',
    'npm audit fix',
    'kubectl proxy',
    'npm access',
    'tool analysis',
    // A name that ends in s is no plural noun that lists: yargs, rake's migrations.
    'tool yargs',
    'db migrations',
  ])('when the command is "%s" then it writes', (path) => {
    expect(riskOf(at(...path.split(' ')))).toBe('write');
  });
});
