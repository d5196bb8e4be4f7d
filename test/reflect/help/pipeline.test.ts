import { describe, expect, it } from 'vitest';
import { buildArgv } from '../../../src/argv/build-argv.js';
import { reflectHelp } from '../../../src/reflect/help/crawl.js';
import { flattenRunnable } from '../../../src/reflect/flatten.js';
import { buildTools } from '../../../src/tool/build-tools.js';
import { scratchMaker } from '../../helpers/scratch.js';
import { FAKE_CRAWL, makeFake } from './fake.js';

const scratch = scratchMaker('cli-mcp-help-pipeline-');

describe('a crawled help tree in the rest of the pipeline', () => {
  it('when the crawled spec becomes tools then each runnable command is one tool and groups are none', async () => {
    const { spec } = await reflectHelp(makeFake(scratch()).bin, { cache: false, ...FAKE_CRAWL });
    expect(buildTools(spec).map((tool) => tool.name)).toEqual([
      'fakectl_get',
      'fakectl_config_view',
      'fakectl_config_set_deep',
      'fakectl_create',
      'fakectl_create_job',
      'fakectl_version',
    ]);
  });

  it('when a call sets a global flag, a pflag boolean to false and an enum then argv reads as a cobra user types it', async () => {
    const { spec } = await reflectHelp(makeFake(scratch()).bin, { cache: false, ...FAKE_CRAWL });
    const get = flattenRunnable(spec).find((command) => command.path.join(' ') === 'fakectl get');
    if (get === undefined) throw new Error('fakectl get was not reflected');
    const argv = buildArgv(get, { flags: { namespace: 'prod', output: 'json', watch: false }, args: ['pods'] });
    expect(argv).toEqual(['get', 'pods', '--namespace', 'prod', '--watch=false', '--output', 'json']);
  });

  it('when a tool is called with a value outside the listed choices then its input schema refuses it', async () => {
    const { spec } = await reflectHelp(makeFake(scratch()).bin, { cache: false, ...FAKE_CRAWL });
    const tool = buildTools(spec).find((candidate) => candidate.name === 'fakectl_get');
    expect(tool?.inputSchema.safeParse({ flags: { output: 'json' }, args: ['pods'] }).success).toBe(true);
    expect(tool?.inputSchema.safeParse({ flags: { output: 'xml' }, args: ['pods'] }).success).toBe(false);
    expect(tool?.inputSchema.safeParse({ flags: { replicas: 2.5 }, args: ['pods'] }).success).toBe(false);
  });
});
