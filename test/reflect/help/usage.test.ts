import { describe, expect, it } from 'vitest';
import { mergeForms, optionsFromTokens, positionalsFromTokens, type UsageRules } from '../../../src/reflect/help/usage.js';
import { splitPath } from '../../../src/reflect/help/usage-tokens.js';
import { positionalLines } from './summary.js';

function positionals(form: string, path?: string[], rules: UsageRules = {}): string {
  return positionalLines(positionalsFromTokens(splitPath(form, path).rest, rules));
}

describe('reading positionals from a usage line', () => {
  it.each([
    ['ls [OPTION]... [FILE]...', '[file...]'],
    ['grep [OPTION]... PATTERNS [FILE]...', '<patterns> [file...]'],
    ['git log [<options>] [<revision-range>] [[--] <path>...]', '[revision-range] [path...]'],
    ['cargo new [OPTIONS] <PATH>', '<path>'],
    ['kubectl config use-context CONTEXT_NAME [options]', '<context_name>'],
    ['kubectl logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER] [options]', '<pod>'],
    ['kubectl get [(-o|--output=)json|yaml] (TYPE[.VERSION] [NAME | -l label] | TYPE/NAME ...) [flags]', '[args...]'],
    ['kubectl create deployment NAME --image=image -- [COMMAND] [args...]', '<name> [command] [args...]'],
    ['cp [OPTION]... SOURCE... DIRECTORY', '<source...>'],
    ['todo add [OPTIONS] TITLE [TAGS]...', '<title> [tags...]'],
    ['git remote update [-p | --prune] [(<group> | <remote>)...]', '[group...]'],
    ['git -C <path> status', ''],
    ['server.py [-h] [--cgi] [-b ADDRESS] [port]', '[port]'],
    ['cargo [+toolchain] [OPTIONS] [COMMAND]', '[toolchain] [command]'],
    ['kubectl delete ([-f FILENAME] | [-k DIRECTORY] | TYPE [(NAME | -l label | --all)]) [options]', '[args...]'],
    ['kubectl apply (-f FILENAME | -k DIRECTORY) [options]', ''],
    ['kubectl certificate approve (-f FILENAME | NAME) [options]', '[name]'],
    ['kubectl taint NODE NAME KEY_1=VAL_1:TAINT_EFFECT_1 ... KEY_N=VAL_N:TAINT_EFFECT_N [options]', '<node> <name> <key_1...>'],
    ['kubectl port-forward TYPE/NAME [options] [LOCAL_PORT:]REMOTE_PORT [...[LOCAL_PORT_N:]REMOTE_PORT_N]', '<type-name> <remote_port...>'],
    ['kubectl debug (POD | TYPE[[.VERSION].GROUP]/NAME) [ -- COMMAND [args...] ] [options]', '<pod> [command] [args...]'],
    ['git bisect [help|start|bad|good]', '[args...]'],
    // Class: a numbered list's first and second (apt's `pkg1 [pkg2 ...]`): one argument, at least one.
    ['apt-get [options] install pkg1 [pkg2 ...]', '<pkg...>'],
    ['diff3 FILE1 [FILE2]...', '<file...>'],
    // Class: words to type glued by bars (a service's `start|stop`, npm's `status=public|private`): one argument of those choices.
    ['svc NAME start|stop', '<name> <choice{start|stop}>'],
  ])('when the usage is `%s` then the positionals are `%s`', (form, expected) => {
    expect(positionals(form)).toBe(expected);
  });

  it('when the page lists subcommands then COMMAND and everything after it belong to them', () => {
    expect(positionals('docker [OPTIONS] COMMAND', undefined, { subcommands: true })).toBe('');
    expect(positionals('git [-C <path>] <command> [<args>]', undefined, { subcommands: true })).toBe('');
    expect(positionals('deploy [-h] {release,status} ...', undefined, { subcommands: true })).toBe('');
  });

  it('when a flag is known to take no value then the word after it is a positional, not its value', () => {
    const rules: UsageRules = { takesValue: (flag) => (flag === '-d' ? false : undefined) };
    expect(positionals('git tag -d <tagname>...', ['git', 'tag'], rules)).toBe('<tagname...>');
    expect(positionals('kubectl create -f FILENAME [options]', ['kubectl', 'create'])).toBe('');
  });

  it('when argparse names positionals in lowercase then bare words count once the rule is on', () => {
    expect(positionals('deploy release [-h] --token TOKEN build targets', ['deploy', 'release'], { lowercasePositionals: true })).toBe('<build> <targets>');
  });

  it('when a required positional follows an optional one then it becomes optional too', () => {
    expect(positionals('tool [SRC] DEST')).toBe('[src] [dest]');
  });
});

describe('splitting the command path off a usage form', () => {
  it('when ancestors\' options sit between the path words then they are skipped', () => {
    const split = splitPath('git remote [-v | --verbose] show [-n] <name>', ['git', 'remote', 'show']);
    expect(split.path).toEqual(['git', 'remote', 'show']);
  });

  it('when the program word differs from the binary name then it is still taken as the program', () => {
    expect(splitPath('server.py [-h] [port]', ['python3']).path).toEqual(['server.py']);
  });

  it('when no path is expected then the leading plain lowercase words are the path', () => {
    expect(splitPath('kubectl config view [flags]', undefined).path).toEqual(['kubectl', 'config', 'view']);
  });
});

describe('merging the positionals of several usage forms', () => {
  it('when forms disagree then a positional is required only where every form requires it', () => {
    const forms = ['git tag [-a] <tagname> [<commit> | <object>]', 'git tag -l [<pattern>...]', 'git tag -d <tagname>...'].map((form) =>
      positionalsFromTokens(splitPath(form, ['git', 'tag']).rest, { takesValue: () => false }),
    );
    expect(positionalLines(mergeForms(forms))).toBe('[tagname...]');
  });
});

describe('reading options written in a usage line', () => {
  it('when git lists its global options only in the usage then they are read from the brackets', () => {
    const { entries, required } = optionsFromTokens(splitPath('git [-v | --version] [-C <path>] [--exec-path[=<path>]] [-p | --paginate | -P | --no-pager] <command>', ['git']).rest);
    expect(entries.map((entry) => entry.spec)).toEqual(['-v, --version', '-C <path>', '--exec-path[=<path>]', '-p', '--paginate', '-P', '--no-pager']);
    expect(required).toEqual([]);
  });

  it('when a flag stands outside every bracket then it is reported as required', () => {
    expect(optionsFromTokens(splitPath('deploy release [-h] --token TOKEN build', ['deploy', 'release']).rest).required).toEqual(['--token']);
  });

  it('when brackets are glued together (class: mke2fs\'s `[-e errors_behavior][-z undo_file]`) then each is an option of its own', () => {
    const { entries } = optionsFromTokens(splitPath('mke2fs [-t fs-type] [-e errors_behavior][-z undo_file] DEVICE', ['mke2fs']).rest);
    expect(entries.map((entry) => entry.spec)).toEqual(['-t', '-e', '-z']);
  });
});
