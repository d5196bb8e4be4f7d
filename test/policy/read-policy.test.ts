import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { policyFor } from '../../src/policy/policy-for.js';
import { policyJsonSchema } from '../../src/policy/policy-schema.js';
import { parsePolicy, readPolicy, type Policy } from '../../src/policy/read-policy.js';
import { scratchMaker } from '../helpers/scratch.js';

type Principal = Parameters<typeof policyFor>[1];

const repo = fileURLToPath(new URL('../../', import.meta.url));
const policyFile = (name: string): string => join(repo, 'test/policy/fixtures', name);
const scratch = scratchMaker('cli-mcp-policy-');

/** Writes `text` to a fresh file called `name` and reads it as a policy. */
function readText(name: string, text: string): Policy {
  const file = join(scratch(), name);
  writeFileSync(file, text);
  return readPolicy(file);
}

/** What a policy gives each principal, as comparable data. */
function summary(policy: Policy, principals: readonly Principal[]): unknown[] {
  const commands = [['kubectl', 'get'], ['kubectl', 'delete'], ['kubectl', 'config', 'view'], ['kubectl', 'config', 'get-contexts']];
  return principals.map((principal) => {
    const { rule, approval, rateLimit, allows } = policyFor(policy, principal);
    return { rule, approval, rateLimit, allowed: commands.filter((path) => allows(path)).map((path) => path.join(' ')) };
  });
}

const people: Principal[] = [
  { id: 'token:alice', scopes: [] },
  { id: 'token:ci-bot', scopes: ['kubectl.admin'] },
  { id: 'token:ops', scopes: ['kubectl.admin'] },
  { id: 'token:viewer', scopes: ['kubectl.view'] },
  { id: 'token:stranger', scopes: ['other'] },
];

describe('reading a policy file', () => {
  it('when the README example is read then each principal gets what its comments say', () => {
    expect(summary(readPolicy(policyFile('kubectl-policy.yaml')), people)).toEqual([
      { rule: 'rules[0]', approval: 'ask', rateLimit: undefined, allowed: ['kubectl get', 'kubectl delete', 'kubectl config view', 'kubectl config get-contexts'] },
      { rule: 'rules[1]', approval: 'read-only', rateLimit: { capacity: 10, perSecond: 5 }, allowed: ['kubectl get'] },
      { rule: 'rules[2]', approval: 'auto', rateLimit: undefined, allowed: ['kubectl get', 'kubectl config view', 'kubectl config get-contexts'] },
      { rule: 'rules[3]', approval: 'read-only', rateLimit: { capacity: 4, perSecond: 2 }, allowed: ['kubectl get', 'kubectl config view'] },
      { rule: 'default', approval: undefined, rateLimit: undefined, allowed: [] },
    ]);
  });

  it('when the same policy is written in YAML and in JSON then both read to the same policy', () => {
    const yaml = readPolicy(policyFile('kubectl-policy.yaml'));
    const json = readPolicy(policyFile('kubectl-policy.json'));
    expect({ ...json, source: '' }).toEqual({ ...yaml, source: '' });
    expect(summary(json, people)).toEqual(summary(yaml, people));
  });

  it('when a file has no known extension then JSON is told from YAML by its first character', () => {
    const dir = scratch();
    copyFileSync(policyFile('kubectl-policy.json'), join(dir, 'policy'));
    copyFileSync(policyFile('kubectl-policy.yaml'), join(dir, 'policy.conf'));
    expect(readPolicy(join(dir, 'policy')).rules).toEqual(readPolicy(join(dir, 'policy.conf')).rules);
    // Read as JSON, a broken file gets JSON's own message.
    expect(() => readText('policy', '{ "default": "all", }')).toThrow(/is not valid JSON: .*\(line 1, column 21\)$/);
  });

  it('when the extension says JSON or YAML then it decides over the first character', () => {
    expect(() => readText('p.json', 'default: all\n')).toThrow(/^policy ".*p\.json" is not valid JSON: /);
    expect(readText('p.yaml', '{ default: all }').default).toEqual({});
    expect(readText('p.YML', '{ default: none }').default).toEqual({ allow: [] });
  });

  it('when a file is read then its path is the policy\'s source', () => {
    expect(readPolicy(policyFile('kubectl-policy.yaml')).source).toBe(policyFile('kubectl-policy.yaml'));
  });

  it('when a file is empty or holds only comments then it is refused as no object', () => {
    expect(() => readText('p.yaml', '# nothing yet\n')).toThrow(/policy: expected an object, got null/);
  });

  it('when the file does not exist then the error names it', () => {
    const file = join(scratch(), 'absent.yaml');
    expect(() => readPolicy(file)).toThrow(expect.objectContaining({ code: 'cli-mcp.invalid-policy', message: `cannot read policy "${file}": no such file` }));
  });
});

describe('the policy JSON Schema', () => {
  it('when the zod schema changes then schema/policy.schema.json is regenerated with it (vitest -u), never drifting', async () => {
    await expect(`${JSON.stringify(policyJsonSchema(), null, 2)}\n`).toMatchFileSnapshot('../../schema/policy.schema.json');
  });

  it('when the committed schema is read then it documents every field and refuses unknown keys in every object', () => {
    type Field = { description?: string; additionalProperties?: boolean; properties?: Record<string, Field>; items?: Field; anyOf?: Field[] };
    const schema = JSON.parse(readFileSync(join(repo, 'schema/policy.schema.json'), 'utf8')) as Field & { $defs: Record<string, Field> };
    const undocumented: string[] = [];
    const open: string[] = [];
    const walk = (field: Field, at: string): void => {
      if (field.properties && field.additionalProperties !== false) open.push(at);
      for (const [key, inner] of Object.entries(field.properties ?? {})) {
        if (!inner.description && !('$ref' in inner)) undocumented.push(`${at}.${key}`);
        walk(inner, `${at}.${key}`);
        if (inner.items) walk(inner.items, `${at}.${key}[]`);
      }
    };
    walk(schema, 'policy');
    for (const [name, definition] of Object.entries(schema.$defs)) walk(definition, name);
    expect({ undocumented, open }).toEqual({ undocumented: [], open: [] });
    expect(Object.keys(schema.$defs).sort()).toEqual(['CommandGlob', 'Grant', 'RateLimit', 'Rule']);
  });

  it('when the example files name the schema then both point at the committed file', () => {
    for (const name of ['kubectl-policy.yaml', 'kubectl-policy.json']) {
      const where = /"?\$schema"?: "?([^"\s,]+)/.exec(readFileSync(policyFile(name), 'utf8'))?.[1] ?? '';
      expect(join(policyFile(name), '..', where)).toBe(join(repo, 'schema/policy.schema.json'));
    }
  });
});
