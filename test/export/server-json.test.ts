import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import formats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { SERVER_JSON_SCHEMA, toServerJson } from '../../src/export/server-json.js';

// The registry's schema, vendored with its source in test/fixtures/export/SOURCE.md.
const schema = JSON.parse(readFileSync(new URL('../fixtures/export/server.schema.json', import.meta.url), 'utf8')) as { $id: string };
const ajv = new Ajv({ strict: false, allErrors: true });
// ajv-formats is CommonJS: its plugin is the module's default export.
formats.default(ajv);
const validate = ajv.compile(schema);

describe('server.json for the MCP Registry', () => {
  it('when a package has mcpName, a version and a repository then its server.json validates against the registry schema', () => {
    const json = toServerJson({ name: 'todo-cli', version: '1.2.0', description: 'Keep a todo list.', mcpName: 'io.github.someone/todo-cli', repository: { url: 'git+https://github.com/someone/todo-cli.git' } });
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json).toEqual({
      $schema: SERVER_JSON_SCHEMA,
      name: 'io.github.someone/todo-cli',
      description: 'Keep a todo list.',
      version: '1.2.0',
      repository: { url: 'https://github.com/someone/todo-cli', source: 'github' },
      packages: [
        {
          registryType: 'npm',
          identifier: 'todo-cli',
          version: '1.2.0',
          runtimeHint: 'npx',
          transport: { type: 'stdio' },
          packageArguments: [
            { type: 'positional', value: 'mcp' },
            { type: 'positional', value: 'start' },
          ],
        },
      ],
    });
    expect(SERVER_JSON_SCHEMA).toBe(schema.$id);
    // The validator does refuse: a package without its transport is not a registry package.
    expect(validate({ ...json, packages: [{ registryType: 'npm', identifier: 'todo-cli', version: '1.2.0' }] })).toBe(false);
  });

  it('when a name and start words are given then they win, and a long description is cut to the registry limit', () => {
    const json = toServerJson({ name: '@me/kube', version: '0.1.0', description: 'x'.repeat(150) }, { name: 'io.github.me/kube', startArgs: ['serve', '--stdio'] });
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect((json.description as string).length).toBe(100);
    expect((json.packages as Array<{ packageArguments: unknown }>)[0]?.packageArguments).toEqual([
      { type: 'positional', value: 'serve' },
      { type: 'positional', value: '--stdio' },
    ]);
  });

  it('when the package has no mcpName and none is given then it says what is missing', () => {
    expect(() => toServerJson({ name: 'todo-cli' })).toThrow('server.json needs a server name (--server-name, or "mcpName" in package.json), a version ("version" in package.json)');
  });

  it('when the name is not reverse-DNS with one slash then it is refused before the registry would', () => {
    expect(() => toServerJson({ name: 'todo-cli', version: '1.0.0', mcpName: 'todo-cli' })).toThrow('is not reverse-DNS with one slash');
  });

  it('when the repository is npm shorthand then it becomes a GitHub URL', () => {
    const json = toServerJson({ name: 'a', version: '1.0.0', mcpName: 'io.github.o/a', repository: 'github:o/a' });
    expect(json.repository).toEqual({ url: 'https://github.com/o/a', source: 'github' });
    expect(validate(json)).toBe(true);
  });
});
