/**
 * npm programs of the wide corpus: `name bin family package`, `-` when the bin is the name. NPM_TABLE's
 * are pinned in test/wide/npm (installed by `npm run corpus`); DEV_TABLE's are the repository's pinned
 * devDependencies, which CI has. A bin with a slash is a path under that install's directory.
 * Families beyond Debian's: commander, yargs, meow, minimist, mri, sade, cac, citty, cleye, oclif,
 * clipanion, arg, nopt, jackspeak, dashdash, optionator, argparse (the JS port), bpaf, dart-args, yargs-parser, command-line-args.
 */
export const NPM_TABLE = `
tsx - cleye tsx
rollup - custom rollup
nodemon - custom nodemon
http-server - minimist http-server
vite - cac vite
pm2 - commander pm2
biome - bpaf @biomejs/biome
pnpm - nopt pnpm
commitlint - yargs @commitlint/cli
degit - mri degit
textlint - optionator textlint
release-it - yargs-parser release-it
quicktype - command-line-args quicktype
webpack-cli - commander webpack-cli
yarn node_modules/yarn/bin/yarn.js commander yarn
yarn-berry node_modules/@yarnpkg/cli-dist/bin/yarn.js clipanion @yarnpkg/cli-dist
sequelize - yargs sequelize-cli
cspell - commander cspell
serve - arg serve
ts-node - arg ts-node
tsc-5 node_modules/typescript/bin/tsc custom typescript
nyc - yargs nyc
c8 - yargs c8
gulp - yargs gulp-cli
grunt - nopt grunt-cli
json-server - yargs json-server
lint-staged - commander lint-staged
markdownlint - commander markdownlint-cli
stylelint - meow stylelint
standard - minimist standard
uglifyjs - custom uglify-js
cleancss - commander clean-css-cli
html-minifier-terser - commander html-minifier-terser
csso - custom csso-cli
postcss - yargs postcss-cli
lessc - custom less
stylus - custom stylus
markdown-it - argparse markdown-it
cowsay - yargs cowsay
figlet - custom figlet
chalk - meow chalk-cli
strip-json-comments - meow strip-json-comments-cli
del - meow del-cli
make-dir - meow make-dir-cli
gzip-size - meow gzip-size-cli
pretty-bytes - meow pretty-bytes-cli
trash - meow trash-cli
madge - commander madge
depcheck - yargs depcheck
typedoc - custom typedoc
jsdoc - custom jsdoc
swc - commander @swc/cli
dprint - clap dprint
turbo - clap turbo
oxlint - bpaf oxlint
ast-grep - clap @ast-grep/cli
buf - cobra @bufbuild/buf
pyright - custom pyright
tsup - cac tsup
bumpp - cac bumpp
vite-node - cac vite-node
unbuild - citty unbuild
changelogen - citty changelogen
giget - citty giget
nuxi - citty nuxi
publint - sade publint
uvu - sade uvu
oclif - oclif oclif
shx - minimist shx
dotenv - minimist dotenv-cli
envinfo - minimist envinfo
wait-on - minimist wait-on
rimraf - jackspeak rimraf
npm-run-all - custom npm-run-all
json - dashdash json
typescript-language-server - commander typescript-language-server
attw - commander @arethetypeswrong/cli
license-checker-rseidelsohn - nopt license-checker-rseidelsohn
syncpack - clap syncpack
npm-check - meow npm-check
conventional-changelog - meow conventional-changelog-cli
standard-version - yargs standard-version
cz - minimist commitizen
husky - custom husky
ng - yargs @angular/cli
nest - commander @nestjs/cli
live-server - custom live-server
`;

export const DEV_TABLE = `
ajv - minimist ajv-cli
concurrently - yargs concurrently
cpy - meow cpy-cli
esbuild - custom esbuild
eslint - optionator eslint
js-yaml - argparse js-yaml
jsonlint - custom jsonlint
knex - commander knex
marked - custom marked
mocha - yargs mocha
ncu - commander npm-check-updates
playwright-core - commander playwright-core
prettier - custom prettier
sass - dart-args sass
semver - custom semver
svgo - commander svgo
terser - commander terser
tsc - custom typescript
vitest - cac vitest
`;
