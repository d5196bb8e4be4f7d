import { describe, expect, it } from 'vitest';
import { type ArgvPolicy, checkArgv, checkLauncherFile, optionDenied, shortsTakingValues, validateArgvPolicy } from '../../src/argv/argv-policy.js';
import { ARGV_PRESETS } from '../../src/argv/presets.js';
import { isCliMcpError } from '../../src/errors.js';

const policy: ArgvPolicy = { denyFlags: ['--kubeconfig', '--server', '-s', '--upload-pack', '-c'] };

interface Case {
  readonly title: string;
  readonly argv: readonly string[];
  readonly policy?: ArgvPolicy;
  /** A fragment of the refusal message, or undefined when the argv is allowed. */
  readonly refused?: string;
}

const cases: readonly Case[] = [
  { title: 'when a denied long flag is given bare then it is refused', argv: ['get', '--kubeconfig'], refused: '"--kubeconfig" is not allowed: --kubeconfig is a denied flag' },
  { title: 'when a denied long flag is given in = form then it is refused', argv: ['--server=https://evil'], refused: '--server is a denied flag' },
  { title: 'when a long flag abbreviates a denied one then it is refused', argv: ['--kubec=/tmp/x'], refused: 'it abbreviates --kubeconfig' },
  { title: 'when --upload abbreviates --upload-pack then it is refused', argv: ['fetch', '--upload=sh -c id'], refused: 'abbreviates --upload-pack' },
  { title: 'when a long flag is one character then it is not taken for an abbreviation', argv: ['--k=x'] },
  { title: 'when a long flag extends a denied name then it is not its abbreviation', argv: ['--kubeconfigx=1'] },
  { title: 'when abbreviations are off then a prefix of a denied flag is allowed', argv: ['--kubec=x'], policy: { ...policy, abbreviations: false } },
  { title: 'when abbreviations are off then the exact flag is still refused', argv: ['--kubeconfig=x'], policy: { ...policy, abbreviations: false }, refused: '--kubeconfig is a denied flag' },
  { title: 'when a denied long flag has extra leading dashes then it is refused', argv: ['---server=x'], refused: '--server is a denied flag' },
  { title: 'when a cluster contains a denied short flag then it is refused', argv: ['-xc'], refused: '"-xc" is not allowed: it contains -c' },
  { title: 'when a denied short flag carries an attached value then it is refused', argv: ['-cfoo'], refused: 'contains -c' },
  { title: 'when a denied short flag uses = then it is refused', argv: ['-c=a'], refused: 'contains -c' },
  { title: 'when a short flag is not denied then it is allowed', argv: ['-xv', '-n5'] },
  { title: 'when a denied long flag is written with one dash then it is refused', argv: ['-server=https://evil'], policy: { denyFlags: ['--server'] }, refused: 'single-dash form of --server' },
  { title: 'when a token is a negative number then it is not read as a cluster', argv: ['-1.5', '-3', '-2e5'], policy: { denyFlags: ['-e'] } },
  { title: 'when the negation of a denied flag is given then it is allowed', argv: ['--no-server', '--no-kubeconfig'] },
  { title: 'when a negation is itself denied then it is refused', argv: ['--no-verify'], policy: { denyFlags: ['--no-verify'] }, refused: '--no-verify is a denied flag' },
  { title: 'when a value looks like a denied flag then the flag it belongs to decides', argv: ['--name=--server=x', '--label=-c'] },
  { title: 'when command words and a lone dash come before -- then they are allowed', argv: ['get', 'pods', '-'] },
  { title: 'when the CLI honours -- then positionals after it are never matched', argv: ['--', '--server=x', '-c', '-rf'] },
  { title: 'when the CLI does not honour -- then a positional starting with - is refused', argv: ['rm', '--', 'file', '-rf'], policy: { honoursDoubleDash: false }, refused: '"-rf" is not allowed as a positional: this CLI does not honour "--"' },
  { title: 'when the CLI does not honour -- then plain positionals and a lone dash are allowed', argv: ['cat', '--', 'file', '-'], policy: { honoursDoubleDash: false } },
  { title: 'when the CLI does not honour -- then flags before it are still checked', argv: ['--server=x', '--', 'a'], policy: { ...policy, honoursDoubleDash: false }, refused: '--server is a denied flag' },
  { title: 'when the policy is empty then everything is allowed', argv: ['--anything', '-xyz', '--', '-rf'], policy: {} },
];

describe('checkArgv', () => {
  it.each(cases)('$title', ({ argv, policy: given, refused }) => {
    const message = checkArgv(argv, given ?? policy);
    if (refused === undefined) expect(message).toBeUndefined();
    else expect(message).toContain(refused);
  });

  it.each([['--network=host'], ['-server'], ['server'], ['--'], ['-'], ['']])('when a deny entry is %j then the policy is refused as an invalid option', (entry) => {
    const bad: ArgvPolicy = { denyFlags: [entry] };
    expect(() => validateArgvPolicy(bad)).toThrow(/deny entry/);
    try {
      checkArgv(['x'], bad);
      expect.unreachable();
    } catch (error) {
      expect(isCliMcpError(error) && error.code).toBe('cli-mcp.invalid-option');
    }
  });

  it('when a deny entry carries a value then the error says to deny the flag itself', () => {
    expect(() => validateArgvPolicy({ denyFlags: ['--network=host'] })).toThrow('deny the flag itself (--network)');
  });
});

describe('checkLauncherFile', () => {
  it.each([
    ['x.BAT'],
    ['y.Cmd'],
    ['C:\\tools\\deploy.cmd'],
    ['/opt/tools/run.bat'],
    ['x.bat.'],
    ['x.bat  '],
    ['x.cmd::$DATA'],
  ])('when the target is the batch file %j then it is refused with the reason', (file) => {
    expect(checkLauncherFile(file)).toMatch(/cmd\.exe.*BatBadBut/);
  });

  it.each([['z.cmd.exe'], ['kubectl'], ['/usr/bin/git'], ['tool.js'], ['batch'], ['cmd']])('when the target is %j then it is allowed', (file) => {
    expect(checkLauncherFile(file)).toBeUndefined();
  });
});

describe('ARGV_PRESETS', () => {
  it.each(Object.entries(ARGV_PRESETS))('when the %s preset is loaded then every entry is a valid flag', (_name, preset) => {
    expect(() => validateArgvPolicy(preset)).not.toThrow();
  });

  const presetCases: readonly (readonly [keyof typeof ARGV_PRESETS, readonly string[], string | undefined])[] = [
    ['git', ['-c', 'core.sshCommand=sh -c id', 'fetch'], 'contains -c'],
    ['git', ['-ccore.pager=id', 'log'], 'contains -c'],
    ['git', ['fetch', '--upload=touch /tmp/pwned'], 'abbreviates --upload-pack'],
    ['git', ['clone', '--config=core.hooksPath=/tmp'], '--config is a denied flag'],
    ['git', ['rebase', '--exec=id'], '--exec is a denied flag'],
    ['git', ['log', '--outp=/home/me/.bashrc'], 'abbreviates --output'],
    ['git', ['-C/tmp/planted-repo', 'status'], 'contains -C'],
    // git reads paths after `--`: the preset marks it as not honoured, so positionals starting with - are refused.
    ['git', ['log', '--oneline', '--', 'main'], undefined],
    ['git', ['log', '--oneline', '--', '-c'], 'does not honour'],
    ['git', ['status', '--short'], undefined],
    ['kubectl', ['get', '--kubeconfig=/tmp/evil'], '--kubeconfig is a denied flag'],
    ['kubectl', ['get', '-shttps://evil'], 'contains -s'],
    ['kubectl', ['get', '--as=system:admin'], '--as is a denied flag'],
    // pflag has no abbreviations: kubectl itself rejects --kubec, and --client must stay usable.
    ['kubectl', ['get', '--kubec=/tmp/evil'], undefined],
    ['kubectl', ['version', '--client'], undefined],
    ['kubectl', ['get', '--context=staging', '--namespace=prod', '--', 'pods'], undefined],
    ['docker', ['run', '--privileged', '--', 'alpine'], '--privileged is a denied flag'],
    ['docker', ['run', '-v/:/host', '--', 'alpine'], 'contains -v'],
    ['docker', ['run', '--network=host', '--', 'alpine'], '--network is a denied flag'],
    ['docker', ['run', '--user=1000', '--ip=10.0.0.2', '--', 'alpine'], undefined],
    ['docker', ['ps', '--all'], undefined],
    ['gh', ['repo', 'clone', '--', 'cli/cli', '--upload-pack=id'], 'does not honour "--"'],
    ['gh', ['api', '--hostname=evil.example', '--', 'user'], '--hostname is a denied flag'],
    ['gh', ['issue', 'list', '--repo=cli/cli'], undefined],
  ];

  it.each(presetCases)('when the %s preset checks %j then the refusal is %j', (name, argv, refused) => {
    const message = checkArgv(argv, ARGV_PRESETS[name]);
    if (refused === undefined) expect(message).toBeUndefined();
    else expect(message).toContain(refused);
  });
});

describe('checkArgv with the one-letter flags known to take a value', () => {
  const options = [
    { name: 'b', type: 'string', flag: '-b' },
    { name: 'q', type: 'boolean', flag: '-q' },
    { name: 'v', type: 'integer', flag: '-v', count: true },
  ] as const;
  const valueShorts = shortsTakingValues(options);

  it('when the shorts are read then only those taking a value count, not switches or counters', () => {
    expect([...valueShorts]).toEqual(['b']);
  });

  it('when a value follows its flag in one token then its letters are the value, not flags (git checkout -bfeature and -u denied)', () => {
    expect(checkArgv(['checkout', '-bfeature'], ARGV_PRESETS.git, valueShorts)).toBeUndefined();
    expect(checkArgv(['checkout', '-bfeature'], ARGV_PRESETS.git)).toContain('contains -u');
  });

  it('when a denied letter stands before the flag that takes a value then it is still refused', () => {
    expect(checkArgv(['checkout', '-ubx'], ARGV_PRESETS.git, valueShorts)).toContain('contains -u');
  });
});

describe('optionDenied: an option in every spelling', () => {
  const server = { name: 'server', type: 'string', flag: '--server', aliases: ['-s'] } as const;

  it.each([
    [['-s'], '"-s" is not allowed: it contains -s, a denied flag'],
    [['--server'], '"--server" is not allowed: --server is a denied flag'],
    [['--kubeconfig'], undefined],
  ])('when %j is denied then --server with its alias -s is refused accordingly', (denyFlags, expected) => {
    expect(optionDenied(server, { denyFlags })).toBe(expected);
  });

  it('when an option has no flag (a lone --no-x) then no deny entry refuses it', () => {
    expect(optionDenied({ name: 'color', type: 'boolean', negation: '--no-color' }, { denyFlags: ['--color'] })).toBeUndefined();
  });

  it('when a value option is known by a short alias then its letter takes a value in a cluster', () => {
    expect(shortsTakingValues([{ name: 'lines', type: 'integer', flag: '--lines', aliases: ['-n'] }])).toEqual(new Set(['n']));
  });
});
