import { describe, expect, it } from 'vitest';
import { parseGoFlag } from '../../../src/reflect/help/goflag.js';
import { helpText, optionLines, positionalLines } from './summary.js';

describe("parsing the help of Go flag programs (terraform)", () => {
  it('when terraform lists its global options then -chdir is one, kept with one dash, and -help/-version are not flags', () => {
    const root = parseGoFlag(helpText('goflag/terraform.txt'), { path: ['terraform'] });
    expect(optionLines(root.globalOptions)).toEqual(['chdir: -chdir string']);
    expect(root.options).toEqual([]);
  });

  it('when `-list=false` is shown then list is a switch that is on by default, turned off with `-list=false`, and the text says which form it describes', () => {
    const fmt = parseGoFlag(helpText('goflag/terraform-fmt.txt'), { path: ['terraform', 'fmt'] });
    expect(optionLines(fmt.options)).toEqual([
      'list: -list boolean =true off:-list=false',
      'write: -write boolean =true off:-write=false',
      'diff: -diff boolean off:-diff=false',
      'check: -check boolean off:-check=false',
      'no-color: -no-color boolean off:-no-color=false',
      'recursive: -recursive boolean off:-recursive=false',
    ]);
    expect(fmt.options[0]?.description).toBe("(-list=false) Don't list files whose formatting differs (always disabled if using STDIN)");
  });

  it('when the usage is `terraform [global options] fmt [options] [target...]` then target is an optional repeated positional', () => {
    const fmt = parseGoFlag(helpText('goflag/terraform-fmt.txt'), { path: ['terraform', 'fmt'] });
    expect(fmt.usage).toEqual(['terraform fmt [options] [target...]']);
    expect(positionalLines(fmt.positionals)).toBe('[target...]');
    expect(fmt.description).toMatch(/^Rewrites all Terraform configuration files to a canonical format\./);
  });

  it('when plan lists value options then their placeholders, defaults and "more than once" are read', () => {
    const plan = parseGoFlag(helpText('goflag/terraform-plan.txt'), { path: ['terraform', 'plan'] });
    expect(optionLines(plan.options)).toEqual([
      'destroy: -destroy boolean off:-destroy=false',
      'refresh-only: -refresh-only boolean off:-refresh-only=false',
      'refresh: -refresh boolean =true off:-refresh=false',
      'replace: -replace string repeatable',
      'target: -target string repeatable',
      'var: -var string repeatable',
      'var-file: -var-file string repeatable',
      'compact-warnings: -compact-warnings boolean off:-compact-warnings=false',
      'detailed-exitcode: -detailed-exitcode boolean off:-detailed-exitcode=false',
      'generate-config-out: -generate-config-out string',
      'input: -input boolean =true off:-input=false',
      'lock: -lock boolean =true off:-lock=false',
      'lock-timeout: -lock-timeout string ="0s"',
      'no-color: -no-color boolean off:-no-color=false',
      'out: -out string',
      'parallelism: -parallelism integer =10',
      'state: -state string',
    ]);
  });

  it('when a spec and its text are separated by a tab then the default in the text ("defaults to \\"tests\\"") is read', () => {
    const validate = parseGoFlag(helpText('goflag/terraform-validate.txt'), { path: ['terraform', 'validate'] });
    expect(optionLines(validate.options)).toContain('test-directory: -test-directory string ="tests"');
  });

  it('when apply takes `[PLAN]` and `workspace new` takes `NAME` then those are its positionals', () => {
    const apply = parseGoFlag(helpText('goflag/terraform-apply.txt'), { path: ['terraform', 'apply'] });
    expect(positionalLines(apply.positionals)).toBe('[plan]');
    expect(optionLines(apply.options)).toContain('auto-approve: -auto-approve boolean off:-auto-approve=false');
    const created = parseGoFlag(helpText('goflag/terraform-workspace-new.txt'), { path: ['terraform', 'workspace', 'new'] });
    expect(positionalLines(created.positionals)).toBe('<name>');
    expect(optionLines(created.options)).toEqual(['lock: -lock boolean =true off:-lock=false', 'lock-timeout: -lock-timeout string ="0s"', 'state: -state string']);
  });

  it('when a group lists "Subcommands:" then they are its subcommands and `<subcommand>` is no positional', () => {
    const state = parseGoFlag(helpText('goflag/terraform-state.txt'), { path: ['terraform', 'state'] });
    expect(state.subcommands.map((entry) => entry.name)).toEqual(['list', 'mv', 'pull', 'push', 'replace-provider', 'rm', 'show']);
    expect(state.positionals).toEqual([]);
    const list = parseGoFlag(helpText('goflag/terraform-state-list.txt'), { path: ['terraform', 'state', 'list'] });
    expect(positionalLines(list.positionals)).toBe('[address...]');
    expect(optionLines(list.options)).toEqual(['state: -state string', 'id: -id string']);
  });
});
