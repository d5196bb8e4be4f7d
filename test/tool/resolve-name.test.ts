import { describe, expect, it } from 'vitest';
import { normaliseToolName, resolveToolName, unknownToolMessage } from '../../src/tool/resolve-name.js';

const names = ['kubectl_get_pods', 'kubectl_get_nodes', 'kubectl_delete_pods', 'kubectl_apply', 'todo_add', 'todo_list'];

describe('resolveToolName', () => {
  it('when the name is offered as sent then it is an exact match', () => {
    expect(resolveToolName('kubectl_get_pods', names)).toEqual({ kind: 'exact', name: 'kubectl_get_pods' });
  });

  it('when an exact match exists then it wins over names that normalise the same', () => {
    expect(resolveToolName('foo-bar', ['foo_bar', 'foo-bar'])).toEqual({ kind: 'exact', name: 'foo-bar' });
  });

  it.each([
    ['dotted', 'kubectl.get.pods'],
    ['spaced', 'kubectl get pods'],
    ['slashed', 'kubectl/get/pods'],
    ['with colons', 'kubectl:get:pods'],
    ['with dashes', 'kubectl-get-pods'],
    ['in another case', 'Kubectl_Get_Pods'],
    ['with runs of separators and padding', ' kubectl  get__pods. '],
  ])('when the name is %s then it resolves to the one tool it normalises to', (_, requested) => {
    expect(resolveToolName(requested, names)).toEqual({ kind: 'resolved', name: 'kubectl_get_pods' });
  });

  it('when several names normalise the same then it is unknown and suggests all of them', () => {
    expect(resolveToolName('Foo.Bar', ['foo_bar', 'foo-bar', 'baz'])).toEqual({ kind: 'unknown', suggestions: ['foo_bar', 'foo-bar'] });
  });

  it.each([
    ['a missing letter', 'kubectl_get_pod', ['kubectl_get_pods']],
    ['two letters swapped', 'kubectl_gte_nodes', ['kubectl_get_nodes']],
    ['a wrong letter, spaced', 'todo ads', ['todo_add']],
    ['a typo in the last words', 'get_nodez', ['kubectl_get_nodes']],
  ])('when the name has %s then the closest names are suggested', (_, requested, expected) => {
    expect(resolveToolName(requested, names)).toEqual({ kind: 'unknown', suggestions: expected });
  });

  it('when the name is the end of a tool path then only the tools ending with it are suggested', () => {
    expect(resolveToolName('get_pods', names)).toEqual({ kind: 'unknown', suggestions: ['kubectl_get_pods'] });
    expect(resolveToolName('get pods', names)).toEqual({ kind: 'unknown', suggestions: ['kubectl_get_pods'] });
    expect(resolveToolName('pods', names)).toEqual({ kind: 'unknown', suggestions: ['kubectl_get_pods', 'kubectl_delete_pods'] });
  });

  it('when many names are equally close then only the closest are suggested, at most three, in tool order', () => {
    const many = ['deploy_apps', 'deploy_app', 'deploy_api', 'deploy_ap', 'deploy_apz', 'deploy_db'];
    expect(resolveToolName('deploy_apx', many)).toEqual({ kind: 'unknown', suggestions: ['deploy_app', 'deploy_api', 'deploy_ap'] });
  });

  it.each(['frobnicate', 'zzzzzzzz', '???', ''])('when the name %j is nothing like any tool then nothing is suggested', (requested) => {
    expect(resolveToolName(requested, names)).toEqual({ kind: 'unknown', suggestions: [] });
  });

  it('when the name is very long then it is refused without suggestions', () => {
    expect(resolveToolName('k'.repeat(100_000), names)).toEqual({ kind: 'unknown', suggestions: [] });
  });

  it('when there are no tools then nothing resolves', () => {
    expect(resolveToolName('anything', [])).toEqual({ kind: 'unknown', suggestions: [] });
  });
});

describe('normaliseToolName', () => {
  it.each([
    ['kubectl.get.pods', 'kubectl_get_pods'],
    ['Kubectl Get  Pods', 'kubectl_get_pods'],
    ['a--b__c', 'a_b_c'],
    ['/a/b/', 'a_b'],
  ])('when given %j then it gives %j', (name, expected) => {
    expect(normaliseToolName(name)).toBe(expected);
  });
});

describe('unknownToolMessage', () => {
  it.each([
    [[], 'Unknown tool "x".'],
    [['a'], 'Unknown tool "x". Did you mean "a"?'],
    [['a', 'b'], 'Unknown tool "x". Did you mean "a" or "b"?'],
    [['a', 'b', 'c'], 'Unknown tool "x". Did you mean "a", "b" or "c"?'],
  ])('when the suggestions are %j then the message is %j', (suggestions, expected) => {
    expect(unknownToolMessage('x', suggestions)).toBe(expected);
  });

  it('when the requested name has a line break or is very long then the message stays one short line', () => {
    expect(unknownToolMessage('a\nb', [])).toBe('Unknown tool "a\\nb".');
    expect(unknownToolMessage('y'.repeat(1000), []).length).toBeLessThan(100);
  });
});
