/** Small files the corpus's calls work on: each one made to show one finding or one clean result. */

export const DATA_JSON = '{"name":"cli-mcp","items":[{"id":1,"tag":"a"},{"id":2,"tag":"b"},{"id":3,"tag":"a"}]}\n';
export const HELLO_TXT = 'hello from a file\n';

/** A repository's working tree: two TODOs, one in Python, one in JavaScript. */
export const SOURCE_TREE = {
  'README.md': '# scratch\n\nNothing to see.\n',
  'src/app.py': 'def main():\n    # TODO: parse args\n    return 0\n',
  'src/util.js': '// TODO: cache results\nexport const answer = 42;\n',
} as const;

export const MAKEFILE = 'greeting := hello\n\nbuild:\n\t@echo building $(greeting)\n';

/** Unquoted expansions: shellcheck SC2086. */
export const BAD_SH = '#!/bin/sh\nrm -rf $1/tmp\n';
export const GOOD_SH = '#!/bin/sh\nprintf \'%s\\n\' "$1"\n';
export const UGLY_SH = 'if [ -n "$1" ];then\necho   hi\nfi\n';

export const UGLY_PY = "x = {  'a':37,'b':42,\n'c':927}\n";
export const BAD_STYLE_PY = 'import os, sys\nx=1\n';
export const GOOD_PY = 'import os\n\nprint(os.sep)\n';

export const GOOD_YAML = '---\nname: cli-mcp\nitems:\n  - a\n  - b\n';
/** A key given twice: an error for yamllint and js-yaml alike. */
export const DUPLICATE_KEY_YAML = '---\nkey: value\nkey: other\n';

export const UGLY_JS = 'const  a = {b:1,\n c:2}\n';
export const UNUSED_JS = 'const unused = 1;\nexport const used = 2;\n';
export const CLEAN_JS = 'export const used = 2;\n';
export const NO_SEMI_JS = 'export const used = 2\n';
export const BROKEN_JS = 'function (\n';
export const ADD_JS = 'function add(first, second) {\n  return first + second;\n}\nconsole.log(add(1, 2));\n';

export const BAD_TS = "const count: number = 'one';\nexport { count };\n";
export const GOOD_TS = 'export const greet = (name: string): string => `hi ${name}`;\n';

export const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><!-- a comment --><rect width="10" height="10"/></svg>\n';

export const JSON_SCHEMA = JSON.stringify({ type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } }, required: ['name'] });

export const TERRAFORM_UNFORMATTED = 'variable "name" {\ndefault = "world"\n}\n\noutput "greeting" {\n  value   =   "hello ${var.name}"\n}\n';

/** Two versions of a file and a patch from one to the other, as `git diff` writes it (a/ and b/ prefixes). */
export const NOTES_OLD = 'one\ntwo\nthree\n';
export const NOTES_NEW = 'one\n2\nthree\n';
export const NOTES_PATCH = '--- a/notes.txt\n+++ b/notes.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n';

export const APP_CONF = 'name=cli-mcp\nversion=1.0\ncolor=blue\n';
export const REPOS_CSV = 'name,lang,stars\nrg,rust,45\nfd,rust,33\njq,c,30\n';

export const CONFIG_YAML = '---\nname: cli-mcp\nitems:\n  - id: 1\n    tag: a\n  - id: 2\n    tag: b\n';

/** Two passing tests and one failing one. */
export const CALC_TEST_PY = 'def add(a, b):\n    return a + b\n\n\ndef test_add():\n    assert add(1, 2) == 3\n\n\ndef test_add_strings():\n    assert add("a", "b") == "ab"\n\n\ndef test_broken():\n    assert add(2, 2) == 5\n';
export const PASSING_T = 'use strict;\nuse Test::More tests => 2;\nis(1 + 2, 3, "adds");\nlike("cli-mcp", qr/mcp/, "matches");\n';
export const FAILING_T = 'use strict;\nuse Test::More tests => 1;\nis(2 * 2, 5, "multiplies");\n';

export const GREET_POD = '=head1 NAME\n\ngreet - say hello\n\n=head1 SYNOPSIS\n\ngreet [--loud] NAME\n\n=head1 DESCRIPTION\n\nPrints a greeting.\n\n=cut\n';
export const NOTES_RST = 'Notes\n=====\n\nA *short* document.\n\n- one\n- two\n';
