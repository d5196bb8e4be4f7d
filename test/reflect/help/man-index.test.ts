import { describe, expect, it } from 'vitest';
import { described, namesOf } from '../../../src/reflect/help/man-index.js';
import { spec } from '../../helpers/commands.js';

// `whatis -l -r '^openssl-'` on Debian: section 1ssl pages, one per command, and others that are not commands.
const WHATIS = `openssl-asn1parse (1ssl) - ASN.1 parsing command
openssl-x509 (1ssl)  - Certificate display and signing command
openssl-x509 (7ssl)  - X.509 certificate handling (not a command page)
openssl-cmds (1ssl)  - OpenSSL application commands
openssl-req (3)      - a library page, not a command
`;

describe('descriptions from the man database', () => {
  it('when whatis lists the program\'s pages then each command page\'s line is kept by page name, other sections left out', () => {
    expect([...namesOf(WHATIS)]).toEqual([
      ['openssl-asn1parse', 'ASN.1 parsing command'],
      ['openssl-x509', 'Certificate display and signing command'],
      ['openssl-cmds', 'OpenSSL application commands'],
    ]);
  });

  it('when a program lists its commands bare (openssl) then each takes its <program>-<words> page\'s line, and a command with a description keeps its own', () => {
    const tree = spec('openssl', { runnable: false, subcommands: [spec('x509'), spec('asn1parse', { description: 'Its own words.' }), spec('rand')] });
    const filled = described(tree, namesOf(WHATIS));
    expect(filled.subcommands.map((child) => child.description)).toEqual(['Certificate display and signing command', 'Its own words.', undefined]);
    expect(filled.description).toBeUndefined();
  });

  it('when the commands nest then the page is named by every word (git-stash-pop would be `stash pop`\'s)', () => {
    const tree = spec('git', { runnable: false, subcommands: [spec('stash', { subcommands: [spec('pop')] })] });
    expect(described(tree, new Map([['git-stash-pop', 'Apply a stash and drop it']])).subcommands[0]?.subcommands[0]?.description).toBe('Apply a stash and drop it');
  });
});
